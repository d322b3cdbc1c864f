import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { chatDeliveryLog, createChatChannel, listChatChannels } from "~/.server/chat-channels/channels";
import { CHAT_DELIVER_JOB, CHAT_RETRY_DELAYS_MS, registerChatChannels } from "~/.server/chat-channels/delivery";
import { postMessage } from "~/.server/chat/messages";
import { db } from "~/.server/db";
import { chatChannels, jobs, notifications } from "~/.server/db/schema";
import { FieldError } from "~/.server/errors";
import { runDueJobs } from "~/.server/jobs/worker";
import { sendReminders } from "~/.server/notifications/reminders";
import { createProject } from "~/.server/projects/projects";
import { addComment } from "~/.server/tasks/comments";
import { projectStatuses } from "~/.server/tasks/statuses";
import { createTask, moveTask, setTaskAssignees } from "~/.server/tasks/tasks";
import { overrideAllowPrivateTargets, overrideResolver } from "~/.server/webhooks/targets";
import * as channelsPage from "~/routes/app/workspace-chat-channels";
import { DEFAULT_CHAT_EVENTS } from "~/utils/chat-channels";
import { engines, useTestDatabase } from "../setup/database";
import { addMember, buildUser } from "../setup/factories";
import { callAction, callLoader } from "../setup/route-harness";

type Received = { path: string; headers: IncomingHttpHeaders; body: string };

