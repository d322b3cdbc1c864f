import net from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { projectStatuses, taskDetail } from "~/.server/assistant/data";
import { modelEngine } from "~/.server/assistant/model/engine";
import type { ModelConfig } from "~/.server/assistant/model/provider";
import { testConnection } from "~/.server/assistant/model/test-connection";
import { PROPOSED_REPLY } from "~/.server/assistant/model/tools/propose-changes";
import { AssistantError, type AssistantScope, type EngineEvent } from "~/.server/assistant/types";
import { createProject } from "~/.server/projects/projects";
import { createTask } from "~/.server/tasks/tasks";
import { assistantScope } from "../setup/assistant";
import { engines, useTestDatabase } from "../setup/database";
import { addMember, buildUser, type TestUser } from "../setup/factories";
import { startOpenAIServer, type ChatRequestBody, type OpenAIServer } from "../setup/openai-server";

const API_KEY = "sk-test-5f1c9a7e2b";
const today = "2026-11-25";

/** Every event of one answer, in order; `onEvent` may stop the answer as it goes. */
async function collect(events: AsyncIterable<EngineEvent>, onEvent?: (event: EngineEvent) => void) {
  const seen: EngineEvent[] = [];
  for await (const event of events) {
    seen.push(event);
    onEvent?.(event);
  }
  return seen;
}

/** The tool results the engine sent back to the model in a request. */
function toolResults(body: ChatRequestBody | null) {
  return (body?.messages ?? []).filter((message) => message.role === "tool").map((message) => message.content ?? "");
}

