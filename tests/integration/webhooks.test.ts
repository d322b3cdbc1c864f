import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished } from "vitest";

import { db } from "~/.server/db";
import { jobs, notifications, webhookDeliveries, webhookEndpoints } from "~/.server/db/schema";
import { FieldError, ForbiddenError, NotFoundError } from "~/.server/errors";
import { claimNext } from "~/.server/jobs/queue";
import { jobHandler } from "~/.server/jobs/registry";
import { pruneAll, runDueJobs } from "~/.server/jobs/worker";
import { createProject } from "~/.server/projects/projects";
import { createTask } from "~/.server/tasks/tasks";
import {
  DELIVER_JOB,
  DELIVERY_ATTEMPTS,
  FAILURES_TO_DISABLE,
  RETRY_DELAYS_MS,
  registerWebhooks,
} from "~/.server/webhooks/delivery";
import { isPrivateAddress, overrideAllowPrivateTargets, overrideResolver } from "~/.server/webhooks/targets";
import {
  createWebhook,
  deleteWebhook,
  listWebhooks,
  redeliverWebhook,
  rotateWebhookSecret,
  sendTestWebhook,
  updateWebhook,
  webhookDeliveryLog,
} from "~/.server/webhooks/webhooks";
import * as webhooksPage from "~/routes/app/workspace-webhooks";
import { engines, useTestDatabase } from "../setup/database";
import { addMember, buildUser, type TestUser } from "../setup/factories";
import { callAction, callLoader } from "../setup/route-harness";

type Received = { headers: IncomingHttpHeaders; body: string };

