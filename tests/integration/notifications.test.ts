import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { startTestMailbox } from "../../scripts/test-mailbox.js";
import type { TestDatabase } from "../setup/database";
import type { TestUser } from "../setup/factories";

// Before anything reads env(): mail goes to a real SMTP server, and push is configured (its
// job belongs to the push module; here a recording handler stands in for it).
const mailbox = await startTestMailbox();
vi.stubEnv("SMTP_URL", mailbox.smtpUrl);
vi.stubEnv("VAPID_PUBLIC_KEY", "test-public-key");
vi.stubEnv("VAPID_PRIVATE_KEY", "test-private-key");

// Only now: the app's modules load the logger, which reads env() once.
const { createTestDatabase, engines } = await import("../setup/database");
const { addMember, buildUser } = await import("../setup/factories");
const { setDatabase } = await import("~/.server/db");
const { jobs, notifications, projects, statuses, taskFollowers, tasks, userSettings } =
  await import("~/.server/db/schema");
const { initSecrets } = await import("~/.server/secrets");
const { runDueJobs } = await import("~/.server/jobs/worker");
const { defineJob } = await import("~/.server/jobs/registry");
const { registerNotificationSubscribers } = await import("~/.server/notifications/subscribers");
const { bootstrapReminders } = await import("~/.server/notifications/reminders");
const { registerTeamSubscribers } = await import("~/.server/team/subscribers");
const { createProject } = await import("~/.server/projects/projects");
const { createTask, moveTask, setTaskAssignees, updateTask } = await import("~/.server/tasks/tasks");
const { bulkEditTasks } = await import("~/.server/tasks/bulk");
const { addComment, editComment } = await import("~/.server/tasks/comments");
const { setTaskFollowed } = await import("~/.server/tasks/followers");
const { editMessage, postMessage } = await import("~/.server/chat/messages");
const { inviteMember } = await import("~/.server/team/invitations");
const { changeMemberRole } = await import("~/.server/team/members");
const { markNotificationRead } = await import("~/.server/notifications/notifications");
const { addConnection, removeConnection } = await import("~/.server/realtime/hub");
const { callLoader } = await import("../setup/route-harness");
const { startRelay } = await import("~/.server/realtime/relay");
await import("~/.server/realtime/user-messages");
const notificationsRoute = await import("~/routes/app/notifications");

type Mail = { to: string[]; subject: string; text: string };

async function mailsTo(email: string) {
  const response = await fetch(`${mailbox.apiUrl}/messages?to=${encodeURIComponent(email)}`);
  return (await response.json()) as Mail[];
}

const MINUTE = 60_000;
const DAY = 86_400_000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

afterAll(() => mailbox.close());

/** A stream connection of `userId` in this process's hub that keeps what it is sent. */
function listeningAs(userId: string) {
  const received: unknown[] = [];
  const connection = {
    id: `test-connection-${userId}`,
    userId,
    workspaces: new Set<string>(),
    view: { projectId: null, taskId: null, idle: false },
    send: (message: unknown) => void received.push(message),
  };
  addConnection(connection);
  return { connection, received };
}

