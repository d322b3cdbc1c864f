import { afterAll, beforeEach, describe, expect, it } from "vitest";

import { MAX_ATTACHMENT_BYTES } from "~/.server/http/limits";
import { resetRateLimits } from "~/.server/security/rate-limit";
import { call, mismatches, RESOURCE_OPERATIONS, team, uncalledOperations } from "../setup/api-client";
import { engines, useTestDatabase } from "../setup/database";
import { addMember } from "../setup/factories";

/**
 * The API's workspaces, projects, statuses, a task's subtasks, checklist and attachments, the
 * project chat and the team calendar (issue 32), as a client calls them: each through the
 * same use cases as its page, each answer checked against the OpenAPI document.
 */
describe.each(engines)("the public API's resources on %s", (engine) => {
  useTestDatabase(engine);
  beforeEach(() => resetRateLimits());
  afterAll(() => {
    expect(mismatches).toEqual([]);
  });

  const file = (text: string, name = "notes.txt", type = "text/plain") => {
    const form = new FormData();
    form.set("file", new File([text], name, { type }));
    return form;
  };

  it("creates, changes, archives and deletes projects, and renames and deletes labels", async () => {
    const { write, viewerWrite, owner, viewer } = await team();
    const created = await call(write, "POST", "/projects", { name: "Mobile app", key: "app", color: "teal" });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: "Mobile app", key: "APP", color: "teal", archived: false });
    expect(created.json.statuses).toHaveLength(4);
    expect((await call(write, "POST", "/projects", { name: "Other", key: "APP" })).json.errors[0].field).toBe("key");
    const etag = created.headers.get("etag")!;
    expect(
      (await call(write, "GET", `/projects/${created.json.id}`, undefined, { "If-None-Match": etag })).status,
    ).toBe(304);
    const changed = await call(
      write,
      "PATCH",
      `/projects/${created.json.id}`,
      { description: "iOS and Android", archived: true },
      { "If-Match": etag },
    );
    expect(changed.json).toMatchObject({ description: "iOS and Android", archived: true });
    const stale = await call(write, "PATCH", `/projects/${created.json.id}`, { archived: false }, { "If-Match": etag });
    expect(stale.status).toBe(409);
    // Archived is read-only, until restored in the same request.
    expect((await call(write, "PATCH", `/projects/${created.json.id}`, { name: "No" })).status).toBe(403);
    const restored = await call(write, "PATCH", `/projects/${created.json.id}`, { name: "Apps", archived: false });
    expect(restored.json).toMatchObject({ name: "Apps", archived: false });
    expect((await call(viewerWrite, "POST", "/projects", { name: "Mine" })).status).toBe(403);
    await addMember(owner.workspaceId, viewer.id, "editor");
    expect((await call(viewerWrite, "DELETE", `/projects/${created.json.id}`)).status).toBe(403);
    expect((await call(write, "DELETE", `/projects/${created.json.id}`)).status).toBe(204);
    expect((await call(write, "GET", `/projects/${created.json.id}`)).status).toBe(404);

    const label = (await call(write, "POST", "/labels", { name: "bug", color: "rose" })).json;
    expect((await call(write, "POST", "/labels", { name: "odd", color: "red" })).status).toBe(422);
    const renamed = await call(write, "PATCH", `/labels/${label.id}`, { name: "defect" });
    expect(renamed.json).toEqual({ id: label.id, name: "defect", color: "rose" });
    expect((await call(write, "DELETE", `/labels/${label.id}`)).status).toBe(204);
    expect((await call(write, "GET", "/labels")).json.items).toEqual([]);
  });

  it("renames the workspace, changes a member's role and removes a member", async () => {
    const { write, viewerWrite, owner, viewer, stranger } = await team();
    const before = await call(write, "GET", `/workspaces/${owner.workspaceId}`);
    const renamed = await call(
      write,
      "PATCH",
      `/workspaces/${owner.workspaceId}`,
      { name: "  Acme   Inc " },
      { "If-Match": before.headers.get("etag")! },
    );
    expect(renamed.json).toMatchObject({ id: owner.workspaceId, name: "Acme Inc" });
    const stale = { "If-Match": before.headers.get("etag")! };
    expect((await call(write, "PATCH", `/workspaces/${owner.workspaceId}`, { name: "Old" }, stale)).status).toBe(409);
    expect((await call(viewerWrite, "PATCH", `/workspaces/${owner.workspaceId}`, { name: "Mine" })).status).toBe(403);
    expect((await call(write, "PATCH", `/workspaces/${stranger.workspaceId}`, { name: "Theirs" })).status).toBe(404);

    expect((await call(viewerWrite, "PATCH", `/members/${owner.id}`, { role: "viewer" })).status).toBe(403);
    const promoted = await call(write, "PATCH", `/members/${viewer.id}`, { role: "editor" });
    expect(promoted.json).toMatchObject({ id: viewer.id, role: "editor" });
    const lastOwner = await call(write, "PATCH", `/members/${owner.id}`, { role: "admin" });
    expect(lastOwner.status).toBe(422);
    expect(lastOwner.json.detail).toMatch(/needs an owner/);
    expect((await call(write, "DELETE", `/members/${owner.id}`)).status).toBe(422);
    expect((await call(write, "PATCH", `/members/${stranger.id}`, { role: "viewer" })).status).toBe(404);
    expect((await call(write, "DELETE", `/members/${viewer.id}`)).status).toBe(204);
    // A removed member's token goes with their membership.
    expect((await call(viewerWrite, "GET", "/projects")).status).toBe(401);
  });

  it("reads the token's workspace and a project, and manages the project's statuses", async () => {
    const { write, viewerWrite, owner, project } = await team();
    const workspaces = await call(write, "GET", "/workspaces");
    expect(workspaces.json.items).toEqual([expect.objectContaining({ id: owner.workspaceId, role: "owner" })]);
    expect((await call(viewerWrite, "GET", `/workspaces/${owner.workspaceId}`)).json.role).toBe("viewer");
    const read = await call(write, "GET", `/projects/${project.id}`);
    expect(read.json).toMatchObject({ id: project.id, name: "Website" });

    const columns = (await call(write, "GET", `/projects/${project.id}/statuses`)).json.items;
    expect(columns.map((status: { name: string }) => status.name)).toEqual(["To Do", "In Progress", "Review", "Done"]);
    const created = await call(write, "POST", `/projects/${project.id}/statuses`, {
      name: "Blocked",
      category: "active",
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: "Blocked", color: "slate", category: "active", tasks: 0 });
    const duplicate = await call(write, "POST", `/projects/${project.id}/statuses`, {
      name: "blocked",
      category: "active",
    });
    expect(duplicate.status).toBe(422);
    expect(duplicate.json.errors[0].field).toBe("name");

    const renamed = await call(write, "PATCH", `/statuses/${created.json.id}`, { name: "On hold", move: "left" });
    expect(renamed.json).toMatchObject({ name: "On hold", color: "slate", category: "active" });
    const order = (await call(write, "GET", `/projects/${project.id}/statuses`)).json.items;
    expect(order.map((status: { name: string }) => status.name)).toEqual([
      "To Do",
      "In Progress",
      "Review",
      "On hold",
      "Done",
    ]);
    await call(write, "POST", `/projects/${project.id}/tasks`, { title: "Waiting", statusId: created.json.id });
    expect((await call(write, "DELETE", `/statuses/${created.json.id}`)).status).toBe(422);
    const removed = await call(write, "DELETE", `/statuses/${created.json.id}?moveTasksTo=${columns[0].id}`);
    expect(removed.status).toBe(204);
    const after = (await call(write, "GET", `/projects/${project.id}/statuses`)).json.items;
    expect(after[0]).toMatchObject({ name: "To Do", tasks: 1 });
    expect((await call(viewerWrite, "PATCH", `/statuses/${columns[0].id}`, { name: "Mine" })).status).toBe(403);
  });

  it("lists a task's subtasks and keeps its checklist", async () => {
    const { write, viewerWrite, project } = await team();
    const parent = (await call(write, "POST", `/projects/${project.id}/tasks`, { title: "Launch" })).json;
    const child = await call(write, "POST", `/projects/${project.id}/tasks`, { title: "Press", parentId: parent.id });
    expect(child.json.parentId).toBe(parent.id);
    const moved = (await call(write, "POST", `/projects/${project.id}/tasks`, { title: "Blog" })).json;
    expect((await call(write, "PATCH", `/tasks/${moved.id}`, { parentId: parent.id })).json.parentId).toBe(parent.id);
    const subtasks = await call(write, "GET", `/tasks/${parent.id}/subtasks`);
    expect(subtasks.json.items.map((task: { title: string }) => task.title)).toEqual(["Press", "Blog"]);
    expect((await call(write, "PATCH", `/tasks/${moved.id}`, { parentId: null })).json.parentId).toBeNull();
    const nested = await call(write, "PATCH", `/tasks/${parent.id}`, { parentId: child.json.id });
    expect(nested.status).toBe(422);

    const items: Array<{ id: string }> = [];
    for (const title of ["Draft", "Review", "Send"]) {
      const added = await call(write, "POST", `/tasks/${parent.id}/checklist`, { title });
      expect(added.status).toBe(201);
      items.push(added.json as { id: string });
    }
    expect(items[0]).toMatchObject({ title: "Draft", done: false, taskId: parent.id });
    const ticked = await call(write, "PATCH", `/checklist-items/${items[0]!.id}`, { done: true, title: "Draft it" });
    expect(ticked.json).toMatchObject({ title: "Draft it", done: true });
    await call(write, "PATCH", `/checklist-items/${items[2]!.id}`, { position: 0 });
    expect((await call(write, "DELETE", `/checklist-items/${items[1]!.id}`)).status).toBe(204);
    const list = await call(viewerWrite, "GET", `/tasks/${parent.id}/checklist`);
    expect(list.json.items.map((item: { title: string }) => item.title)).toEqual(["Send", "Draft it"]);
    expect((await call(viewerWrite, "POST", `/tasks/${parent.id}/checklist`, { title: "No" })).status).toBe(403);
    expect((await call(write, "PATCH", `/checklist-items/${items[1]!.id}`, { done: true })).status).toBe(404);
  });

  it("relates tasks across the workspace's projects, shows them on the task, and completes a blocked one unasked", async () => {
    const { write, viewerWrite, read, strangerWrite, project, theirs, owner } = await team();
    const other = (await call(write, "POST", "/projects", { name: "Mobile app", key: "APP" })).json;
    const task = (await call(write, "POST", `/projects/${project.id}/tasks`, { title: "Launch" })).json;
    expect(task.relations).toEqual([]);
    const blocker = (await call(write, "POST", `/projects/${other.id}/tasks`, { title: "Ship the API" })).json;
    const copy = (await call(write, "POST", `/projects/${project.id}/tasks`, { title: "Launch again" })).json;
    const before = await call(write, "GET", `/tasks/${task.id}`);

    // By key, then by id; the answer is the relation as this task sees it.
    const added = await call(write, "POST", `/tasks/${task.id}/relations`, { kind: "blocked_by", task: blocker.key });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({
      kind: "blocked_by",
      task: { id: blocker.id, key: "APP-1", title: "Ship the API", projectId: other.id, status: { name: "To Do" } },
    });
    const duplicate = await call(write, "POST", `/tasks/${copy.id}/relations`, { kind: "duplicates", task: task.id });
    expect(duplicate.json.kind).toBe("duplicates");
    // A task read alone shows them (its version changed); each end sees its own side.
    const read1 = await call(write, "GET", `/tasks/${task.id}`);
    expect(read1.headers.get("etag")).not.toBe(before.headers.get("etag"));
    expect(
      read1.json.relations.map((one: { kind: string; task: { key: string } }) => `${one.kind} ${one.task.key}`),
    ).toEqual(["blocked_by APP-1", `duplicated_by ${copy.key}`]);
    const listed = await call(viewerWrite, "GET", `/tasks/${blocker.id}/relations`);
    expect(listed.json.items).toEqual([
      expect.objectContaining({ kind: "blocks", task: expect.objectContaining({ key: task.key }) }),
    ]);

    // Refused beside the field: a loop, itself, a key of no task here, theirs; a viewer, a read-only token.
    const loop = await call(write, "POST", `/tasks/${task.id}/relations`, { kind: "blocks", task: blocker.id });
    expect(loop.status).toBe(422);
    expect(loop.json.errors[0]).toEqual({
      field: "task",
      message: `${task.key} cannot block APP-1: that would close a loop of blockers, ${task.key} → APP-1 → ${task.key}.`,
    });
    const self = await call(write, "POST", `/tasks/${task.id}/relations`, { kind: "relates", task: task.key });
    expect(self.json.detail).toBe(`${task.key} cannot be related to itself.`);
    const theirTask = (await call(strangerWrite, "POST", `/projects/${theirs.id}/tasks`, { title: "Theirs" })).json;
    for (const other of [theirTask.id, "ZZZ-9"]) {
      const refused = await call(write, "POST", `/tasks/${task.id}/relations`, { kind: "relates", task: other });
      expect(refused.status).toBe(422);
      expect(refused.json.errors[0].field).toBe("task");
    }
    expect(
      (await call(write, "POST", `/tasks/${task.id}/relations`, { kind: "sideways", task: copy.key })).status,
    ).toBe(422);
    expect(
      (await call(viewerWrite, "POST", `/tasks/${task.id}/relations`, { kind: "relates", task: copy.key })).status,
    ).toBe(403);
    expect((await call(read, "POST", `/tasks/${task.id}/relations`, { kind: "relates", task: copy.key })).status).toBe(
      403,
    );
    expect((await call(strangerWrite, "GET", `/tasks/${task.id}/relations`)).status).toBe(404);
    expect(
      (await call(strangerWrite, "POST", `/tasks/${theirTask.id}/relations`, { kind: "relates", task: task.id }))
        .status,
    ).toBe(422);

    // The API is not asked: a blocked task moves to done as asked.
    const done = (await call(write, "GET", `/projects/${project.id}`)).json.statuses.find(
      (status: { category: string }) => status.category === "done",
    );
    const completed = await call(write, "PATCH", `/tasks/${task.id}`, { statusId: done.id });
    expect(completed.json).toMatchObject({ status: { name: "Done" }, completedAt: expect.any(String) });

    // Removed from either end; one not of this task is not found.
    expect((await call(write, "DELETE", `/tasks/${copy.id}/relations/${added.json.id}`)).status).toBe(404);
    expect((await call(viewerWrite, "DELETE", `/tasks/${blocker.id}/relations/${added.json.id}`)).status).toBe(403);
    expect((await call(write, "DELETE", `/tasks/${blocker.id}/relations/${added.json.id}`)).status).toBe(204);
    expect((await call(write, "GET", `/tasks/${task.id}/relations`)).json.items).toEqual([
      expect.objectContaining({ kind: "duplicated_by" }),
    ]);
    expect(owner.workspaceId).toBeTruthy();
  });

  it("uploads, lists, downloads and removes a task's files", async () => {
    const { write, viewerWrite, project } = await team();
    const task = (await call(write, "POST", `/projects/${project.id}/tasks`, { title: "Files" })).json;
    const uploaded = await call(write, "POST", `/tasks/${task.id}/attachments`, file("hello"));
    expect(uploaded.status).toBe(201);
    expect(uploaded.json).toMatchObject({ fileName: "notes.txt", sizeBytes: 5, image: false, taskId: task.id });
    const listed = await call(viewerWrite, "GET", `/tasks/${task.id}/attachments`);
    expect(listed.json.items).toEqual([uploaded.json]);

    const download = await call(viewerWrite, "GET", `/attachments/${uploaded.json.id}/content`);
    expect(download.status).toBe(200);
    expect(download.text).toBe("hello");
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="notes.txt"/);
    expect(download.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");

    expect((await call(viewerWrite, "POST", `/tasks/${task.id}/attachments`, file("no"))).status).toBe(403);
    expect((await call(write, "POST", `/tasks/${task.id}/attachments`, file(""))).status).toBe(422);
    const tooLarge = await call(
      write,
      "POST",
      `/tasks/${task.id}/attachments`,
      file("x".repeat(MAX_ATTACHMENT_BYTES + 1)),
    );
    expect(tooLarge.status).toBe(422);
    expect((await call(write, "POST", `/tasks/${task.id}/attachments`, { file: "text" })).status).toBe(415);
    expect((await call(viewerWrite, "DELETE", `/attachments/${uploaded.json.id}`)).status).toBe(403);
    expect((await call(write, "DELETE", `/attachments/${uploaded.json.id}`)).status).toBe(204);
    expect((await call(write, "GET", `/attachments/${uploaded.json.id}/content`)).status).toBe(404);
  });

  it("posts, pages, edits and deletes chat messages", async () => {
    const { write, viewerWrite, project, owner, viewer } = await team();
    const first = await call(write, "POST", `/projects/${project.id}/messages`, { body: `Hi @${viewer.fullName}` });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ author: { id: owner.id }, mentions: [viewer.id], edited: false });
    for (const body of ["Two", "Three"]) await call(viewerWrite, "POST", `/projects/${project.id}/messages`, { body });
    const bodies: string[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const page = await call(
        write,
        "GET",
        `/projects/${project.id}/messages?limit=2${cursor ? `&cursor=${cursor}` : ""}`,
      );
      expect(page.status).toBe(200);
      bodies.push(...page.json.items.map((item: { body: string }) => item.body));
      cursor = page.json.nextCursor;
    }
    expect(bodies).toEqual(["Three", "Two", first.json.body]);
    expect((await call(write, "GET", `/projects/${project.id}/messages?cursor=forged`)).status).toBe(400);

    expect((await call(viewerWrite, "PATCH", `/messages/${first.json.id}`, { body: "Mine" })).status).toBe(403);
    const edited = await call(write, "PATCH", `/messages/${first.json.id}`, { body: "Hello" });
    expect(edited.json).toMatchObject({ body: "Hello", edited: true });
    expect((await call(write, "DELETE", `/messages/${first.json.id}`)).status).toBe(204);
    const [oldest] = (await call(write, "GET", `/projects/${project.id}/messages?limit=100`)).json.items.slice(-1);
    expect(oldest).toMatchObject({ id: first.json.id, deleted: true, body: null });
  });

  it("adds, lists by range, changes and deletes calendar events", async () => {
    const { write, viewerWrite, project, owner, viewer } = await team();
    const meeting = await call(write, "POST", "/calendar/events", {
      title: "Planning",
      startDate: "2026-12-07",
      startTime: "09:30",
      endTime: "10:00",
      timeZone: "Europe/Paris",
      projectId: project.id,
      attendeeIds: [viewer.id],
    });
    expect(meeting.status).toBe(201);
    expect(meeting.json).toMatchObject({
      startsAt: "2026-12-07T08:30:00.000Z",
      endsAt: "2026-12-07T09:00:00.000Z",
      startTime: "09:30",
      endDate: "2026-12-07",
      projectId: project.id,
      attendees: [{ id: viewer.id, name: viewer.fullName }],
      createdBy: owner.id,
    });
    const offsite = (
      await call(write, "POST", "/calendar/events", {
        title: "Offsite",
        allDay: true,
        startDate: "2026-12-14",
        endDate: "2026-12-15",
      })
    ).json;
    expect(offsite).toMatchObject({ startsAt: "2026-12-14T00:00:00.000Z", endDate: "2026-12-15", startTime: null });
    const missing = await call(write, "POST", "/calendar/events", { title: "When?", startDate: "2026-12-01" });
    expect(missing.status).toBe(422);
    expect(missing.json.errors[0].field).toBe("startTime");

    const titlesIn = async (query: string) =>
      (await call(viewerWrite, "GET", `/calendar/events${query}`)).json.items.map(
        (event: { title: string }) => event.title,
      );
    expect(await titlesIn("")).toEqual(["Planning", "Offsite"]);
    expect(await titlesIn("?from=2026-12-08&to=2026-12-31")).toEqual(["Offsite"]);
    expect(await titlesIn("?from=2026-12-15&to=2026-12-15")).toEqual(["Offsite"]);
    expect(await titlesIn("?to=2026-12-07")).toEqual(["Planning"]);
    expect(await titlesIn(`?projectId=${project.id}`)).toEqual(["Planning"]);
    const firstPage = await call(write, "GET", "/calendar/events?limit=1");
    const second = await call(write, "GET", `/calendar/events?limit=1&cursor=${firstPage.json.nextCursor}`);
    expect(second.json).toMatchObject({ items: [{ title: "Offsite" }], nextCursor: null });

    const moved = await call(write, "PATCH", `/calendar/events/${meeting.json.id}`, {
      startTime: "10:00",
      endTime: "11:00",
    });
    expect(moved.json).toMatchObject({
      title: "Planning",
      startsAt: "2026-12-07T09:00:00.000Z",
      projectId: project.id,
    });
    expect(moved.json.attendees).toHaveLength(1);
    expect((await call(write, "GET", `/calendar/events/${meeting.json.id}`)).json).toEqual(moved.json);
    const stale = { "If-Match": meeting.headers.get("etag")! };
    expect((await call(write, "PATCH", `/calendar/events/${meeting.json.id}`, { title: "Lost" }, stale)).status).toBe(
      409,
    );
    const fresh = { "If-Match": moved.headers.get("etag")! };
    expect((await call(write, "PATCH", `/calendar/events/${meeting.json.id}`, { title: "Kept" }, fresh)).status).toBe(
      200,
    );
    expect((await call(viewerWrite, "PATCH", `/calendar/events/${meeting.json.id}`, { title: "Mine" })).status).toBe(
      403,
    );
    expect(
      (await call(viewerWrite, "POST", "/calendar/events", { title: "No", allDay: true, startDate: "2026-12-01" }))
        .status,
    ).toBe(403);
    expect((await call(write, "DELETE", `/calendar/events/${meeting.json.id}`)).status).toBe(204);
    expect((await call(write, "GET", `/calendar/events/${meeting.json.id}`)).status).toBe(404);
  });

  it("refuses writes to a read-only token, and shows nothing of another workspace (0 leaks)", async () => {
    const { read, write, strangerWrite, project, theirs, stranger, owner, viewer } = await team();
    const mine = await fixtures(write, project.id, "Mine");
    const their = await fixtures(strangerWrite, theirs.id, "Theirs");
    const writes: Array<[string, string, unknown?]> = [
      ["PATCH", `/workspaces/${owner.workspaceId}`, { name: "No" }],
      ["PATCH", `/members/${viewer.id}`, { role: "editor" }],
      ["DELETE", `/members/${viewer.id}`],
      ["POST", "/projects", { name: "No" }],
      ["PATCH", `/projects/${project.id}`, { name: "No" }],
      ["DELETE", `/projects/${project.id}`],
      ["PATCH", `/labels/${mine.label}`, { name: "No" }],
      ["DELETE", `/labels/${mine.label}`],
      ["POST", `/projects/${project.id}/statuses`, { name: "No", category: "active" }],
      ["PATCH", `/statuses/${mine.status}`, { name: "No" }],
      ["DELETE", `/statuses/${mine.status}?moveTasksTo=${mine.status}`],
      ["POST", `/tasks/${mine.task}/checklist`, { title: "No" }],
      ["PATCH", `/checklist-items/${mine.item}`, { done: true }],
      ["DELETE", `/checklist-items/${mine.item}`],
      ["POST", `/tasks/${mine.task}/attachments`, file("no")],
      ["DELETE", `/attachments/${mine.attachment}`],
      ["POST", `/projects/${project.id}/messages`, { body: "No" }],
      ["PATCH", `/messages/${mine.message}`, { body: "No" }],
      ["DELETE", `/messages/${mine.message}`],
      ["POST", "/calendar/events", { title: "No", allDay: true, startDate: "2026-12-01" }],
      ["PATCH", `/calendar/events/${mine.event}`, { title: "No" }],
      ["DELETE", `/calendar/events/${mine.event}`],
    ];
    for (const [method, path, body] of writes)
      expect((await call(read, method, path, body)).status, `${method} ${path}`).toBe(403);

    const probes: Array<[string, string, unknown?]> = [
      ["GET", `/workspaces/${stranger.workspaceId}`],
      ["PATCH", `/workspaces/${stranger.workspaceId}`, { name: "Intruder" }],
      ["PATCH", `/members/${stranger.id}`, { role: "viewer" }],
      ["DELETE", `/members/${stranger.id}`],
      ["GET", `/projects/${theirs.id}`],
      ["PATCH", `/projects/${theirs.id}`, { name: "Intruder" }],
      ["DELETE", `/projects/${theirs.id}`],
      ["PATCH", `/labels/${their.label}`, { name: "Intruder" }],
      ["DELETE", `/labels/${their.label}`],
      ["GET", `/projects/${theirs.id}/statuses`],
      ["POST", `/projects/${theirs.id}/statuses`, { name: "Intruder", category: "active" }],
      ["PATCH", `/statuses/${their.status}`, { name: "Intruder" }],
      ["DELETE", `/statuses/${their.status}?moveTasksTo=${mine.status}`],
      ["GET", `/tasks/${their.task}/subtasks`],
      ["GET", `/tasks/${their.task}/checklist`],
      ["POST", `/tasks/${their.task}/checklist`, { title: "Intruder" }],
      ["PATCH", `/checklist-items/${their.item}`, { title: "Intruder" }],
      ["DELETE", `/checklist-items/${their.item}`],
      ["GET", `/tasks/${their.task}/attachments`],
      ["POST", `/tasks/${their.task}/attachments`, file("intruder")],
      ["GET", `/attachments/${their.attachment}/content`],
      ["DELETE", `/attachments/${their.attachment}`],
      ["GET", `/projects/${theirs.id}/messages`],
      ["POST", `/projects/${theirs.id}/messages`, { body: "Intruder" }],
      ["PATCH", `/messages/${their.message}`, { body: "Intruder" }],
      ["DELETE", `/messages/${their.message}`],
      ["GET", `/calendar/events/${their.event}`],
      ["PATCH", `/calendar/events/${their.event}`, { title: "Intruder" }],
      ["DELETE", `/calendar/events/${their.event}`],
    ];
    for (const [method, path, body] of probes) {
      const answer = await call(write, method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.text).not.toContain("Theirs");
    }
    const listed = JSON.stringify([
      (await call(write, "GET", "/workspaces")).json,
      (await call(write, "GET", "/calendar/events")).json,
      (await call(write, "GET", `/calendar/events?projectId=${theirs.id}`)).json,
      (await call(write, "GET", "/labels")).json,
    ]);
    expect(listed).not.toContain("Theirs");
    expect(listed).not.toContain(stranger.workspaceId);
    // Their things are all still there, unchanged.
    expect((await call(strangerWrite, "GET", `/tasks/${their.task}/checklist`)).json.items[0].title).toBe("Theirs");
    expect((await call(strangerWrite, "GET", `/calendar/events/${their.event}`)).json.title).toBe("Theirs");
  });

  it("answers odd input with a 4xx, never a 5xx", async () => {
    const { write, project, owner, viewer } = await team();
    const mine = await fixtures(write, project.id, "Mine");
    const odd: unknown[] = [
      null,
      [],
      "text",
      42,
      { name: 7, category: "later" },
      { title: "x".repeat(100_000) },
      { body: "x".repeat(5_000) },
      { body: "   " },
      { color: "plaid" },
      { move: "up" },
      { position: -1 },
      { done: "yes" },
      { title: "ok", startDate: "2026-02-31", allDay: true },
      { title: "ok", startDate: "2026-12-02", endDate: "2026-12-01", allDay: true },
      { title: "ok", allDay: true, startDate: "2026-12-01", timeZone: "Mars/Olympus" },
      { title: "ok", allDay: true, startDate: "2026-12-01", projectId: "noproject1" },
      { title: "ok", allDay: true, startDate: "2026-12-01", attendeeIds: ["00000000-0000-4000-8000-000000000000"] },
      { startTime: null },
      { title: { $gt: "" } },
      { name: "ok", key: "1abc" },
      { archived: "yes" },
      { role: "superuser" },
      { name: "x".repeat(61) },
    ];
    const writes: Array<[string, string]> = [
      ["PATCH", `/workspaces/${owner.workspaceId}`],
      ["PATCH", `/members/${viewer.id}`],
      ["POST", "/projects"],
      ["PATCH", `/projects/${project.id}`],
      ["PATCH", `/labels/${mine.label}`],
      ["POST", `/projects/${project.id}/statuses`],
      ["PATCH", `/statuses/${mine.status}`],
      ["POST", `/tasks/${mine.task}/checklist`],
      ["PATCH", `/checklist-items/${mine.item}`],
      ["POST", `/projects/${project.id}/messages`],
      ["PATCH", `/messages/${mine.message}`],
      ["POST", "/calendar/events"],
      ["PATCH", `/calendar/events/${mine.event}`],
    ];
    for (const [method, path] of writes)
      for (const body of odd) {
        const answer = await call(write, method, path, body);
        expect(answer.status, `${method} ${path} ${JSON.stringify(body)?.slice(0, 60)}`).toBeLessThan(500);
      }
    for (const path of ["/calendar/events?from=yesterday", "/calendar/events?cursor=forged", "/workspaces/%00"])
      expect((await call(write, "GET", path)).status).toBeLessThan(500);
    expect((await call(write, "DELETE", `/statuses/${mine.status}?moveTasksTo=nostatus1`)).status).toBe(422);
  });

  it("covered every operation of the newer resources", () => {
    expect(uncalledOperations((operation) => RESOURCE_OPERATIONS.test(operation))).toEqual([]);
  });

  /** One of each thing in a project, each called `name`, made through the API with a read & write token. */
  async function fixtures(token: string, projectId: string, name: string) {
    const project = (await call(token, "GET", `/projects/${projectId}`)).json;
    const label = (await call(token, "POST", "/labels", { name })).json;
    const task = (await call(token, "POST", `/projects/${projectId}/tasks`, { title: name })).json;
    const item = (await call(token, "POST", `/tasks/${task.id}/checklist`, { title: name })).json;
    const attachment = (await call(token, "POST", `/tasks/${task.id}/attachments`, file(name))).json;
    const message = (await call(token, "POST", `/projects/${projectId}/messages`, { body: name })).json;
    const event = (
      await call(token, "POST", "/calendar/events", {
        title: name,
        allDay: true,
        startDate: "2026-12-01",
        projectId,
      })
    ).json;
    return {
      status: project.statuses[1].id as string,
      label: label.id as string,
      task: task.id as string,
      item: item.id as string,
      attachment: attachment.id as string,
      message: message.id as string,
      event: event.id as string,
    };
  }
});
