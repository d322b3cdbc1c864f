import { createHash } from "node:crypto";

import { and, eq, isNull } from "drizzle-orm";

import type { TokenPrincipal } from "../api-tokens/tokens";
import { db } from "../db";
import { attachments, projects, tasks } from "../db/schema";
import { addAttachment, attachmentForMember, attachmentsOf, removeAttachment } from "../tasks/attachments";
import { downloadHeaders, openAttachmentFile } from "../uploads/attachment-files";
import { existingTask, found, route, taskUuid, type Context, type Params } from "./context";
import { ApiProblem, json } from "./http";
import { idempotent } from "./idempotency";

/**
 * A task's files: listed and downloaded by every member, attached (multipart, the task
 * page's size limit) and removed by editors, through the task page's use cases.
 */
export const attachmentRoutes = [
  route("GET", "/tasks/{taskId}/attachments", listAttachments),
  route("POST", "/tasks/{taskId}/attachments", postAttachment),
  route("GET", "/attachments/{attachmentId}/content", downloadAttachment),
  route("DELETE", "/attachments/{attachmentId}", removeAttachmentById),
];

async function attachmentsOfTask(principal: TokenPrincipal, taskPublicId: string) {
  const rows = await attachmentsOf(await taskUuid(principal, taskPublicId));
  return rows.map((row) => ({ ...row, taskId: taskPublicId, contentUrl: `/api/v1/attachments/${row.id}/content` }));
}

/** An attachment of a live task of a live project of the token's workspace. */
async function existingAttachment(principal: TokenPrincipal, publicId: string) {
  const [row] = await db()
    .select({ id: attachments.publicId, taskId: tasks.publicId, projectId: projects.publicId })
    .from(attachments)
    .innerJoin(tasks, eq(tasks.id, attachments.taskId))
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(
      and(
        eq(attachments.publicId, publicId),
        eq(attachments.workspaceId, principal.workspaceId),
        isNull(tasks.deletedAt),
        isNull(projects.deletedAt),
      ),
    );
  return found(row, "Attachment");
}

async function listAttachments({ principal }: Context, params: Params) {
  const task = await existingTask(principal, params[0]!);
  return json({ items: await attachmentsOfTask(principal, task.id) });
}

/** One file in the form field `file`; the body's size is capped before it is read (server/body-limit.ts). */
async function postAttachment(context: Context, params: Params) {
  const { principal, actor, request, streamedForm } = context;
  const task = await existingTask(principal, params[0]!);
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "multipart/form-data")
    throw new ApiProblem(415, "Unsupported media type", "Send the file as multipart/form-data, in the field `file`.");
  const form =
    streamedForm ??
    (await request.formData().catch(() => {
      throw new ApiProblem(400, "Bad request", "The form could not be read: its body is incomplete or malformed.");
    }));
  const file = form.get("file");
  if (!(file instanceof File))
    throw new ApiProblem(422, "Invalid request", "Send the file in the field `file`.", {
      errors: [{ field: "file", message: "Send the file in the field `file`." }],
    });
  // Hashed as it is read (the file may be 25 MB, on disk): never whole in memory.
  const hash = createHash("sha256");
  for await (const chunk of file.stream()) hash.update(chunk);
  const digest = hash.digest("hex");
  return idempotent(context, JSON.stringify({ task: task.id, name: file.name, digest }), async () => {
    const { id } = await addAttachment(actor, { taskId: task.id, projectId: task.projectId, file });
    const created = (await attachmentsOfTask(principal, task.id)).find((item) => item.id === id);
    return json(found(created, "Attachment"), 201, { Location: `/api/v1/attachments/${id}/content` });
  });
}

/** The file as the app's download sends it: never rendered in our origin. */
async function downloadAttachment({ principal, actor }: Context, params: Params) {
  const { id, taskId, projectId } = await existingAttachment(principal, params[0]!);
  const attachment = await attachmentForMember(actor.userId, { projectId, taskId, attachmentId: id });
  const body = found(await openAttachmentFile(attachment.storagePath), "Attachment");
  return new Response(body, { headers: downloadHeaders(attachment) });
}

async function removeAttachmentById({ principal, actor }: Context, params: Params) {
  const { id, taskId, projectId } = await existingAttachment(principal, params[0]!);
  await removeAttachment(actor, { taskId, projectId, attachmentId: id });
  return json(null, 204);
}
