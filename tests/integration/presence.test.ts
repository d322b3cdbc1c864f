import { randomUUID } from "node:crypto";
import { isDeepStrictEqual } from "node:util";

import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createProject } from "~/.server/projects/projects";
import { receiveAnnouncement, REMOTE_TTL_MS, startPresence, sweep } from "~/.server/realtime/presence";
import { PROCESS_ID } from "~/.server/realtime/process";
import { startRelay } from "~/.server/realtime/relay";
import { createTask } from "~/.server/tasks/tasks";
import type { PresenceEvent, StreamMessage } from "~/utils/realtime";
import * as events from "~/routes/app/events";
import * as presence from "~/routes/app/presence";
import { engines, useTestDatabase } from "../setup/database";
import { addMember, buildUser, type TestUser } from "../setup/factories";
import { callAction, contextFor } from "../setup/route-harness";

/**
 * Presence end to end through the routes: streams opened with the events route's loader
 * (read as server-sent events), views reported with the presence route's action, and what
 * each stream is told about who views a project.
 */
type Stream = {
  id: string;
  messages: StreamMessage[];
  close(): void;
  next(test: (m: StreamMessage) => boolean): Promise<StreamMessage>;
};

async function openStream(user: TestUser): Promise<Stream> {
  const controller = new AbortController();
  const request = new Request("http://localhost/app/events", { signal: controller.signal });
  const response = (await events.loader({ request, params: {}, context: contextFor(user) } as never)) as Response;
  expect(response.headers.get("Content-Type")).toContain("text/event-stream");
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const messages: StreamMessage[] = [];
  let buffer = "";
  let read = 0;
  const stream: Stream = {
    id: "",
    messages,
    close: () => controller.abort(),
    // The first message after those already looked at that passes `test`, waiting up to 2 s.
    async next(test) {
      const deadline = Date.now() + 2000;
      for (;;) {
        while (read < messages.length) {
          const message = messages[read++]!;
          if (test(message)) return message;
        }
        if (Date.now() > deadline) throw new Error(`no such message; got ${JSON.stringify(messages)}`);
        const chunk = await Promise.race([
          reader.read(),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
        ]);
        if (!chunk || chunk.done) continue;
        buffer += chunk.value;
        const blocks = buffer.split("\n\n");
        buffer = blocks.pop() ?? "";
        for (const block of blocks) {
          const field = (name: string) => block.match(new RegExp(`^${name}: ?(.*)$`, "m"))?.[1];
          const event = field("event");
          const data = field("data");
          if (event && data) messages.push({ event, data: JSON.parse(data) } as StreamMessage);
        }
      }
    },
  };
  const hello = await stream.next((message) => message.event === "hello");
  stream.id = (hello.data as { connectionId: string }).connectionId;
  return stream;
}

const presenceOf = (project: string) => (message: StreamMessage) =>
  message.event === "presence" && message.data.project === project;
const viewers = (message: StreamMessage) =>
  (message.data as PresenceEvent).viewers.map(({ name, taskKey, idle }) => ({ name, taskKey, idle }));

type Shown = { name: string; taskKey: string | null; idle: boolean };
/** Waits for the stream to be told exactly these viewers of `project` (earlier lists are passed over). */
function told(stream: Stream, project: string, expected: Shown[]) {
  return stream.next((message) => presenceOf(project)(message) && isDeepStrictEqual(viewers(message), expected));
}

function report(user: TestUser, form: Record<string, string>) {
  return callAction(presence.action, { path: "/app/presence", user, form: { task: "", idle: "false", ...form } });
}

