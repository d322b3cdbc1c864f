import type { User } from "@supabase/supabase-js";

import { writeWithActivity } from "../activity/use-case";
import { profiles } from "../db/schema";
import { createPersonalWorkspace } from "../workspaces/workspaces";

/**
 * Runs after every sign-in (spec section 3): upserts the profile keyed on the user id.
 * full_name comes from user metadata, else the part of the e-mail before the @.
 * The first sign-in also creates the user's settings and personal workspace.
 */
export async function syncProfile(user: User, ip: string | null) {
  const email = user.email ?? "";
  const metadata = user.user_metadata ?? {};
  const fullName =
    typeof metadata.full_name === "string" && metadata.full_name.trim()
      ? metadata.full_name.trim()
      : email.split("@")[0];
  const avatarUrl = typeof metadata.avatar_url === "string" ? metadata.avatar_url : null;
  return writeWithActivity({ userId: user.id, ip }, async (tx, record) => {
    const [row] = await tx
      .insert(profiles)
      .values({ id: user.id, email, fullName, avatarUrl, updatedAt: new Date() })
      .onConflictDoUpdate({ target: profiles.id, set: { email, fullName, avatarUrl, updatedAt: new Date() } })
      .returning();
    await record({ verb: "user.signed_in", subjectType: "user", subjectId: user.id });
    await createPersonalWorkspace(tx, record, user.id, fullName ? `${fullName}'s Workspace` : "My Workspace");
    return row;
  });
}
