import { taskChecklist } from "~/.server/tasks/checklist";
import { COMMENT_PAGE, taskComments } from "~/.server/tasks/comments";
import type { TaskAccess } from "~/.server/tasks/access";
import type { MentionCandidate } from "~/.server/chat/mentions";
import { taskHistory } from "~/.server/tasks/history";

/**
 * The task page's comments, checklist and history: what its loader reads for them. Their
 * forms are intents of task-intents.server.ts.
 */

/** "Show earlier comments" raises the thread's length by a page at a time, up to this. */
const MAX_COMMENTS = 500;

export async function loadTaskSections(
  access: TaskAccess,
  viewerId: string,
  url: URL,
  /** The workspace's members, whose @mentions the comments show as chips (the page reads them anyway). */
  members: Promise<readonly MentionCandidate[]>,
) {
  const asked = Math.floor(Number(url.searchParams.get("comments")) || 0);
  const shown = Math.min(Math.max(asked, COMMENT_PAGE), MAX_COMMENTS);
  const editComment = url.searchParams.get("editComment");
  const [comments, checklist, history] = await Promise.all([
    taskComments(access, viewerId, { limit: shown, editing: editComment, members }),
    taskChecklist(access.task.id),
    taskHistory(access.task),
  ]);
  return {
    comments: { ...comments, shown, editing: editComment, more: shown < MAX_COMMENTS },
    checklist: { items: checklist, editing: url.searchParams.get("editItem") },
    history,
  };
}
