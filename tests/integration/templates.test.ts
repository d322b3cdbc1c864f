import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { prepareDatabase } from "~/.server/boot/database";
import { db } from "~/.server/db";
import {
  activity,
  checklistItems,
  labels,
  projects,
  statuses,
  taskAssignees,
  taskLabels,
  tasks,
  templates,
} from "~/.server/db/schema";
import { ForbiddenError, NotFoundError } from "~/.server/errors";
import { createProject } from "~/.server/projects/projects";
import { addChecklistItem, CHECKLIST_MAX } from "~/.server/tasks/checklist";
import { createLabel, setTaskLabels } from "~/.server/tasks/labels";
import { createStatus, MAX_STATUSES } from "~/.server/tasks/statuses";
import { createTask, deleteTask } from "~/.server/tasks/tasks";
import { BUILT_IN_TEMPLATES } from "~/.server/templates/built-in";
import { listTemplates, visibleTemplate } from "~/.server/templates/queries";
import { seedBuiltInTemplates } from "~/.server/templates/seed";
import {
  checkStructure,
  flatTasks,
  MAX_CHECKLIST_ITEMS,
  MAX_TEMPLATE_STATUSES,
  MAX_TEMPLATE_TASKS,
  parseStructure,
  type TemplateStructure,
} from "~/.server/templates/structure";
import {
  createProjectFromTemplate,
  deleteTemplate,
  saveProjectAsTemplate,
  updateTemplate,
} from "~/.server/templates/templates";
import * as projectSaveTemplate from "~/routes/app/project-save-template";
import * as templatePage from "~/routes/app/template";
import * as templateUse from "~/routes/app/template-use";
import * as templatesPage from "~/routes/app/templates";
import { addDays } from "~/utils/calendar-month";
import { engines, useTestDatabase } from "../setup/database";
import { addMember, buildUser, type TestUser } from "../setup/factories";
import { callAction, callLoader } from "../setup/route-harness";