/** A real HTTP receiver on 127.0.0.1: keeps each request and answers the next queued status (else `status`). */
async function startReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const state = { status: 200 };
  const server: Server = createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      const status = answers.shift() ?? state.status;
      response.writeHead(status, { "content-type": "text/plain" });
      response.end(status < 300 ? "ok" : `answer ${status} ${"x".repeat(800)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/plotline?token=receiver-secret`,
    received,
    answers,
    state,
    reset() {
      received.length = 0;
      answers.length = 0;
      state.status = 200;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The request verified with the standardwebhooks library, as a receiver would. */
function verified(secret: string, request: Received) {
  const headers = {
    "webhook-id": String(request.headers["webhook-id"]),
    "webhook-timestamp": String(request.headers["webhook-timestamp"]),
    "webhook-signature": String(request.headers["webhook-signature"]),
  };
  return new Webhook(secret).verify(request.body, headers) as {
    type: string;
    timestamp: string;
    data: Record<string, unknown>;
  };
}

describe.each(engines)("webhooks on %s", (engine) => {
  useTestDatabase(engine);
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let unregister: () => void;
  const later = (ms: number) => new Date(Date.now() + ms);

  beforeAll(async () => {
    receiver = await startReceiver();
    unregister = registerWebhooks();
  });
  afterAll(async () => {
    unregister();
    await receiver.close();
  });
  beforeEach(async () => {
    // The receiver is on 127.0.0.1: allowed here as WEBHOOKS_ALLOW_PRIVATE=true would.
    overrideAllowPrivateTargets(true);
    receiver.reset();
    await db().delete(jobs);
  });
  afterEach(() => overrideAllowPrivateTargets(undefined));

  async function setUp(events: string[] = ["task.created"]) {
    const owner = await buildUser();
    const project = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Website" });
    const hook = await createWebhook(owner.actor, { workspaceId: owner.workspaceId, url: receiver.url, events });
    return { owner, project, hook };
  }

  const endpointRow = async (publicId: string) =>
    (await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.publicId, publicId)))[0]!;
  const notificationsOf = (user: TestUser) =>
    db().select().from(notifications).where(eq(notifications.userId, user.id));

  it("sends a created task once, signed as Standard Webhooks says, and logs the attempt", async () => {
    const { owner, project, hook } = await setUp();
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const task = await createTask(owner.actor, { projectId: project.id, title: "Ship the webhooks" });
    expect(await runDueJobs()).toBe(1);

    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(request!.headers["webhook-id"]).toMatch(/^msg_/);
    expect(request!.headers["content-type"]).toBe("application/json");
    const message = verified(hook.secret, request!);
    expect(message.type).toBe("task.created");
    expect(message.data).toMatchObject({
      id: task.id,
      project: project.id,
      actor: owner.id,
      workspace: owner.workspaceId,
    });
    expect(request!.body).not.toContain(hook.secret);
    // A wrong secret does not verify.
    expect(() => verified(`whsec_${Buffer.alloc(24, 1).toString("base64")}`, request!)).toThrow();

    const log = await webhookDeliveryLog(owner.actor, hook.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      verb: "task.created",
      attempt: 1,
      statusCode: 200,
      error: null,
      responseExcerpt: "ok",
    });
    expect(log[0]!.messageId).toBe(request!.headers["webhook-id"]);
    // The list never carries the secret.
    expect(JSON.stringify(await listWebhooks(owner.actor, owner.workspaceId))).not.toContain(hook.secret);
  });

  it("retries a failure with backoff and the same webhook-id, over at least a day", async () => {
    expect(DELIVERY_ATTEMPTS).toBeGreaterThanOrEqual(6);
    expect(RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0)).toBeGreaterThanOrEqual(24 * 3_600_000);

    const { owner, project, hook } = await setUp();
    receiver.answers.push(500, 503);
    await createTask(owner.actor, { projectId: project.id, title: "Flaky receiver" });
    const started = Date.now();
    expect(await runDueJobs()).toBe(1);
    const [job] = await db().select().from(jobs).where(eq(jobs.kind, DELIVER_JOB));
    expect(job).toMatchObject({ attempts: 1, maxAttempts: DELIVERY_ATTEMPTS, doneAt: null, failedAt: null });
    expect(job!.lastError).toContain("HTTP 500");
    expect(job!.runAt.getTime()).toBeGreaterThanOrEqual(started + RETRY_DELAYS_MS[0]! - 1000);
    expect(await runDueJobs()).toBe(0);

    expect(await runDueJobs({ now: later(RETRY_DELAYS_MS[0]! + 1000) })).toBe(1);
    const [again] = await db().select().from(jobs).where(eq(jobs.id, job!.id));
    // The second wait is the schedule's second step (5 minutes), not the queue's default.
    expect(again!.runAt.getTime()).toBeGreaterThanOrEqual(Date.now() + RETRY_DELAYS_MS[1]! - 60_000);
    expect(await runDueJobs({ now: later(RETRY_DELAYS_MS[0]! + RETRY_DELAYS_MS[1]! + 1000) })).toBe(1);

    expect(receiver.received.map((request) => request.headers["webhook-id"])).toEqual(
      Array(3).fill(receiver.received[0]!.headers["webhook-id"]),
    );
    expect(new Set(receiver.received.map((request) => request.body)).size).toBe(1);
    const log = await webhookDeliveryLog(owner.actor, hook.id);
    expect(log.map((row) => [row.attempt, row.statusCode])).toEqual([
      [3, 200],
      [2, 503],
      [1, 500],
    ]);
    expect(log[1]!.responseExcerpt).toHaveLength(500);
    expect((await endpointRow(hook.id)).consecutiveFailures).toBe(0);
    expect((await db().select().from(jobs).where(eq(jobs.id, job!.id)))[0]!.doneAt).toBeInstanceOf(Date);
  });

  it("sends the same webhook-id again when a worker died after sending", async () => {
    const { owner, project, hook } = await setUp();
    await createTask(owner.actor, { projectId: project.id, title: "Worker dies" });
    const claimed = await claimNext("dying-worker", 1000, later(10));
    expect(claimed?.kind).toBe(DELIVER_JOB);
    // It sent the request, then died before marking the job done.
    await jobHandler(DELIVER_JOB)!(claimed!.payload, claimed!, new Date());
    expect(await runDueJobs({ now: later(500) })).toBe(0);
    expect(await runDueJobs({ now: later(2000) })).toBe(1);

    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.headers["webhook-id"]).toBe(receiver.received[0]!.headers["webhook-id"]);
    verified(hook.secret, receiver.received[1]!);
  });

  it("turns the endpoint off at once on 410 and tells the managers; turning it on again starts afresh", async () => {
    const { owner, project, hook } = await setUp();
    receiver.answers.push(410);
    await createTask(owner.actor, { projectId: project.id, title: "Gone" });
    await runDueJobs();
    expect(receiver.received).toHaveLength(1);
    const row = await endpointRow(hook.id);
    expect(row).toMatchObject({ enabled: false });
    expect(row.disabledReason).toContain("410");
    const [job] = await db().select().from(jobs).where(eq(jobs.kind, DELIVER_JOB));
    expect(job!.doneAt).toBeInstanceOf(Date);
    expect(await notificationsOf(owner)).toHaveLength(1);

    // Off: nothing is planned for it.
    await createTask(owner.actor, { projectId: project.id, title: "Not sent" });
    await runDueJobs({ now: later(60_000) });
    expect(receiver.received).toHaveLength(1);
    expect(await db().select().from(jobs).where(eq(jobs.kind, DELIVER_JOB))).toHaveLength(1);

    await updateWebhook(owner.actor, { webhookId: hook.id, enabled: true });
    expect(await endpointRow(hook.id)).toMatchObject({
      enabled: true,
      consecutiveFailures: 0,
      disabledAt: null,
      disabledReason: null,
    });
    await createTask(owner.actor, { projectId: project.id, title: "Sent again" });
    await runDueJobs();
    expect(receiver.received).toHaveLength(2);
  });

  it("turns the endpoint off after 20 failures in a row and notifies the owners and admins only", async () => {
    const { owner, project, hook } = await setUp();
    const admin = await buildUser();
    const editor = await buildUser();
    await addMember(owner.workspaceId, admin.id, "admin");
    await addMember(owner.workspaceId, editor.id, "editor");
    receiver.state.status = 500;
    for (let n = 1; n <= FAILURES_TO_DISABLE; n++)
      await createTask(owner.actor, { projectId: project.id, title: `Task ${n}` });
    await runDueJobs();
    expect(receiver.received).toHaveLength(FAILURES_TO_DISABLE);

    const row = await endpointRow(hook.id);
    expect(row).toMatchObject({ enabled: false, consecutiveFailures: FAILURES_TO_DISABLE });
    expect(row.disabledReason).toContain("20 deliveries in a row failed");
    for (const manager of [owner, admin]) {
      const [notice] = await notificationsOf(manager);
      expect(notice).toMatchObject({ kind: "webhook.disabled", title: "A webhook was turned off" });
      expect(notice!.body).not.toContain("receiver-secret");
      expect(notice!.link).toBe(`/app/workspaces/${owner.workspaceId}/webhooks`);
    }
    expect(await notificationsOf(editor)).toHaveLength(0);

    // The retries find it off and send nothing.
    receiver.reset();
    await runDueJobs({ now: later(RETRY_DELAYS_MS[0]! + 1000) });
    expect(receiver.received).toHaveLength(0);
    const deliveries = await db().select().from(jobs).where(eq(jobs.kind, DELIVER_JOB));
    expect(deliveries.every((job) => job.doneAt !== null)).toBe(true);
  });

  it("refuses private, loopback and link-local targets without WEBHOOKS_ALLOW_PRIVATE, at creation and at delivery", async () => {
    expect(
      ["127.0.0.1", "10.1.2.3", "172.20.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0"].every(
        isPrivateAddress,
      ),
    ).toBe(true);
    expect(["::1", "::", "fe80::1", "fd00::1", "::ffff:127.0.0.1", "::ffff:a00:1"].every(isPrivateAddress)).toBe(true);
    expect(["93.184.216.34", "2606:4700::1111"].some(isPrivateAddress)).toBe(false);

    const { owner, project, hook } = await setUp();
    overrideAllowPrivateTargets(false);
    for (const url of [receiver.url, "http://localhost:9/hook", "http://[::1]/hook", "http://169.254.169.254/latest"]) {
      const refusal = await createWebhook(owner.actor, { workspaceId: owner.workspaceId, url, events: ["*"] }).catch(
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(FieldError);
      expect((refusal as FieldError).field).toBe("url");
      expect((refusal as FieldError).message).not.toContain("receiver-secret");
    }
    for (const url of [
      "ftp://example.com/hook",
      "https://user:pass@example.com/hook",
      `https://example.com/${"a".repeat(2000)}`,
    ])
      await expect(createWebhook(owner.actor, { workspaceId: owner.workspaceId, url, events: ["*"] })).rejects.toThrow(
        FieldError,
      );

    // Saved while allowed, refused when sent: nothing reaches the receiver, the log says why.
    await createTask(owner.actor, { projectId: project.id, title: "Not to a private address" });
    expect(await runDueJobs()).toBe(1);
    expect(receiver.received).toHaveLength(0);
    const [attempt] = await webhookDeliveryLog(owner.actor, hook.id);
    expect(attempt).toMatchObject({ statusCode: null });
    expect(attempt!.error).toContain("private");
  });

  it("connects to the address it checked, never resolving the name again (DNS rebinding)", async () => {
    // A name only this test's resolver knows: the system's DNS cannot find `.test` names, so
    // a delivery reaches the receiver only through the address the check resolved and approved.
    const looked: string[] = [];
    let answer = "127.0.0.1";
    overrideResolver(async (host) => {
      looked.push(host);
      return [{ address: answer, family: 4 }];
    });
    onTestFinished(() => overrideResolver(undefined));
    const named = receiver.url.replace("127.0.0.1", "hooks.plotline.test");
    const owner = await buildUser();
    const project = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Website" });
    const hook = await createWebhook(owner.actor, {
      workspaceId: owner.workspaceId,
      url: named,
      events: ["task.created"],
    });
    looked.length = 0;

    await createTask(owner.actor, { projectId: project.id, title: "Pinned" });
    expect(await runDueJobs()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    // The request carries the name (Host, and SNI for https); only the check looked it up.
    expect(receiver.received[0]!.headers.host).toBe(new URL(named).host);
    expect(looked).toEqual(["hooks.plotline.test"]);
    expect((await webhookDeliveryLog(owner.actor, hook.id))[0]).toMatchObject({ statusCode: 200 });

    // The name now answers a private address: refused at the check, nothing is sent.
    overrideAllowPrivateTargets(false);
    answer = "10.0.0.7";
    await createTask(owner.actor, { projectId: project.id, title: "Rebound" });
    expect(await runDueJobs()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    expect((await webhookDeliveryLog(owner.actor, hook.id))[0]!.error).toContain("private");
  });

  it("keeps an endpoint's last 500 attempts of the last 30 days, pruned with the worker's finished jobs", async () => {
    const { hook } = await setUp();
    const other = await setUp();
    const [endpoint, otherEndpoint] = [await endpointRow(hook.id), await endpointRow(other.hook.id)];
    const now = new Date();
    const attempt = (endpointId: string, index: number, ageMs: number) => ({
      publicId: `prune${endpointId.slice(0, 8)}${index}`,
      endpointId,
      messageId: `msg_${index}`,
      verb: "task.created",
      payload: { type: "task.created" },
      attempt: 1,
      statusCode: 200,
      durationMs: 1,
      createdAt: new Date(now.getTime() - ageMs),
    });
    const day = 86_400_000;
    await db()
      .insert(webhookDeliveries)
      .values([
        // 505 recent attempts (the oldest of them, index 504, 505 minutes ago) and 2 older than 30 days.
        ...Array.from({ length: 505 }, (_, index) => attempt(endpoint.id, index, (index + 1) * 60_000)),
        attempt(endpoint.id, 900, 31 * day),
        attempt(endpoint.id, 901, 40 * day),
        // Another endpoint: 3 recent ones and one a day short of the bound.
        ...[0, 1, 2].map((index) => attempt(otherEndpoint.id, index, index * 60_000)),
        attempt(otherEndpoint.id, 3, 29 * day),
      ]);

    await pruneAll(now);
    const kept = async (endpointId: string) =>
      (
        await db()
          .select({ messageId: webhookDeliveries.messageId })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.endpointId, endpointId))
      ).map((row) => row.messageId);
    const first = await kept(endpoint.id);
    expect(first).toHaveLength(500);
    expect(first).toContain("msg_0");
    expect(first).toContain("msg_499");
    expect(first).not.toContain("msg_500");
    expect(first).not.toContain("msg_900");
    expect((await kept(otherEndpoint.id)).sort()).toEqual(["msg_0", "msg_1", "msg_2", "msg_3"]);
  });

  it("is the managers' alone: editors and viewers are refused (403), outsiders find nothing", async () => {
    const { owner, hook } = await setUp();
    const editor = await buildUser();
    const viewer = await buildUser();
    const outsider = await buildUser();
    await addMember(owner.workspaceId, editor.id, "editor");
    await addMember(owner.workspaceId, viewer.id, "viewer");
    for (const member of [editor, viewer]) {
      await expect(
        createWebhook(member.actor, { workspaceId: owner.workspaceId, url: receiver.url, events: ["*"] }),
      ).rejects.toThrow(ForbiddenError);
      await expect(listWebhooks(member.actor, owner.workspaceId)).rejects.toThrow(ForbiddenError);
      await expect(sendTestWebhook(member.actor, { webhookId: hook.id })).rejects.toThrow(ForbiddenError);
      await expect(rotateWebhookSecret(member.actor, { webhookId: hook.id })).rejects.toThrow(ForbiddenError);
      await expect(deleteWebhook(member.actor, { webhookId: hook.id })).rejects.toThrow(ForbiddenError);
    }
    await expect(
      createWebhook(outsider.actor, { workspaceId: owner.workspaceId, url: receiver.url, events: ["*"] }),
    ).rejects.toThrow(NotFoundError);
    await expect(webhookDeliveryLog(outsider.actor, hook.id)).rejects.toThrow(NotFoundError);
    await expect(updateWebhook(outsider.actor, { webhookId: hook.id, enabled: false })).rejects.toThrow(NotFoundError);
    expect(await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.publicId, hook.id))).toHaveLength(1);
  });

  it("sends only its own workspace's events, and only those it chose", async () => {
    const { owner, project, hook } = await setUp(["task.created"]);
    const stranger = await buildUser();
    const theirs = await createProject(stranger.actor, { workspaceId: stranger.workspaceId, name: "Theirs" });
    await createTask(stranger.actor, { projectId: theirs.id, title: "Not yours" });
    // A project's creation is an event of the workspace the endpoint did not choose.
    await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Second" });
    expect(await db().select().from(jobs).where(eq(jobs.kind, DELIVER_JOB))).toHaveLength(0);

    await updateWebhook(owner.actor, { webhookId: hook.id, events: ["*"] });
    await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Third" });
    await createTask(stranger.actor, { projectId: theirs.id, title: "Still not yours" });
    await createTask(owner.actor, { projectId: project.id, title: "Yours" });
    expect(await runDueJobs()).toBe(2);
    expect(receiver.received.map((request) => verified(hook.secret, request).type)).toEqual([
      "project.created",
      "task.created",
    ]);
    expect(receiver.received.some((request) => request.body.includes("Not yours"))).toBe(false);
  });

  it("sends a test, redelivers a logged message with its id, and signs with the rotated secret", async () => {
    const { owner, project, hook } = await setUp();
    receiver.answers.push(500);
    await createTask(owner.actor, { projectId: project.id, title: "To redeliver" });
    await runDueJobs();
    const [failed] = await webhookDeliveryLog(owner.actor, hook.id);
    expect(failed!.statusCode).toBe(500);

    await redeliverWebhook(owner.actor, { deliveryId: failed!.id });
    expect(await runDueJobs()).toBe(1);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.headers["webhook-id"]).toBe(failed!.messageId);
    expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);

    const rotated = await rotateWebhookSecret(owner.actor, { webhookId: hook.id });
    expect(rotated.secret).not.toBe(hook.secret);
    await sendTestWebhook(owner.actor, { webhookId: hook.id });
    expect(await runDueJobs()).toBe(1);
    const test = receiver.received[2]!;
    expect(verified(rotated.secret, test)).toMatchObject({ type: "webhook.test", data: { id: hook.id } });
    expect(() => verified(hook.secret, test)).toThrow();

    const log = await webhookDeliveryLog(owner.actor, hook.id);
    expect(log.map((row) => [row.verb, row.attempt, row.statusCode])).toEqual([
      ["webhook.test", 1, 200],
      ["task.created", 2, 200],
      ["task.created", 1, 500],
    ]);
    // The redelivery left the automatic retry's job alone; it goes out with the same id.
    expect(await runDueJobs({ now: later(RETRY_DELAYS_MS[0]! + 1000) })).toBe(1);
    expect(receiver.received[3]!.headers["webhook-id"]).toBe(failed!.messageId);

    // Deleting the endpoint deletes its log.
    const { id: endpointId } = await endpointRow(hook.id);
    await deleteWebhook(owner.actor, { webhookId: hook.id });
    expect(await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId))).toHaveLength(0);
    expect(
      await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)),
    ).toHaveLength(0);
  });

  it("has a page of plain forms: add (the secret shown once), send test, the log, redeliver, turn off, delete", async () => {
    const owner = await buildUser();
    const viewer = await buildUser();
    await addMember(owner.workspaceId, viewer.id, "viewer");
    const path = `/app/workspaces/${owner.workspaceId}/webhooks`;
    const params = { workspaceId: owner.workspaceId };
    const post = (form: Record<string, string>, user: TestUser = owner) =>
      callAction(webhooksPage.action, { path, params, user, form });

    const refused = await post({ intent: "create-webhook", url: "ftp://example.com/x", scope: "all" });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ field: "url", url: "ftp://example.com/x" });
    const added = await post({ intent: "create-webhook", url: receiver.url, description: "CI", scope: "all" });
    expect(added.status).toBe(200);
    const { secret, webhookId } = added.data as { secret: string; webhookId: string };
    expect(secret).toMatch(/^whsec_/);
    const page = await callLoader(webhooksPage.loader, { path, params, user: owner });
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.data)).not.toContain(secret);

    expect((await post({ intent: "send-test", webhookId })).location).toBe(`${path}?log=${webhookId}`);
    await runDueJobs();
    expect(verified(secret, receiver.received[0]!).type).toBe("webhook.test");
    const withLog = await callLoader(webhooksPage.loader, { path: `${path}?log=${webhookId}`, params, user: owner });
    const log = (withLog.data as { log: { deliveries: { id: string; verb: string }[] } }).log;
    expect(log.deliveries.map((delivery) => delivery.verb)).toEqual(["webhook.test"]);
    expect((await post({ intent: "redeliver", webhookId, deliveryId: log.deliveries[0]!.id })).status).toBe(302);
    await runDueJobs();
    expect(receiver.received[1]!.headers["webhook-id"]).toBe(receiver.received[0]!.headers["webhook-id"]);

    // A viewer neither reads nor writes them.
    expect((await callLoader(webhooksPage.loader, { path, params, user: viewer })).status).toBe(403);
    expect((await post({ intent: "delete-webhook", webhookId }, viewer)).status).toBe(403);

    expect((await post({ intent: "toggle-webhook", webhookId, enabled: "false" })).status).toBe(302);
    expect((await endpointRow(webhookId)).enabled).toBe(false);
    expect((await post({ intent: "rotate-secret", webhookId })).data).toMatchObject({ intent: "secret" });
    expect((await post({ intent: "delete-webhook", webhookId })).status).toBe(302);
    expect(await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.publicId, webhookId))).toHaveLength(0);
    expect((await post({ intent: "nonsense" })).status).toBe(400);
  });
});
