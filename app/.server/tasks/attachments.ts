import { and, count, desc, eq } from "drizzle-orm";

import type { Actor } from "../activity/use-case";
import { defineCommand, execute } from "../commands/command";
import { memberIdOf, principalOf } from "../commands/principal";
import { db } from "../db";
import type { Transaction } from "../db/client";
import { attachments, profiles } from "../db/schema";
import { FieldError, NotFoundError } from "../errors";
import { MAX_ATTACHMENT_BYTES } from "../http/limits";
import { newPublicId } from "../ids";
import { authorize } from "../policies";
import { isInlineImage, removeAttachmentFile, safeFileName, writeAttachmentFile } from "../uploads/attachment-files";
import { ATTACHMENT_TOO_LARGE } from "~/validation/attachments";
import { taskDescription, taskForMember, taskState, taskSubject } from "./access";
import { addAttachmentInput, removeAttachmentInput } from "./inputs";

/**
 * Files on a task: editors attach and remove them, every member of the workspace lists and
 * downloads them. The file is written inside the unit of work, after the policy's check,
 * and removed if it rolls back; a removed row's file is deleted only once the removal has
 * committed.
 */

/** A task keeps a list that fits on its page. */
export const MAX_ATTACHMENTS_PER_TASK = 100;

type AddAttachmentInput = { taskId: string; projectId?: string; file: File };

export const addAttachmentCommand = defineCommand({
  name: "attachment.add",
  input: addAttachmentInput,
  policy: "attachment.create",
  async run({ tx, record, principal, onRollback }, input: AddAttachmentInput) {
    const { file } = input;
    if (file.size === 0) throw new FieldError("file", "Choose a file to attach.");
    if (file.size > MAX_ATTACHMENT_BYTES) throw new FieldError("file", ATTACHMENT_TOO_LARGE);
    const userId = memberIdOf(principal);
    const access = await taskForMember(userId, input.taskId, input.projectId, tx);
    authorize(access.role, "attachment.create", taskState(access));
    await assertRoom(tx, access.task.id);
    const storagePath = await writeAttachmentFile(file);
    onRollback(() => removeAttachmentFile(storagePath));
    const fileName = safeFileName(file.name);
    const [row] = await tx
      .insert(attachments)
      .values({
        publicId: newPublicId(),
        workspaceId: access.task.workspaceId,
        taskId: access.task.id,
        uploadedBy: userId,
        fileName,
        // The uploader's word, kept as said; the download decides what is safe to send it as.
        contentType: (file.type || "application/octet-stream").slice(0, 200),
        sizeBytes: file.size,
        storagePath,
      })
      .returning({ publicId: attachments.publicId });
    await record({
      verb: "task.attachment_added",
      ...taskSubject(access),
      data: { ...taskDescription(access), file: fileName, size: file.size },
    });
    return { id: row!.publicId, fileName, image: isInlineImage(file.type) };
  },
});

export function addAttachment(actor: Actor, input: AddAttachmentInput) {
  return execute(addAttachmentCommand, principalOf(actor), input);
}

type RemoveAttachmentInput = { taskId: string; projectId?: string; attachmentId: string };

export const removeAttachmentCommand = defineCommand({
  name: "attachment.remove",
  input: removeAttachmentInput,
  policy: "attachment.delete",
  async run({ tx, record, principal, afterCommit }, input: RemoveAttachmentInput) {
    const access = await taskForMember(memberIdOf(principal), input.taskId, input.projectId, tx);
    authorize(access.role, "attachment.delete", taskState(access));
    const [attachment] = await tx
      .delete(attachments)
      .where(and(eq(attachments.taskId, access.task.id), eq(attachments.publicId, input.attachmentId)))
      .returning({ fileName: attachments.fileName, storagePath: attachments.storagePath });
    if (!attachment) throw new NotFoundError("Attachment");
    await record({
      verb: "task.attachment_removed",
      ...taskSubject(access),
      data: { ...taskDescription(access), file: attachment.fileName },
    });
    // Only once the row is gone for good: a rolled-back removal keeps its file.
    afterCommit(() => removeAttachmentFile(attachment.storagePath));
    return { fileName: attachment.fileName };
  },
});

export function removeAttachment(actor: Actor, input: RemoveAttachmentInput) {
  return execute(removeAttachmentCommand, principalOf(actor), input);
}

/** A task's attachments, newest first, for its page. */
export async function attachmentsOf(taskId: string) {
  const rows = await db()
    .select({
      id: attachments.publicId,
      fileName: attachments.fileName,
      contentType: attachments.contentType,
      sizeBytes: attachments.sizeBytes,
      createdAt: attachments.createdAt,
      fullName: profiles.fullName,
      email: profiles.email,
    })
    .from(attachments)
    .leftJoin(profiles, eq(profiles.id, attachments.uploadedBy))
    .where(eq(attachments.taskId, taskId))
    .orderBy(desc(attachments.createdAt), desc(attachments.id))
    .limit(MAX_ATTACHMENTS_PER_TASK);
  return rows.map((row) => ({
    id: row.id,
    fileName: row.fileName,
    /** Shown as a thumbnail (the download route sends it inline). */
    image: isInlineImage(row.contentType),
    sizeBytes: row.sizeBytes,
    createdAt: row.createdAt.toISOString(),
    uploader: row.fullName || row.email || "A former member",
  }));
}

/**
 * One attachment of a task, for its download, read by a member of the task's workspace
 * (`taskForMember` refuses anyone else, and a task of another project, as not found).
 */
export async function attachmentForMember(
  userId: string,
  input: { projectId: string; taskId: string; attachmentId: string },
) {
  const access = await taskForMember(userId, input.taskId, input.projectId);
  const [attachment] = await db()
    .select({
      fileName: attachments.fileName,
      contentType: attachments.contentType,
      sizeBytes: attachments.sizeBytes,
      storagePath: attachments.storagePath,
    })
    .from(attachments)
    .where(and(eq(attachments.taskId, access.task.id), eq(attachments.publicId, input.attachmentId)));
  if (!attachment) throw new NotFoundError("Attachment");
  return attachment;
}

async function assertRoom(tx: Transaction, taskId: string) {
  const [row] = await tx.select({ total: count() }).from(attachments).where(eq(attachments.taskId, taskId));
  if ((row?.total ?? 0) >= MAX_ATTACHMENTS_PER_TASK) {
    throw new FieldError("file", `A task can hold at most ${MAX_ATTACHMENTS_PER_TASK} files. Remove one first.`);
  }
}
