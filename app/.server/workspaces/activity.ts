import { eq } from "drizzle-orm";

import { activityFeed } from "../activity/feed";
import { activity } from "../db/schema";

/** The newest activity of a workspace (its projects included). */
export function workspaceActivity(workspaceId: string, limit = 20) {
  return activityFeed(eq(activity.workspaceId, workspaceId), { limit });
}