/** A real HTTP receiver on 127.0.0.1 standing in for every chat tool: keeps each request, answers queued statuses. */
async function startReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const server: Server = createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      received.push({ path: request.url ?? "", headers: request.headers, body });
      const status = answers.shift() ?? 200;
      response.writeHead(status, { "content-type": "text/plain" });
      response.end(status < 300 ? "ok" : "no_service");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    received,
    answers,
    reset() {
      received.length = 0;
      answers.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The body as the receiving tool parses it: the assertions walk each tool's own nesting. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each format's shape is asserted, not typed
const json = (request: Received) => JSON.parse(request.body) as Record<string, any>;

describe.each(engines)("chat channels on %s", (engine) => {
  useTestDatabase(engine);
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let unregister: () => void;

  beforeAll(async () => {
    receiver = await startReceiver();
    unregister = registerChatChannels();
  });
  afterAll(async () => {
    unregister();
    await receiver.close();
  });
  beforeEach(async () => {
    overrideAllowPrivateTargets(true);
    // discord.com stands for this receiver, so the Discord URL is a real Discord webhook URL's shape.
    overrideResolver(async (host) =>
      host === "discord.com" ? [{ address: "127.0.0.1", family: 4 }] : [{ address: host, family: 4 }],
    );
    receiver.reset();
    await db().delete(jobs);
  });
  afterEach(() => {
    overrideAllowPrivateTargets(undefined);
    overrideResolver(undefined);
  });

  async function setUp() {
    const owner = await buildUser({ fullName: "Ana Lima" });
    const project = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Website" });
    const statuses = await projectStatuses(db(), (await projectRow(project.id)).id);
    const channel = (format: string, url: string, events: string[] = DEFAULT_CHAT_EVENTS) =>
      createChatChannel(owner.actor, {
        workspaceId: owner.workspaceId,
        projectId: project.id,
        name: `#${format}`,
        format,
        url,
        events,
      });
    return { owner, project, statuses, channel };
  }
  const projectRow = async (publicId: string) => {
    const { projects } = await import("~/.server/db/schema");
    return (await db().select().from(projects).where(eq(projects.publicId, publicId)))[0]!;
  };
  const at = (path: string) => receiver.received.filter((request) => request.path === path);

  it("posts a completed task to Slack, Mattermost, Discord, Teams, ntfy and JSON, each in its own format", async () => {
    const { owner, project, statuses, channel } = await setUp();
    await channel("slack", `${receiver.origin}/services/T1/B1/slack-token`);
    await channel("mattermost", `${receiver.origin}/hooks/mattermost-token`);
    await channel("discord", `http://discord.com:${receiver.port}/api/webhooks/42/discord-token`);
    await channel("teams", `${receiver.origin}/workflows/teams-token`);
    await channel("ntfy", `${receiver.origin}/plotline-topic`);
    await channel("json", `${receiver.origin}/generic`);
    const task = await createTask(owner.actor, { projectId: project.id, title: "Fix the <login> & signup" });
    await runDueJobs();
    receiver.reset();

    const done = statuses.find((status) => status.category === "done")!;
    await moveTask(owner.actor, { taskId: task.id, statusId: done.publicId, placement: { at: "end" } });
    await runDueJobs();
    // One message per channel: the completion, not also "status changed".
    expect(receiver.received).toHaveLength(6);
    const taskUrl = expect.stringMatching(new RegExp(`/app/project/${project.id}/task/${task.id}$`));

    const slack = json(at("/services/T1/B1/slack-token")[0]!);
    expect(slack.text).toBe(`Ana Lima completed ${task.key} Fix the <login> & signup`);
    expect(slack.blocks[0].type).toBe("section");
    const mrkdwn: string = slack.blocks[0].text.text;
    expect(mrkdwn).toContain(`|${task.key} Fix the &lt;login&gt; &amp; signup>*`);
    expect(mrkdwn).toMatch(new RegExp(`^\\*<http[^|]+/task/${task.id}\\|`));
    expect(mrkdwn).toContain(`>Moved to ${done.name}`);
    expect(slack.blocks[1].elements[0].text).toContain("Website");

    const mattermost = json(at("/hooks/mattermost-token")[0]!);
    expect(mattermost.text).toContain(`**[${task.key} Fix the <login> & signup](http`);
    expect(mattermost.text).toContain("Ana Lima completed");

    // Discord takes Slack's format at its /slack endpoint, with a non-empty text.
    const [discord] = at("/api/webhooks/42/discord-token/slack");
    expect(discord).toBeDefined();
    expect(json(discord!).text).toMatch(/^\*\*\[.+\]\(<http.+>\)\*\*\nAna Lima completed/);

    const teams = json(at("/workflows/teams-token")[0]!);
    expect(teams.type).toBe("message");
    expect(teams.attachments[0].contentType).toBe("application/vnd.microsoft.card.adaptive");
    const card = teams.attachments[0].content;
    expect(card).toMatchObject({ type: "AdaptiveCard", version: "1.4" });
    expect(card.body[0]).toMatchObject({ type: "TextBlock", text: `${task.key} Fix the <login> & signup` });
    expect(card.actions[0]).toMatchObject({ type: "Action.OpenUrl", title: "Open task", url: taskUrl });

    // ntfy takes JSON at its root, the topic inside.
    const ntfy = json(at("/")[0]!);
    expect(ntfy).toMatchObject({
      topic: "plotline-topic",
      title: `${task.key} Fix the <login> & signup`,
      click: taskUrl,
    });
    expect(ntfy.message).toContain("Ana Lima completed");

    const generic = json(at("/generic")[0]!);
    expect(generic).toMatchObject({
      type: "task.completed",
      actor: "Ana Lima",
      task: { key: task.key, title: "Fix the <login> & signup", url: taskUrl },
      project: { name: "Website" },
      detail: `Moved to ${done.name}`,
    });
    for (const request of receiver.received) expect(request.headers["content-type"]).toBe("application/json");
  });

  it("says who created, assigned and commented, and posts chat messages only to channels that asked", async () => {
    const { owner, project, channel } = await setUp();
    const bruno = await buildUser({ fullName: "Bruno Costa" });
    await addMember(owner.workspaceId, bruno.id, "editor");
    await channel("json", `${receiver.origin}/news`);
    await channel("json", `${receiver.origin}/chat-only`, ["message.posted"]);

    const task = await createTask(owner.actor, { projectId: project.id, title: "Write the brief" });
    await setTaskAssignees(owner.actor, { taskId: task.id, userIds: [bruno.id] });
    await addComment(owner.actor, { taskId: task.id, body: "Draft is in the **shared** folder." });
    await postMessage(owner.actor, { projectId: project.id, body: "Standup moved to 10:00" });
    await runDueJobs();

    const news = at("/news").map(json);
    expect(news.map((message) => [message.type, message.text])).toEqual([
      ["task.created", `Ana Lima created ${task.key} Write the brief`],
      ["task.assigned", `Ana Lima assigned ${task.key} Write the brief`],
      ["comment.created", `Ana Lima commented on ${task.key} Write the brief`],
    ]);
    expect(news[1]!.detail).toBe("Assigned to Bruno Costa");
    expect(news[2]!.detail).toBe("Draft is in the **shared** folder.");
    const chat = at("/chat-only").map(json);
    expect(chat).toHaveLength(1);
    expect(chat[0]).toMatchObject({ type: "message.posted", detail: "Standup moved to 10:00", task: null });
    expect(chat[0]!.url).toMatch(/\?view=chat$/);
  });

  it("retries a failing receiver with the same body, shows it failing, and recovers", async () => {
    const { owner, project, channel } = await setUp();
    const created = await channel("slack", `${receiver.origin}/flaky`);
    receiver.answers.push(500, 503);
    await createTask(owner.actor, { projectId: project.id, title: "Flaky" });
    await runDueJobs();
    const failing = (await listChatChannels(owner.actor, owner.workspaceId))[0]!;
    expect(failing).toMatchObject({ consecutiveFailures: 1, lastError: "HTTP 500" });
    expect(failing.failingSince).not.toBeNull();

    const later = (ms: number) => new Date(Date.now() + ms);
    await runDueJobs({ now: later(CHAT_RETRY_DELAYS_MS[0]! + 1000) });
    await runDueJobs({ now: later(CHAT_RETRY_DELAYS_MS[0]! + CHAT_RETRY_DELAYS_MS[1]! + 2000) });
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((request) => request.body)).size).toBe(1);
    const log = await chatDeliveryLog(owner.actor, created.id);
    expect(log.map((row) => [row.attempt, row.statusCode])).toEqual([
      [3, 200],
      [2, 503],
      [1, 500],
    ]);
    expect((await listChatChannels(owner.actor, owner.workspaceId))[0]).toMatchObject({
      consecutiveFailures: 0,
      failingSince: null,
      lastError: null,
    });
    const [job] = await db().select().from(jobs).where(eq(jobs.kind, CHAT_DELIVER_JOB));
    expect(job!.doneAt).toBeInstanceOf(Date);
  });

  it("turns a channel off when the receiver says it is gone, and tells the managers", async () => {
    const { owner, project, channel } = await setUp();
    const created = await channel("discord", `${receiver.origin}/api/webhooks/1/deleted`);
    receiver.answers.push(404);
    await createTask(owner.actor, { projectId: project.id, title: "Gone" });
    await runDueJobs();
    const [row] = await db().select().from(chatChannels).where(eq(chatChannels.publicId, created.id));
    expect(row).toMatchObject({ enabled: false });
    expect(row!.disabledReason).toContain("404");
    const told = await db().select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(told.map((notification) => notification.kind)).toEqual(["chat_channel.disabled"]);
    await createTask(owner.actor, { projectId: project.id, title: "Not posted" });
    await runDueJobs();
    expect(receiver.received).toHaveLength(1);
  });

  it("posts 'due tomorrow' once per task and due date", async () => {
    const { owner, project, channel } = await setUp();
    await channel("json", `${receiver.origin}/due`, ["task.due_soon"]);
    const now = new Date();
    const tomorrow = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
    const task = await createTask(owner.actor, { projectId: project.id, title: "Renew the domain", dueDate: tomorrow });
    await createTask(owner.actor, { projectId: project.id, title: "Later", dueDate: "2099-01-01" });
    await sendReminders(now);
    await runDueJobs();
    await sendReminders(now);
    await runDueJobs();
    const due = at("/due").map(json);
    expect(due).toHaveLength(1);
    expect(due[0]).toMatchObject({
      type: "task.due_soon",
      text: `${task.key} Renew the domain is due tomorrow`,
      task: { key: task.key },
    });
  });

  it("checks the form beside each field and keeps channels to the managers' own projects", async () => {
    const { owner, project } = await setUp();
    const stranger = await buildUser();
    const theirs = await createProject(stranger.actor, { workspaceId: stranger.workspaceId, name: "Theirs" });
    const base = {
      workspaceId: owner.workspaceId,
      projectId: project.id,
      name: "#x",
      format: "json",
      events: ["task.created"],
    };
    const refusal = (input: Partial<typeof base> & { url: string }) =>
      createChatChannel(owner.actor, { ...base, ...input }).then(
        () => null,
        (error: unknown) => (error instanceof FieldError ? [error.field, error.message] : error),
      );
    expect(await refusal({ url: "ftp://example.com/x" })).toEqual(["url", expect.stringContaining("https://")]);
    expect(await refusal({ url: `${receiver.origin}/`, format: "ntfy" })).toEqual([
      "url",
      expect.stringContaining("topic"),
    ]);
    expect(await refusal({ url: `${receiver.origin}/a`, format: "irc" })).toEqual(["format", expect.any(String)]);
    expect(await refusal({ url: `${receiver.origin}/a`, events: [] })).toEqual(["events", expect.any(String)]);
    expect(await refusal({ url: `${receiver.origin}/a`, name: " " })).toEqual(["name", expect.any(String)]);
    expect(await refusal({ url: `${receiver.origin}/a`, projectId: theirs.id })).toEqual([
      "projectId",
      expect.any(String),
    ]);
    overrideAllowPrivateTargets(false);
    expect(await refusal({ url: `${receiver.origin}/a` })).toEqual(["url", expect.stringContaining("private")]);
  });

  it("runs the page: add, refuse with what was typed, send a test, turn off, delete; viewers are refused", async () => {
    const { owner, project } = await setUp();
    const viewer = await buildUser();
    await addMember(owner.workspaceId, viewer.id, "viewer");
    const path = `/app/workspaces/${owner.workspaceId}/chat-channels`;
    const params = { workspaceId: owner.workspaceId };
    const post = (form: Record<string, string | string[]>, user = owner) =>
      callAction(channelsPage.action, { path, params, user, form });
    const secretUrl = `${receiver.origin}/services/T9/B9/very-secret-token`;
    const form = {
      intent: "create-channel",
      projectId: project.id,
      name: "#web",
      format: "slack",
      events: ["task.created"],
    };

    const refused = await post({ ...form, url: "not a url" });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ field: "url", url: "not a url", name: "#web", events: ["task.created"] });
    expect((await post({ ...form, url: secretUrl })).status).toBe(302);
    const page = await callLoader(channelsPage.loader, { path, params, user: owner });
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.data)).not.toContain("very-secret-token");
    const [listed] = (page.data as { channels: { id: string; url: string }[] }).channels;
    expect(listed!.url).toBe(`${receiver.origin}/…oken`);

    expect((await post({ intent: "send-test", channelId: listed!.id })).location).toBe(
      `${path}?log=${listed!.id}#channel-log`,
    );
    await runDueJobs();
    const test = json(receiver.received[0]!);
    expect(test.text).toBe("Ana Lima sent a test from Plotline");
    const withLog = await callLoader(channelsPage.loader, { path: `${path}?log=${listed!.id}`, params, user: owner });
    expect((withLog.data as { log: { deliveries: { statusCode: number }[] } }).log.deliveries).toEqual([
      expect.objectContaining({ statusCode: 200, summary: "Ana Lima sent a test from Plotline" }),
    ]);

    expect((await callLoader(channelsPage.loader, { path, params, user: viewer })).status).toBe(403);
    expect((await post({ intent: "delete-channel", channelId: listed!.id }, viewer)).status).toBe(403);

    const edited = await post({
      intent: "update-channel",
      channelId: listed!.id,
      name: "#website",
      url: "",
      events: [],
    });
    expect(edited.status).toBe(400);
    expect(edited.data).toMatchObject({ field: "events", channelId: listed!.id, name: "#website" });
    expect(
      (
        await post({
          intent: "update-channel",
          channelId: listed!.id,
          name: "#website",
          url: "",
          events: ["task.completed"],
        })
      ).status,
    ).toBe(302);
    const [row] = await db().select().from(chatChannels).where(eq(chatChannels.publicId, listed!.id));
    expect(row).toMatchObject({ name: "#website", url: secretUrl, events: ["task.completed"] });

    expect((await post({ intent: "toggle-channel", channelId: listed!.id, enabled: "false" })).status).toBe(302);
    expect((await db().select().from(chatChannels).where(eq(chatChannels.publicId, listed!.id)))[0]!.enabled).toBe(
      false,
    );
    expect((await post({ intent: "delete-channel", channelId: listed!.id })).status).toBe(302);
    expect(await db().select().from(chatChannels).where(eq(chatChannels.publicId, listed!.id))).toHaveLength(0);
  });
});
