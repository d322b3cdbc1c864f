import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { builtInEngine } from "~/.server/assistant/built-in";
import type { AssistantScope, EngineEvent } from "~/.server/assistant/types";
import { db } from "~/.server/db";
import { projects, statuses as statusTable } from "~/.server/db/schema";
import { createProject } from "~/.server/projects/projects";
import { addChecklistItem, setChecklistItemDone } from "~/.server/tasks/checklist";
import { createLabel, setTaskLabels } from "~/.server/tasks/labels";
import { createTask, deleteTask, moveTask, type CreateTaskInput } from "~/.server/tasks/tasks";
import { ASSISTANT_PROMPTS } from "~/utils/assistant-prompts";
import { assistantScope } from "../setup/assistant";
import { engines, useTestDatabase } from "../setup/database";
import { addMember, buildUser, type TestUser } from "../setup/factories";

// A Wednesday: the engine reads no clock, only this day.
const today = "2026-11-25";

const scopeOf = (user: TestUser, projectId?: string) => assistantScope(user, projectId, today);

/** The engine's whole answer: its text, its proposal, and the events as they came. */
async function ask(scope: AssistantScope, message: string, signal = new AbortController().signal) {
  const events: EngineEvent[] = [];
  for await (const event of builtInEngine.answer({ scope, history: [], message, signal })) events.push(event);
  const text = events.flatMap((event) => (event.type === "text" ? [event.text] : [])).join("");
  const proposal = events.flatMap((event) => (event.type === "proposal" ? [event.proposal] : []))[0];
  return { text, lines: text.split("\n"), proposal, events };
}

/**
 * A small website project on Wed, Nov 25: work overdue, blocked, unassigned, undated, done
 * and deleted, two people, a description with a list and a checklist.
 */
async function seedWebsite() {
  const ana = await buildUser({ fullName: "Ana Owner" });
  const bo = await buildUser({ fullName: "Bo Teammate" });
  await addMember(ana.workspaceId, bo.id, "editor");
  const project = await createProject(ana.actor, {
    workspaceId: ana.workspaceId,
    name: "Website",
    key: "WEB",
    description: "Launch the new marketing site before the December campaign.",
  });
  const [row] = await db().select({ id: projects.id }).from(projects).where(eq(projects.publicId, project.id));
  const columns = await db()
    .select({ id: statusTable.publicId, name: statusTable.name })
    .from(statusTable)
    .where(eq(statusTable.projectId, row!.id));
  const status = (name: string) => columns.find((column) => column.name === name)!.id;
  const add = (title: string, fields: Partial<CreateTaskInput> = {}) =>
    createTask(ana.actor, { projectId: project.id, title, ...fields });

  const brief = await add("Write the brief", {
    priority: "high",
    dueDate: "2026-11-20",
    estimateMinutes: 120,
    assigneeIds: [ana.id],
    statusId: status("In Progress"),
  });
  const mockups = await add("Design mockups", {
    priority: "urgent",
    dueDate: "2026-11-27",
    estimateMinutes: 600,
    assigneeIds: [bo.id],
    statusId: status("In Progress"),
  });
  const backend = await add("Build the backend", {
    priority: "medium",
    startDate: "2026-12-01",
    assigneeIds: [ana.id],
  });
  const analytics = await add("Set up analytics", { priority: "low", estimateMinutes: 240 });
  const blocked = await createLabel(ana.actor, { workspaceId: ana.workspaceId, name: "Blocked", color: "red" });
  await setTaskLabels(ana.actor, { taskId: analytics.id, labelIds: [blocked.id] });
  const launch = await add("Plan the launch", {
    priority: "high",
    assigneeIds: [bo.id],
    description: "What the day needs:\n- Book the venue\n- Invite the press\n- Prepare the demo",
  });
  await addChecklistItem(ana.actor, { taskId: launch.id, title: "Order drinks" });
  const sent = await addChecklistItem(ana.actor, { taskId: launch.id, title: "Send invites" });
  await setChecklistItemDone(ana.actor, { taskId: launch.id, itemId: sent.id, done: true });
  const press = await add("Invite the press", { parentId: launch.id });
  const party = await add("Launch party");
  await moveTask(ana.actor, { taskId: party.id, statusId: status("Done"), placement: { at: "end" } });
  const old = await add("Old idea", { dueDate: "2026-11-01", priority: "urgent" });
  await deleteTask(ana.actor, { taskId: old.id });
  const footer = await add("Fix footer links", { dueDate: "2026-11-23" });
  return { ana, bo, project, brief, mockups, backend, analytics, launch, press, party, footer };
}

