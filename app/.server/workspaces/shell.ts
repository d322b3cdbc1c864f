import type { User } from "@supabase/supabase-js";
import { eq } from "drizzle-orm";

import { db } from "../db";
import { userSettings } from "../db/schema";
import { latestNotifications } from "../notifications/notifications";
import { can } from "../policies";
import { sidebarPage } from "../projects/queries";
import { syncProfile } from "../profiles/sync-profile";
import { listWorkspaces } from "./workspaces";

/**
 * Projects the sidebar lists per workspace (and starred), by name; the rest are one "All
 * projects" link away, so the shell stays the same size whatever the number of projects.
 */
export const SIDEBAR_PROJECTS = 10;

/**
 * What every app page shows around itself: the user's workspaces with their projects, the
 * starred projects, and the latest notifications. A fixed number of queries, whatever the
 * number of projects.
 */
export async function shellData(user: User, ip: string | null) {
  const [memberOf, projects, notifications] = await Promise.all([
    listWorkspaces(user.id),
    sidebarPage(user.id, SIDEBAR_PROJECTS),
    latestNotifications(user.id),
  ]);
  let workspaces = memberOf;
  if (workspaces.length === 0 && !(await hasSettings(user.id))) {
    // Signed in before workspaces existed (or through a path that skipped the sync): finish
    // the first sign-in now, which creates the personal workspace.
    await syncProfile(user, ip);
    workspaces = await listWorkspaces(user.id);
  }
  return {
    workspaces: workspaces.map((workspace) => {
      const listed = projects.projects.filter((project) => project.workspaceId === workspace.id);
      return {
        ...workspace,
        canCreateProject: can(workspace.role, "project.create"),
        projects: listed.map(({ id, name, color }) => ({ id, name, color })),
        projectCount: listed[0]?.inWorkspace ?? 0,
      };
    }),
    starred: projects.starred,
    starredCount: projects.starredTotal,
    notifications,
  };
}

async function hasSettings(userId: string) {
  const [row] = await db()
    .select({ userId: userSettings.userId })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return Boolean(row);
}
