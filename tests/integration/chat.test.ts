import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { deleteMessage, editMessage, postMessage } from "~/.server/chat/messages";
import { CHAT_PAGE, chatPage } from "~/.server/chat/queries";
import { db } from "~/.server/db";
import { activity, messages } from "~/.server/db/schema";
import { FieldError, ForbiddenError, NotFoundError } from "~/.server/errors";
import { projectForMember } from "~/.server/projects/access";
import { createProject, setProjectArchived } from "~/.server/projects/projects";
import { engines, useTestDatabase } from "../setup/database";
import { addMember, buildUser, type TestUser } from "../setup/factories";
import { callAction } from "../setup/route-harness";
import * as projectRoute from "~/routes/app/project";

/** The project chat's use cases and its page query, on PGlite and PostgreSQL. */
describe.each(engines)("chat on %s", (engine) => {
  useTestDatabase(engine);

  async function setup() {
    const owner = await buildUser({ fullName: "Ada Lovelace" });
    const grace = await buildUser({ fullName: "Grace Hopper" });
    const admin = await buildUser({ fullName: "Alan Turing" });
    const viewer = await buildUser({ fullName: "Alan Kay" });
    const outsider = await buildUser({ fullName: "Linus Torvalds" });
    await addMember(owner.workspaceId, grace.id, "editor");
    await addMember(owner.workspaceId, admin.id, "admin");
    await addMember(owner.workspaceId, viewer.id, "viewer");
    const project = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Engine" });
    return { owner, grace, admin, viewer, outsider, project };
  }

  async function pageFor(user: TestUser, projectId: string, before: string | null = null) {
    const access = await projectForMember(user.id, projectId);
    return chatPage(access.project, { userId: user.id, role: access.role }, before);
  }

  async function activityOf(messageId: string) {
    return db()
      .select({ verb: activity.verb, subjectType: activity.subjectType, data: activity.data })
      .from(activity)
      .where(eq(activity.subjectId, messageId))
      .orderBy(asc(activity.sequence));
  }

  it("stores the members a message mentions, by full name or a unique first name, and no one else", async () => {
    const { owner, grace, viewer, project } = await setup();
    const text = "Hi @ada lovelace and @Grace, ask @Linus Torvalds or @Alan; mail ada@example.com";
    const posted = await postMessage(viewer.actor, { projectId: project.id, body: `  ${text}  ` });
    // Linus is not a member; two members are called Alan; an e-mail address is no mention.
    expect(posted.mentions).toEqual([owner.id, grace.id]);
    const [row] = await db().select().from(messages).where(eq(messages.publicId, posted.id));
    expect(row).toMatchObject({ body: text, mentions: [owner.id, grace.id], authorId: viewer.id });
    expect(await activityOf(posted.id)).toEqual([
      { verb: "message.posted", subjectType: "message", data: { excerpt: text, mentions: [owner.id, grace.id] } },
    ]);

    const [shown] = (await pageFor(owner, project.id)).messages;
    // As chips with the person's name, whatever was typed; the reader's own mention stands out.
    expect(shown?.html).toContain('<span class="pl-mention pl-mention-self">@Ada Lovelace</span>');
    expect(shown?.html).toContain('<span class="pl-mention">@Grace Hopper</span>');
    expect(shown?.html).not.toContain('<span class="pl-mention">@Linus');
    expect(shown?.html).not.toContain('<span class="pl-mention">@Alan');
    expect(shown).toMatchObject({ author: { name: "Alan Kay" }, canEdit: false, canDelete: true, body: null });
  });

  it("renders Markdown safely, keeps long excerpts short, and refuses an empty or oversized message", async () => {
    const { owner, project } = await setup();
    const long = `**Bold** <script>alert(1)</script> ${"word ".repeat(40)}`;
    const posted = await postMessage(owner.actor, { projectId: project.id, body: long });
    const [shown] = (await pageFor(owner, project.id)).messages;
    expect(shown?.html).toContain("<strong>Bold</strong>");
    expect(shown?.html).not.toContain("<script");
    const [logged] = await activityOf(posted.id);
    expect(Array.from(String(logged?.data.excerpt))).toHaveLength(80);
    await expect(postMessage(owner.actor, { projectId: project.id, body: "   " })).rejects.toThrow(FieldError);
    await expect(postMessage(owner.actor, { projectId: project.id, body: "x".repeat(4_001) })).rejects.toThrow(
      FieldError,
    );
  });

  it("lets only the author edit a message, re-reading its mentions and logging the edit", async () => {
    const { owner, grace, admin, project } = await setup();
    const posted = await postMessage(grace.actor, { projectId: project.id, body: "Draft for @Ada" });
    await expect(
      editMessage(owner.actor, { projectId: project.id, messageId: posted.id, body: "Mine" }),
    ).rejects.toThrow(ForbiddenError);
    await expect(
      editMessage(admin.actor, { projectId: project.id, messageId: posted.id, body: "Mine" }),
    ).rejects.toThrow(ForbiddenError);
    const edited = await editMessage(grace.actor, {
      projectId: project.id,
      messageId: posted.id,
      body: "Final for @Alan Turing",
    });
    expect(edited.mentions).toEqual([admin.id]);
    const [row] = await db().select().from(messages).where(eq(messages.publicId, posted.id));
    expect(row?.body).toBe("Final for @Alan Turing");
    expect(row?.editedAt).toBeInstanceOf(Date);
    expect((await activityOf(posted.id)).map((entry) => entry.verb)).toEqual(["message.posted", "message.edited"]);

    const [mine] = (await pageFor(grace, project.id)).messages;
    expect(mine).toMatchObject({ edited: true, canEdit: true, body: "Final for @Alan Turing" });
  });

  it("lets the author or a workspace admin delete a message, not another member", async () => {
    const { owner, grace, admin, viewer, project } = await setup();
    const first = await postMessage(grace.actor, { projectId: project.id, body: "First" });
    const second = await postMessage(owner.actor, { projectId: project.id, body: "Second" });
    await expect(deleteMessage(viewer.actor, { projectId: project.id, messageId: first.id })).rejects.toThrow(
      ForbiddenError,
    );
    await expect(deleteMessage(grace.actor, { projectId: project.id, messageId: second.id })).rejects.toThrow(
      ForbiddenError,
    );
    await deleteMessage(admin.actor, { projectId: project.id, messageId: first.id });
    await deleteMessage(owner.actor, { projectId: project.id, messageId: second.id });
    const deletions = [...(await activityOf(first.id)), ...(await activityOf(second.id))].filter(
      (entry) => entry.verb === "message.deleted",
    );
    expect(deletions.map((entry) => entry.data.ownMessage)).toEqual([false, true]);

    const shown = (await pageFor(grace, project.id)).messages;
    expect(shown.map(({ deleted, html, body }) => ({ deleted, html, body }))).toEqual([
      { deleted: true, html: "", body: null },
      { deleted: true, html: "", body: null },
    ]);
    // A deleted message is gone: it can be neither edited nor deleted again.
    await expect(
      editMessage(grace.actor, { projectId: project.id, messageId: first.id, body: "Back" }),
    ).rejects.toThrow(NotFoundError);
    await expect(deleteMessage(admin.actor, { projectId: project.id, messageId: first.id })).rejects.toThrow(
      NotFoundError,
    );
  });

  it("keeps an archived project's chat read-only, for its owner too", async () => {
    const { owner, project } = await setup();
    const posted = await postMessage(owner.actor, { projectId: project.id, body: "Before the archive" });
    await setProjectArchived(owner.actor, { projectId: project.id, archived: true });
    const input = { projectId: project.id, messageId: posted.id };
    await expect(postMessage(owner.actor, { projectId: project.id, body: "Hello?" })).rejects.toThrow(
      /archived and read-only/,
    );
    await expect(editMessage(owner.actor, { ...input, body: "Changed" })).rejects.toThrow(ForbiddenError);
    await expect(deleteMessage(owner.actor, input)).rejects.toThrow(ForbiddenError);
    const page = await pageFor(owner, project.id);
    expect(page.canPost).toBe(false);
    expect(page.messages).toMatchObject([{ canEdit: false, canDelete: false }]);
  });

  it("pages the thread 50 at a time, oldest first on a page, older ones behind `before`", async () => {
    const { owner, project } = await setup();
    const ids: string[] = [];
    for (let i = 1; i <= CHAT_PAGE + 5; i++) {
      ids.push((await postMessage(owner.actor, { projectId: project.id, body: `Message ${i}` })).id);
    }
    const latest = await pageFor(owner, project.id);
    expect(latest.messages.map((message) => message.id)).toEqual(ids.slice(5));
    expect(latest.olderBefore).toBe(ids[5]);
    // One author, seconds apart: one group, the header drawn once.
    expect(latest.messages.filter((message) => !message.grouped)).toHaveLength(1);

    const older = await pageFor(owner, project.id, latest.olderBefore);
    expect(older.messages.map((message) => message.id)).toEqual(ids.slice(0, 5));
    expect(older.olderBefore).toBeNull();
  });

  it("never shows or changes another project's messages", async () => {
    const { owner, grace, outsider, project } = await setup();
    const other = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Other" });
    const elsewhere = await postMessage(grace.actor, { projectId: other.id, body: "In the other project" });
    await postMessage(owner.actor, { projectId: project.id, body: "Here" });

    const page = await pageFor(owner, project.id);
    expect(page.messages.map((message) => message.id)).not.toContain(elsewhere.id);
    expect((await pageFor(owner, project.id, elsewhere.id)).messages).toEqual([]);
    await expect(
      editMessage(grace.actor, { projectId: project.id, messageId: elsewhere.id, body: "Moved?" }),
    ).rejects.toThrow(NotFoundError);
    await expect(deleteMessage(owner.actor, { projectId: project.id, messageId: elsewhere.id })).rejects.toThrow(
      NotFoundError,
    );
    await expect(postMessage(outsider.actor, { projectId: project.id, body: "Let me in" })).rejects.toThrow(
      NotFoundError,
    );
  });

  it("answers the form: a refused message comes back with its text, a plain post goes to the latest", async () => {
    const { owner, project } = await setup();
    const post = (form: Record<string, string>) =>
      callAction(projectRoute.action, {
        user: owner,
        path: `/app/project/${project.id}?view=chat`,
        params: { projectId: project.id },
        form: { intent: "post-message", ...form },
      });
    const tooLong = "y".repeat(4_001);
    expect(await post({ body: tooLong })).toMatchObject({
      status: 400,
      data: { chat: { messageId: null, body: tooLong, error: "Keep the message under 4,000 characters" } },
    });
    expect(await post({ body: "  " })).toMatchObject({ status: 400, data: { chat: { error: "Write a message" } } });
    const back = `/app/project/${project.id}?view=chat#latest`;
    expect(await post({ body: "Plain", redirectTo: back })).toMatchObject({ status: 302, location: back });
    // A fetcher sends no redirectTo and stays on the page.
    expect(await post({ body: "Fetched" })).toMatchObject({ status: 200, data: { ok: true } });
    const edit = await callAction(projectRoute.action, {
      user: owner,
      path: `/app/project/${project.id}?view=chat`,
      params: { projectId: project.id },
      form: { intent: "edit-message", messageId: "nope!", body: "x" },
    });
    expect(edit.status).toBe(400);
  });
});