/** Another team's workspace, with work that would top every list if it leaked. */
async function seedStranger() {
  const stranger = await buildUser({ fullName: "Sam Stranger" });
  const project = await createProject(stranger.actor, {
    workspaceId: stranger.workspaceId,
    name: "Secret",
    key: "WEB",
  });
  await createTask(stranger.actor, {
    projectId: project.id,
    title: "Secret merger plan",
    priority: "urgent",
    dueDate: "2026-11-02",
  });
  await createTask(stranger.actor, { projectId: project.id, title: "Secret launch budget", priority: "urgent" });
  return { stranger, project };
}

describe.each(engines)("the built-in assistant on %s", (engine) => {
  useTestDatabase(engine);

  it("summarizes a project's goals and progress from its figures", async () => {
    const { ana, project } = await seedWebsite();
    const { text, lines, proposal } = await ask(await scopeOf(ana, project.id), ASSISTANT_PROMPTS.summary);

    expect(proposal).toBeUndefined();
    expect(lines[0]).toBe("Project summary: Website, as of Wed, Nov 25");
    expect(text).toContain("Goals: Launch the new marketing site before the December campaign.\n");
    expect(text).toContain(
      "Progress: 1 of 8 tasks done (13%), 7 open; 1 finished in the last 7 days.\n" +
        "By status: To Do 5, In Progress 2, Review 0, Done 1.\n" +
        "Unassigned: 3 open tasks with nobody on them.\n",
    );
    expect(text).toContain(
      "Overdue (2):\n" +
        "- WEB-1 Write the brief: was due Fri, Nov 20, Ana Owner on it\n" +
        "- WEB-9 Fix footer links: was due Mon, Nov 23, nobody on it\n",
    );
    expect(text).toContain(
      "Upcoming deadlines, next 14 days (1):\n- WEB-2 Design mockups: due Fri, Nov 27, Bo Teammate on it\n",
    );
    expect(text).toContain(
      "Recent activity:\n- Ana Owner created WEB-9 Fix footer links\n- Ana Owner deleted WEB-8 Old idea\n",
    );
    expect(text).toMatch(/Most active in the last 30 days: Ana Owner \(\d+ updates\)\.$/);
    expect(text).not.toContain("Old idea:");
  });

  it("summarizes the workspace with a line per project, and says when a description holds no goals", async () => {
    const { ana } = await seedWebsite();
    await createProject(ana.actor, { workspaceId: ana.workspaceId, name: "Blog", key: "BLOG" });
    const { text } = await ask(await scopeOf(ana), "Give me a summary");

    expect(text).toContain(
      "Projects:\n" +
        "- Blog (BLOG): 0 of 0 tasks done (0%).\n" +
        "- Website (WEB): 1 of 8 tasks done (13%). Goals: Launch the new marketing site before the December campaign.\n",
    );
    expect(text).toContain("Progress: 1 of 8 tasks done (13%), 7 open;");

    const blog = await ask(
      await scopeOf(ana, (await db().select().from(projects).where(eq(projects.key, "BLOG")))[0]!.publicId),
      "status?",
    );
    expect(blog.text).toContain("Goals: No goals are written in the project's description yet.");
    expect(blog.text).toContain("There are no tasks yet.");
  });

  it("breaks down a named task from its description and unchecked checklist, never repeating a subtask", async () => {
    const { ana, project, launch } = await seedWebsite();
    const { text, proposal } = await ask(await scopeOf(ana, project.id), "Break down WEB-5 please");

    expect(proposal).toEqual({
      title: "Subtasks for WEB-5 Plan the launch",
      changes: [
        ["Book the venue", "From the task's description."],
        ["Prepare the demo", "From the task's description."],
        ["Order drinks", "An unchecked item of its checklist."],
      ].map(([title, reason]) => ({
        kind: "create_task",
        projectId: project.id,
        projectName: "Website",
        title,
        parentId: launch.id,
        parentLabel: "WEB-5 Plan the launch",
        reason,
      })),
    });
    expect(text).toBe(
      "Proposed subtasks for WEB-5 Plan the launch:\n- Book the venue\n- Prepare the demo\n- Order drinks\n\n" +
        "Press Apply to add them under WEB-5; nothing changes until you do.",
    );
  });

  it("picks the most pressing task without subtasks when none is named, and says which and how to ask for another", async () => {
    const { ana, project, mockups } = await seedWebsite();
    const { lines, proposal } = await ask(await scopeOf(ana, project.id), ASSISTANT_PROMPTS.breakdown);

    expect(lines[0]).toBe(
      'I picked WEB-2 Design mockups (the open task of highest priority without subtasks). To break down another, name it, e.g. "Break down WEB-2".',
    );
    expect(proposal!.changes.map((change) => change.kind === "create_task" && change.title)).toEqual([
      "Design mockups: agree the scope",
      "Design mockups: first draft",
      "Design mockups: review with the team",
      "Design mockups: finish and hand over",
    ]);
    expect(proposal!.changes.every((change) => change.kind === "create_task" && change.parentId === mockups.id)).toBe(
      true,
    );
  });

  it("matches a task by the words of the message and borrows a built-in template's subtasks for it", async () => {
    const { ana, project, backend } = await seedWebsite();
    const { lines, proposal } = await ask(await scopeOf(ana, project.id), "split the backend work");

    expect(lines[0]).toContain("I picked WEB-3 Build the backend (its title matches your message).");
    expect(proposal!.changes).toEqual(
      ["Migrations", "Endpoints and validation", "Permission checks", "Integration tests"].map((title) =>
        expect.objectContaining({
          title,
          parentId: backend.id,
          reason: "As the Software Development Roadmap template breaks down a task like it.",
        }),
      ),
    );
  });

  it("refuses to break down a subtask and proposes nothing", async () => {
    const { ana, project } = await seedWebsite();
    const { text, proposal } = await ask(await scopeOf(ana, project.id), "subtasks for web-6");
    expect(proposal).toBeUndefined();
    expect(text).toBe(
      "WEB-6 Invite the press is a subtask of WEB-5 Plan the launch, and a subtask cannot have subtasks of its own.\n" +
        "Ask me to break down WEB-5 instead, or name another task.",
    );
  });

  it("suggests three deadlines from the remaining work, the assignee's other dated work and working days", async () => {
    const { ana, project, launch, backend, analytics } = await seedWebsite();
    const { lines, proposal } = await ask(await scopeOf(ana, project.id), ASSISTANT_PROMPTS.deadlines);

    const reasons = {
      launch:
        "no estimate, so 2 days assumed for high priority; Bo Teammate has 1 other dated task (10 h) to finish first; 4 working days from today, weekends skipped.",
      backend:
        "no estimate, so 3 days assumed for medium priority; Ana Owner has 1 other dated task (2 h) to finish first; 4 working days from its start date Tue, Dec 1.",
      analytics: "estimate 4 h; nobody is assigned yet; 1 working day from today.",
    };
    expect(proposal).toEqual({
      title: "3 deadlines for Website",
      changes: [
        { task: launch, label: "WEB-5 Plan the launch", to: "2026-11-30", reason: reasons.launch },
        { task: backend, label: "WEB-3 Build the backend", to: "2026-12-04", reason: reasons.backend },
        { task: analytics, label: "WEB-4 Set up analytics", to: "2026-11-25", reason: reasons.analytics },
      ].map(({ task, label, to, reason }) => ({
        kind: "update_task",
        taskId: task.id,
        taskLabel: label,
        dueDate: { from: null, to },
        reason,
      })),
    });
    expect(lines.slice(1, 4)).toEqual([
      `- WEB-5 Plan the launch: Mon, Nov 30. ${reasons.launch}`,
      `- WEB-3 Build the backend: Fri, Dec 4. ${reasons.backend}`,
      `- WEB-4 Set up analytics: Wed, Nov 25. ${reasons.analytics}`,
    ]);
  });

  it("re-dates work at risk when every open task has a date, never before today", async () => {
    const ana = await buildUser({ fullName: "Ana Owner" });
    const project = await createProject(ana.actor, { workspaceId: ana.workspaceId, name: "Ops", key: "OPS" });
    const late = await createTask(ana.actor, {
      projectId: project.id,
      title: "Renew certificates",
      dueDate: "2026-11-24",
      estimateMinutes: 720,
      assigneeIds: [ana.id],
    });
    await createTask(ana.actor, {
      projectId: project.id,
      title: "Rotate keys",
      dueDate: "2026-12-20",
      estimateMinutes: 60,
    });
    const { proposal } = await ask(await scopeOf(ana, project.id), "what due dates do you suggest?");

    expect(proposal!.changes).toEqual([
      {
        kind: "update_task",
        taskId: late.id,
        taskLabel: "OPS-1 Renew certificates",
        dueDate: { from: "2026-11-24", to: "2026-11-26" },
        reason:
          "estimate 12 h; no other dated work is queued for Ana Owner; 2 working days from today; now due Tue, Nov 24, too soon for the work left.",
      },
    ]);
  });

  it("lists next steps: overdue, blocked, most pressing, then unassigned, each with its key and why", async () => {
    const { ana, project } = await seedWebsite();
    const { lines, proposal } = await ask(await scopeOf(ana, project.id), ASSISTANT_PROMPTS.nextSteps);

    expect(proposal).toBeUndefined();
    expect(lines).toEqual([
      "What to do next in Website, as of Wed, Nov 25:",
      "1. WEB-1 Write the brief: overdue by 5 days (was due Fri, Nov 20); Ana Owner on it. Finish it or move its date.",
      "2. WEB-9 Fix footer links: overdue by 2 days (was due Mon, Nov 23); nobody on it. Finish it or move its date.",
      "3. WEB-4 Set up analytics: labelled Blocked: find out what it waits for and who can unblock it.",
      "4. WEB-2 Design mockups: urgent, due Fri, Nov 27, In Progress; Bo Teammate on it.",
      "5. WEB-5 Plan the launch: high priority, To Do; Bo Teammate on it.",
      "6. WEB-3 Build the backend: medium priority, To Do; Ana Owner on it.",
      "7. WEB-6 Invite the press: nobody is assigned: give it an owner.",
    ]);
  });

  it("drafts a plain-text team status e-mail from the real numbers, signed by the team", async () => {
    const { ana, project } = await seedWebsite();
    const { text, proposal } = await ask(await scopeOf(ana, project.id), ASSISTANT_PROMPTS.email);

    expect(proposal).toBeUndefined();
    expect(text).toContain("Subject: Website status for Wed, Nov 25: 1 done this week, 2 tasks overdue\n");
    expect(text).toContain(
      "- Done in the last 7 days: 1\n- In progress: 2\n- Overdue: 2\n- Unassigned: 3\n\n" +
        "Overdue:\n" +
        "- WEB-1 Write the brief: was due Fri, Nov 20, Ana Owner on it\n" +
        "- WEB-9 Fix footer links: was due Mon, Nov 23, nobody on it\n\n" +
        "Coming up in the next 14 days:\n" +
        "- WEB-2 Design mockups: due Fri, Nov 27, Bo Teammate on it\n\n" +
        "Where we need help: help to finish or re-date the 2 overdue tasks, and an owner for each of the 3 unassigned tasks.",
    );
    expect(text.endsWith("Thanks,\nThe Website team")).toBe(true);
    expect(text).not.toMatch(/@|<[a-z]|\|/i);
  });

  it("never shows another workspace's work, whatever it is asked", async () => {
    const { ana } = await seedWebsite();
    await seedStranger();
    const scope = await scopeOf(ana);
    for (const message of [
      ...Object.values(ASSISTANT_PROMPTS),
      "Break down WEB-1",
      "break down the secret merger plan",
    ]) {
      const { text, proposal } = await ask(scope, message);
      expect(text).not.toContain("Secret");
      expect(JSON.stringify(proposal ?? {})).not.toContain("Secret");
    }
  });

  it("answers anything else with what it can do and how to connect a model", async () => {
    const { ana } = await seedWebsite();
    const { text, proposal } = await ask(await scopeOf(ana), "Write me a poem about ducks");
    expect(proposal).toBeUndefined();
    for (const part of [
      "Summarize the project goals and progress",
      "Break down a task into subtasks",
      "Suggest 3 deadlines",
      "what to do next",
      "Draft a team status email",
      "AI_BASE_URL",
      "AI_MODEL",
      "AI_API_KEY",
      "Settings → Integrations → AI",
    ]) {
      expect(text).toContain(part);
    }
  });

  it("says so for an empty project, with no proposal, for each of the five", async () => {
    const ana = await buildUser();
    const project = await createProject(ana.actor, { workspaceId: ana.workspaceId, name: "Empty", key: "EMP" });
    const scope = await scopeOf(ana, project.id);
    const answers = await Promise.all(Object.values(ASSISTANT_PROMPTS).map((message) => ask(scope, message)));
    expect(answers.map((answer) => answer.proposal)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(answers.map((answer) => answer.lines.at(-1))).toEqual([
      "There are no tasks yet. Add a few on the board (or ask me to break one down) and I can report on progress.",
      "There are no open tasks to break down in Empty. Add a task first, then ask me again.",
      "There are no open tasks in Empty, so no deadlines to suggest. Add some tasks and ask again.",
      "There is no open work in Empty. Add the next tasks on the board, or ask me to break one down once it is there.",
      "There is nothing to report for Empty yet: it has no tasks. Add the work on the board and I can draft the e-mail from it.",
    ]);
    const loner = await buildUser({ fullName: "Lee Loner" });
    expect((await ask(await scopeOf(loner), ASSISTANT_PROMPTS.summary)).lines).toEqual([
      "Lee Loner's Workspace has no projects yet, so there is nothing to summarize.",
      "Create a project (or start one from a template), add a few tasks, and ask me again.",
    ]);
  });

  it("gives the same answer for the same data, a line per event, and stops when aborted", async () => {
    const { ana, project } = await seedWebsite();
    const scope = await scopeOf(ana, project.id);
    const first = await ask(scope, ASSISTANT_PROMPTS.deadlines);
    expect(await ask(scope, ASSISTANT_PROMPTS.deadlines)).toEqual(first);
    expect(first.events.filter((event) => event.type === "text")).toHaveLength(first.lines.length);

    const aborted = new AbortController();
    aborted.abort();
    expect((await ask(scope, ASSISTANT_PROMPTS.deadlines, aborted.signal)).events).toEqual([]);

    const stop = new AbortController();
    const events: EngineEvent[] = [];
    for await (const event of builtInEngine.answer({ scope, history: [], message: "summary", signal: stop.signal })) {
      events.push(event);
      stop.abort();
    }
    expect(events).toHaveLength(1);
  });
});
