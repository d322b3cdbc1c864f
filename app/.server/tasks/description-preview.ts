import { renderUserMarkdown } from "../content/markdown";
import { authorize } from "../policies";
import { taskForMember, taskState } from "./access";

/**
 * The description editor's Preview: the Markdown rendered and sanitized exactly as the saved
 * description is (`renderUserMarkdown`), for someone who may edit the task. It writes
 * nothing, so it records no activity; an archived task or a viewer is refused like a save.
 */
export async function previewDescription(
  userId: string,
  input: { taskId: string; projectId?: string; markdown: string },
) {
  const access = await taskForMember(userId, input.taskId, input.projectId);
  authorize(access.role, "task.update", taskState(access));
  return renderUserMarkdown(input.markdown);
}