describe.each(engines)("notifications on %s", (engine) => {
  let database: TestDatabase;
  const stop: (() => void)[] = [];
  const pushed: string[] = [];

  beforeAll(async () => {
    initSecrets(fs.mkdtempSync(path.join(os.tmpdir(), "plotline-secrets-")));
    database = await createTestDatabase(engine);
    setDatabase(database);
    stop.push(registerNotificationSubscribers(), registerTeamSubscribers());
    stop.push(
      defineJob("push.notification", async (payload) => {
        pushed.push(String(payload.notificationId));
      }),
    );
  });
  afterAll(async () => {
    stop.forEach((undo) => undo());
    setDatabase(undefined);
    await database?.drop();
  });

  /** An owner with two members (an editor and a viewer) and a project in their workspace. */
  async function team() {
    const owner = await buildUser({ fullName: "Olive Owner" });
    const ada = await buildUser({ fullName: "Ada Lovelace" });
    const bob = await buildUser({ fullName: "Bob Builder" });
    await addMember(owner.workspaceId, ada.id, "editor");
    await addMember(owner.workspaceId, bob.id, "viewer");
    const { id: projectId } = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Launch" });
    return { owner, ada, bob, projectId };
  }

  async function notesOf(user: TestUser) {
    return database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, user.id))
      .orderBy(asc(notifications.createdAt), asc(notifications.id));
  }

  async function statusNamed(projectId: string, name: string) {
    const [row] = await database.db
      .select({ id: statuses.publicId })
      .from(statuses)
      .innerJoin(projects, eq(projects.id, statuses.projectId))
      .where(and(eq(projects.publicId, projectId), eq(statuses.name, name)));
    return row!.id;
  }

  async function followerIds(taskPublicId: string) {
    const rows = await database.db
      .select({ userId: taskFollowers.userId })
      .from(taskFollowers)
      .innerJoin(tasks, eq(tasks.id, taskFollowers.taskId))
      .where(eq(tasks.publicId, taskPublicId));
    return rows.map((row) => row.userId).sort();
  }

  it("tells the assignees of a new task, an assignment and a bulk edit, never the one who assigned", async () => {
    const { owner, ada, bob, projectId } = await team();
    const created = await createTask(owner.actor, {
      projectId,
      title: "Write the plan",
      assigneeIds: [ada.id, owner.id],
    });
    await runDueJobs();
    const [first] = await notesOf(ada);
    expect(first).toMatchObject({
      kind: "task.assigned",
      title: `Olive Owner assigned you ${created.key} Write the plan`,
      link: `/app/project/${projectId}/task/${created.id}`,
      actorId: owner.id,
    });
    expect(await notesOf(owner)).toEqual([]);

    const other = await createTask(ada.actor, { projectId, title: "Book the venue" });
    await setTaskAssignees(ada.actor, { projectId, taskId: other.id, userIds: [ada.id, bob.id] });
    await bulkEditTasks(owner.actor, { projectId, taskIds: [created.id, other.id], assigneeId: owner.id });
    await runDueJobs();
    expect((await notesOf(bob)).map((note) => note.title)).toEqual([
      `Ada Lovelace assigned you ${other.key} Book the venue`,
    ]);
    // Ada assigned herself, and the owner assigned himself in bulk: nobody is told of their own act.
    expect((await notesOf(ada)).map((note) => note.kind)).toEqual(["task.assigned"]);
    expect((await notesOf(owner)).map((note) => note.title)).toEqual([]);
    await bulkEditTasks(ada.actor, { projectId, taskIds: [created.id], assigneeId: bob.id });
    await runDueJobs();
    expect((await notesOf(bob)).map((note) => note.title)).toContain(
      `Ada Lovelace assigned you ${created.key} Write the plan`,
    );
    // Assignees follow the task from then on.
    expect(await followerIds(other.id)).toEqual([ada.id, bob.id, owner.id].sort());
  });

  it("tells those @mentioned in a comment, a description and the chat, and on an edit only those newly named", async () => {
    const { owner, ada, bob, projectId } = await team();
    const task = await createTask(owner.actor, {
      projectId,
      title: "Draft the brief",
      description: "@Ada Lovelace please review; @Olive Owner too",
    });
    await runDueJobs();
    expect((await notesOf(ada)).map((note) => [note.kind, note.title])).toEqual([
      ["mention.task", `Olive Owner mentioned you in ${task.key} Draft the brief`],
    ]);
    expect(await notesOf(owner)).toEqual([]);

    // Editing the description to also name Bob tells Bob only.
    await updateTask(owner.actor, { taskId: task.id, description: "@Ada Lovelace and @Bob please review" });
    const { id: commentId } = await addComment(ada.actor, {
      taskId: task.id,
      body: "Done. @Ada Lovelace notes @Olive",
    });
    await editComment(ada.actor, { taskId: task.id, commentId, body: "Done. @Olive and @Bob, see the notes" });
    await runDueJobs();
    const bobs = await notesOf(bob);
    // Bob follows the task since the description named him: he hears of the comment, then of his mention.
    expect(bobs.map((note) => note.kind)).toEqual(["mention.task", "comment.created", "mention.comment"]);
    expect(bobs[2]).toMatchObject({
      title: `Ada Lovelace mentioned you in a comment on ${task.key} Draft the brief`,
      body: "Done. @Olive and @Bob, see the notes",
      link: `/app/project/${projectId}/task/${task.id}#comment-${commentId}`,
    });
    // The owner was named in the comment (once: the edit named him again, not anew).
    expect((await notesOf(owner)).map((note) => note.kind)).toEqual(["mention.comment"]);
    expect((await notesOf(ada)).map((note) => note.kind)).toEqual(["mention.task"]);
    expect(await followerIds(task.id)).toEqual([ada.id, bob.id, owner.id].sort());

    const message = await postMessage(bob.actor, { projectId, body: "@Ada Lovelace can you look? @Bob Builder" });
    await editMessage(bob.actor, { projectId, messageId: message.id, body: "@Ada Lovelace and @Olive, can you look?" });
    await runDueJobs();
    const chat = (user: TestUser) =>
      notesOf(user).then((rows) => rows.filter((note) => note.kind === "mention.message"));
    expect((await chat(ada)).map((note) => note.title)).toEqual(["Bob Builder mentioned you in the Launch chat"]);
    expect((await chat(owner)).map((note) => note.link)).toEqual([`/app/project/${projectId}?view=chat#latest`]);
    expect(await chat(bob)).toEqual([]);
  });

  it("tells the creator, the assignees and the followers of a comment, not its author", async () => {
    const { owner, ada, bob, projectId } = await team();
    const watcher = await buildUser({ fullName: "Wendy Watcher" });
    await addMember(owner.workspaceId, watcher.id, "viewer");
    const task = await createTask(owner.actor, { projectId, title: "Pick a date", assigneeIds: [ada.id] });
    await setTaskFollowed(watcher.actor, { projectId, taskId: task.id, following: true });
    await runDueJobs();
    await addComment(bob.actor, { taskId: task.id, body: "How about **Friday**?" });
    await runDueJobs();
    for (const user of [owner, ada, watcher]) {
      const comments = (await notesOf(user)).filter((note) => note.kind === "comment.created");
      expect(comments.map((note) => [note.title, note.body])).toEqual([
        [`Bob Builder commented on ${task.key} Pick a date`, "How about **Friday**?"],
      ]);
    }
    expect(await notesOf(bob)).toEqual([]);
    // Bob follows now, having commented: Ada's reply reaches him, and not her.
    await addComment(ada.actor, { taskId: task.id, body: "Friday works" });
    await runDueJobs();
    expect((await notesOf(bob)).map((note) => note.title)).toEqual([
      `Ada Lovelace commented on ${task.key} Pick a date`,
    ]);
    expect((await notesOf(ada)).filter((note) => note.kind === "comment.created")).toHaveLength(1);
  });

  it("tells the followers of a status change; following and unfollowing is the member's own choice", async () => {
    const { owner, ada, bob, projectId } = await team();
    const task = await createTask(owner.actor, { projectId, title: "Ship it", assigneeIds: [ada.id] });
    expect(await setTaskFollowed(bob.actor, { projectId, taskId: task.id, following: true })).toMatchObject({
      following: true,
    });
    await moveTask(ada.actor, {
      projectId,
      taskId: task.id,
      statusId: await statusNamed(projectId, "Done"),
      placement: { at: "end" },
    });
    await runDueJobs();
    for (const user of [owner, bob]) {
      const changes = (await notesOf(user)).filter((note) => note.kind === "task.status_changed");
      expect(changes.map((note) => note.title)).toEqual([`Ada Lovelace moved ${task.key} Ship it to Done`]);
    }
    expect((await notesOf(ada)).filter((note) => note.kind === "task.status_changed")).toEqual([]);

    // Unfollowed, Bob hears nothing more; a bulk move reaches the others.
    await setTaskFollowed(bob.actor, { projectId, taskId: task.id, following: false });
    expect(await followerIds(task.id)).toEqual([ada.id, owner.id].sort());
    await bulkEditTasks(ada.actor, { projectId, taskIds: [task.id], statusId: await statusNamed(projectId, "To Do") });
    await runDueJobs();
    expect((await notesOf(bob)).filter((note) => note.kind === "task.status_changed")).toHaveLength(1);
    expect((await notesOf(owner)).filter((note) => note.kind === "task.status_changed")).toHaveLength(2);
    // Unfollowing twice changes nothing; someone outside the workspace cannot follow.
    await setTaskFollowed(bob.actor, { projectId, taskId: task.id, following: false });
    const outsider = await buildUser();
    await expect(setTaskFollowed(outsider.actor, { projectId, taskId: task.id, following: true })).rejects.toThrow(
      "Task",
    );
  });

  it("reminds the assignees of tasks due tomorrow and overdue, once per task and due date", async () => {
    const { owner, ada, bob, projectId } = await team();
    const now = new Date();
    const tomorrow = dayOf(now.getTime() + DAY);
    const soon = await createTask(owner.actor, {
      projectId,
      title: "Due soon",
      dueDate: tomorrow,
      assigneeIds: [ada.id, owner.id],
    });
    const done = await createTask(owner.actor, {
      projectId,
      title: "Already done",
      dueDate: tomorrow,
      assigneeIds: [ada.id],
    });
    await moveTask(owner.actor, {
      projectId,
      taskId: done.id,
      statusId: await statusNamed(projectId, "Done"),
      placement: { at: "end" },
    });
    await createTask(owner.actor, { projectId, title: "Nobody's", dueDate: tomorrow });
    await runDueJobs();
    const reminders = async (user: TestUser) =>
      (await notesOf(user)).filter((note) => note.kind === "task.due_soon" || note.kind === "task.overdue");

    await bootstrapReminders(now);
    await bootstrapReminders(now); // a second process starting: still one chain
    expect(await database.db.select().from(jobs).where(eq(jobs.kind, "notifications.reminders"))).toHaveLength(1);
    await runDueJobs({ now });
    expect((await reminders(ada)).map((note) => [note.title, note.dedupeKey])).toEqual([
      [`${soon.key} Due soon is due tomorrow`, `due:${soon.id}:${tomorrow}`],
    ]);
    // The system reminds the creator too, when assigned: nobody acted.
    expect(await reminders(owner)).toHaveLength(1);
    expect(await reminders(bob)).toEqual([]);

    // Later the same day, and the next hour's run: nothing new.
    await runDueJobs({ now: new Date(now.getTime() + 2 * 3_600_000) });
    expect(await reminders(ada)).toHaveLength(1);

    // Two days on it is overdue: one more, once, however many runs that day.
    const later = new Date(now.getTime() + 2 * DAY);
    await runDueJobs({ now: later });
    await runDueJobs({ now: new Date(later.getTime() + 3_600_000) });
    expect((await reminders(ada)).map((note) => [note.kind, note.dedupeKey])).toEqual([
      ["task.due_soon", `due:${soon.id}:${tomorrow}`],
      ["task.overdue", `overdue:${soon.id}:${tomorrow}`],
    ]);
    // The chain goes on: exactly one run waits, for the next hour.
    const waiting = await database.db
      .select({ runAt: jobs.runAt, doneAt: jobs.doneAt })
      .from(jobs)
      .where(eq(jobs.kind, "notifications.reminders"));
    expect(waiting.filter((job) => job.doneAt === null)).toHaveLength(1);
  });

  it("tells an invited person who has an account, and a member whose role changed", async () => {
    const { owner, ada } = await team();
    const invitee = await buildUser({ fullName: "Ivy Invitee" });
    await inviteMember(owner.actor, {
      workspaceId: owner.workspaceId,
      email: invitee.email.toUpperCase(),
      role: "editor",
    });
    await inviteMember(owner.actor, {
      workspaceId: owner.workspaceId,
      email: "nobody-yet@example.com",
      role: "viewer",
    });
    await changeMemberRole(owner.actor, { workspaceId: owner.workspaceId, userId: ada.id, role: "admin" });
    await runDueJobs();
    const [invited] = await notesOf(invitee);
    expect(invited).toMatchObject({
      kind: "invitation.received",
      title: expect.stringMatching(/^Olive Owner invited you to /),
    });
    expect(invited?.link).toMatch(/^\/invite\/[\w.-]+$/);
    // One e-mail, the invitation's own; the notification is not mailed again, nor later in a digest.
    expect((await mailsTo(invitee.email)).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Olive Owner invited you to .* on Plotline$/),
    ]);
    expect(invited?.emailedAt).not.toBeNull();
    expect((await notesOf(ada)).map((note) => note.kind)).toEqual(["member.role_changed"]);
    expect(await notesOf(owner)).toEqual([]);
  });

  it("mails the first notification at once and batches the next ones into one digest 10 minutes later", async () => {
    const { owner, ada, projectId } = await team();
    const titles = ["One", "Two", "Three"];
    const created = [];
    for (const title of titles)
      created.push(await createTask(owner.actor, { projectId, title, assigneeIds: [ada.id] }));
    // A clock a little ahead, so the jobs the run itself enqueues (stamped with the real time) are due.
    const start = new Date(Date.now() + 5000);
    await runDueJobs({ now: start });
    let mails = await mailsTo(ada.email);
    expect(mails.map((mail) => mail.subject)).toEqual([`Olive Owner assigned you ${created[0]!.key} One`]);

    // Not before the 10 minutes are up.
    await runDueJobs({ now: new Date(start.getTime() + 9 * MINUTE) });
    expect(await mailsTo(ada.email)).toHaveLength(1);
    await runDueJobs({ now: new Date(start.getTime() + 10 * MINUTE + 1000) });
    mails = await mailsTo(ada.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe("2 new notifications on Plotline");
    expect(mails[1]!.text).toContain(`${created[1]!.key} Two`);
    expect(mails[1]!.text).toContain(`${created[2]!.key} Three`);
    const notes = await notesOf(ada);
    expect(notes.every((note) => note.emailedAt !== null)).toBe(true);
  });

  it("does not mail what was read in the app meanwhile, nor anyone who turned e-mail off", async () => {
    const { owner, ada, bob, projectId } = await team();
    await database.db.update(userSettings).set({ emailNotifications: false }).where(eq(userSettings.userId, bob.id));
    for (const title of ["First", "Second", "Third"]) {
      await createTask(owner.actor, { projectId, title, assigneeIds: [ada.id, bob.id] });
    }
    // A clock a little ahead, so the jobs the run itself enqueues (stamped with the real time) are due.
    const start = new Date(Date.now() + 5000);
    await runDueJobs({ now: start });
    expect(await mailsTo(ada.email)).toHaveLength(1);
    const [, second, third] = await notesOf(ada);
    await markNotificationRead(ada.actor, second!.id);
    await runDueJobs({ now: new Date(start.getTime() + 11 * MINUTE) });
    const mails = await mailsTo(ada.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe(third!.title);
    const [secondAfter] = await database.db.select().from(notifications).where(eq(notifications.id, second!.id));
    expect(secondAfter?.emailedAt).toBeNull();
    expect(await mailsTo(bob.email)).toEqual([]);
    expect(await notesOf(bob)).toHaveLength(3);
  });

  it("queues a push per notification for those who turned push on, and tells their open streams", async () => {
    const { owner, ada, bob, projectId } = await team();
    await database.db.update(userSettings).set({ pushNotifications: true }).where(eq(userSettings.userId, ada.id));
    const { connection, received } = listeningAs(ada.id);
    try {
      await createTask(owner.actor, { projectId, title: "Push me", assigneeIds: [ada.id, bob.id] });
      await runDueJobs();
    } finally {
      removeConnection(connection);
    }
    const [note] = await notesOf(ada);
    expect(pushed).toContain(note!.id);
    const bobs = await notesOf(bob);
    expect(pushed).not.toContain(bobs[0]!.id);
    expect(received).toEqual([
      {
        event: "notification",
        data: { type: "notification.created", id: note!.id, title: note!.title, link: note!.link },
      },
    ]);
  });

  it("filters the Notifications page by unread and by kind, in the URL, keeping the paging", async () => {
    const { owner, ada, projectId } = await team();
    const task = await createTask(owner.actor, { projectId, title: "Filter me", assigneeIds: [ada.id] });
    await addComment(owner.actor, { taskId: task.id, body: "@Ada Lovelace have a look" });
    await addComment(owner.actor, { taskId: task.id, body: "And a plain comment" });
    await runDueJobs();
    const [assignment] = await notesOf(ada);
    await markNotificationRead(ada.actor, assignment!.id);
    const page = async (query: string) => {
      const outcome = await callLoader(notificationsRoute.loader, { user: ada, path: `/app/notifications${query}` });
      expect(outcome.status).toBe(200);
      const data = outcome.data as { items: { kind: string }[]; filter: unknown; pages: number };
      return { kinds: data.items.map((item) => item.kind), filter: data.filter, pages: data.pages };
    };
    expect((await page("")).kinds).toEqual(["comment.created", "mention.comment", "task.assigned"]);
    expect((await page("?show=unread")).kinds).toEqual(["comment.created", "mention.comment"]);
    expect(await page("?show=unread&kind=mentions&page=1")).toEqual({
      kinds: ["mention.comment"],
      filter: { unread: true, group: "mentions" },
      pages: 1,
    });
    expect((await page("?kind=assigned")).kinds).toEqual(["task.assigned"]);
    expect((await page("?kind=due")).kinds).toEqual([]);
    // Anything unknown means all.
    expect((await page("?show=everything&kind=gossip")).filter).toEqual({ unread: false, group: null });
  });

  it.runIf(engine === "postgres")("relays a user's message from another process to their streams here", async () => {
    const ada = await buildUser();
    const relay = await startRelay(database.url!);
    const { connection, received } = listeningAs(ada.id);
    try {
      const message = {
        event: "notification",
        data: { type: "notification.created", id: "n-1", title: "Hello from elsewhere", link: "/app/notifications" },
      };
      const payload = JSON.stringify({ userId: ada.id, message, process: "another-process" });
      await database.db.execute(sql`select pg_notify('plotline_users', ${payload})`);
      await expect.poll(() => received, { timeout: 5000 }).toEqual([message]);
    } finally {
      removeConnection(connection);
      await relay.stop();
    }
  });
});