/** Templates on PGlite and PostgreSQL: the built-ins, using and saving, who may do what, search. */
describe.each(engines)("templates on %s", (engine) => {
  const database = useTestDatabase(engine);

  const START = "2026-03-02";

  async function builtInId(key: string) {
    const [row] = await db().select({ id: templates.publicId }).from(templates).where(eq(templates.builtinKey, key));
    return row!.id;
  }

  /** A project as a template would describe it: statuses, and each task with its parts, by number. */
  async function projectShape(projectPublicId: string) {
    const [project] = await db().select().from(projects).where(eq(projects.publicId, projectPublicId));
    const columns = await db()
      .select()
      .from(statuses)
      .where(eq(statuses.projectId, project!.id))
      .orderBy(asc(statuses.position));
    const rows = await db()
      .select()
      .from(tasks)
      .where(and(eq(tasks.projectId, project!.id), isNull(tasks.deletedAt)))
      .orderBy(asc(tasks.number));
    const tags = await db()
      .select({ taskId: taskLabels.taskId, name: labels.name })
      .from(taskLabels)
      .innerJoin(labels, eq(labels.id, taskLabels.labelId))
      .innerJoin(tasks, eq(tasks.id, taskLabels.taskId))
      .where(eq(tasks.projectId, project!.id));
    const items = await db()
      .select({ taskId: checklistItems.taskId, title: checklistItems.title, done: checklistItems.done })
      .from(checklistItems)
      .innerJoin(tasks, eq(tasks.id, checklistItems.taskId))
      .where(eq(tasks.projectId, project!.id))
      .orderBy(asc(checklistItems.position));
    const numberOf = new Map(rows.map((row) => [row.id, row.number]));
    const statusName = new Map(columns.map((column) => [column.id, column.name]));
    return {
      project: project!,
      statuses: columns.map(({ name, color, category }) => ({ name, color, category })),
      tasks: rows.map((row) => ({
        number: row.number,
        title: row.title,
        description: row.description,
        priority: row.priority,
        status: statusName.get(row.statusId)!,
        parent: row.parentId ? numberOf.get(row.parentId)! : null,
        startDate: row.startDate,
        dueDate: row.dueDate,
        done: row.completedAt !== null,
        labels: tags
          .filter((tag) => tag.taskId === row.id)
          .map((tag) => tag.name)
          .sort(),
        checklist: items.filter((item) => item.taskId === row.id).map((item) => item.title),
      })),
      /** Each column's tasks in board order, by number. */
      columns: await Promise.all(
        columns.map(async (column) =>
          (
            await db()
              .select({ number: tasks.number })
              .from(tasks)
              .where(and(eq(tasks.statusId, column.id), isNull(tasks.deletedAt)))
              .orderBy(asc(tasks.position))
          ).map((row) => row.number),
        ),
      ),
    };
  }

  it("holds the six built-ins of the spec, each valid, and seeds them again only when they change", async () => {
    const rows = await db()
      .select({ key: templates.builtinKey, name: templates.name, category: templates.category })
      .from(templates)
      .where(sql`${templates.builtinKey} is not null`);
    expect(rows.map(({ name, category }) => `${name} (${category})`).sort()).toEqual(
      [
        "Project Proposal (Business)",
        "Marketing Campaign Plan (Marketing)",
        "Software Development Roadmap (Development)",
        "Content Calendar (Content)",
        "Meeting Agenda (General)",
        "Onboarding Checklist (HR)",
      ].sort(),
    );
    for (const template of BUILT_IN_TEMPLATES) {
      const structure = parseStructure(template.structure);
      const all = flatTasks(structure);
      expect(structure.tasks.length, template.name).toBeGreaterThanOrEqual(6);
      expect(structure.tasks.length, template.name).toBeLessThanOrEqual(15);
      expect(all.every((task) => task.description !== "" || structure.tasks.every((top) => top !== task))).toBe(true);
      expect(
        structure.tasks.some((task) => task.subtasks.length > 0),
        template.name,
      ).toBe(true);
      expect(
        all.some((task) => task.checklist.length > 0),
        template.name,
      ).toBe(true);
      expect(
        all.some((task) => task.labels.length > 0),
        template.name,
      ).toBe(true);
      // Day 0 is the start date the user picks.
      expect(Math.min(...all.flatMap((task) => [task.start, task.due]).filter((day) => day !== null))).toBe(0);
    }
    // The limits mirror the app's own.
    expect(MAX_TEMPLATE_STATUSES).toBe(MAX_STATUSES);
    expect(MAX_CHECKLIST_ITEMS).toBe(CHECKLIST_MAX);

    // Prepared already: nothing to write. A changed row is put back; a stray built-in goes.
    expect(await seedBuiltInTemplates(db())).toEqual({ changed: 0, removed: 0 });
    await db().update(templates).set({ name: "Edited" }).where(eq(templates.builtinKey, "meeting-agenda"));
    await db().insert(templates).values({
      publicId: "strayBuiltIn1",
      builtinKey: "retired",
      name: "Old",
      category: "General",
      icon: "star",
      color: "slate",
      structure: {},
    });
    expect(await seedBuiltInTemplates(db())).toEqual({ changed: 1, removed: 1 });
    expect(await seedBuiltInTemplates(db())).toEqual({ changed: 0, removed: 0 });
    // migrate() changes the schema only; the seeding is the boot step after it.
    await db().update(templates).set({ name: "Edited" }).where(eq(templates.builtinKey, "meeting-agenda"));
    await database().migrate();
    const agendaName = async () =>
      (await db().select().from(templates).where(eq(templates.builtinKey, "meeting-agenda")))[0]?.name;
    expect(await agendaName()).toBe("Edited");
    await prepareDatabase(database());
    expect(await agendaName()).toBe("Meeting Agenda");
  });

  it.each(BUILT_IN_TEMPLATES.map((template) => [template.name, template] as const))(
    "%s creates its project: statuses, tasks numbered in order with subtasks, labels, checklists and dates",
    async (_name, template) => {
      const owner = await buildUser();
      const structure = parseStructure(template.structure);
      const made = await createProjectFromTemplate(owner.actor, {
        templateId: await builtInId(template.key),
        workspaceId: owner.workspaceId,
        name: `My ${template.name}`,
        startDate: START,
      });
      const shape = await projectShape(made.id);
      expect(shape.project.name).toBe(`My ${template.name}`);
      expect(shape.statuses).toEqual(structure.statuses);
      const all = flatTasks(structure);
      expect(made.tasks).toBe(all.length);
      expect(shape.project.taskCounter).toBe(all.length);
      const day = (offset: number | null) => (offset === null ? null : addDays(START, offset));
      const parents = new Map<object, number>();
      expect(shape.tasks).toEqual(
        all.map((task, index) => {
          parents.set(task, index + 1);
          const parent = structure.tasks.find((top) => top.subtasks.includes(task as never));
          const status = task.status ?? structure.statuses[0]!.name;
          return {
            number: index + 1,
            title: task.title,
            description: task.description,
            priority: task.priority,
            status,
            parent: parent ? parents.get(parent)! : null,
            startDate: day(task.start),
            dueDate: day(task.due),
            done: structure.statuses.find((column) => column.name === status)!.category === "done",
            labels: [...task.labels].sort(),
            checklist: task.checklist,
          };
        }),
      );
      // Each column holds its tasks in the template's order.
      for (const [index, column] of structure.statuses.entries()) {
        const expected = all
          .map((task, position) => ({ task, number: position + 1 }))
          .filter(({ task }) => (task.status ?? structure.statuses[0]!.name) === column.name)
          .map(({ number }) => number);
        expect(shape.columns[index]).toEqual(expected);
      }
      // The workspace has the template's labels; nobody is assigned; one activity row says it all.
      const workspaceLabels = await db()
        .select({ name: labels.name })
        .from(labels)
        .where(eq(labels.workspaceId, shape.project.workspaceId));
      expect(workspaceLabels.map((label) => label.name).sort()).toEqual(
        structure.labels.map((label) => label.name).sort(),
      );
      const assigned = await db()
        .select()
        .from(taskAssignees)
        .innerJoin(tasks, eq(tasks.id, taskAssignees.taskId))
        .where(eq(tasks.projectId, shape.project.id));
      expect(assigned).toEqual([]);
      const logged = await db()
        .select({ verb: activity.verb, data: activity.data })
        .from(activity)
        .where(eq(activity.projectId, shape.project.id));
      expect(logged).toEqual([
        {
          verb: "project.created",
          data: { name: made.name, key: made.key, template: template.name, tasks: all.length },
        },
      ]);
    },
  );

  it("merges the template's labels into the workspace's, reusing one of the same name whatever its case", async () => {
    const owner = await buildUser();
    await createLabel(owner.actor, { workspaceId: owner.workspaceId, name: "research", color: "rose" });
    const made = await createProjectFromTemplate(owner.actor, {
      templateId: await builtInId("project-proposal"),
      workspaceId: owner.workspaceId,
      name: "Proposal",
      startDate: START,
    });
    const rows = await db()
      .select({ name: labels.name, color: labels.color })
      .from(labels)
      .innerJoin(projects, eq(projects.workspaceId, labels.workspaceId))
      .where(eq(projects.publicId, made.id));
    expect(rows.filter((label) => label.name.toLowerCase() === "research")).toEqual([
      { name: "research", color: "rose" },
    ]);
    const shape = await projectShape(made.id);
    expect(shape.tasks.find((task) => task.title === "Discovery interviews")?.labels).toEqual(["research"]);
    // A second project from the same template adds no labels.
    await createProjectFromTemplate(owner.actor, {
      templateId: await builtInId("project-proposal"),
      workspaceId: owner.workspaceId,
      name: "Proposal",
      startDate: START,
    });
    const after = await db().select().from(labels).where(eq(labels.workspaceId, shape.project.workspaceId));
    expect(after).toHaveLength(4);
  });

  async function handMadeProject(owner: TestUser) {
    const project = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Launch" });
    await createStatus(owner.actor, { projectId: project.id, name: "Blocked", color: "rose", category: "active" });
    const columns = await db()
      .select({ id: statuses.publicId, name: statuses.name })
      .from(statuses)
      .innerJoin(projects, eq(projects.id, statuses.projectId))
      .where(eq(projects.publicId, project.id));
    const status = (name: string) => columns.find((column) => column.name === name)!.id;
    const urgent = await createLabel(owner.actor, { workspaceId: owner.workspaceId, name: "Urgent", color: "rose" });
    await createLabel(owner.actor, { workspaceId: owner.workspaceId, name: "Unused", color: "teal" });
    const plan = await createTask(owner.actor, {
      projectId: project.id,
      title: "Plan the launch",
      description: "Who, what, when.",
      priority: "high",
      startDate: "2026-05-10",
      dueDate: "2026-05-12",
      assigneeIds: [owner.id],
    });
    await createTask(owner.actor, {
      projectId: project.id,
      parentId: plan.id,
      title: "Pick a date",
      dueDate: "2026-05-11",
    });
    await createTask(owner.actor, {
      projectId: project.id,
      parentId: plan.id,
      title: "Book the venue",
      statusId: status("Blocked"),
    });
    const ship = await createTask(owner.actor, {
      projectId: project.id,
      title: "Ship it",
      statusId: status("Done"),
      dueDate: "2026-05-20",
    });
    await setTaskLabels(owner.actor, { taskId: ship.id, labelIds: [urgent.id] });
    await addChecklistItem(owner.actor, { taskId: ship.id, title: "Press release" });
    await addChecklistItem(owner.actor, { taskId: ship.id, title: "Tell support" });
    await createTask(owner.actor, { projectId: project.id, title: "Blocked thing", statusId: status("Blocked") });
    const gone = await createTask(owner.actor, { projectId: project.id, title: "Deleted", dueDate: "2026-01-01" });
    await deleteTask(owner.actor, { taskId: gone.id });
    const shelved = await createTask(owner.actor, { projectId: project.id, title: "Archived", dueDate: "2026-01-01" });
    await db().update(tasks).set({ archivedAt: new Date() }).where(eq(tasks.publicId, shelved.id));
    return project;
  }

  it("saves a project as a template and makes the same project from it again", async () => {
    const owner = await buildUser();
    const project = await handMadeProject(owner);
    const saved = await saveProjectAsTemplate(owner.actor, {
      projectId: project.id,
      name: "  Launch plan ",
      description: "How we launch",
      category: "Business",
    });
    const [row] = await db().select().from(templates).where(eq(templates.publicId, saved.id));
    expect(row).toMatchObject({ name: "Launch plan", category: "Business", icon: "briefcase", createdBy: owner.id });
    const structure = row!.structure as unknown as TemplateStructure;
    expect(structure.statuses.map((status) => status.name)).toEqual([
      "To Do",
      "In Progress",
      "Review",
      "Done",
      "Blocked",
    ]);
    // Only the labels used; no archived or deleted task; dates from the earliest one (May 10).
    expect(structure.labels).toEqual([{ name: "Urgent", color: "rose" }]);
    expect(flatTasks(structure).map((task) => task.title)).toEqual([
      "Plan the launch",
      "Pick a date",
      "Book the venue",
      "Ship it",
      "Blocked thing",
    ]);
    expect(structure.tasks[0]).toMatchObject({ start: 0, due: 2, priority: "high", description: "Who, what, when." });
    expect(structure.tasks[0]!.subtasks.map((task) => [task.title, task.due, task.status])).toEqual([
      ["Pick a date", 1, "To Do"],
      ["Book the venue", null, "Blocked"],
    ]);
    expect(structure.tasks[1]).toMatchObject({
      title: "Ship it",
      due: 10,
      labels: ["Urgent"],
      checklist: ["Press release", "Tell support"],
    });
    expect(JSON.stringify(structure)).not.toContain(owner.id);

    const again = await createProjectFromTemplate(owner.actor, {
      templateId: saved.id,
      workspaceId: owner.workspaceId,
      name: "Launch 2",
      startDate: "2026-09-01",
    });
    const copy = await projectShape(again.id);
    expect(copy.tasks.find((task) => task.title === "Plan the launch")).toMatchObject({
      startDate: "2026-09-01",
      dueDate: "2026-09-03",
    });
    const resaved = await saveProjectAsTemplate(owner.actor, {
      projectId: again.id,
      name: "Launch plan",
      category: "Business",
    });
    const [second] = await db().select().from(templates).where(eq(templates.publicId, resaved.id));
    expect(second!.structure).toEqual(row!.structure);
    // Its own activity row, in the workspace.
    const [logged] = await db().select().from(activity).where(eq(activity.subjectId, saved.id));
    expect(logged).toMatchObject({
      verb: "template.created",
      data: { name: "Launch plan", project: "Launch", tasks: 5 },
    });
  });

  it("lets editors save and use templates, viewers neither in that workspace, and hides other workspaces' templates", async () => {
    const owner = await buildUser();
    const viewer = await buildUser();
    const outsider = await buildUser();
    await addMember(owner.workspaceId, viewer.id, "viewer");
    const project = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Secret" });
    const saved = await saveProjectAsTemplate(owner.actor, {
      projectId: project.id,
      name: "Secret plan",
      category: "General",
    });

    await expect(
      saveProjectAsTemplate(viewer.actor, { projectId: project.id, name: "Mine", category: "General" }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    const into = (user: TestUser, workspaceId: string) =>
      createProjectFromTemplate(user.actor, { templateId: saved.id, workspaceId, name: "Copy", startDate: START });
    await expect(into(viewer, owner.workspaceId)).rejects.toBeInstanceOf(ForbiddenError);
    // A viewer there may still use it in a workspace of their own.
    await expect(into(viewer, viewer.workspaceId)).resolves.toMatchObject({ name: "Copy" });

    // The outsider sees the built-ins and nothing of the owner's.
    await expect(visibleTemplate(outsider.id, saved.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(into(outsider, outsider.workspaceId)).rejects.toBeInstanceOf(NotFoundError);
    await expect(into(outsider, owner.workspaceId)).rejects.toBeInstanceOf(NotFoundError);
    const seen = await listTemplates(outsider.id, { limit: 100 });
    expect(seen.items.map((item) => item.id)).not.toContain(saved.id);
    expect(seen.total).toBe(6);
    const page = await callLoader(templatePage.loader, {
      user: outsider,
      path: `/app/templates/${saved.id}`,
      params: { templateId: saved.id },
    });
    expect(page.status).toBe(404);
    const use = await callLoader(templateUse.loader, {
      user: outsider,
      path: `/app/templates/${saved.id}/use`,
      params: { templateId: saved.id },
    });
    expect(use.status).toBe(404);
    const viewerPage = await callLoader(templatePage.loader, {
      user: viewer,
      path: `/app/templates/${saved.id}`,
      params: { templateId: saved.id },
    });
    expect(viewerPage.status).toBe(200);
    expect(viewerPage.data).toMatchObject({ permissions: { update: false, delete: false } });
  });

  it("lets its author (or a manager) edit and delete a template, and nobody a built-in", async () => {
    const owner = await buildUser();
    const editor = await buildUser();
    const admin = await buildUser();
    for (const [user, role] of [
      [editor, "editor"],
      [admin, "admin"],
    ] as const)
      await addMember(owner.workspaceId, user.id, role);
    const project = await createProject(editor.actor, { workspaceId: owner.workspaceId, name: "Editor's" });
    const theirs = await saveProjectAsTemplate(editor.actor, {
      projectId: project.id,
      name: "Editor's",
      category: "General",
    });
    const ownerOwn = await saveProjectAsTemplate(owner.actor, {
      projectId: project.id,
      name: "Owner's",
      category: "HR",
    });
    const fields = { name: "Renamed", description: "New words", category: "Content" as const };

    await expect(updateTemplate(editor.actor, { templateId: ownerOwn.id, ...fields })).rejects.toThrow(
      "You can edit only your own templates.",
    );
    await expect(deleteTemplate(editor.actor, { templateId: ownerOwn.id })).rejects.toBeInstanceOf(ForbiddenError);
    await updateTemplate(editor.actor, { templateId: theirs.id, ...fields, icon: "rocket", color: "teal" });
    const [edited] = await db().select().from(templates).where(eq(templates.publicId, theirs.id));
    expect(edited).toMatchObject({
      name: "Renamed",
      description: "New words",
      category: "Content",
      icon: "rocket",
      color: "teal",
    });
    const [change] = await db().select().from(activity).where(eq(activity.verb, "template.updated"));
    expect(change?.data).toMatchObject({ name: "Renamed", changes: { name: { from: "Editor's", to: "Renamed" } } });
    // A manager tidies the shared list.
    await updateTemplate(admin.actor, { templateId: ownerOwn.id, ...fields });
    await deleteTemplate(admin.actor, { templateId: ownerOwn.id });
    await deleteTemplate(editor.actor, { templateId: theirs.id });
    const left = await db()
      .select()
      .from(templates)
      .where(inArray(templates.publicId, [theirs.id, ownerOwn.id]));
    expect(left).toEqual([]);

    const builtIn = await builtInId("meeting-agenda");
    await expect(updateTemplate(owner.actor, { templateId: builtIn, ...fields })).rejects.toThrow(
      "Built-in templates cannot be changed.",
    );
    await expect(deleteTemplate(owner.actor, { templateId: builtIn })).rejects.toBeInstanceOf(ForbiddenError);
    const refused = await callAction(templatePage.action, {
      user: owner,
      path: `/app/templates/${builtIn}`,
      params: { templateId: builtIn },
      form: { intent: "delete-template" },
    });
    expect(refused.status).toBe(403);
  });

  it("filters by category and searches names and descriptions by word prefixes, in SQL", async () => {
    const owner = await buildUser();
    const project = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Hiring" });
    await saveProjectAsTemplate(owner.actor, {
      projectId: project.id,
      name: "Hiring pipeline",
      description: "Sourcing, interviews and offers",
      category: "HR",
    });
    const names = async (filters: { q?: string; category?: string; mine?: boolean }) =>
      (await listTemplates(owner.id, { ...filters, limit: 100 })).items.map((item) => item.name);
    expect(await names({})).toEqual([
      "Project Proposal",
      "Marketing Campaign Plan",
      "Software Development Roadmap",
      "Content Calendar",
      "Meeting Agenda",
      "Onboarding Checklist",
      "Hiring pipeline",
    ]);
    expect(await names({ category: "HR" })).toEqual(["Onboarding Checklist", "Hiring pipeline"]);
    expect(await names({ category: "Nonsense" })).toHaveLength(7);
    expect(await names({ q: "onboard" })).toEqual(["Onboarding Checklist"]);
    expect(await names({ q: "INTERVIEW" })).toEqual(["Hiring pipeline"]);
    // Every word must match (as a prefix), in the name or the description.
    expect(await names({ q: "campaign multi" })).toEqual(["Marketing Campaign Plan"]);
    expect(await names({ q: "campaign proposal" })).toEqual([]);
    expect(await names({ q: "interview", category: "Business" })).toEqual([]);
    expect(await names({ mine: true })).toEqual(["Hiring pipeline"]);
    // tsquery syntax typed in the box is only words; operators alone search nothing.
    expect(await names({ q: " &|! " })).toHaveLength(7);
    expect(await names({ q: "road:* | !" })).toEqual(["Software Development Roadmap"]);

    const page = await callLoader(templatesPage.loader, { user: owner, path: "/app/templates?q=hir&category=HR" });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ total: 1, filters: { q: "hir", category: "HR", mine: false } });
  });

  it("bounds what it takes: form fields, the structure, the project's size", async () => {
    const owner = await buildUser();
    const project = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Big" });
    const agenda = await builtInId("meeting-agenda");
    const use = (form: Record<string, string>) =>
      callAction(templateUse.action, {
        user: owner,
        path: `/app/templates/${agenda}/use`,
        params: { templateId: agenda },
        form: { workspaceId: owner.workspaceId, name: "Sync", startDate: START, ...form },
      });
    for (const bad of [
      { name: "x".repeat(81) },
      { startDate: "2026-02-30" },
      { startDate: "soon" },
      { workspaceId: "../x" },
    ] as Record<string, string>[]) {
      expect((await use(bad)).status).toBe(400);
    }
    const late = await use({ startDate: "9999-12-30" });
    expect(late.status).toBe(400);
    expect(JSON.stringify(late.data)).toContain("leaves the template's dates within the year 9999");
    const made = await use({});
    expect(made.status).toBe(302);
    expect(made.location).toMatch(/^\/app\/project\/\w+$/);

    const save = (form: Record<string, string>) =>
      callAction(projectSaveTemplate.action, {
        user: owner,
        path: `/app/project/${project.id}/save-template`,
        params: { projectId: project.id },
        form: { name: "T", category: "General", ...form },
      });
    for (const bad of [
      { name: "" },
      { name: "x".repeat(81) },
      { description: "x".repeat(501) },
      { category: "Sports" },
      { icon: "skull" },
    ] as Record<string, string>[]) {
      expect((await save(bad)).status).toBe(400);
    }
    const saved = await save({ icon: "rocket", color: "purple" });
    expect(saved.status).toBe(302);
    expect(saved.location).toMatch(/^\/app\/templates\/\w+$/);

    // Structures: too many tasks, unknown statuses and labels, bad offsets are refused.
    const task = { title: "T", status: "To Do" };
    const base = { statuses: [{ name: "To Do", color: "slate", category: "not_started" }], labels: [] };
    expect(checkStructure({ ...base, tasks: Array.from({ length: MAX_TEMPLATE_TASKS + 1 }, () => task) }).ok).toBe(
      false,
    );
    expect(
      checkStructure({
        ...base,
        tasks: [{ ...task, subtasks: Array.from({ length: MAX_TEMPLATE_TASKS }, () => task) }],
      }).ok,
    ).toBe(false);
    expect(checkStructure({ ...base, tasks: [{ ...task, status: "Nope" }] }).ok).toBe(false);
    expect(checkStructure({ ...base, tasks: [{ ...task, labels: ["Ghost"] }] }).ok).toBe(false);
    expect(checkStructure({ ...base, tasks: [{ ...task, due: 1.5 }] }).ok).toBe(false);
    expect(checkStructure({ ...base, tasks: [{ ...task, start: -1 }] }).ok).toBe(false);
    expect(checkStructure({ ...base, tasks: [{ ...task, start: 3, due: 1 }] }).ok).toBe(false);
    expect(checkStructure({ ...base, tasks: [task] }).ok).toBe(true);

    // The largest templates go in several statements (PostgreSQL takes 65,535 parameters in one).
    const crowded = {
      ...base,
      labels: [{ name: "Big", color: "slate" }],
      tasks: Array.from({ length: 170 }, (_, index) => ({
        ...task,
        title: `T${index}`,
        labels: ["Big"],
        checklist: Array.from({ length: MAX_CHECKLIST_ITEMS }, (_, item) => `${item}`),
      })),
    };
    expect(checkStructure(crowded).ok).toBe(true);
    const [wide] = await db()
      .insert(templates)
      .values({
        publicId: "crowdedTpl1",
        workspaceId: null,
        name: "Crowded",
        category: "General",
        icon: "star",
        color: "slate",
        structure: crowded,
      })
      .returning();
    const big = await createProjectFromTemplate(owner.actor, {
      templateId: wide!.publicId,
      workspaceId: owner.workspaceId,
      name: "Big",
      startDate: START,
    });
    const [count] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(checklistItems)
      .innerJoin(tasks, eq(tasks.id, checklistItems.taskId))
      .innerJoin(projects, eq(projects.id, tasks.projectId))
      .where(eq(projects.publicId, big.id));
    expect(count?.n).toBe(170 * MAX_CHECKLIST_ITEMS);
    await db().delete(templates).where(eq(templates.publicId, "crowdedTpl1"));

    // A project past the limit cannot be saved: one more task than a template holds.
    const [row] = await db().select().from(projects).where(eq(projects.publicId, project.id));
    const [todo] = await db()
      .select()
      .from(statuses)
      .where(eq(statuses.projectId, row!.id))
      .orderBy(asc(statuses.position));
    await db()
      .insert(tasks)
      .values(
        Array.from({ length: MAX_TEMPLATE_TASKS + 1 }, (_, index) => ({
          publicId: `bulk${String(index).padStart(6, "0")}`,
          workspaceId: row!.workspaceId,
          projectId: row!.id,
          number: index + 1,
          title: `Task ${index}`,
          statusId: todo!.id,
          position: `a${String(index).padStart(4, "0")}`,
        })),
      );
    const tooBig = await save({});
    expect(tooBig.status).toBe(400);
    expect(JSON.stringify(tooBig.data)).toContain(`at most ${MAX_TEMPLATE_TASKS} tasks`);
  });
});
