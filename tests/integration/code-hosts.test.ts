import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

import githubExamples from "@octokit/webhooks-examples";
import { and, eq, sql } from "drizzle-orm";
import express from "express";
import { describe, expect, it } from "vitest";

import { createConnection, deleteConnection, rotateConnectionSecret } from "~/.server/code-hosts/connections";
import { handleCodeHostDelivery } from "~/.server/code-hosts/inbound";
import { db } from "~/.server/db";
import { queryRows } from "~/.server/db/client";
import { activity, codeHostConnections, statuses, taskLinks, tasks } from "~/.server/db/schema";
import { createProject } from "~/.server/projects/projects";
import { createTask } from "~/.server/tasks/tasks";
import { describeActivity } from "~/utils/activity-text";
import { signedDelivery, type Host } from "../setup/code-host-deliveries";
import { limitRequestBodies } from "../../server/body-limit";
import { codeHostHooks } from "../../server/code-host-hooks";
import { engines, useTestDatabase } from "../setup/database";
import { addMember, buildUser } from "../setup/factories";

/**
 * Code hosts' deliveries through the inbound endpoint (app/.server/code-hosts/inbound.ts), as
 * the hosts send them: GitHub's recorded payloads from @octokit/webhooks-examples, GitLab's and
 * Gitea's built from their documented examples (tests/fixtures/code-hosts), each signed the
 * host's way. A task key in a branch, a title, a body or a commit message links the pull
 * request or commit to the task; "Fixes KEY" moves it to Done when merged (or landed on the
 * default branch); a bad signature is refused and changes nothing; the same delivery twice
 * acts once; another workspace's keys are not its.
 */
type Example = Record<string, unknown> & { action?: string };
const examples = (name: string) =>
  (githubExamples as unknown as { name: string; examples: Example[] }[]).find((group) => group.name === name)!.examples;
const fixture = (file: string) =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "../fixtures/code-hosts", file), "utf8")) as Record<
    string,
    any // eslint-disable-line @typescript-eslint/no-explicit-any -- a host's payload, edited in place by the tests
  >;

/** GitHub's own payloads: a pull request opened, one closed, a push of one commit to the default branch. */
function githubPullRequest(
  kind: "opened" | "merged" | "closed",
  change: { branch?: string; title?: string; body?: string },
) {
  const source = examples("pull_request").find(
    (example) => example.action === (kind === "opened" ? "opened" : "closed"),
  )!;
  const payload = structuredClone(source) as any; // eslint-disable-line @typescript-eslint/no-explicit-any -- GitHub's payload
  if (change.branch !== undefined) payload.pull_request.head.ref = change.branch;
  if (change.title !== undefined) payload.pull_request.title = change.title;
  if (change.body !== undefined) payload.pull_request.body = change.body;
  if (kind === "merged") {
    payload.pull_request.merged = true;
    payload.pull_request.merged_at = "2026-03-02T12:00:00Z";
  }
  return payload;
}

function githubPush(message: string, ref = "refs/heads/master") {
  const source = examples("push").find((example) => example.ref === "refs/heads/master")!;
  const payload = structuredClone(source) as any; // eslint-disable-line @typescript-eslint/no-explicit-any -- GitHub's payload
  payload.ref = ref;
  payload.commits[0].message = message;
  return payload;
}