describe.each(engines)("the model engine on %s", (engine) => {
  useTestDatabase(engine);
  let server: OpenAIServer;
  let config: ModelConfig;
  let owner: TestUser;
  let viewer: TestUser;
  let editor: TestUser;
  let scope: AssistantScope;
  let brief: { id: string };

  beforeAll(async () => {
    server = await startOpenAIServer({ apiKey: API_KEY });
    config = { baseUrl: server.baseUrl, apiKey: API_KEY, model: "test-model", timeoutMs: 10_000, maxOutputTokens: 300 };
    owner = await buildUser({ fullName: "Ana Owner" });
    viewer = await buildUser({ fullName: "Vic Viewer" });
    editor = await buildUser({ fullName: "Bea Editor" });
    await addMember(owner.workspaceId, viewer.id, "viewer");
    await addMember(owner.workspaceId, editor.id, "editor");
    const project = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Website", key: "WEB" });
    brief = await createTask(owner.actor, {
      projectId: project.id,
      title: "Write the brief",
      dueDate: "2026-11-20",
      assigneeIds: [owner.id],
    });
    await createTask(owner.actor, { projectId: project.id, title: "Design mockups" });
    // Another team's task with the same word, which no tool may return.
    const stranger = await buildUser({ fullName: "Sam Stranger" });
    const theirs = await createProject(stranger.actor, {
      workspaceId: stranger.workspaceId,
      name: "Secret",
      key: "SEC",
    });
    await createTask(stranger.actor, { projectId: theirs.id, title: "Hidden brief" });
    // The viewer asks: a viewer may get a proposal; Apply is where a viewer is refused.
    scope = await assistantScope(viewer, project.id, today);
  });
  afterAll(() => server.close());

  const ask = (message: string, signal = new AbortController().signal, settings = config) =>
    modelEngine(settings).answer({
      scope,
      history: [
        { role: "user", content: "Hello" },
        { role: "assistant", content: "Hi, how can I help?" },
      ],
      message,
      signal,
    });

  it("streams the model's text as it comes, with the key, the history and a grounded system prompt", async () => {
    server.reply({ text: ["The brief ", "is due ", "soon."] });
    const events = await collect(ask("What is due?"));

    expect(events).toEqual([
      { type: "text", text: "The brief " },
      { type: "text", text: "is due " },
      { type: "text", text: "soon." },
    ]);
    const request = server.requests.at(-1)!;
    expect(request.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request.body).toMatchObject({ model: "test-model", stream: true, max_tokens: 300 });
    const [system, ...turns] = request.body!.messages;
    expect(system?.role).toBe("system");
    for (const fact of ['"Vic Viewer", a viewer', '"Website" (key WEB)', '"Ana Owner', today, "Apply"]) {
      expect(system?.content).toContain(fact);
    }
    expect(turns.map(({ role, content }) => [role, content])).toEqual([
      ["user", "Hello"],
      ["assistant", "Hi, how can I help?"],
      ["user", "What is due?"],
    ]);
    expect(request.body!.tools!.map((tool) => tool.function.name).sort()).toEqual([
      "draft_email",
      "get_task",
      "list_members",
      "project_summary",
      "propose_changes",
      "propose_rule",
      "search_tasks",
    ]);
  });

  it("runs a tool that reads the team's tasks and sends the model the real ones", async () => {
    server.reply(
      { toolCalls: [{ name: "search_tasks", arguments: { text: "brief" } }] },
      { text: ["WEB-1 ", "is late."] },
    );
    const events = await collect(ask("Where is the brief?"));

    expect(events).toEqual([
      { type: "status", label: "Searching tasks…" },
      { type: "text", text: "WEB-1 " },
      { type: "text", text: "is late." },
    ]);
    const [result] = toolResults(server.requests.at(-1)!.body);
    const sent = JSON.parse(result!) as { count: number; tasks: { task: string; assignees: string[]; due: string }[] };
    expect(sent.count).toBe(1);
    expect(sent.tasks[0]).toMatchObject({ task: "WEB-1 Write the brief", assignees: ["Ana Owner"], due: "2026-11-20" });
    expect(result).not.toContain("Hidden brief");
  });

  it("reads a task and the figures an e-mail cites, and no other team's project", async () => {
    server.reply(
      {
        toolCalls: [
          { name: "get_task", arguments: { task: "WEB-1" } },
          { name: "draft_email", arguments: { topic: "weekly update" } },
          { name: "project_summary", arguments: { project: "SEC" } },
        ],
      },
      { text: ["Hi team, …"] },
    );
    const events = await collect(ask("Draft the weekly e-mail"));

    expect(events).toEqual([
      { type: "status", label: "Reading the task…" },
      { type: "status", label: "Gathering the figures…" },
      { type: "status", label: "Reading the project…" },
      { type: "text", text: "Hi team, …" },
    ]);
    const [task, figures, foreign] = toolResults(server.requests.at(-1)!.body);
    expect(JSON.parse(task!)).toMatchObject({ task: "WEB-1 Write the brief", status: "To Do", subtasks: [] });
    expect(JSON.parse(figures!)).toMatchObject({
      about: "Website",
      tasks: { total: 2, done: 0, open: 2 },
      overdue: [{ task: "WEB-1 Write the brief", due: "2026-11-20" }],
    });
    expect(foreign).toBe('Error: no project "SEC" in this workspace; its projects: WEB (Website).');
  });

  it("turns propose_changes into one proposal with resolved ids and current values, changing nothing", async () => {
    const before = await taskDetail(scope, "WEB-1");
    const statuses = await projectStatuses(scope, scope.project!.publicId);
    const done = statuses.find((status) => status.name === "Done")!;
    server.reply(
      {
        toolCalls: [
          {
            name: "propose_changes",
            arguments: {
              title: "Finish the brief",
              changes: [{ kind: "update_task", task: "web-1", status: "done", assignee: "Bea", dueDate: "2026-12-01" }],
            },
          },
        ],
      },
      {
        // A second call in the same answer extends the one proposal.
        toolCalls: [
          {
            name: "propose_changes",
            arguments: {
              title: "Finish the brief",
              changes: [{ kind: "create_task", title: "Book the venue", parent: "WEB-1", assignee: "me" }],
            },
          },
        ],
      },
      { text: ["Apply to make these changes."] },
    );
    const events = await collect(ask("Close the brief and add a subtask"));

    expect(events.map((event) => event.type)).toEqual(["status", "status", "text", "proposal"]);
    expect(events[0]).toEqual({ type: "status", label: "Preparing the changes…" });
    expect(events.at(-1)).toEqual({
      type: "proposal",
      proposal: {
        title: "Finish the brief",
        changes: [
          {
            kind: "update_task",
            taskId: brief.id,
            taskLabel: "WEB-1 Write the brief",
            status: { statusId: done.id, from: "To Do", to: "Done" },
            assignee: { userId: editor.id, from: "Ana Owner", to: "Bea Editor" },
            dueDate: { from: "2026-11-20", to: "2026-12-01" },
          },
          {
            kind: "create_task",
            projectId: scope.project!.publicId,
            projectName: "Website",
            parentId: brief.id,
            parentLabel: "WEB-1 Write the brief",
            title: "Book the venue",
            assigneeId: viewer.id,
            assigneeName: "Vic Viewer",
          },
        ],
      },
    });
    expect(toolResults(server.requests.at(-1)!.body)).toEqual([PROPOSED_REPLY, PROPOSED_REPLY]);
    expect(await taskDetail(scope, "WEB-1")).toEqual(before);
  });

  it("turns propose_rule into a rule to review, by the project's ids, its sentence on the card; a wrong name is told back", async () => {
    const statuses = await projectStatuses(scope, scope.project!.publicId);
    const review = statuses.find((status) => status.name === "In Progress")!;
    server.reply(
      {
        toolCalls: [
          {
            name: "propose_rule",
            arguments: {
              name: "Started → assign Bea",
              when: { type: "status_changed", status: "in progress" },
              actions: [
                { kind: "assign", member: "Bea" },
                { kind: "comment", text: "{key} is with Bea" },
              ],
            },
          },
          {
            name: "propose_rule",
            arguments: {
              name: "Wrong",
              when: { type: "status_changed", status: "QA" },
              actions: [{ kind: "unassign_all" }],
            },
          },
        ],
      },
      { text: ["Apply to save the rule."] },
    );
    const events = await collect(ask("When a task is started, assign Bea"));

    expect(events[0]).toEqual({ type: "status", label: "Drafting the rule…" });
    const proposal = events.at(-1);
    expect(proposal).toEqual({
      type: "proposal",
      proposal: {
        title: "Automation: Started → assign Bea",
        changes: [
          {
            kind: "create_rule",
            projectId: scope.project!.publicId,
            projectName: "Website",
            name: "Started → assign Bea",
            definition: {
              version: 1,
              trigger: { type: "status_changed", to: review.id },
              conditions: { match: "all", items: [] },
              actions: [
                { kind: "assign", value: editor.id },
                { kind: "comment", text: "{key} is with Bea" },
              ],
            },
            summary:
              "When the status changes to In Progress, then assign Bea Editor and add a comment “{key} is with Bea”.",
          },
        ],
      },
    });
    const [accepted, refused] = toolResults(server.requests.at(-1)!.body);
    expect(accepted).toContain("The user reviews it and applies it with Apply.");
    expect(refused).toMatch(/^Error: nothing was proposed\. .*no status "QA"; there are To Do, In Progress/);
  });

  it("answers the model with an error text for a task it named wrong, and proposes nothing", async () => {
    server.reply(
      {
        toolCalls: [
          {
            name: "propose_changes",
            arguments: { title: "Close it", changes: [{ kind: "update_task", task: "WEB-99", status: "Done" }] },
          },
        ],
      },
      { text: ["There is no WEB-99."] },
    );
    const events = await collect(ask("Close WEB-99"));

    expect(events).toEqual([
      { type: "status", label: "Preparing the changes…" },
      { type: "text", text: "There is no WEB-99." },
    ]);
    const [result] = toolResults(server.requests.at(-1)!.body);
    expect(result).toBe(
      'Error: nothing was proposed. Correct these and call propose_changes again: change 1: no task "WEB-99" in this workspace.',
    );
  });

  it("reports the service's error status and reason, without the key", async () => {
    server.reply({ status: 500, message: `The engine overheated while using ${API_KEY}` });
    const failure = await collect(ask("Hi")).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(AssistantError);
    expect((failure as Error).message).toBe("the model service answered 500: The engine overheated while using [key]");
    expect((failure as Error).cause).toBeUndefined();
  });

  it("gives up at the time limit when the service does not answer", async () => {
    server.reply({ hang: true });
    const failure = await collect(ask("Hi", undefined, { ...config, timeoutMs: 300 })).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(AssistantError);
    expect((failure as Error).message).toBe("the model did not answer within 300 ms");
  });

  it("ends quietly when the user stops the answer", async () => {
    server.reply({ text: ["Let me "], hang: true });
    const stop = new AbortController();
    const events = await collect(ask("Hi", stop.signal), () => stop.abort());

    expect(events).toEqual([{ type: "text", text: "Let me " }]);
  });

  it("tests the connection with a one-token request, and says why it fails", async () => {
    server.reply({ text: ["OK"] });
    const host = new URL(server.baseUrl).host;
    expect(await testConnection(config)).toEqual({ ok: true, message: `Connected to test-model at ${host}.` });
    expect(server.requests.at(-1)!.body).toMatchObject({ model: "test-model", max_tokens: 1 });

    expect(await testConnection({ ...config, apiKey: "sk-wrong" })).toEqual({
      ok: false,
      message: "The model service answered 401: Incorrect API key provided.",
    });
    expect(await testConnection({ ...config, model: "no-such-model" })).toEqual({
      ok: false,
      message: "The model service answered 404: The model `no-such-model` does not exist.",
    });
    const closed = await closedPort();
    expect(await testConnection({ ...config, baseUrl: `http://127.0.0.1:${closed}/v1` })).toEqual({
      ok: false,
      message: `Could not reach the model service at 127.0.0.1:${closed}.`,
    });
    expect(server.pending()).toBe(0);
  });
});

/** A loopback port nothing listens on. */
async function closedPort() {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
