import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { db } from "~/.server/db";
import { activity, comments } from "~/.server/db/schema";
import { FieldError, ForbiddenError, NotFoundError } from "~/.server/errors";
import { createProject, setProjectArchived } from "~/.server/projects/projects";
import { taskForMember } from "~/.server/tasks/access";
import {
  addChecklistItem,
  CHECKLIST_MAX,
  deleteChecklistItem,
  moveChecklistItem,
  renameChecklistItem,
  setChecklistItemDone,
  taskChecklist,
} from "~/.server/tasks/checklist";
import { addComment, deleteComment, editComment, taskComments } from "~/.server/tasks/comments";
import { taskHistory } from "~/.server/tasks/history";
import { boardColumns } from "~/.server/tasks/queries";
import { createTask, updateTask } from "~/.server/tasks/tasks";
import { describeActivity } from "~/utils/activity-text";
import { engines, useTestDatabase } from "../setup/database";
import { addMember, buildUser } from "../setup/factories";
import { callLoader } from "../setup/route-harness";
import * as taskRoute from "~/routes/app/task";

/** The task page's comments, checklist and history, on PGlite and PostgreSQL. */
describe.each(engines)("task comments, checklist and history on %s", (engine) => {
  useTestDatabase(engine);

  async function setup() {
    const owner = await buildUser({ fullName: "Olivia Owner" });
    const project = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Launch" });
    const task = await createTask(owner.actor, { projectId: project.id, title: "Plan the launch" });
    const member = async (role: "admin" | "editor" | "viewer", fullName: string) => {
      const user = await buildUser({ fullName });
      await addMember(owner.workspaceId, user.id, role);
      return user;
    };
    const access = () => taskForMember(owner.id, task.id);
    return { owner, project, task, member, access };
  }

  async function verbs(taskId: string) {
    const rows = await db()
      .select({ verb: activity.verb, data: activity.data })
      .from(activity)
      .where(and(eq(activity.subjectType, "task"), eq(activity.subjectId, taskId)))
      .orderBy(asc(activity.sequence));
    return rows;
  }

  it("every member comments; only the author edits; the author or a manager deletes", async () => {
    const { owner, task, member, access } = await setup();
    const viewer = await member("viewer", "Vera Viewer");
    const editor = await member("editor", "Ed Editor");
    const admin = await member("admin", "Ada Admin");
    const first = await addComment(viewer.actor, { taskId: task.id, body: "  Looks **good**  " });
    const second = await addComment(editor.actor, { taskId: task.id, body: "Second" });

    await expect(editComment(owner.actor, { taskId: task.id, commentId: first.id, body: "Mine now" })).rejects.toThrow(
      ForbiddenError,
    );
    await expect(editComment(editor.actor, { taskId: task.id, commentId: first.id, body: "x" })).rejects.toThrow(
      "You can edit only your own comments.",
    );
    await editComment(viewer.actor, { taskId: task.id, commentId: first.id, body: "Looks *great*" });
    // Deleting someone else's: refused to an editor, allowed to a manager.
    await expect(deleteComment(editor.actor, { taskId: task.id, commentId: first.id })).rejects.toThrow(ForbiddenError);
    await deleteComment(admin.actor, { taskId: task.id, commentId: second.id });
    await expect(editComment(editor.actor, { taskId: task.id, commentId: second.id, body: "back" })).rejects.toThrow(
      NotFoundError,
    );

    const thread = await taskComments(await access(), owner.id);
    expect(thread.earlier).toBe(0);
    expect(thread.items).toMatchObject([
      { id: first.id, author: "Vera Viewer", html: "<p>Looks <em>great</em></p>", edited: true, canEdit: false },
    ]);
    // The owner is a manager: may delete the viewer's comment, never edit it.
    expect(thread.items[0]).toMatchObject({ canDelete: true, source: null });
    const [stored] = await db().select({ body: comments.body }).from(comments).where(eq(comments.publicId, first.id));
    expect(stored?.body).toBe("Looks *great*");

    // The log names the task and the comment, never the comment's words.
    const log = (await verbs(task.id)).filter((row) => row.verb.startsWith("comment."));
    expect(log.map((row) => row.verb)).toEqual([
      "comment.created",
      "comment.created",
      "comment.edited",
      "comment.deleted",
    ]);
    expect(JSON.stringify(log)).not.toMatch(/good|great|Second/);
    expect(log[3]!.data).toMatchObject({ key: task.key, title: "Plan the launch", comment: second.id, own: false });
  });

  it("renders a comment's Markdown sanitized: no script, no event handler, no javascript: link", async () => {
    const { owner, task, access } = await setup();
    const body = 'Hi <img src=x onerror="alert(2)"> [link](javascript:alert(3)) `code`\n\n<script>alert(1)</script>';
    const { id } = await addComment(owner.actor, { taskId: task.id, body });
    const [comment] = (await taskComments(await access(), owner.id)).items;
    expect(comment!.html).not.toMatch(/<script|onerror|javascript:/i);
    expect(comment!.html).toContain("<code>code</code>");
    // Only the Markdown is stored, as written; it is rendered when read.
    const [stored] = await db().select({ body: comments.body }).from(comments).where(eq(comments.publicId, id));
    expect(stored?.body).toBe(body);
  });

  it("the task page shows @mentions in comments and the description as chips, and offers the members", async () => {
    const { owner, project, task } = await setup();
    const sam = await buildUser({ fullName: "Sam Lee" });
    await addMember(owner.workspaceId, sam.id, "editor");
    await updateTask(owner.actor, { taskId: task.id, description: "For @sam" });
    await addComment(sam.actor, { taskId: task.id, body: "Over to @Olivia, cc @Sam Lee and @Nobody" });
    const page = await callLoader(taskRoute.loader, {
      path: `/app/project/${project.id}/task/${task.id}`,
      params: { projectId: project.id, taskId: task.id },
      user: owner,
    });
    expect(page.status).toBe(200);
    const data = page.data as {
      task: { descriptionHtml: string };
      comments: { items: { html: string }[] };
      members: { id: string; name: string }[];
    };
    // Only the viewer's own mention is marked as theirs; "@Nobody" is no member, so plain text.
    expect(data.comments.items[0]!.html).toBe(
      '<p>Over to <span class="pl-mention pl-mention-self">@Olivia Owner</span>, cc <span class="pl-mention">@Sam Lee</span> and @Nobody</p>',
    );
    expect(data.task.descriptionHtml).toBe('<p>For <span class="pl-mention">@Sam Lee</span></p>');
    expect(data.members.map((member) => member.name).sort()).toEqual(["Olivia Owner", "Sam Lee"]);
  });

  it("shows the latest comments oldest first, with how many earlier ones are left out", async () => {
    const { owner, task, access } = await setup();
    for (let n = 1; n <= 5; n++) await addComment(owner.actor, { taskId: task.id, body: `Comment ${n}` });
    const thread = await taskComments(await access(), owner.id, { limit: 3 });
    expect(thread.earlier).toBe(2);
    expect(thread.items.map((item) => item.html)).toEqual(["<p>Comment 3</p>", "<p>Comment 4</p>", "<p>Comment 5</p>"]);
  });

  it("an archived project refuses comments and checklist changes; outsiders find nothing", async () => {
    const { owner, project, task } = await setup();
    const comment = await addComment(owner.actor, { taskId: task.id, body: "Before" });
    const item = await addChecklistItem(owner.actor, { taskId: task.id, title: "Before" });
    const outsider = await buildUser();
    await expect(addComment(outsider.actor, { taskId: task.id, body: "Hi" })).rejects.toThrow(NotFoundError);
    await expect(addChecklistItem(outsider.actor, { taskId: task.id, title: "Hi" })).rejects.toThrow(NotFoundError);

    await setProjectArchived(owner.actor, { projectId: project.id, archived: true });
    await expect(addComment(owner.actor, { taskId: task.id, body: "After" })).rejects.toThrow(/archived/);
    await expect(editComment(owner.actor, { taskId: task.id, commentId: comment.id, body: "x" })).rejects.toThrow(
      /archived/,
    );
    await expect(deleteComment(owner.actor, { taskId: task.id, commentId: comment.id })).rejects.toThrow(/archived/);
    await expect(addChecklistItem(owner.actor, { taskId: task.id, title: "After" })).rejects.toThrow(/archived/);
    await expect(setChecklistItemDone(owner.actor, { taskId: task.id, itemId: item.id, done: true })).rejects.toThrow(
      /archived/,
    );
  });

  it("keeps the checklist's order through moves, ticks and renames, and logs each change", async () => {
    const { owner, project, task, member } = await setup();
    const ids: Record<string, string> = {};
    for (const title of ["A", "B", "C", "D"]) {
      ids[title] = (await addChecklistItem(owner.actor, { taskId: task.id, title })).id;
    }
    const titles = async () =>
      (await taskChecklist((await taskForMember(owner.id, task.id)).task.id)).map((i) => i.title);
    const move = (title: string, direction: "up" | "down") =>
      moveChecklistItem(owner.actor, { taskId: task.id, itemId: ids[title]!, direction });

    await move("D", "up");
    expect(await titles()).toEqual(["A", "B", "D", "C"]);
    await move("A", "down");
    expect(await titles()).toEqual(["B", "A", "D", "C"]);
    await move("B", "up"); // already first: stays
    await move("C", "down"); // already last: stays
    expect(await titles()).toEqual(["B", "A", "D", "C"]);
    for (let n = 0; n < 30; n++) await move(n % 2 ? "D" : "C", "up"); // many swaps in one gap
    expect(await titles()).toEqual(["B", "A", "D", "C"]);

    await setChecklistItemDone(owner.actor, { taskId: task.id, itemId: ids.A!, done: true });
    await renameChecklistItem(owner.actor, { taskId: task.id, itemId: ids.B!, title: "  Book the venue " });
    await deleteChecklistItem(owner.actor, { taskId: task.id, itemId: ids.C! });
    const access = await taskForMember(owner.id, task.id);
    expect(await taskChecklist(access.task.id)).toEqual([
      { id: ids.B, title: "Book the venue", done: false },
      { id: ids.A, title: "A", done: true },
      { id: ids.D, title: "D", done: false },
    ]);

    // The board card counts them, in the same few queries.
    const [todo] = await boardColumns({ id: access.project.id, key: project.key });
    expect(todo!.cards[0]!.checklist).toEqual({ done: 1, total: 3 });

    // A viewer may not touch it; an item of another task is not found.
    const viewer = await member("viewer", "Vera Viewer");
    await expect(addChecklistItem(viewer.actor, { taskId: task.id, title: "Mine" })).rejects.toThrow(ForbiddenError);
    const other = await createTask(owner.actor, { projectId: project.id, title: "Other" });
    await expect(deleteChecklistItem(owner.actor, { taskId: other.id, itemId: ids.A! })).rejects.toThrow(NotFoundError);

    // History: newest first, in words.
    const history = await taskHistory(access.task);
    const words = history.map((entry) => describeActivity(entry.verb, entry.data));
    expect(words.slice(0, 3)).toEqual([
      `removed “C” from the checklist of ${task.key} Plan the launch`,
      `renamed the checklist item “B” to “Book the venue” on ${task.key} Plan the launch`,
      `completed “A” on ${task.key} Plan the launch`,
    ]);
    expect(words.at(-1)).toBe(`created ${task.key} Plan the launch`);
    expect(history[0]!.actor).toBe("Olivia Owner");
  });

  it("moves an item to the place a drag names (past the end is the end) and tells where it landed", async () => {
    const { owner, task, access } = await setup();
    const ids: Record<string, string> = {};
    for (const title of ["A", "B", "C", "D", "E"]) {
      ids[title] = (await addChecklistItem(owner.actor, { taskId: task.id, title })).id;
    }
    const titles = async () => (await taskChecklist((await access()).task.id)).map((i) => i.title);
    const moveTo = (title: string, toIndex: number) =>
      moveChecklistItem(owner.actor, { taskId: task.id, itemId: ids[title]!, toIndex });

    await moveTo("E", 1);
    expect(await titles()).toEqual(["A", "E", "B", "C", "D"]);
    await moveTo("A", 3);
    expect(await titles()).toEqual(["E", "B", "C", "A", "D"]);
    await moveTo("B", 99);
    expect(await titles()).toEqual(["E", "C", "A", "D", "B"]);
    await moveTo("E", 0); // where it is: nothing changes, nothing is logged
    // Many drags into one gap: the order holds.
    for (let n = 0; n < 20; n++) await moveTo(n % 2 ? "D" : "A", 1);
    expect(await titles()).toEqual(["E", "D", "A", "C", "B"]);

    const words = (await taskHistory((await access()).task)).map((entry) => describeActivity(entry.verb, entry.data));
    expect(words.filter((line) => line.startsWith("moved"))).toHaveLength(23);
    expect(words).toContain(`moved “B” to place 5 on the checklist of ${task.key} Plan the launch`);
  });

  it("bounds the checklist at CHECKLIST_MAX items", async () => {
    const { owner, task } = await setup();
    for (let n = 0; n < CHECKLIST_MAX; n++) await addChecklistItem(owner.actor, { taskId: task.id, title: `${n}` });
    await expect(addChecklistItem(owner.actor, { taskId: task.id, title: "One more" })).rejects.toThrow(FieldError);
  });
});