async function deliver(
  host: Host,
  connectionId: string,
  secret: string,
  event: string,
  payload: unknown,
  options: { deliveryId?: string; headers?: Record<string, string> } = {},
) {
  const signed = await signedDelivery(host, { secret, event, payload, deliveryId: options.deliveryId });
  const response = await handleCodeHostDelivery(
    new Request(`http://localhost/hooks/code/${connectionId}`, {
      method: "POST",
      headers: { ...signed.headers, ...options.headers },
      body: signed.body,
    }),
  );
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** A workspace with a project WEB, tasks WEB-1 … WEB-n, and a connection to `host`. */
async function team(
  host: Host,
  titles = ["Update the README", "Fix the login page", "Tidy the header", "Sort the footer"],
) {
  const owner = await buildUser({ fullName: "Olive Owner" });
  const { id: projectId } = await createProject(owner.actor, {
    workspaceId: owner.workspaceId,
    name: "Web",
    key: "WEB",
  });
  const created = [];
  for (const title of titles) created.push(await createTask(owner.actor, { projectId, title }));
  const connection = await createConnection(owner.actor, { workspaceId: owner.workspaceId, provider: host });
  return { owner, projectId, tasks: created, connection };
}

async function linksOf(taskPublicId: string) {
  return db()
    .select({
      kind: taskLinks.kind,
      provider: taskLinks.provider,
      externalId: taskLinks.externalId,
      title: taskLinks.title,
      state: taskLinks.state,
      branch: taskLinks.branch,
      url: taskLinks.url,
    })
    .from(taskLinks)
    .innerJoin(tasks, eq(tasks.id, taskLinks.taskId))
    .where(eq(tasks.publicId, taskPublicId))
    .orderBy(taskLinks.createdAt);
}

async function statusOf(taskPublicId: string) {
  const [row] = await db()
    .select({ name: statuses.name, category: statuses.category })
    .from(tasks)
    .innerJoin(statuses, eq(statuses.id, tasks.statusId))
    .where(eq(tasks.publicId, taskPublicId));
  return row!;
}

async function logOf(taskPublicId: string) {
  return db()
    .select({ verb: activity.verb, data: activity.data, actorId: activity.actorId })
    .from(activity)
    .where(and(eq(activity.subjectType, "task"), eq(activity.subjectId, taskPublicId)))
    .orderBy(activity.sequence);
}

/** Every table but the connections' own failure count, as one string. */
async function everythingButConnections() {
  const tables = await queryRows<{ name: string }>(
    db(),
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_name <> 'code_host_connections' order by 1`,
  );
  const dump: Record<string, unknown[]> = {};
  for (const { name } of tables) dump[name] = await queryRows(db(), sql.raw(`select * from "${name}" order by 1`));
  return JSON.stringify(dump);
}

describe.each(engines)("code hosts on %s", (engine) => {
  useTestDatabase(engine);

  it("links a GitHub pull request by its branch and body, follows its state, and moves what it fixes when merged", async () => {
    const {
      owner,
      tasks: [readme, login, header],
      connection,
    } = await team("github");
    const opened = await deliver(
      "github",
      connection.id,
      connection.secret,
      "pull_request",
      githubPullRequest("opened", {
        branch: `${readme!.key.toLowerCase()}-update-the-readme`,
        title: "Update the README with new information.",
        body: `Also tidies the login page.\n\nFixes ${login!.key}`,
      }),
    );
    expect(opened.status).toBe(200);
    expect(opened.json).toMatchObject({ ok: true, duplicate: false, linked: [readme!.key, login!.key], moved: [] });
    for (const task of [readme!, login!]) {
      expect(await linksOf(task.id)).toEqual([
        {
          kind: "pr",
          provider: "github",
          externalId: "Codertocat/Hello-World#2",
          title: "Update the README with new information.",
          state: "open",
          branch: "web-1-update-the-readme",
          url: "https://github.com/Codertocat/Hello-World/pull/2",
        },
      ]);
    }
    expect(await linksOf(header!.id)).toEqual([]);
    // Not merged yet: nothing moves.
    expect(await statusOf(login!.id)).toMatchObject({ category: "not_started" });

    const merged = await deliver(
      "github",
      connection.id,
      connection.secret,
      "pull_request",
      githubPullRequest("merged", {
        branch: "web-1-update-the-readme",
        body: `Also tidies the login page.\n\nFixes ${login!.key}`,
      }),
    );
    expect(merged.json).toMatchObject({ ok: true, moved: [login!.key] });
    expect(await statusOf(login!.id)).toEqual({ name: "Done", category: "done" });
    // Named only in the branch: linked, not moved.
    expect(await statusOf(readme!.id)).toMatchObject({ category: "not_started" });
    expect((await linksOf(readme!.id)).map((link) => link.state)).toEqual(["merged"]);

    // The log says it came from GitHub, acting as the member who connected it.
    const log = await logOf(login!.id);
    const moved = log.find((entry) => entry.verb === "task.moved")!;
    expect(moved.actorId).toBe(owner.id);
    expect(moved.data).toMatchObject({ via: { kind: "integration", id: connection.id, name: "GitHub" } });
    expect(describeActivity(moved.verb, moved.data)).toBe(
      `moved ${login!.key} Fix the login page from To Do to Done via GitHub`,
    );
    expect(log.map((entry) => entry.verb)).toEqual([
      "task.created",
      "task.code_linked",
      "task.code_link_changed",
      "task.moved",
    ]);
    const linked = log.find((entry) => entry.verb === "task.code_linked")!;
    expect(describeActivity(linked.verb, linked.data)).toBe(
      `linked pull request #2 “Update the README with new information.” to ${login!.key} Fix the login page via GitHub`,
    );

    // The connection shows its last delivery.
    const [row] = await db().select().from(codeHostConnections).where(eq(codeHostConnections.publicId, connection.id));
    expect(row!.lastDeliveryResult).toBe(
      `Pull request #2 (merged); linked to ${readme!.key}, ${login!.key}; moved ${login!.key} to Done.`,
    );
    expect(row!.consecutiveFailures).toBe(0);
  });

  it("links a GitHub commit by its message, and closes on the default branch only", async () => {
    const {
      tasks: [first, second],
      connection,
    } = await team("github");
    const onBranch = await deliver(
      "github",
      connection.id,
      connection.secret,
      "push",
      githubPush(`Shorten the README\n\nFixes ${first!.key}`, "refs/heads/feature"),
    );
    expect(onBranch.json).toMatchObject({ linked: [first!.key], moved: [] });
    expect(await linksOf(first!.id)).toEqual([
      {
        kind: "commit",
        provider: "github",
        externalId: "6113728f27ae82c7b1a177c8d03f9e96e0adf246",
        title: "Shorten the README",
        state: null,
        branch: "feature",
        url: "https://github.com/Codertocat/Hello-World/commit/6113728f27ae82c7b1a177c8d03f9e96e0adf246",
      },
    ]);
    expect(await statusOf(first!.id)).toMatchObject({ category: "not_started" });

    // The same commit lands on master (the repository's default branch): now it closes.
    const landed = await deliver(
      "github",
      connection.id,
      connection.secret,
      "push",
      githubPush(`Shorten the README\n\nFixes ${first!.key}, closes ${second!.key}`),
    );
    expect(landed.json).toMatchObject({ moved: [first!.key, second!.key] });
    expect((await linksOf(first!.id)).map((link) => link.branch)).toEqual(["master"]);
    expect(await statusOf(second!.id)).toMatchObject({ category: "done" });
    // A tag's push and GitHub's ping link nothing.
    const tag = examples("push").find((example) => example.ref === "refs/tags/simple-tag")!;
    expect((await deliver("github", connection.id, connection.secret, "push", tag)).json).toMatchObject({
      linked: [],
      result: "Ignored a push of a tag.",
    });
    const ping = await deliver("github", connection.id, connection.secret, "ping", {
      zen: "Keep it logically awesome.",
      hook_id: 1,
    });
    expect(ping.json).toMatchObject({ ok: true, result: "A ping: the connection works." });
  });

  it("links a GitLab merge request by its title and commits by message, and closes with Resolves on merge", async () => {
    const {
      tasks: [header, footer, , sorted],
      connection,
    } = await team("gitlab");
    const mr = fixture("gitlab-merge-request.json");
    mr.object_attributes.title = `${header!.key}: Tidy the header`;
    mr.object_attributes.description = `Resolves ${header!.key}`;
    const opened = await deliver("gitlab", connection.id, connection.secret, "Merge Request Hook", mr);
    expect(opened.json).toMatchObject({ linked: [header!.key], moved: [] });
    expect(await linksOf(header!.id)).toMatchObject([
      {
        kind: "pr",
        provider: "gitlab",
        externalId: "plotline-test/web-app!5",
        state: "open",
        branch: "tidy-the-header",
      },
    ]);

    mr.object_attributes.draft = true;
    await deliver("gitlab", connection.id, connection.secret, "Merge Request Hook", mr);
    expect((await linksOf(header!.id)).map((link) => link.state)).toEqual(["draft"]);

    mr.object_attributes.draft = false;
    mr.object_attributes.state = "merged";
    mr.object_attributes.action = "merge";
    const merged = await deliver("gitlab", connection.id, connection.secret, "Merge Request Hook", mr);
    expect(merged.json).toMatchObject({ moved: [header!.key] });
    expect(await statusOf(header!.id)).toMatchObject({ category: "done" });

    const push = fixture("gitlab-push.json");
    push.commits[0].message = `Sort the footer links for ${sorted!.key}\n\nCloses ${footer!.key}`;
    const pushed = await deliver("gitlab", connection.id, connection.secret, "Push Hook", push);
    expect(pushed.json).toMatchObject({ linked: [sorted!.key, footer!.key], moved: [footer!.key] });
    expect(await linksOf(sorted!.id)).toMatchObject([
      { kind: "commit", externalId: "9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d", state: null, branch: "main" },
    ]);
    expect(await statusOf(sorted!.id)).toMatchObject({ category: "not_started" });
  });

  it("links a Gitea pull request by branch, marks it closed or merged, and moves what it fixes on merge", async () => {
    const {
      tasks: [first, second],
      connection,
    } = await team("gitea");
    const pr = fixture("gitea-pull-request.json");
    pr.pull_request.head.ref = `feature/${first!.key}-footer`;
    pr.pull_request.body = `fix: ${second!.key}`;
    const opened = await deliver("gitea", connection.id, connection.secret, "pull_request", pr);
    expect(opened.json).toMatchObject({ linked: [first!.key, second!.key], moved: [] });
    expect(await linksOf(first!.id)).toMatchObject([
      {
        kind: "pr",
        provider: "gitea",
        externalId: "plotline-test/web-app#3",
        state: "open",
        branch: "feature/WEB-1-footer",
      },
    ]);

    pr.action = "closed";
    pr.pull_request.state = "closed";
    await deliver("gitea", connection.id, connection.secret, "pull_request", pr);
    expect((await linksOf(first!.id)).map((link) => link.state)).toEqual(["closed"]);
    expect(await statusOf(second!.id)).toMatchObject({ category: "not_started" });

    pr.pull_request.merged = true;
    const merged = await deliver("gitea", connection.id, connection.secret, "pull_request", pr);
    expect(merged.json).toMatchObject({ moved: [second!.key] });
    expect(await statusOf(second!.id)).toMatchObject({ category: "done" });

    // Forgejo's own headers are read the same way.
    const push = fixture("gitea-push.json");
    push.commits[0].message = `Shorten the footer links (${first!.key})`;
    const signed = await signedDelivery("gitea", { secret: connection.secret, event: "push", payload: push });
    const forgejo = await handleCodeHostDelivery(
      new Request(`http://localhost/hooks/code/${connection.id}`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "X-Forgejo-Event": "push",
          "X-Forgejo-Delivery": "forgejo-1",
          "X-Forgejo-Signature": signed.headers["X-Gitea-Signature"]!,
        },
        body: signed.body,
      }),
    );
    expect(forgejo.status).toBe(200);
    expect((await linksOf(first!.id)).map((link) => link.kind)).toEqual(["pr", "commit"]);
  });

  it("refuses a bad or missing signature with 401, changing nothing but the connection's failure count", async () => {
    for (const host of ["github", "gitlab", "gitea"] as const) {
      const {
        tasks: [task],
        connection,
      } = await team(host);
      const payload =
        host === "github"
          ? githubPullRequest("merged", { title: `Fixes ${task!.key}` })
          : host === "gitlab"
            ? fixture("gitlab-merge-request.json")
            : fixture("gitea-pull-request.json");
      const event = host === "gitlab" ? "Merge Request Hook" : "pull_request";
      const before = await everythingButConnections();
      const wrong = await deliver(host, connection.id, "not-the-secret", event, payload);
      expect(wrong.status, host).toBe(401);
      expect(String(wrong.json.error)).toContain("does not match this connection's secret");
      const unsigned = await handleCodeHostDelivery(
        new Request(`http://localhost/hooks/code/${connection.id}`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-GitHub-Event": "pull_request" },
          body: JSON.stringify(payload),
        }),
      );
      expect(unsigned.status, host).toBe(401);
      expect(await everythingButConnections()).toBe(before);
      const [row] = await db()
        .select()
        .from(codeHostConnections)
        .where(eq(codeHostConnections.publicId, connection.id));
      expect(row).toMatchObject({ consecutiveFailures: 2, lastDeliveryAt: null });
      expect(row!.lastFailure).toMatch(
        /^The (signature|secret token) \(X-[\w-]+\) does not match this connection's secret\.$/,
      );
      expect(row!.failingSince).not.toBeNull();
      // A good delivery clears it.
      expect((await deliver(host, connection.id, connection.secret, event, payload)).status).toBe(200);
      const [after] = await db()
        .select()
        .from(codeHostConnections)
        .where(eq(codeHostConnections.publicId, connection.id));
      expect(after).toMatchObject({ consecutiveFailures: 0, failingSince: null });
    }
  });

  it("acts once on the same delivery sent twice", async () => {
    const {
      tasks: [task],
      connection,
    } = await team("github");
    const payload = githubPullRequest("merged", { title: `Fix it`, body: `Closes ${task!.key}` });
    const first = await deliver("github", connection.id, connection.secret, "pull_request", payload, {
      deliveryId: "delivery-1",
    });
    expect(first.json).toMatchObject({ duplicate: false, moved: [task!.key] });
    const logged = await logOf(task!.id);
    // GitHub redelivers the same delivery (from its log, or a retry): nothing happens again.
    const again = await deliver("github", connection.id, connection.secret, "pull_request", payload, {
      deliveryId: "delivery-1",
    });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ duplicate: true, linked: [], moved: [] });
    expect(await logOf(task!.id)).toEqual(logged);
    expect(await linksOf(task!.id)).toHaveLength(1);
    // GitLab's retries carry the same Idempotency-Key.
    const gitlab = await team("gitlab");
    const mr = fixture("gitlab-merge-request.json");
    mr.object_attributes.title = `${gitlab.tasks[0]!.key} header`;
    const options = { deliveryId: "3f1e2d4c-0000-4000-8000-000000000001" };
    expect(
      (await deliver("gitlab", gitlab.connection.id, gitlab.connection.secret, "Merge Request Hook", mr, options)).json,
    ).toMatchObject({ duplicate: false });
    expect(
      (await deliver("gitlab", gitlab.connection.id, gitlab.connection.secret, "Merge Request Hook", mr, options)).json,
    ).toMatchObject({ duplicate: true });
    expect((await logOf(gitlab.tasks[0]!.id)).filter((entry) => entry.verb === "task.code_linked")).toHaveLength(1);
  });

  it("links and moves only the connection's own workspace's tasks", async () => {
    const ours = await team("github");
    // Another workspace with a project WEB too: its WEB-1 is not ours.
    const theirs = await team("github");
    const payload = githubPullRequest("merged", { title: "Shared fix", body: `Fixes ${ours.tasks[0]!.key}` });
    const delivered = await deliver("github", ours.connection.id, ours.connection.secret, "pull_request", payload);
    expect(delivered.json).toMatchObject({ linked: ["WEB-1"], moved: ["WEB-1"] });
    expect(await linksOf(ours.tasks[0]!.id)).toHaveLength(1);
    expect(await linksOf(theirs.tasks[0]!.id)).toEqual([]);
    expect(await statusOf(theirs.tasks[0]!.id)).toMatchObject({ category: "not_started" });
    // Their secret does not open our connection.
    expect(
      (await deliver("github", ours.connection.id, theirs.connection.secret, "pull_request", payload)).status,
    ).toBe(401);
  });

  it("links but does not move when the member who connected it may no longer edit tasks", async () => {
    const {
      owner,
      tasks: [task],
    } = await team("github");
    const admin = await buildUser({ fullName: "Ann Admin" });
    await addMember(owner.workspaceId, admin.id, "admin");
    const connection = await createConnection(admin.actor, { workspaceId: owner.workspaceId, provider: "github" });
    await addMember(owner.workspaceId, admin.id, "viewer");
    const payload = githubPullRequest("merged", { title: `Fixes ${task!.key}` });
    const delivered = await deliver("github", connection.id, connection.secret, "pull_request", payload);
    expect(delivered.json).toMatchObject({ linked: [task!.key], moved: [] });
    expect(String(delivered.json.result)).toContain(
      `${task!.key} was not moved: the member who connected this code host can no longer edit tasks`,
    );
    expect(await statusOf(task!.id)).toMatchObject({ category: "not_started" });
  });

  it("refuses unknown connections, other methods, unreadable payloads, and a rotated or deleted connection's old secret", async () => {
    const { owner, connection } = await team("github");
    const get = await handleCodeHostDelivery(new Request(`http://localhost/hooks/code/${connection.id}`));
    expect(get.status).toBe(405);
    expect((await deliver("github", "nosuchconn", connection.secret, "ping", {})).status).toBe(404);
    const unreadable = await deliver("github", connection.id, connection.secret, "pull_request", {
      pull_request: { number: "two" },
    });
    expect(unreadable.status).toBe(400);
    expect(String(unreadable.json.error)).toContain("pull_request");
    const rotated = await rotateConnectionSecret(owner.actor, { connectionId: connection.id });
    expect((await deliver("github", connection.id, connection.secret, "ping", {})).status).toBe(401);
    expect((await deliver("github", connection.id, rotated.secret, "ping", {})).status).toBe(200);
    await deleteConnection(owner.actor, { connectionId: connection.id });
    expect((await deliver("github", connection.id, rotated.secret, "ping", {})).status).toBe(404);
  });

  it("takes deliveries through Express: whole bodies only, a body over its cap refused once and never read", async () => {
    const {
      tasks: [task],
      connection,
    } = await team("github");
    const app = express();
    app.use(
      limitRequestBodies({
        form: 1000,
        json: 1000,
        multipart: 1000,
        attachment: 1000,
        import: 1000,
        workspaceImport: 1000,
        codeHost: 100_000,
        other: 1000,
      }),
    );
    app.use(codeHostHooks());
    app.use((_req, res) => res.status(418).end());
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const payload = githubPullRequest("opened", { title: `${task!.key} over Express` });
      const signed = await signedDelivery("github", { secret: connection.secret, event: "pull_request", payload });
      const taken = await fetch(`${base}/hooks/code/${connection.id}`, {
        method: "POST",
        headers: signed.headers,
        body: signed.body,
      });
      expect(taken.status).toBe(200);
      expect(await taken.json()).toMatchObject({ linked: [task!.key] });
      expect((await fetch(`${base}/hooks/code/${connection.id}`)).status).toBe(405);
      expect((await fetch(`${base}/elsewhere`)).status).toBe(418);
      // Streamed without a length, past the cap: 413 from the counter, and the delivery is not read.
      const status = await new Promise<number>((resolve, reject) => {
        const request = http.request(`${base}/hooks/code/${connection.id}`, {
          method: "POST",
          agent: false,
          headers: { "Content-Type": "application/json", "X-GitHub-Event": "ping" },
        });
        request.on("response", (response) => resolve(response.statusCode ?? 0));
        request.on("error", reject);
        request.write(Buffer.alloc(60_000, 32));
        request.write(Buffer.alloc(60_000, 32));
        request.end();
      });
      expect(status).toBe(413);
      const [row] = await db()
        .select()
        .from(codeHostConnections)
        .where(eq(codeHostConnections.publicId, connection.id));
      expect(row).toMatchObject({ consecutiveFailures: 0 });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
