import { and, eq, isNull, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";

import { askAndWait, applyProposal } from "~/.server/assistant/service";
import { db } from "~/.server/db";
import { projects, tasks } from "~/.server/db/schema";
import { createProject } from "~/.server/projects/projects";
import { resetRateLimits } from "~/.server/security/rate-limit";
import { bulkEditTasks } from "~/.server/tasks/bulk";
import { createTask } from "~/.server/tasks/tasks";
import { createProjectFromTemplate, saveProjectAsTemplate } from "~/.server/templates/templates";
import { engines, useTestDatabase } from "../setup/database";
import { buildUser } from "../setup/factories";
import { snapshot } from "../setup/snapshot";

/**
 * Composite writes run many commands in one unit of work: a failure at the very last step
 * (a trigger that refuses one row, a real database error) leaves the database byte for
 * byte as it was — no project half made from a template, no batch half edited, no
 * proposal half applied.
 */
const MARKER = "FAIL-HERE";

describe.each(engines)("units of work on %s", (engine) => {
  useTestDatabase(engine);

  afterEach(async () => {
    await db().execute(sql`drop trigger if exists fail_on_marker on tasks`);
    await db().execute(sql`drop trigger if exists fail_on_marker on activity`);
  });

  /** Refuses, inside the transaction, the row of `table` whose `column` is the marker. */
  async function failOn(table: "tasks" | "activity", column: "title" | "subject_id", value = MARKER) {
    await db().execute(
      sql.raw(`create or replace function fail_on_marker() returns trigger language plpgsql as $$
        begin
          if new.${column} = '${value}' then raise exception 'injected failure at the last step'; end if;
          return new;
        end $$`),
    );
    await db().execute(
      sql.raw(`create trigger fail_on_marker before insert or update on ${table}
        for each row execute function fail_on_marker()`),
    );
  }

  /** The database's own refusal, wrapped by the driver in a failed query. */
  async function expectInjectedFailure(write: Promise<unknown>) {
    const error = await write.then(
      () => null,
      (failure: unknown) => failure,
    );
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    expect(cause).toContain("injected failure at the last step");
  }

  it("uses a template in one transaction: a failure at its last task leaves nothing", async () => {
    const owner = await buildUser();
    const source = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Source" });
    for (const title of ["First", "Second", "Third", MARKER])
      await createTask(owner.actor, { projectId: source.id, title });
    const template = await saveProjectAsTemplate(owner.actor, {
      projectId: source.id,
      name: "Launch",
      description: "",
      category: "General",
    });
    const use = () =>
      createProjectFromTemplate(owner.actor, {
        templateId: template.id,
        workspaceId: owner.workspaceId,
        name: "From the template",
        startDate: "2026-12-01",
      });
    await failOn("tasks", "title");
    const before = await snapshot(db());
    await expectInjectedFailure(use());
    expect(await snapshot(db())).toBe(before);

    await db().execute(sql`drop trigger fail_on_marker on tasks`);
    const made = await use();
    const titles = await db()
      .select({ title: tasks.title })
      .from(tasks)
      .innerJoin(projects, eq(projects.id, tasks.projectId))
      .where(and(eq(projects.publicId, made.id), isNull(tasks.deletedAt)));
    expect(titles.map((row) => row.title).sort()).toEqual(["First", MARKER, "Second", "Third"].sort());
  });

  it("bulk-edits 200 tasks in one transaction: a failure at the 200th leaves all 200 as they were", async () => {
    const owner = await buildUser();
    const project = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Big" });
    const made: { id: string }[] = [];
    for (let index = 0; index < 200; index++) {
      made.push(await createTask(owner.actor, { projectId: project.id, title: `Task ${index + 1}` }));
    }
    const edit = () =>
      bulkEditTasks(owner.actor, { projectId: project.id, taskIds: made.map((task) => task.id), priority: "high" });
    // The activity rows are written in board order, which for tasks added at the end is the order made.
    await failOn("activity", "subject_id", made.at(-1)!.id);
    const before = await snapshot(db());
    await expectInjectedFailure(edit());
    expect(await snapshot(db())).toBe(before);

    await db().execute(sql`drop trigger fail_on_marker on activity`);
    expect(await edit()).toEqual({ changed: 200, ignored: 0 });
  });

  it("applies an assistant proposal in one transaction: a failure at its last change leaves it pending and nothing changed", async () => {
    resetRateLimits();
    const owner = await buildUser();
    const project = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Website" });
    const task = await createTask(owner.actor, {
      projectId: project.id,
      title: "Launch page",
      description: `- Write the copy\n- Design the hero\n- ${MARKER}`,
    });
    const { answer } = await askAndWait(
      owner.actor,
      { message: `Break down ${task.key} into subtasks`, projectId: project.id, today: "2026-11-24" },
      new AbortController().signal,
    );
    const titles = answer.proposal!.changes.map((change) => (change.kind === "create_task" ? change.title : ""));
    expect(titles.at(-1)).toBe(MARKER);
    await failOn("tasks", "title");
    const before = await snapshot(db());
    await expectInjectedFailure(applyProposal(owner.actor, answer.id));
    expect(await snapshot(db())).toBe(before);

    await db().execute(sql`drop trigger fail_on_marker on tasks`);
    expect(await applyProposal(owner.actor, answer.id)).toEqual({ applied: titles.length, total: titles.length });
  });
});
