import { and, asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";

import { db } from "~/.server/db";
import { activity, projects, statuses, taskRelations, tasks } from "~/.server/db/schema";
import { FieldError, ForbiddenError, NotFoundError } from "~/.server/errors";
import { subscribe, type DomainEvent } from "~/.server/events/bus";
import { createProject, deleteProject } from "~/.server/projects/projects";
import { BlockedCompletionError } from "~/.server/tasks/blocked";
import { listGroups, listOptions } from "~/.server/tasks/list";
import { liveCard } from "~/.server/tasks/live-card";
import { boardColumns } from "~/.server/tasks/queries";
import {
  addTaskRelation,
  isBlocked,
  relationCandidates,
  relationsOf,
  removeTaskRelation,
} from "~/.server/tasks/relations";
import { startRealtime } from "~/.server/realtime";
import { createTask, deleteTask, moveTask } from "~/.server/tasks/tasks";
import { bulkEditTasks } from "~/.server/tasks/bulk";
import * as projectRoute from "~/routes/app/project";
import * as taskRoute from "~/routes/app/task";
import * as relationOptions from "~/routes/app/task-relation-options";
import { engines, useTestDatabase } from "../setup/database";
import { addMember, buildUser, type TestUser } from "../setup/factories";
import { callAction, callLoader } from "../setup/route-harness";
import { openTestStream, type SseMessage } from "../setup/sse";

/**
 * Dependencies between tasks (issue 34) on PGlite and PostgreSQL: relations added and
 * removed by key or id across the projects of one workspace (never another's), loops of
 * blockers refused with the loop named, the Blocked flag in the board's and the List's own
 * statements appearing and clearing, and completing a blocked task from a page asked first.
 */
describe.each(engines)("task relations on %s", (engine) => {
  useTestDatabase(engine);
  const stops: (() => void)[] = [];
  afterEach(() => stops.splice(0).forEach((stop) => stop()));

  async function projectOf(owner: TestUser, name: string) {
    const created = await createProject(owner.actor, { workspaceId: owner.workspaceId, name });
    const [row] = await db().select().from(projects).where(eq(projects.publicId, created.id));
    const columns = await db()
      .select()
      .from(statuses)
      .where(eq(statuses.projectId, row!.id))
      .orderBy(asc(statuses.position));
    const add = (title: string) => createTask(owner.actor, { projectId: created.id, title });
    return { ...created, row: row!, columns, done: columns.find((column) => column.category === "done")!, add };
  }

  async function setup() {
    const owner = await buildUser({ fullName: "Olga Owner" });
    const web = await projectOf(owner, "Website");
    const app = await projectOf(owner, "Mobile App");
    return { owner, web, app };
  }

  async function refusal(promise: Promise<unknown>, field = "other") {
    const error = await promise.then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(FieldError);
    expect((error as FieldError).field).toBe(field);
    return (error as FieldError).message;
  }

  const sides = async (taskId: string) => {
    const [row] = await db().select({ id: tasks.id }).from(tasks).where(eq(tasks.publicId, taskId));
    return (await relationsOf(row!.id)).map((relation) => `${relation.relation} ${relation.task.key}`);
  };
  const blocked = async (taskId: string) => {
    const [row] = await db().select({ id: tasks.id }).from(tasks).where(eq(tasks.publicId, taskId));
    return isBlocked(row!.id);
  };

  it("adds and removes relations by key or id across the workspace's projects, logged on the task", async () => {
    const { owner, web, app } = await setup();
    const login = await web.add("Fix login");
    const launch = await web.add("Launch");
    const api = await app.add("Ship the API");
    const copy = await app.add("Fix login again");
    const events: DomainEvent[] = [];
    stops.push(subscribe("task.relation_added", (event) => void events.push(event)));

    // By key as typed (any case), and by public id as a suggestion sends it.
    const added = await addTaskRelation(owner.actor, {
      taskId: launch.id,
      relation: "blocked_by",
      other: ` ${login.key.toLowerCase()} `,
    });
    expect(added).toMatchObject({ key: launch.key, relation: "blocked_by", other: { id: login.id, key: login.key } });
    await addTaskRelation(owner.actor, { taskId: launch.id, projectId: web.id, relation: "blocks", other: api.id });
    await addTaskRelation(owner.actor, { taskId: api.id, relation: "relates", other: login.key });
    await addTaskRelation(owner.actor, { taskId: copy.id, relation: "duplicates", other: login.key });

    // Each side sees it from its own end, grouped: blocked by, blocks, related, duplicates, duplicate of.
    expect(await sides(launch.id)).toEqual([`blocked_by ${login.key}`, `blocks ${api.key}`]);
    expect(await sides(login.id)).toEqual([`blocks ${launch.key}`, `relates ${api.key}`, `duplicated_by ${copy.key}`]);
    expect(await sides(api.id)).toEqual([`blocked_by ${launch.key}`, `relates ${login.key}`]);
    expect(await sides(copy.id)).toEqual([`duplicates ${login.key}`]);
    const [loginRow] = await db().select({ id: tasks.id }).from(tasks).where(eq(tasks.publicId, login.id));
    const shown = (await relationsOf(loginRow!.id))[0]!;
    expect(shown.task).toEqual({
      id: launch.id,
      key: launch.key,
      title: "Launch",
      projectId: web.id,
      status: { name: "To Do", color: expect.any(String), category: "not_started" },
    });

    // Logged on the task it was added on, from its side; published after commit.
    const rows = await db()
      .select({ sequence: activity.sequence, subjectId: activity.subjectId, data: activity.data })
      .from(activity)
      .where(eq(activity.verb, "task.relation_added"))
      .orderBy(activity.sequence);
    expect(rows[0]!.subjectId).toBe(launch.id);
    expect(rows[0]!.data).toMatchObject({
      key: launch.key,
      relation: "blocked_by",
      other: { key: login.key, title: "Fix login" },
      otherId: login.id,
      relationId: added.id,
    });
    expect(events.map((event) => event.sequence)).toEqual(rows.map((row) => row.sequence));

    // Removed from either end, logged on the task it was removed from.
    const [apiRelation] = await db()
      .select({ id: taskRelations.publicId })
      .from(taskRelations)
      .where(eq(taskRelations.kind, "relates"));
    expect(await removeTaskRelation(owner.actor, { taskId: login.id, relationId: apiRelation!.id })).toMatchObject({
      relation: "relates",
      otherKey: api.key,
    });
    expect(await sides(api.id)).toEqual([`blocked_by ${launch.key}`]);
    const [removed] = await db()
      .select({ subjectId: activity.subjectId, data: activity.data })
      .from(activity)
      .where(eq(activity.verb, "task.relation_removed"));
    expect(removed).toMatchObject({ subjectId: login.id, data: { relation: "relates", other: { key: api.key } } });
    // Only a relation of this task: another's, or one gone, is not found.
    await expect(removeTaskRelation(owner.actor, { taskId: copy.id, relationId: added.id })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(
      removeTaskRelation(owner.actor, { taskId: login.id, relationId: apiRelation!.id }),
    ).rejects.toBeInstanceOf(NotFoundError);

    // A deleted task's relations no longer show, and no longer block; a hard delete takes them along.
    await deleteTask(owner.actor, { taskId: login.id });
    expect(await sides(launch.id)).toEqual([`blocks ${api.key}`]);
    expect(await blocked(launch.id)).toBe(false);
    await db().delete(tasks).where(eq(tasks.publicId, launch.id));
    expect(await db().select().from(taskRelations).where(eq(taskRelations.kind, "blocks"))).toEqual([]);
  });

  it("refuses another workspace's task, itself, bad keys and a relation that is already there", async () => {
    const { owner, web, app } = await setup();
    const a = await web.add("A");
    const b = await app.add("B");
    const stranger = await buildUser();
    // Their project has our Website's key: their WEB-2 exists, ours does not.
    const theirs = await projectOf(stranger, "Website");
    await theirs.add("Their first");
    const secret = await theirs.add("Their task");
    expect(theirs.key).toBe(web.key);
    // This test's own rows (the database is the file's).
    const count = async () =>
      (await db().select().from(taskRelations).where(eq(taskRelations.workspaceId, web.row.workspaceId))).length;

    await addTaskRelation(owner.actor, { taskId: a.id, relation: "relates", other: b.key });
    expect(await refusal(addTaskRelation(owner.actor, { taskId: a.id, relation: "blocks", other: secret.key }))).toBe(
      `No task ${secret.key} in this workspace.`,
    );
    expect(await refusal(addTaskRelation(owner.actor, { taskId: a.id, relation: "blocks", other: secret.id }))).toBe(
      "That task is not in this workspace, or no longer exists.",
    );
    expect(await refusal(addTaskRelation(owner.actor, { taskId: a.id, relation: "blocks", other: "not a key" }))).toBe(
      "Enter a task key like WEB-12.",
    );
    expect(await refusal(addTaskRelation(owner.actor, { taskId: a.id, relation: "blocks", other: a.key }))).toBe(
      `${a.key} cannot be related to itself.`,
    );
    // The same again, from either end for "relates"; a duplicate both ways.
    expect(await refusal(addTaskRelation(owner.actor, { taskId: a.id, relation: "relates", other: b.key }))).toBe(
      `That relation is already there: ${a.key} relates to ${b.key}.`,
    );
    expect(await refusal(addTaskRelation(owner.actor, { taskId: b.id, relation: "relates", other: a.key }))).toBe(
      `${b.key} and ${a.key} are already related.`,
    );
    await addTaskRelation(owner.actor, { taskId: b.id, relation: "duplicates", other: a.key });
    expect(await refusal(addTaskRelation(owner.actor, { taskId: a.id, relation: "duplicated_by", other: b.key }))).toBe(
      `That relation is already there: ${a.key} is duplicated by ${b.key}.`,
    );
    expect(await refusal(addTaskRelation(owner.actor, { taskId: a.id, relation: "duplicates", other: b.key }))).toBe(
      `${b.key} is marked a duplicate of ${a.key}: two tasks cannot be duplicates of each other.`,
    );
    expect(await count()).toBe(2);

    // Their owner cannot reach ours either; a viewer of ours may read, not relate.
    await expect(
      addTaskRelation(stranger.actor, { taskId: a.id, relation: "relates", other: secret.key }),
    ).rejects.toBeInstanceOf(NotFoundError);
    const viewer = await buildUser();
    await addMember(owner.workspaceId, viewer.id, "viewer");
    await expect(
      addTaskRelation(viewer.actor, { taskId: a.id, relation: "blocks", other: b.key }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    expect(await count()).toBe(2);

    // The suggestions: this workspace's tasks but this one, by key or title, never theirs.
    const found = await relationCandidates(owner.id, { taskId: a.id, projectId: web.id, query: "" });
    expect(found.map((task) => task.key)).toEqual([b.key]);
    expect(
      (await relationCandidates(owner.id, { taskId: b.id, projectId: app.id, query: a.key })).map((t) => t.key),
    ).toEqual([a.key]);
    expect(await relationCandidates(owner.id, { taskId: b.id, projectId: app.id, query: "Their" })).toEqual([]);
    const asStranger = await callLoader(relationOptions.loader, {
      user: stranger,
      path: `/app/project/${web.id}/task/${a.id}/relation-options?q=B`,
      params: { projectId: web.id, taskId: a.id },
    });
    expect(asStranger.status).toBe(404);
  });

  it("refuses a loop of blockers, two or three tasks long, naming it", async () => {
    const { owner, web, app } = await setup();
    const a = await web.add("A");
    const b = await app.add("B");
    const c = await web.add("C");
    const d = await app.add("D");
    await addTaskRelation(owner.actor, { taskId: a.id, relation: "blocks", other: b.key });
    expect(await refusal(addTaskRelation(owner.actor, { taskId: b.id, relation: "blocks", other: a.key }))).toBe(
      `${b.key} cannot block ${a.key}: that would close a loop of blockers, ${b.key} → ${a.key} → ${b.key}.`,
    );
    // The same loop asked from the other side ("A is blocked by B").
    expect(await refusal(addTaskRelation(owner.actor, { taskId: a.id, relation: "blocked_by", other: b.key }))).toBe(
      `${b.key} cannot block ${a.key}: that would close a loop of blockers, ${b.key} → ${a.key} → ${b.key}.`,
    );
    await addTaskRelation(owner.actor, { taskId: c.id, relation: "blocked_by", other: b.key });
    expect(await refusal(addTaskRelation(owner.actor, { taskId: c.id, relation: "blocks", other: a.key }))).toBe(
      `${c.key} cannot block ${a.key}: that would close a loop of blockers, ${c.key} → ${a.key} → ${b.key} → ${c.key}.`,
    );
    // A diamond is no loop: A → D → C beside A → B → C; nor is "relates" the other way.
    await addTaskRelation(owner.actor, { taskId: a.id, relation: "blocks", other: d.key });
    await addTaskRelation(owner.actor, { taskId: d.id, relation: "blocks", other: c.key });
    await addTaskRelation(owner.actor, { taskId: c.id, relation: "relates", other: a.key });
    expect(await sides(c.id)).toEqual([`blocked_by ${b.key}`, `blocked_by ${d.key}`, `relates ${a.key}`]);
    // A deleted task breaks the chain: C → A is no loop once B and D are gone.
    await deleteTask(owner.actor, { taskId: b.id });
    await deleteTask(owner.actor, { taskId: d.id });
    await addTaskRelation(owner.actor, { taskId: c.id, relation: "blocks", other: a.key });
    expect(await sides(a.id)).toEqual([`blocked_by ${c.key}`, `relates ${c.key}`]);
  });

  it("shows Blocked in the board's and the List's statements while a blocker is open, across projects", async () => {
    const { owner, web, app } = await setup();
    const blocker = await app.add("Fix login");
    const waiting = await web.add("Launch");
    const free = await web.add("Write the copy");
    const flags = async () => {
      const board = await boardColumns(web.row);
      const cards = board.flatMap((column) => column.cards);
      const groups = await listGroups(
        web.row,
        { filters: {}, group: "status", sort: { by: "position", dir: "asc" } },
        "2026-06-15",
        await listOptions(web.row),
      );
      const ranked = await listGroups(
        web.row,
        { filters: { text: "a" }, group: "priority", sort: { by: "title", dir: "asc" } },
        "2026-06-15",
        await listOptions(web.row),
      );
      const rows = groups.flatMap((group) => group.cards);
      const rankedRows = ranked.flatMap((group) => group.cards);
      const live = await liveCard(waiting.id, false);
      const of = (list: { key: string; blocked: boolean }[]) =>
        Object.fromEntries(list.map((card) => [card.key, card.blocked]));
      expect(of(rows)).toEqual(of(cards));
      expect(of(rankedRows)).toMatchObject({ [waiting.key]: of(cards)[waiting.key] });
      expect(live?.card?.blocked).toBe(of(cards)[waiting.key]);
      return of(cards);
    };
    expect(await flags()).toEqual({ [waiting.key]: false, [free.key]: false });
    await addTaskRelation(owner.actor, { taskId: waiting.id, relation: "blocked_by", other: blocker.key });
    // "relates" and "duplicates" block nothing; nor does the blocker block itself.
    await addTaskRelation(owner.actor, { taskId: free.id, relation: "relates", other: blocker.key });
    expect(await flags()).toEqual({ [waiting.key]: true, [free.key]: false });
    const [appBoard] = [await boardColumns(app.row)];
    expect(appBoard.flatMap((column) => column.cards).map((card) => card.blocked)).toEqual([false]);

    // Done: it clears; back out of done: it is blocked again; a deleted blocker, or one of a deleted project, blocks nothing.
    await moveTask(owner.actor, { taskId: blocker.id, statusId: app.done.publicId, placement: { at: "end" } });
    expect(await flags()).toEqual({ [waiting.key]: false, [free.key]: false });
    await moveTask(owner.actor, { taskId: blocker.id, statusId: app.columns[1]!.publicId, placement: { at: "end" } });
    expect(await flags()).toEqual({ [waiting.key]: true, [free.key]: false });
    await deleteProject(owner.actor, { projectId: app.id });
    expect(await flags()).toEqual({ [waiting.key]: false, [free.key]: false });
  });

  it("tells open views of the related tasks' projects that a blocker changed, live", async () => {
    const stop = await startRealtime({});
    try {
      const { owner, web, app } = await setup();
      const blocker = await app.add("Fix login");
      const waiting = await web.add("Launch");
      const loner = await app.add("Unrelated");
      const stream = await openTestStream(owner);
      const change = (type: string, id: string) => (message: SseMessage) =>
        message.event === "change" && message.data.type === type && message.data.id === id;
      // Added on the blocked task: the blocker's project hears of it too.
      await addTaskRelation(owner.actor, { taskId: waiting.id, relation: "blocked_by", other: blocker.key });
      expect((await stream.next(change("task.relation_added", waiting.id))).data).toMatchObject({
        project: web.id,
        related: [app.id],
      });
      // The blocker done: its card for its own board, and the blocked task's project to read again.
      await moveTask(owner.actor, { taskId: blocker.id, statusId: app.done.publicId, placement: { at: "end" } });
      const done = await stream.next(change("task.moved", blocker.id));
      expect(done.data).toMatchObject({ project: app.id, related: [web.id] });
      expect((done.data.card as { card: { done: boolean } }).card.done).toBe(true);
      // A task related to nothing names no other project.
      await moveTask(owner.actor, { taskId: loner.id, statusId: app.done.publicId, placement: { at: "end" } });
      expect((await stream.next(change("task.moved", loner.id))).data.related).toBeUndefined();
      stream.close();
    } finally {
      await stop();
    }
  });

  it("asks before a page completes a blocked task, and completes it once confirmed; the API's way is not asked", async () => {
    const { owner, web, app } = await setup();
    const login = await app.add("Fix login");
    const deploy = await web.add("Deploy");
    const launch = await web.add("Launch");
    await addTaskRelation(owner.actor, { taskId: launch.id, relation: "blocked_by", other: login.key });
    await addTaskRelation(owner.actor, { taskId: launch.id, relation: "blocked_by", other: deploy.key });
    await moveTask(owner.actor, { taskId: login.id, statusId: app.columns[1]!.publicId, placement: { at: "end" } });
    const statusOf = async (taskId: string) => {
      const [row] = await db()
        .select({ status: statuses.name, completedAt: tasks.completedAt })
        .from(tasks)
        .innerJoin(statuses, eq(statuses.id, tasks.statusId))
        .where(eq(tasks.publicId, taskId));
      return row!;
    };
    const question = `${launch.key} is blocked by ${login.key} Fix login (In Progress) and ${deploy.key} Deploy (To Do). Complete it anyway?`;

    // The command asked to ask refuses, naming the open blockers.
    const error = await moveTask(owner.actor, {
      taskId: launch.id,
      statusId: web.done.publicId,
      placement: { at: "end" },
      askIfBlocked: true,
    }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(BlockedCompletionError);
    expect((error as BlockedCompletionError).message).toBe(question);
    expect((error as BlockedCompletionError).blockers.map((blocker) => blocker.key)).toEqual([login.key, deploy.key]);
    // Moving it elsewhere than done is never asked.
    await moveTask(owner.actor, {
      taskId: launch.id,
      statusId: web.columns[2]!.publicId,
      placement: { at: "end" },
      askIfBlocked: true,
    });

    // The task page's form without JavaScript: the question and what to post back, then completed once confirmed.
    const path = `/app/project/${web.id}/task/${launch.id}`;
    const params = { projectId: web.id, taskId: launch.id };
    const post = (form: Record<string, string>) =>
      callAction(taskRoute.action, { user: owner, path, params, form: { intent: "move-task", ...form } });
    const plain = await post({ taskId: launch.id, statusId: web.done.publicId });
    expect(plain).toMatchObject({ status: 400, data: { blocked: { statusId: web.done.publicId, message: question } } });
    expect((await statusOf(launch.id)).status).toBe("Review");
    // An editor in place (a fetcher): the question as data, for its dialog.
    const fetched = await post({ taskId: launch.id, statusId: web.done.publicId, via: "fetcher" });
    expect(fetched).toMatchObject({ status: 400, data: { error: question, confirmBlocked: true } });
    // The board's drag (the project's move) and its "Move to" form without JavaScript.
    const moveOnBoard = (form: Record<string, string>) =>
      callAction(projectRoute.action, {
        user: owner,
        path: `/app/project/${web.id}`,
        params: { projectId: web.id },
        form: { intent: "move-task", taskId: launch.id, statusId: web.done.publicId, ...form },
      });
    expect(await moveOnBoard({ via: "fetcher" })).toMatchObject({
      status: 400,
      data: { moveError: question, confirmBlocked: true },
    });
    expect(await moveOnBoard({})).toMatchObject({
      status: 400,
      data: { blockedMove: { taskId: launch.id, statusId: web.done.publicId, message: question } },
    });
    expect((await statusOf(launch.id)).completedAt).toBeNull();
    // "Complete anyway".
    const confirmed = await moveOnBoard({ confirmBlocked: "true" });
    expect(confirmed.status).toBe(302);
    expect(await statusOf(launch.id)).toMatchObject({ status: "Done", completedAt: expect.any(Date) });

    // Once its blockers are done, nothing is asked.
    const other = await web.add("Announce");
    await addTaskRelation(owner.actor, { taskId: other.id, relation: "blocked_by", other: deploy.key });
    await moveTask(owner.actor, { taskId: deploy.id, statusId: web.done.publicId, placement: { at: "end" } });
    const plainDone = await callAction(taskRoute.action, {
      user: owner,
      path: `/app/project/${web.id}/task/${other.id}`,
      params: { projectId: web.id, taskId: other.id },
      form: { intent: "move-task", taskId: other.id, statusId: web.done.publicId },
    });
    expect(plainDone.status).toBe(302);
    // A bulk edit is not asked either (documented): it completes a blocked task as it is.
    const third = await web.add("Celebrate");
    await addTaskRelation(owner.actor, { taskId: third.id, relation: "blocked_by", other: login.key });
    await bulkEditTasks(owner.actor, { projectId: web.id, taskIds: [third.id], statusId: web.done.publicId });
    expect((await statusOf(third.id)).status).toBe("Done");
  });

  it("adds and removes through the task page's forms: beside the field with what was typed, or back to the page", async () => {
    const { owner, web, app } = await setup();
    const a = await web.add("A");
    const b = await app.add("B");
    const path = `/app/project/${web.id}/task/${a.id}`;
    const params = { projectId: web.id, taskId: a.id };
    const post = (form: Record<string, string>) => callAction(taskRoute.action, { user: owner, path, params, form });

    const bad = await post({ intent: "add-relation", relation: "blocked_by", other: "WEB-404" });
    expect(bad).toMatchObject({
      status: 400,
      data: {
        relationRefused: { relation: "blocked_by", other: "WEB-404", error: "No task WEB-404 in this workspace." },
      },
    });
    const badFetched = await post({ intent: "add-relation", relation: "blocked_by", other: "", via: "fetcher" });
    expect(badFetched).toMatchObject({
      status: 400,
      data: { relationRefused: { error: "Enter a task key like WEB-12." } },
    });
    expect((await post({ intent: "add-relation", relation: "sideways", other: b.key })).status).toBe(400);
    const added = await post({ intent: "add-relation", relation: "blocked_by", other: b.key });
    expect(added.status).toBe(302);
    expect(added.location).toBe(`${path}#task-relations`);
    const fetched = await post({ intent: "add-relation", relation: "relates", other: b.key, via: "fetcher" });
    expect(fetched).toMatchObject({ status: 200, data: { ok: true, added: b.key } });

    const page = await callLoader(taskRoute.loader, { user: owner, path, params });
    const data = page.data as {
      blocked: boolean;
      relations: { id: string; relation: string; task: { key: string } }[];
    };
    expect(data.blocked).toBe(true);
    expect(data.relations.map((relation) => `${relation.relation} ${relation.task.key}`)).toEqual([
      `blocked_by ${b.key}`,
      `relates ${b.key}`,
    ]);
    const removed = await post({ intent: "remove-relation", relationId: data.relations[0]!.id });
    expect(removed.status).toBe(302);
    expect(await sides(a.id)).toEqual([`relates ${b.key}`]);
    expect(
      await db()
        .select()
        .from(activity)
        .where(and(eq(activity.subjectId, a.id), eq(activity.verb, "task.relation_removed"))),
    ).toHaveLength(1);
  });
});
