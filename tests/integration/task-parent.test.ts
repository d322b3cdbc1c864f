import { and, eq, isNull } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";

import { db } from "~/.server/db";
import { activity, tasks } from "~/.server/db/schema";
import { FieldError, ForbiddenError, NotFoundError } from "~/.server/errors";
import { subscribe, type DomainEvent } from "~/.server/events/bus";
import { createProject, setProjectArchived } from "~/.server/projects/projects";
import { PARENT_CANDIDATES, parentCandidates, setTaskParent } from "~/.server/tasks/parent";
import { taskDetail } from "~/.server/tasks/queries";
import { taskForMember } from "~/.server/tasks/access";
import { createTask, deleteTask } from "~/.server/tasks/tasks";
import * as taskRoute from "~/routes/app/task";
import { engines, useTestDatabase } from "../setup/database";
import { addMember, buildUser } from "../setup/factories";
import { callAction } from "../setup/route-harness";

/** A task's parent changed after it exists (setTaskParent) and the popover's candidates, on PGlite and PostgreSQL. */
describe.each(engines)("a task's parent on %s", (engine) => {
  useTestDatabase(engine);
  const stops: (() => void)[] = [];
  afterEach(() => stops.splice(0).forEach((stop) => stop()));

  async function setup() {
    const owner = await buildUser({ fullName: "Pat Parent" });
    const project = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Website" });
    const make = (title: string, parentId?: string) =>
      createTask(owner.actor, { projectId: project.id, title, parentId });
    return { owner, project, make };
  }

  async function parentOf(taskPublicId: string) {
    const [row] = await db().select({ parentId: tasks.parentId }).from(tasks).where(eq(tasks.publicId, taskPublicId));
    if (!row?.parentId) return null;
    const [parent] = await db().select({ publicId: tasks.publicId }).from(tasks).where(eq(tasks.id, row.parentId));
    return parent?.publicId ?? null;
  }

  async function refusal(promise: Promise<unknown>) {
    const error = await promise.then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(FieldError);
    expect((error as FieldError).field).toBe("parent");
    return (error as FieldError).message;
  }

  it("sets the parent by key or id, moves it, removes it, and logs and publishes each change", async () => {
    const { owner, project, make } = await setup();
    const launch = await make("Launch the site");
    const beta = await make("Beta");
    const copy = await make("Write the copy");
    const events: DomainEvent[] = [];
    stops.push(subscribe("task.parent_changed", (event) => void events.push(event)));

    // By key as typed (any case, spaces around), then by public id as the popover sends it.
    expect(await setTaskParent(owner.actor, { taskId: copy.id, parent: ` ${launch.key.toLowerCase()} ` })).toEqual({
      id: copy.id,
      key: copy.key,
      parent: launch.key,
    });
    expect(await parentOf(copy.id)).toBe(launch.id);
    await setTaskParent(owner.actor, { taskId: copy.id, projectId: project.id, parent: beta.id });
    expect(await parentOf(copy.id)).toBe(beta.id);
    // The same again changes nothing and logs nothing.
    await setTaskParent(owner.actor, { taskId: copy.id, parent: beta.key });
    expect(await setTaskParent(owner.actor, { taskId: copy.id, parent: null })).toMatchObject({ parent: null });
    expect(await parentOf(copy.id)).toBeNull();
    await setTaskParent(owner.actor, { taskId: copy.id, parent: "" });

    const rows = await db()
      .select({ sequence: activity.sequence, data: activity.data, actorId: activity.actorId })
      .from(activity)
      .where(and(eq(activity.subjectId, copy.id), eq(activity.verb, "task.parent_changed")))
      .orderBy(activity.sequence);
    const launchRef = { key: launch.key, title: "Launch the site" };
    const betaRef = { key: beta.key, title: "Beta" };
    expect(rows.map((row) => row.data.changes)).toEqual([
      { parent: { from: null, to: launchRef } },
      { parent: { from: launchRef, to: betaRef } },
      { parent: { from: betaRef, to: null } },
    ]);
    expect(rows.every((row) => row.actorId === owner.id && row.data.key === copy.key)).toBe(true);
    // Published after commit, one event per logged change, in the project (open views revalidate on it).
    expect(events.map((event) => event.sequence)).toEqual(rows.map((row) => row.sequence));
    expect(events.every((event) => event.subjectId === copy.id && event.projectId !== null)).toBe(true);

    // The old and the new parent's subtasks follow.
    await setTaskParent(owner.actor, { taskId: copy.id, parent: launch.key });
    const subtasksOf = async (id: string) => {
      const access = await taskForMember(owner.id, id);
      return (await taskDetail(access.task, access.project)).subtasks.map((subtask) => subtask.key);
    };
    expect(await subtasksOf(launch.id)).toEqual([copy.key]);
    await setTaskParent(owner.actor, { taskId: copy.id, parent: beta.key });
    expect(await subtasksOf(launch.id)).toEqual([]);
    expect(await subtasksOf(beta.id)).toEqual([copy.key]);
    const detail = await taskForMember(owner.id, copy.id);
    expect((await taskDetail(detail.task, detail.project)).parent).toEqual({
      id: beta.id,
      key: beta.key,
      title: "Beta",
    });
  });

  it("refuses, beside the field, every parent that would break the one level of subtasks", async () => {
    const { owner, project, make } = await setup();
    const launch = await make("Launch");
    const subtask = await make("Launch's subtask", launch.id);
    const lone = await make("Lone task");
    const gone = await make("Deleted task");
    await deleteTask(owner.actor, { taskId: gone.id });
    const shelved = await make("Archived task");
    await db().update(tasks).set({ archivedAt: new Date() }).where(eq(tasks.publicId, shelved.id));
    const other = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Mobile" });
    const elsewhere = await createTask(owner.actor, { projectId: other.id, title: "In another project" });
    const before = await db().select().from(tasks).orderBy(tasks.number);

    expect(await refusal(setTaskParent(owner.actor, { taskId: lone.id, parent: lone.key }))).toBe(
      "A task cannot be its own parent.",
    );
    expect(await refusal(setTaskParent(owner.actor, { taskId: lone.id, parent: subtask.key }))).toBe(
      `${subtask.key} is itself a subtask. Subtasks are one level deep: choose a top-level task.`,
    );
    expect(await refusal(setTaskParent(owner.actor, { taskId: launch.id, parent: subtask.id }))).toBe(
      `${subtask.key} is a subtask of ${launch.key}: a task cannot go under its own subtask.`,
    );
    expect(await refusal(setTaskParent(owner.actor, { taskId: launch.id, parent: lone.key }))).toBe(
      `${launch.key} has subtasks of its own, so it cannot become a subtask. Subtasks are one level deep.`,
    );
    expect(await refusal(setTaskParent(owner.actor, { taskId: lone.id, parent: shelved.key }))).toBe(
      `${shelved.key} is archived: choose a task that is not.`,
    );
    expect(await refusal(setTaskParent(owner.actor, { taskId: lone.id, parent: gone.key }))).toBe(
      `There is no task ${gone.key} in Website.`,
    );
    expect(await refusal(setTaskParent(owner.actor, { taskId: lone.id, parent: `${project.key}-999` }))).toBe(
      `There is no task ${project.key}-999 in Website.`,
    );
    expect(await refusal(setTaskParent(owner.actor, { taskId: lone.id, parent: elsewhere.key }))).toBe(
      `${elsewhere.key} is not in Website: choose one of its tasks, like ${project.key}-1.`,
    );
    expect(await refusal(setTaskParent(owner.actor, { taskId: lone.id, parent: elsewhere.id }))).toBe(
      "That task is not in Website, or no longer exists.",
    );
    for (const malformed of ["WEB 3", "WEB-", "-3", "x".repeat(41), "WEB-3; drop table tasks"]) {
      expect(await refusal(setTaskParent(owner.actor, { taskId: lone.id, parent: malformed }))).toBe(
        "Enter a task key like WEB-3, or leave it empty for no parent.",
      );
    }
    expect(await db().select().from(tasks).orderBy(tasks.number)).toEqual(before);
  });

  it("refuses a viewer, an archived task or project, and anyone outside the workspace", async () => {
    const { owner, project, make } = await setup();
    const launch = await make("Launch");
    const copy = await make("Write the copy");
    const viewer = await buildUser({ fullName: "Vic Viewer" });
    await addMember(owner.workspaceId, viewer.id, "viewer");
    await expect(setTaskParent(viewer.actor, { taskId: copy.id, parent: launch.key })).rejects.toThrow(ForbiddenError);
    await expect(setTaskParent(viewer.actor, { taskId: copy.id, parent: launch.key })).rejects.toThrow(
      "Viewers cannot edit tasks.",
    );
    // A viewer's malformed parent is still refused for who they are, not for what they sent.
    await expect(setTaskParent(viewer.actor, { taskId: copy.id, parent: "??" })).rejects.toThrow(ForbiddenError);

    // Another workspace: its member cannot touch this task, nor make it a parent of theirs.
    const stranger = await buildUser({ fullName: "Sam Stranger" });
    const theirs = await createProject(stranger.actor, { workspaceId: stranger.workspaceId, name: "Theirs" });
    const theirTask = await createTask(stranger.actor, { projectId: theirs.id, title: "Their task" });
    await expect(setTaskParent(stranger.actor, { taskId: copy.id, parent: null })).rejects.toThrow(NotFoundError);
    await expect(parentCandidates(stranger.id, { taskId: copy.id, projectId: project.id, query: "" })).rejects.toThrow(
      NotFoundError,
    );
    expect(await refusal(setTaskParent(stranger.actor, { taskId: theirTask.id, parent: launch.id }))).toBe(
      "That task is not in Theirs, or no longer exists.",
    );
    // Under another project's URL, the task is not found.
    await expect(
      setTaskParent(owner.actor, { taskId: copy.id, projectId: theirs.id, parent: launch.key }),
    ).rejects.toThrow(NotFoundError);

    await db().update(tasks).set({ archivedAt: new Date() }).where(eq(tasks.publicId, copy.id));
    await expect(setTaskParent(owner.actor, { taskId: copy.id, parent: launch.key })).rejects.toThrow(ForbiddenError);
    await db().update(tasks).set({ archivedAt: null }).where(eq(tasks.publicId, copy.id));
    await setProjectArchived(owner.actor, { projectId: project.id, archived: true });
    await expect(setTaskParent(owner.actor, { taskId: copy.id, parent: launch.key })).rejects.toThrow(
      "This project is archived and read-only.",
    );
    expect(await parentOf(copy.id)).toBeNull();
  });

  it("keeps subtasks one level deep when two changes race", async () => {
    const { owner, make } = await setup();
    const a = await make("A");
    const b = await make("B");
    // Each made the other's parent at once: one wins, the other is refused.
    const crossed = await Promise.allSettled([
      setTaskParent(owner.actor, { taskId: a.id, parent: b.key }),
      setTaskParent(owner.actor, { taskId: b.id, parent: a.key }),
    ]);
    expect(crossed.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const [lost] = crossed.filter((outcome) => outcome.status === "rejected");
    expect((lost as PromiseRejectedResult).reason).toBeInstanceOf(FieldError);
    expect([await parentOf(a.id), await parentOf(b.id)].filter(Boolean)).toHaveLength(1);

    // A subtask added to a task while it becomes a subtask: one of the two is refused.
    const c = await make("C");
    const d = await make("D");
    const raced = await Promise.allSettled([
      setTaskParent(owner.actor, { taskId: c.id, parent: d.key }),
      make("C's subtask", c.id),
    ]);
    expect(raced.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const nested = await db()
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(isNull(tasks.deletedAt), eq(tasks.parentId, (await taskForMember(owner.id, c.id)).task.id)));
    expect(Boolean(await parentOf(c.id)) && nested.length > 0).toBe(false);
  });

  it("offers at most 20 candidates matched by key or title, only those that may be the parent", async () => {
    const { owner, project, make } = await setup();
    const task = await make("The task");
    const top = await make("Launch plan");
    await make("Launch's subtask", top.id);
    const titles = Array.from({ length: 25 }, (_, index) => `Item ${index + 1}`);
    for (const title of titles) await make(title);
    await make("100% done_ish");
    const shelved = await make("Launch archived");
    await db().update(tasks).set({ archivedAt: new Date() }).where(eq(tasks.publicId, shelved.id));
    const ask = (query: string) => parentCandidates(owner.id, { taskId: task.id, projectId: project.id, query });

    const first = await ask("");
    expect(first.refusal).toBeNull();
    expect(first.candidates).toHaveLength(PARENT_CANDIDATES);
    expect(first.candidates.map((candidate) => candidate.id)).not.toContain(task.id);
    // Titles contain the text, whatever its case; subtasks and archived tasks are never offered.
    expect((await ask("launch")).candidates.map((candidate) => candidate.title)).toEqual(["Launch plan"]);
    // LIKE's wildcards are matched as themselves.
    expect((await ask("100%")).candidates.map((candidate) => candidate.title)).toEqual(["100% done_ish"]);
    expect((await ask("_")).candidates.map((candidate) => candidate.title)).toEqual(["100% done_ish"]);
    // A key or a number: the exact number first, then the numbers that start with it.
    const byKey = await ask(`${project.key.toLowerCase()}-2`);
    expect(byKey.candidates[0]?.key).toBe(top.key);
    expect(byKey.candidates.map((candidate) => candidate.key).sort()).toEqual(
      [2, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29].map((number) => `${project.key}-${number}`).sort(),
    );
    expect((await ask("2")).candidates[0]?.key).toBe(top.key);
    // Not the task itself (number 1), nor the subtask (3) or the archived task (30).
    const ones = await ask("1");
    expect(ones.candidates.map((candidate) => candidate.key)).not.toContain(task.key);
    expect(ones.candidates.length).toBeGreaterThan(0);
    // "3" is in the titles Item 3, 13 and 23 too.
    expect((await ask("3")).candidates.map((candidate) => candidate.title).sort()).toEqual([
      "Item 13",
      "Item 23",
      "Item 3",
    ]);
    expect((await ask("no such thing")).candidates).toEqual([]);

    // A task with subtasks may have no parent: the reason instead of a list.
    expect(await parentCandidates(owner.id, { taskId: top.id, projectId: project.id, query: "" })).toEqual({
      candidates: [],
      refusal: `${top.key} has subtasks of its own, so it cannot become a subtask.`,
    });
  });

  it("the task route: the form keeps what was typed beside the refusal; a fetcher gets data", async () => {
    const { owner, project, make } = await setup();
    const launch = await make("Launch");
    const copy = await make("Write the copy");
    const path = `/app/project/${project.id}/task/${copy.id}`;
    const post = (form: Record<string, string>) =>
      callAction(taskRoute.action, {
        user: owner,
        path,
        params: { projectId: project.id, taskId: copy.id },
        form: { intent: "set-parent", ...form },
      });

    const refused = await post({ parent: `${project.key}-404` });
    expect(refused.status).toBe(400);
    expect(refused.data).toEqual({
      intent: "set-parent",
      parent: { value: `${project.key}-404`, error: `There is no task ${project.key}-404 in Website.` },
    });
    expect((await post({ parent: "x".repeat(5000) })).status).toBe(400);
    const saved = await post({ parent: launch.key });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(path);
    expect(await parentOf(copy.id)).toBe(launch.id);

    expect(await post({ parent: copy.id, via: "fetcher" })).toMatchObject({
      status: 400,
      data: { intent: "set-parent", error: "A task cannot be its own parent." },
    });
    expect(await post({ parent: "", via: "fetcher" })).toMatchObject({
      status: 200,
      data: { intent: "set-parent", ok: true },
    });
    expect(await parentOf(copy.id)).toBeNull();
  });
});
