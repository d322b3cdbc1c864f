import { load, requireActor } from "~/.server/http/respond";
import { attachmentForMember } from "~/.server/tasks/attachments";
import { downloadHeaders, openAttachmentFile } from "~/.server/uploads/attachment-files";
import type { Route } from "./+types/task-attachment";

/**
 * Downloads a task's attachment (`/app/project/{projectId}/task/{taskId}/attachment/{id}`),
 * for members of the task's workspace only: anyone else, a task of another project or an
 * unknown id is "not found". The file streams from disk as a download that the browser
 * never renders in our origin (downloadHeaders).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requireActor(request, context);
  const attachment = await load(() => attachmentForMember(user.id, params));
  const body = await openAttachmentFile(attachment.storagePath);
  if (!body) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(body, { headers: downloadHeaders(attachment) });
}
