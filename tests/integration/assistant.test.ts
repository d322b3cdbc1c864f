import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { conversationOf, deleteConversation, listConversations, messagesOf } from "~/.server/assistant/conversations";
import {
  applyProposal,
  askAndWait,
  askAssistant,
  ASSISTANT_LIMIT,
  AssistantRateLimitError,
  DISABLED_MESSAGE,
  dismissProposal,
  type TurnEvent,
} from "~/.server/assistant/service";
import { modelEngine } from "~/.server/assistant/model/engine";
import { setWorkspaceAssistant } from "~/.server/assistant/settings";
import { db } from "~/.server/db";
import { activity, tasks } from "~/.server/db/schema";
import { ForbiddenError, NotFoundError } from "~/.server/errors";
import { createProject } from "~/.server/projects/projects";
import { resetRateLimits } from "~/.server/security/rate-limit";
import { createTask } from "~/.server/tasks/tasks";
import * as assistantRoute from "~/routes/app/assistant";
import * as streamRoute from "~/routes/app/assistant-stream";
import * as settingsRoute from "~/routes/app/settings";
import { engines, useTestDatabase } from "../setup/database";
import { addMember, buildUser, type TestUser } from "../setup/factories";
import { startOpenAIServer, type OpenAIServer } from "../setup/openai-server";
import { callAction, callLoader } from "../setup/route-harness";

const TODAY = "2026-11-24";
const never = new AbortController().signal;

