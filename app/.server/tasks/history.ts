import { and, eq } from "drizzle-orm";

import { activityFeed } from "../activity/feed";
import { activity } from "../db/schema";

/** How many entries a task's History shows. */
export const HISTORY_LIMIT = 50;

/**
 * A task's own history: every activity row whose subject is the task (its changes, its
 * comments, its checklist), newest first, with who did it. Read through the project's
 * index, which every such row carries.
 */
export function taskHistory(task: { publicId: string; projectId: string }) {
  return activityFeed(
    and(
      eq(activity.projectId, task.projectId),
      eq(activity.subjectType, "task"),
      eq(activity.subjectId, task.publicId),
    )!,
    { limit: HISTORY_LIMIT },
  );
}
