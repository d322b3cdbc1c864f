import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createProject } from "~/.server/projects/projects";
import { startRealtime } from "~/.server/realtime";
import { connections } from "~/.server/realtime/hub";
import { createTask, updateTask } from "~/.server/tasks/tasks";
import { removeMember } from "~/.server/team/members";
import { engines, useTestDatabase } from "../setup/database";
import { addMember, buildUser } from "../setup/factories";
import { openTestStream, type SseMessage } from "../setup/sse";

/**
 * The real-time stream of one process: membership filtering (never an event of a
 * workspace the user is not in, re-checked when membership changes) and Last-Event-ID
 * replay after a dropped connection. Across processes: realtime-cluster.test.ts.
 */
describe.each(engines)("the real-time stream on %s", (engine) => {
  useTestDatabase(engine);
  let stop: () => Promise<void>;
  beforeAll(async () => {
    stop = await startRealtime({});
  });
  afterAll(async () => {
    await stop();
  });

  async function team() {
    const owner = await buildUser();
    const member = await buildUser();
    const outsider = await buildUser();
    await addMember(owner.workspaceId, member.id, "editor");
    const project = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Launch" });
    // The outsider is busy in a workspace of their own.
    const theirs = await createProject(outsider.actor, { workspaceId: outsider.workspaceId, name: "Theirs" });
    return { owner, member, outsider, project, theirs };
  }
  const isChange = (message: SseMessage) => message.event === "change";

  it("sends a change to the workspace's members only, small and named by public ids", async () => {
    const { owner, member, outsider, project, theirs } = await team();
    const memberStream = await openTestStream(member);
    const outsiderStream = await openTestStream(outsider);
    expect((await memberStream.next()).event).toBe("hello");

    const task = await createTask(
      { ...owner.actor, clientId: "tab-of-the-owner" },
      { projectId: project.id, title: "Ship" },
    );
    const change = await memberStream.next(isChange);
    expect(change.data).toEqual({
      type: "task.created",
      id: task.id,
      version: Number(change.id),
      actor: owner.id,
      clientId: "tab-of-the-owner",
      project: project.id,
      // The card as an open board shows it, so the board patches it without reading again (live-cards.test.ts).
      card: expect.objectContaining({ task: task.id, after: null, card: expect.objectContaining({ title: "Ship" }) }),
    });
    // The outsider's own change reaches them; the other workspace's never does.
    await createTask(outsider.actor, { projectId: theirs.id, title: "Mine" });
    const seen = await outsiderStream.next(isChange);
    expect(seen.data.project).toBe(theirs.id);
    expect((await outsiderStream.all("change")).map((message) => message.data.project)).toEqual([theirs.id]);
    expect((await memberStream.all("change")).map((message) => message.data.project)).toEqual([project.id]);
    memberStream.close();
    outsiderStream.close();
  });

  it("stops at once for a removed member, before the removal itself is delivered", async () => {
    const { owner, member, project } = await team();
    const stream = await openTestStream(member);
    await createTask(owner.actor, { projectId: project.id, title: "Before" });
    await stream.next(isChange);
    await removeMember(owner.actor, { workspaceId: owner.workspaceId, userId: member.id });
    await createTask(owner.actor, { projectId: project.id, title: "After" });
    expect((await stream.all("change", 200)).map((message) => message.data.type)).toEqual(["task.created"]);
    stream.close();
  });

  it("replays what a dropped connection missed, in order, after Last-Event-ID", async () => {
    const { owner, member, project } = await team();
    const first = await openTestStream(member);
    const task = await createTask(owner.actor, { projectId: project.id, title: "One" });
    const last = await first.next(isChange);
    first.close();
    await expect.poll(() => [...connections()].filter((c) => c.userId === member.id).length).toBe(0);

    await updateTask(owner.actor, { projectId: project.id, taskId: task.id, title: "One, renamed" });
    const second = await createTask(owner.actor, { projectId: project.id, title: "Two" });
    await updateTask(owner.actor, { projectId: project.id, taskId: second.id, priority: "high" });

    const again = await openTestStream(member, { lastEventId: Number(last.id) });
    const missed = [await again.next(isChange), await again.next(isChange), await again.next(isChange)];
    expect(missed.map((message) => [message.data.type, message.data.id])).toEqual([
      ["task.updated", task.id],
      ["task.created", second.id],
      ["task.updated", second.id],
    ]);
    const ids = missed.map((message) => Number(message.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids[0]).toBeGreaterThan(Number(last.id));
    // Live events follow the replay without a gap or a repeat.
    await createTask(owner.actor, { projectId: project.id, title: "Three" });
    expect((await again.next(isChange)).data.type).toBe("task.created");
    expect(await again.all("change")).toHaveLength(4);
    again.close();
  });
});
