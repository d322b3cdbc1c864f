import { validate } from "@readme/openapi-parser";
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it, onTestFinished } from "vitest";

import { handleApiRequest, routes } from "~/.server/api/router";
import { apiRate } from "~/.server/api/limits";
import { openApiDocument } from "~/.server/api/openapi";
import { createApiToken, revokeApiToken } from "~/.server/api-tokens/tokens";
import { db } from "~/.server/db";
import { activity, apiTokens, tasks } from "~/.server/db/schema";
import { resetRateLimits } from "~/.server/security/rate-limit";
import { engines, useTestDatabase } from "../setup/database";
import {
  call,
  documentedOperations,
  mismatches,
  RESOURCE_OPERATIONS,
  team,
  uncalledOperations,
} from "../setup/api-client";

/**
 * The public API (`/api/v1`, issue 32) through its router, as a client calls it: each
 * answer of the run is checked against the OpenAPI document's schema for its operation
 * (0 mismatches, tests/setup/api-client.ts), and the document itself is a valid OpenAPI 3.1
 * document. The newer resources (statuses, a task's parts, chat, calendar) are in
 * api-resources.test.ts.
 */
describe.each(engines)("the public API on %s", (engine) => {
  useTestDatabase(engine);
  beforeEach(() => resetRateLimits());
  afterAll(() => {
    expect(mismatches).toEqual([]);
  });

  it("is a valid OpenAPI 3.1 document, generated from the schemas the API parses", async () => {
    const result = await validate(structuredClone(openApiDocument()) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect((openApiDocument() as { openapi: string }).openapi).toBe("3.1.0");
  });

  it("documents every endpoint of the router, and nothing it lacks", () => {
    const shape = (operation: string) => operation.replace(/\{[^}]+\}/g, "{}");
    const served = routes.map((route) => shape(`${route.method} ${route.template}`)).sort();
    expect(documentedOperations().map(shape).sort()).toEqual(served);
  });

  it("creates, reads, pages, updates and deletes tasks as the token's member", async () => {
    const { write, project, owner } = await team();
    const projects = await call(write, "GET", "/projects");
    expect(projects.status).toBe(200);
    expect(projects.json.items.map((item: { id: string }) => item.id)).toEqual([project.id]);
    const [todo, doing] = projects.json.items[0].statuses as Array<{ id: string }>;

    // An empty page and an unknown project are told apart.
    expect((await call(write, "GET", `/projects/${project.id}/tasks`)).json).toEqual({ items: [], nextCursor: null });
    expect((await call(write, "GET", "/projects/nosuchproject/tasks")).status).toBe(404);
    const created = await call(write, "POST", `/projects/${project.id}/tasks`, {
      title: "Ship the API",
      priority: "high",
      dueDate: "2026-12-01",
      assigneeIds: [owner.id],
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      title: "Ship the API",
      priority: "high",
      dueDate: "2026-12-01",
      status: { id: todo!.id },
    });
    expect(created.json.assignees).toEqual([{ id: owner.id, name: owner.fullName }]);
    expect(created.headers.get("location")).toBe(`/api/v1/tasks/${created.json.id}`);
    // The log says it came through a token.
    const [logged] = await db().select().from(activity).where(eq(activity.subjectId, created.json.id));
    expect(logged!.data).toMatchObject({ via: { kind: "token", name: "write token" } });

    const read = await call(write, "GET", `/tasks/${created.json.id}`);
    expect(read.json).toEqual(created.json);
    const etag = read.headers.get("etag")!;
    expect((await call(write, "GET", `/tasks/${created.json.id}`, undefined, { "If-None-Match": etag })).status).toBe(
      304,
    );

    const patched = await call(
      write,
      "PATCH",
      `/tasks/${created.json.id}`,
      { title: "Ship it", statusId: doing!.id },
      { "If-Match": etag },
    );
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ title: "Ship it", status: { id: doing!.id } });
    // The old version is stale now: refused, and nothing changes.
    const stale = await call(write, "PATCH", `/tasks/${created.json.id}`, { title: "Lost" }, { "If-Match": etag });
    expect(stale.status).toBe(409);
    expect((await call(write, "GET", `/tasks/${created.json.id}`)).json.title).toBe("Ship it");
    // One PATCH is one unit of work: a refused part (a status of no project) keeps the rest unsaved too.
    const partial = await call(write, "PATCH", `/tasks/${created.json.id}`, {
      title: "Half saved",
      priority: "low",
      statusId: "NoSuchStatus1",
    });
    expect(partial.status).toBe(422);
    expect((await call(write, "GET", `/tasks/${created.json.id}`)).json).toMatchObject({
      title: "Ship it",
      priority: "high",
    });

    const nul = await call(write, "POST", `/projects/${project.id}/tasks`, { title: "a\u0000b" });
    expect(nul.status).toBe(400);
    const invalid = await call(write, "POST", `/projects/${project.id}/tasks`, { title: "", color: "red" });
    expect(invalid.status).toBe(422);
    expect(invalid.json.errors.length).toBeGreaterThan(0);

    for (let index = 1; index <= 4; index++)
      await call(write, "POST", `/projects/${project.id}/tasks`, { title: `Task ${index}` });
    const seen: string[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const page = await call(
        write,
        "GET",
        `/projects/${project.id}/tasks?limit=2${cursor ? `&cursor=${cursor}` : ""}`,
      );
      expect(page.status).toBe(200);
      seen.push(...page.json.items.map((item: { title: string }) => item.title));
      cursor = page.json.nextCursor;
    }
    expect(seen).toEqual(["Ship it", "Task 1", "Task 2", "Task 3", "Task 4"]);
    expect((await call(write, "GET", `/projects/${project.id}/tasks?cursor=forged`)).status).toBe(400);

    expect((await call(write, "DELETE", `/tasks/${created.json.id}`)).status).toBe(204);
    expect((await call(write, "GET", `/tasks/${created.json.id}`)).status).toBe(404);
  });

  it("lists members and labels, sets assignees and labels, and keeps a task's comments", async () => {
    const { write, viewerWrite, project, owner, viewer } = await team();
    const members = await call(write, "GET", "/members");
    expect(members.json.items.map((member: { id: string; role: string }) => [member.id, member.role])).toEqual([
      [owner.id, "owner"],
      [viewer.id, "viewer"],
    ]);
    const label = await call(write, "POST", "/labels", { name: "bug" });
    expect(label.status).toBe(201);
    expect((await call(write, "GET", "/labels")).json.items).toEqual([label.json]);
    expect((await call(viewerWrite, "POST", "/labels", { name: "nope" })).status).toBe(403);

    const task = (await call(write, "POST", `/projects/${project.id}/tasks`, { title: "Triage" })).json;
    const set = await call(write, "PATCH", `/tasks/${task.id}`, {
      assigneeIds: [viewer.id],
      labelIds: [label.json.id],
    });
    expect(set.json.assignees.map((person: { id: string }) => person.id)).toEqual([viewer.id]);
    expect(set.json.labels).toEqual([label.json]);
    // A page (JSON PostgreSQL writes as text) shows a task as it reads alone, but for its relations (read alone only).
    const dated = await call(write, "PATCH", `/tasks/${task.id}`, { dueDate: "2026-03-04", estimateMinutes: 90 });
    const { relations, ...alone } = dated.json;
    expect(relations).toEqual([]);
    expect((await call(write, "GET", `/projects/${project.id}/tasks`)).json).toEqual({
      items: [alone],
      nextCursor: null,
    });

    const first = await call(write, "POST", `/tasks/${task.id}/comments`, { body: "First" });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ body: "First", author: { id: owner.id }, edited: false, taskId: task.id });
    for (const text of ["Second", "Third"]) await call(write, "POST", `/tasks/${task.id}/comments`, { body: text });
    const bodies: string[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const page = await call(write, "GET", `/tasks/${task.id}/comments?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.status).toBe(200);
      bodies.push(...page.json.items.map((item: { body: string }) => item.body));
      cursor = page.json.nextCursor;
    }
    expect(bodies).toEqual(["First", "Second", "Third"]);
    // Only its author edits a comment; a viewer may comment, not edit another's.
    expect((await call(viewerWrite, "PATCH", `/comments/${first.json.id}`, { body: "Mine now" })).status).toBe(403);
    const edited = await call(write, "PATCH", `/comments/${first.json.id}`, { body: "First, edited" });
    expect(edited.json).toMatchObject({ body: "First, edited", edited: true });
    expect((await call(viewerWrite, "POST", `/tasks/${task.id}/comments`, { body: "Seen" })).status).toBe(201);
    expect((await call(write, "DELETE", `/comments/${first.json.id}`)).status).toBe(204);
    expect((await call(write, "PATCH", `/comments/${first.json.id}`, { body: "Gone" })).status).toBe(404);
  });

  it("refuses what the token or its member may not do, and never shows another workspace", async () => {
    const { read, viewerWrite, strangerWrite, write, project, theirs, stranger } = await team();
    const task = (await call(write, "POST", `/projects/${project.id}/tasks`, { title: "Mine" })).json;
    const theirTask = (await call(strangerWrite, "POST", `/projects/${theirs.id}/tasks`, { title: "Theirs" })).json;
    const theirComment = (await call(strangerWrite, "POST", `/tasks/${theirTask.id}/comments`, { body: "Theirs" }))
      .json;

    // A read-only token reads and may not write; a viewer's read & write token is refused by the policy.
    expect((await call(read, "GET", `/tasks/${task.id}`)).status).toBe(200);
    expect((await call(read, "POST", `/projects/${project.id}/tasks`, { title: "No" })).status).toBe(403);
    expect((await call(read, "DELETE", `/tasks/${task.id}`)).status).toBe(403);
    const viewer = await call(viewerWrite, "PATCH", `/tasks/${task.id}`, { title: "No" });
    expect(viewer.status).toBe(403);
    expect(viewer.json.detail).toMatch(/Viewers cannot edit tasks/);

    // Another workspace's project and task do not exist for this token, whatever the method.
    const probes: Array<[string, string, unknown?]> = [
      ["GET", `/projects/${theirs.id}/tasks`],
      ["POST", `/projects/${theirs.id}/tasks`, { title: "Intruder" }],
      ["GET", `/tasks/${theirTask.id}`],
      ["PATCH", `/tasks/${theirTask.id}`, { title: "Intruder" }],
      ["DELETE", `/tasks/${theirTask.id}`],
      ["GET", `/tasks/${theirTask.id}/comments`],
      ["POST", `/tasks/${theirTask.id}/comments`, { body: "Intruder" }],
      ["PATCH", `/comments/${theirComment.id}`, { body: "Intruder" }],
      ["DELETE", `/comments/${theirComment.id}`],
    ];
    for (const [method, path, body] of probes) {
      const answer = await call(write, method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(JSON.stringify(answer.json)).not.toContain("Theirs");
    }
    expect((await call(strangerWrite, "GET", `/tasks/${theirTask.id}`)).json.title).toBe("Theirs");
    const listed = await call(write, "GET", "/projects");
    expect(listed.json.items.map((item: { id: string }) => item.id)).not.toContain(theirs.id);
    const people = await call(write, "GET", "/members");
    expect(JSON.stringify(people.json)).not.toContain(stranger.email);
  });

  it("answers 401 without a token, with a revoked, an expired or a former member's token", async () => {
    const { owner, viewer, write } = await team();
    expect((await call(null, "GET", "/projects")).status).toBe(401);
    expect((await call("plt_not-a-token", "GET", "/projects")).status).toBe(401);

    const { token, id } = await createApiToken(owner.actor, {
      workspaceId: owner.workspaceId,
      name: "CI",
      scope: "read",
      expiresInDays: 30,
    });
    expect((await call(token, "GET", "/projects")).status).toBe(200);
    await revokeApiToken(owner.actor, { tokenId: id });
    const revoked = await call(token, "GET", "/projects");
    expect(revoked.status).toBe(401);
    expect(revoked.json.detail).toBe("The token was revoked.");

    await db()
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.name, "write token"));
    expect((await call(write, "GET", "/projects")).json.detail).toBe("The token has expired.");

    const mine = await createApiToken(viewer.actor, {
      workspaceId: owner.workspaceId,
      name: "Mine",
      scope: "read",
      expiresInDays: null,
    });
    const { removeMember } = await import("~/.server/team/members");
    await removeMember(owner.actor, { workspaceId: owner.workspaceId, userId: viewer.id });
    expect((await call(mine.token, "GET", "/projects")).status).toBe(401);
  });

  it("creates once for a repeated Idempotency-Key, and refuses the key for another request", async () => {
    const { write, project } = await team();
    const send = (title: string) =>
      call(write, "POST", `/projects/${project.id}/tasks`, { title }, { "Idempotency-Key": "retry-7" });
    const first = await send("Once");
    const again = await send("Once");
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.json).toEqual(first.json);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((await send("Something else")).status).toBe(422);
    const rows = await db().select().from(tasks).where(eq(tasks.title, "Once"));
    expect(rows).toHaveLength(1);
  });

  it("answers 429 with Retry-After past the token's rate", async () => {
    const { read } = await team();
    let last = 0;
    let retryAfter: string | null = null;
    // The rate lowered for the test: the same counter, reached in a few requests.
    const points = apiRate.points;
    apiRate.points = 5;
    onTestFinished(() => void (apiRate.points = points));
    for (let index = 0; index <= apiRate.points && last !== 429; index++) {
      const answer = await call(read, "GET", "/projects");
      last = answer.status;
      retryAfter = answer.headers.get("retry-after");
    }
    expect(last).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it("answers odd input with a 4xx, never a 5xx", async () => {
    const { write, project } = await team();
    const task = (await call(write, "POST", `/projects/${project.id}/tasks`, { title: "Target" })).json;
    const comment = (await call(write, "POST", `/tasks/${task.id}/comments`, { body: "Target" })).json;
    const odd: unknown[] = [
      null,
      [],
      "text",
      42,
      { title: 7 },
      { title: "x".repeat(100_000) },
      { title: "ok", dueDate: "2026-02-31" },
      { title: "ok", startDate: "2026-12-10", dueDate: "2026-12-01" },
      { title: "ok", assigneeIds: ["not-a-uuid"] },
      { title: "ok", assigneeIds: ["00000000-0000-4000-8000-000000000000"] },
      { title: "ok", labelIds: ["nolabel1"] },
      { title: "ok", statusId: "nostatus1" },
      { title: "ok", parentId: "noparent1" },
      { title: "ok", priority: "whenever" },
      { body: { nested: true } },
      { name: "" },
      { title: { $gt: "" } },
    ];
    const writes: Array<[string, string]> = [
      ["POST", `/projects/${project.id}/tasks`],
      ["PATCH", `/tasks/${task.id}`],
      ["POST", `/tasks/${task.id}/comments`],
      ["PATCH", `/comments/${comment.id}`],
      ["POST", "/labels"],
    ];
    for (const [method, path] of writes) {
      for (const body of odd) {
        const answer = await call(write, method, path, body);
        expect(answer.status, `${method} ${path} ${JSON.stringify(body)?.slice(0, 60)}`).toBeLessThan(500);
      }
    }
    // Odd paths and ids, and a body that is not JSON.
    for (const path of ["/tasks/%00", "/tasks/a%2F..%2Fb", "/projects/x/tasks?limit=-1", "/nothing"])
      expect((await call(write, "GET", path)).status).toBeLessThan(500);
    const raw = await handleApiRequest(
      new Request(`http://localhost/api/v1/projects/${project.id}/tasks`, {
        method: "POST",
        headers: { Authorization: `Bearer ${write}`, "Content-Type": "application/json" },
        body: "{not json",
      }),
      "127.0.0.1",
    );
    expect(raw.status).toBe(400);
  });

  it("covered every operation of the document but the newer resources' (api-resources.test.ts)", () => {
    expect(uncalledOperations((operation) => !RESOURCE_OPERATIONS.test(operation))).toEqual([]);
  });
});