/** The assistant's service over the built-in engine: conversations, Apply, privacy, switches and limits. */
describe.each(engines)("the assistant on %s", (engine) => {
  useTestDatabase(engine);
  beforeEach(() => resetRateLimits());

  async function setup() {
    const owner = await buildUser({ fullName: "Ada Owner" });
    const project = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Website" });
    const task = await createTask(owner.actor, {
      projectId: project.id,
      title: "Launch page",
      description: "- Write the copy\n- Design the hero\n- Publish the page",
    });
    return { owner, project, task };
  }

  async function subtasksOf(taskPublicId: string) {
    const [parent] = await db().select().from(tasks).where(eq(tasks.publicId, taskPublicId));
    const rows = await db()
      .select({ title: tasks.title })
      .from(tasks)
      .where(and(eq(tasks.parentId, parent!.id), isNull(tasks.deletedAt)));
    return rows.map((row) => row.title).sort();
  }

  const breakdown = (user: TestUser, projectId: string, key: string) =>
    askAndWait(user.actor, { message: `Break down ${key} into subtasks`, projectId, today: TODAY }, never);

  it("answers in a new conversation about the project, stores both turns, and names the engine", async () => {
    const { owner, project, task } = await setup();
    const events: TurnEvent[] = [];
    for await (const event of askAssistant(
      owner.actor,
      { message: "Summarize the project goals and progress", projectId: project.id, today: TODAY },
      never,
    )) {
      events.push(event);
    }
    expect(events[0]).toMatchObject({ type: "start", engine: "Built-in assistant" });
    expect(events.at(-1)).toMatchObject({ type: "done", message: { role: "assistant", engine: "Built-in assistant" } });
    const written = events.flatMap((event) => (event.type === "text" ? [event.text] : [])).join("");
    expect(written).toContain("Website");
    expect(written).toContain(task.key);

    const [listed] = await listConversations(owner.id);
    expect(listed).toMatchObject({ title: "Summarize the project goals and progress", about: "Website" });
    const conversation = await conversationOf(owner.id, listed!.id);
    const messages = await messagesOf(conversation.id);
    expect(messages.map((message) => message.role)).toEqual(["user", "assistant"]);
    expect(messages[1]!.content).toBe(written);
  });

  it("continues a conversation in the scope it was started in", async () => {
    const { owner, project } = await setup();
    const first = await askAndWait(
      owner.actor,
      { message: "What should we do next?", projectId: project.id, today: TODAY },
      never,
    );
    await askAndWait(
      owner.actor,
      { message: "Draft a team status email", conversationId: first.conversationId, today: TODAY },
      never,
    );
    const conversation = await conversationOf(owner.id, first.conversationId);
    expect(conversation.projectId).not.toBeNull();
    expect((await messagesOf(conversation.id)).map((message) => message.role)).toEqual([
      "user",
      "assistant",
      "user",
      "assistant",
    ]);
    expect(await listConversations(owner.id)).toHaveLength(1);
  });

  it("changes nothing until Apply, then applies the proposal once", async () => {
    const { owner, project, task } = await setup();
    const { answer } = await breakdown(owner, project.id, task.key);
    expect(answer.proposalState).toBe("pending");
    const titles = answer.proposal!.changes.map((change) => (change.kind === "create_task" ? change.title : ""));
    expect(titles.length).toBeGreaterThanOrEqual(3);
    expect(await subtasksOf(task.id)).toEqual([]);

    expect(await applyProposal(owner.actor, answer.id)).toEqual({ applied: titles.length, total: titles.length });
    expect(await subtasksOf(task.id)).toEqual([...titles].sort());
    await expect(applyProposal(owner.actor, answer.id)).rejects.toThrow("These changes are already applied.");
    expect(await subtasksOf(task.id)).toHaveLength(titles.length);
    const [stored] = (
      await messagesOf((await conversationOf(owner.id, (await listConversations(owner.id))[0]!.id)).id)
    ).filter((message) => message.id === answer.id);
    expect(stored).toMatchObject({ proposalState: "applied", proposal: { applied: titles.length } });
  });

  it("refuses a viewer's Apply in the task use case, and nothing changes", async () => {
    const { owner, project, task } = await setup();
    const viewer = await buildUser();
    await addMember(owner.workspaceId, viewer.id, "viewer");
    const { answer } = await breakdown(viewer, project.id, task.key);
    expect(answer.proposal).not.toBeNull();
    await expect(applyProposal(viewer.actor, answer.id)).rejects.toBeInstanceOf(ForbiddenError);
    expect(await subtasksOf(task.id)).toEqual([]);
    // Still pending: an editor's role later would not change whose proposal it is, but it stays appliable.
    const conversation = (await listConversations(viewer.id))[0]!;
    const stored = (await messagesOf((await conversationOf(viewer.id, conversation.id)).id)).at(-1)!;
    expect(stored.proposalState).toBe("pending");
  });

  it("dismisses a proposal, after which it cannot be applied", async () => {
    const { owner, project, task } = await setup();
    const { answer } = await breakdown(owner, project.id, task.key);
    await dismissProposal(owner.actor, answer.id);
    await expect(applyProposal(owner.actor, answer.id)).rejects.toThrow("These changes were dismissed.");
    expect(await subtasksOf(task.id)).toEqual([]);
  });

  it("keeps conversations to their owner: others can neither read, continue, apply nor delete them", async () => {
    const { owner, project, task } = await setup();
    const colleague = await buildUser();
    await addMember(owner.workspaceId, colleague.id, "admin");
    const { conversationId, answer } = await breakdown(owner, project.id, task.key);

    expect(await listConversations(colleague.id)).toEqual([]);
    await expect(conversationOf(colleague.id, conversationId)).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      askAndWait(colleague.actor, { message: "Hello", conversationId, today: TODAY }, never),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(applyProposal(colleague.actor, answer.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(deleteConversation(colleague.actor, conversationId)).rejects.toBeInstanceOf(NotFoundError);
    expect(await subtasksOf(task.id)).toEqual([]);

    await deleteConversation(owner.actor, conversationId);
    expect(await listConversations(owner.id)).toEqual([]);
  });

  it("never answers about a workspace the asker is not in", async () => {
    const { project } = await setup();
    const outsider = await buildUser();
    await expect(
      askAndWait(outsider.actor, { message: "Summarize", projectId: project.id, today: TODAY }, never),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it("lets owners and admins turn the assistant off for a workspace, which then refuses questions", async () => {
    const { owner, project } = await setup();
    const editor = await buildUser();
    await addMember(owner.workspaceId, editor.id, "editor");
    await expect(
      setWorkspaceAssistant(editor.actor, { workspaceId: owner.workspaceId, enabled: false }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    await setWorkspaceAssistant(owner.actor, { workspaceId: owner.workspaceId, enabled: false });
    await expect(
      askAndWait(editor.actor, { message: "Summarize", projectId: project.id, today: TODAY }, never),
    ).rejects.toThrow(DISABLED_MESSAGE);
    const [logged] = await db()
      .select({ verb: activity.verb, data: activity.data })
      .from(activity)
      .where(eq(activity.verb, "workspace.assistant_changed"));
    expect(logged).toMatchObject({ data: { enabled: false } });
  });

  it("limits how often one user asks", async () => {
    const { owner } = await setup();
    for (let asked = 0; asked < ASSISTANT_LIMIT.points; asked += 1) {
      await askAndWait(owner.actor, { message: "Hi", workspaceId: owner.workspaceId, today: TODAY }, never);
    }
    await expect(
      askAndWait(owner.actor, { message: "Hi", workspaceId: owner.workspaceId, today: TODAY }, never),
    ).rejects.toBeInstanceOf(AssistantRateLimitError);
  });

  describe("with a model", () => {
    let server: OpenAIServer;
    beforeAll(async () => {
      server = await startOpenAIServer({ models: ["local-test-model"] });
    });
    afterAll(() => server.close());
    const model = () =>
      modelEngine({ baseUrl: server.baseUrl, model: "local-test-model", timeoutMs: 5_000, maxOutputTokens: 256 });

    it("stores the model's proposal and changes the task only when its user applies it", async () => {
      const { owner, project, task } = await setup();
      server.reply(
        {
          toolCalls: [
            {
              name: "propose_changes",
              arguments: {
                title: "Date the launch",
                changes: [{ kind: "update_task", task: task.key, dueDate: "2026-12-04" }],
              },
            },
          ],
        },
        { text: ["I propose ", "a due date."] },
      );
      const { answer } = await askAndWait(
        owner.actor,
        { message: "When should the launch page be done?", projectId: project.id, today: TODAY },
        never,
        model(),
      );
      expect(answer).toMatchObject({
        content: "I propose a due date.",
        engine: "local-test-model",
        proposalState: "pending",
        proposal: { changes: [{ kind: "update_task", dueDate: { from: null, to: "2026-12-04" } }] },
      });
      const dueDate = async () => (await db().select().from(tasks).where(eq(tasks.publicId, task.id)))[0]!.dueDate;
      expect(await dueDate()).toBeNull();
      await applyProposal(owner.actor, answer.id);
      expect(await dueDate()).toBe("2026-12-04");
    });

    it("answers a provider error with 'The assistant could not answer: …' in the chat, stored", async () => {
      const { owner, project } = await setup();
      server.reply({ status: 500, message: "the model is overloaded" });
      const { answer } = await askAndWait(
        owner.actor,
        { message: "Summarize", projectId: project.id, today: TODAY },
        never,
        model(),
      );
      expect(answer.error).toBe(
        "The assistant could not answer: the model service answered 500: the model is overloaded",
      );
      expect(answer.proposal).toBeNull();
    });
  });

  describe("routes", () => {
    it("asks from the page without JavaScript and comes back to the conversation", async () => {
      const { owner, project } = await setup();
      const asked = await callAction(assistantRoute.action, {
        path: "/app/assistant",
        user: owner,
        form: { intent: "ask", message: "What should we do next?", projectId: project.id },
      });
      expect(asked.status).toBe(303);
      const conversationId = new URL(asked.location!, "http://x").searchParams.get("c")!;
      const page = await callLoader(assistantRoute.loader, { path: `/app/assistant?c=${conversationId}`, user: owner });
      const data = page.data as Awaited<ReturnType<typeof assistantRoute.loader>>;
      expect(data.messages.map((message) => message.role)).toEqual(["user", "assistant"]);
      expect(data.context).toMatchObject({ enabled: true, about: "Website" });
    });

    it("keeps what was typed beside the field when the message is refused", async () => {
      const { owner } = await setup();
      const refused = await callAction(assistantRoute.action, {
        path: "/app/assistant",
        user: owner,
        form: { intent: "ask", message: "x".repeat(4_001) },
      });
      expect(refused.status).toBe(400);
      expect(refused.data).toMatchObject({ field: "message", typed: "x".repeat(4_000) });
    });

    it("answers another user's conversation with 404, and a fetcher's Apply with JSON", async () => {
      const { owner, project, task } = await setup();
      const stranger = await buildUser();
      const { conversationId, answer } = await breakdown(owner, project.id, task.key);
      const seen = await callLoader(assistantRoute.loader, {
        path: `/app/assistant?c=${conversationId}`,
        user: stranger,
      });
      expect(seen.status).toBe(404);
      const applied = await callAction(assistantRoute.action, {
        path: "/app/assistant",
        user: stranger,
        form: { intent: "apply", messageId: answer.id },
      });
      expect(applied).toMatchObject({ status: 404 });
      const mine = await callAction(assistantRoute.action, {
        path: "/app/assistant",
        user: owner,
        form: { intent: "apply", messageId: answer.id },
      });
      expect(mine.data).toMatchObject({ ok: true });
    });

    it("turns the assistant off from Settings → Integrations for owners and admins only, and tests the engine", async () => {
      const { owner } = await setup();
      const editor = await buildUser();
      await addMember(owner.workspaceId, editor.id, "editor");
      const turnOff = (user: TestUser) =>
        callAction(settingsRoute.action, {
          path: "/app/settings?tab=integrations",
          user,
          form: { intent: "ai-workspace", workspaceId: owner.workspaceId, enabled: "false" },
        });
      expect((await turnOff(editor)).status).toBe(403);
      expect(await turnOff(owner)).toMatchObject({ status: 302, location: "/app/settings?tab=integrations" });
      const page = await callLoader(settingsRoute.loader, { path: "/app/settings?tab=integrations", user: editor });
      expect(page.data).toMatchObject({
        ai: {
          engine: { id: "built-in", label: "Built-in assistant" },
          workspaces: expect.arrayContaining([
            { id: owner.workspaceId, name: expect.any(String), enabled: false, canManage: false },
          ]),
        },
      });
      const tested = await callAction(settingsRoute.action, {
        path: "/app/settings?tab=integrations",
        user: owner,
        form: { intent: "ai-test" },
      });
      expect(tested).toMatchObject({ status: 302, location: "/app/settings?tab=integrations" });
    });

    it("streams an answer as server-sent events: start, text, done", async () => {
      const { owner, project } = await setup();
      const request = new Request("http://localhost/app/assistant/stream", {
        method: "POST",
        body: new URLSearchParams({ message: "What should we do next?", projectId: project.id }),
      });
      const { contextFor } = await import("../setup/route-harness");
      const response = (await streamRoute.action({
        request,
        params: {},
        context: contextFor(owner),
      } as never)) as Response;
      expect(response.headers.get("Content-Type")).toContain("text/event-stream");
      const frames = (await response.text()).split("\n\n").filter(Boolean);
      const events = frames.map((frame) => JSON.parse(frame.replace(/^data: /, "")) as TurnEvent);
      expect(events[0]!.type).toBe("start");
      expect(events.some((event) => event.type === "text")).toBe(true);
      expect(events.at(-1)!.type).toBe("done");
    });
  });
});