describe.each(engines)("presence on %s", (engine) => {
  const database = useTestDatabase(engine);
  let stop: () => void;
  beforeAll(() => {
    stop = startPresence();
  });
  afterAll(() => stop());

  async function setup() {
    const ada = await buildUser({ fullName: "Ada Lovelace" });
    const grace = await buildUser({ fullName: "Grace Hopper" });
    const outsider = await buildUser({ fullName: "Linus Torvalds" });
    await addMember(ada.workspaceId, grace.id, "viewer");
    const project = await createProject(ada.actor, { workspaceId: ada.workspaceId, name: "Engine", key: "ENG" });
    const task = await createTask(ada.actor, { projectId: project.id, title: "Bernoulli numbers" });
    return { ada, grace, outsider, project: project.id, task };
  }

  it("shows who views a project and the task each has open, idle, once a person, gone when the stream ends", async () => {
    const { ada, grace, project, task } = await setup();
    const adaTab = await openStream(ada);
    const graceTab = await openStream(grace);

    expect(await report(ada, { connectionId: adaTab.id, project })).toMatchObject({ status: 200 });
    expect(viewers(await adaTab.next(presenceOf(project)))).toEqual([
      { name: "Ada Lovelace", taskKey: null, idle: false },
    ]);

    // Grace opens the project with a task in its panel: both see both.
    expect(await report(grace, { connectionId: graceTab.id, project, task: task.id })).toMatchObject({ status: 200 });
    const both = [
      { name: "Ada Lovelace", taskKey: null, idle: false },
      { name: "Grace Hopper", taskKey: task.key, idle: false },
    ];
    expect(viewers(await adaTab.next(presenceOf(project)))).toEqual(both);
    const seenByGrace = await graceTab.next(presenceOf(project));
    expect(viewers(seenByGrace)).toEqual(both);
    expect((seenByGrace.data as PresenceEvent).viewers[1]).toMatchObject({
      userId: grace.id,
      task: task.id,
      // No picture uploaded: the avatar draws the initials (components/avatar.tsx).
      avatarUrl: null,
    });

    // Idle after a minute without input: still listed, after the active ones.
    await report(ada, { connectionId: adaTab.id, project, idle: "true" });
    expect(viewers(await graceTab.next(presenceOf(project)))).toEqual([
      { name: "Grace Hopper", taskKey: task.key, idle: false },
      { name: "Ada Lovelace", taskKey: null, idle: true },
    ]);

    // A second tab of Ada's, active: she is listed once, as active; the new tab gets the list too.
    const adaSecondTab = await openStream(ada);
    await report(ada, { connectionId: adaSecondTab.id, project });
    expect(viewers(await adaSecondTab.next(presenceOf(project)))).toEqual(both);
    expect(viewers(await graceTab.next(presenceOf(project)))).toEqual(both);
    // Reporting the same again sends the others nothing new.
    await report(ada, { connectionId: adaSecondTab.id, project });
    await adaSecondTab.next(presenceOf(project));
    expect(graceTab.messages.filter(presenceOf(project))).toHaveLength(3);

    // Grace closes the task panel, then her tab: gone for Ada.
    await report(grace, { connectionId: graceTab.id, project });
    await told(adaTab, project, [
      { name: "Ada Lovelace", taskKey: null, idle: false },
      { name: "Grace Hopper", taskKey: null, idle: false },
    ]);
    graceTab.close();
    await told(adaTab, project, [{ name: "Ada Lovelace", taskKey: null, idle: false }]);

    // Ada's active tab leaves the project (an empty project): her idle tab keeps her listed.
    await report(ada, { connectionId: adaSecondTab.id, project: "" });
    await told(adaTab, project, [{ name: "Ada Lovelace", taskKey: null, idle: true }]);
    adaTab.close();
    adaSecondTab.close();
  });

  it("refuses an outsider (404), someone else's or a closed stream (409) and malformed reports (400)", async () => {
    const { ada, grace, outsider, project, task } = await setup();
    const adaTab = await openStream(ada);
    const outsiderTab = await openStream(outsider);

    const notMember = await report(outsider, { connectionId: outsiderTab.id, project });
    expect(notMember.status).toBe(404);
    expect(outsiderTab.messages.filter(presenceOf(project))).toEqual([]);
    // Someone else's stream is not theirs to report for.
    const borrowed = await report(grace, { connectionId: adaTab.id, project });
    expect(borrowed).toMatchObject({ status: 409, data: { error: expect.stringMatching(/reconnects/) } });
    // A task of another project is not found in this one.
    const other = await createProject(ada.actor, { workspaceId: ada.workspaceId, name: "Other" });
    expect((await report(ada, { connectionId: adaTab.id, project: other.id, task: task.id })).status).toBe(404);

    const malformed: Record<string, string>[] = [
      { connectionId: "-".repeat(36), project },
      { connectionId: adaTab.id, project: "x".repeat(500) },
      { connectionId: adaTab.id, project, idle: "maybe" },
      { connectionId: adaTab.id, project: "", task: task.id },
    ];
    for (const form of malformed) {
      const outcome = await report(ada, form);
      expect(outcome).toMatchObject({ status: 400, data: { error: expect.any(String) } });
    }

    adaTab.close();
    outsiderTab.close();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await report(ada, { connectionId: adaTab.id, project })).status).toBe(409);
    expect(adaTab.messages.filter(presenceOf(project))).toEqual([]);
  });

  it("merges the viewers other processes announce, and forgets them when their announcements stop", async () => {
    const { ada, grace, project, task } = await setup();
    const adaTab = await openStream(ada);
    await report(ada, { connectionId: adaTab.id, project });
    await adaTab.next(presenceOf(project));

    const now = Date.now();
    await receiveAnnouncement(
      {
        process: "elsewhere",
        project,
        workspace: "any",
        viewers: [{ u: grace.id, t: task.id, k: task.key, i: false }],
      },
      now,
    );
    expect(viewers(await adaTab.next(presenceOf(project)))).toEqual([
      { name: "Ada Lovelace", taskKey: null, idle: false },
      { name: "Grace Hopper", taskKey: task.key, idle: false },
    ]);
    // Malformed announcements are ignored.
    await receiveAnnouncement({ process: "elsewhere", project, viewers: "everyone" }, now);

    await sweep(now + REMOTE_TTL_MS - 1000);
    expect(adaTab.messages.filter(presenceOf(project))).toHaveLength(2);
    await sweep(now + REMOTE_TTL_MS + 1000);
    expect(viewers(await adaTab.next(presenceOf(project)))).toEqual([
      { name: "Ada Lovelace", taskKey: null, idle: false },
    ]);
    adaTab.close();
  });

  it.runIf(engine === "postgres")("announces this process's viewers to the others on plotline_presence", async () => {
    const { ada, project, task } = await setup();
    const url = database().url!;
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    const heard: Record<string, unknown>[] = [];
    listener.on("notification", (message) => heard.push(JSON.parse(message.payload ?? "{}")));
    await listener.query("listen plotline_presence");
    const relay = await startRelay(url);
    try {
      const adaTab = await openStream(ada);
      await report(ada, { connectionId: adaTab.id, project, task: task.id });
      await expect
        .poll(() => heard.find((payload) => payload.project === project))
        .toEqual({
          process: PROCESS_ID,
          project,
          workspace: expect.any(String),
          viewers: [{ u: ada.id, t: task.id, k: task.key, i: false }],
        });
      // Her stream ends: the others hear that nobody is here any more.
      adaTab.close();
      await expect.poll(() => heard.at(-1)).toMatchObject({ project, viewers: [] });
    } finally {
      await relay.stop();
      await listener.end();
    }
  });

  it.runIf(engine === "postgres")(
    "passes a report for a stream another process holds on plotline_presence_reports, and takes in such reports",
    async () => {
      const { ada, grace, outsider, project, task } = await setup();
      const url = database().url!;
      const other = new pg.Client({ connectionString: url });
      await other.connect();
      const heard: Record<string, unknown>[] = [];
      other.on("notification", (message) => heard.push(JSON.parse(message.payload ?? "{}")));
      await other.query("listen plotline_presence_reports");
      const relay = await startRelay(url);
      try {
        // A stream this process does not hold: checked here, then passed on (202).
        const elsewhere = randomUUID();
        const relayed = await report(ada, { connectionId: elsewhere, project, task: task.id, idle: "true" });
        expect(relayed).toMatchObject({ status: 202, data: { ok: true } });
        await expect
          .poll(() => heard.find((payload) => payload.connectionId === elsewhere))
          .toEqual({
            process: PROCESS_ID,
            userId: ada.id,
            connectionId: elsewhere,
            view: { project, workspaceId: expect.any(String), task: task.id, taskKey: task.key, idle: true },
          });
        // The checks come first: an outsider's report goes nowhere.
        expect((await report(outsider, { connectionId: randomUUID(), project })).status).toBe(404);
        expect(heard.filter((payload) => payload.userId === outsider.id)).toEqual([]);

        // Another process passes on Ada's report for the stream held here: her tab is told.
        const adaTab = await openStream(ada);
        const fromElsewhere = (userId: string) =>
          JSON.stringify({
            process: "elsewhere",
            userId,
            connectionId: adaTab.id,
            view: {
              project,
              workspaceId: heardWorkspace(heard),
              task: task.id,
              taskKey: task.key,
              idle: false,
            },
          });
        // Someone else's report naming her stream is ignored.
        await other.query("select pg_notify('plotline_presence_reports', $1)", [fromElsewhere(grace.id)]);
        await other.query("select pg_notify('plotline_presence_reports', $1)", [fromElsewhere(ada.id)]);
        expect(viewers(await adaTab.next(presenceOf(project)))).toEqual([
          { name: "Ada Lovelace", taskKey: task.key, idle: false },
        ]);
        adaTab.close();
      } finally {
        await relay.stop();
        await other.end();
      }
    },
  );
});

/** The workspace id a relayed report carried (the project's, as the checks found it). */
function heardWorkspace(heard: Record<string, unknown>[]) {
  const view = heard.find((payload) => payload.view)?.view as { workspaceId: string } | undefined;
  if (!view) throw new Error("no relayed report heard yet");
  return view.workspaceId;
}
