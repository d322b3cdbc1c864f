import type { User } from "@supabase/supabase-js";

import { FULL_NAME_MAX_LENGTH } from "~/validation/settings";
import { profileFromMetadata } from "~/validation/user-metadata";
import { writeWithActivity } from "../activity/use-case";
import { profiles } from "../db/schema";
import { isOpenInvitationFor } from "../team/invitations";
import { createPersonalWorkspace } from "../workspaces/workspaces";

/**
 * Runs after every sign-in (spec section 3): upserts the profile keyed on the user id.
 * full_name comes from user metadata, else the part of the e-mail before the @; both are
 * cut to the profile form's limit, and an avatar is taken only if it is one of our uploads
 * (metadata is the user's to write, and may come from a Supabase project that checks nothing).
 * The first sign-in also creates the user's settings and personal workspace, except when it
 * is on its way to accept an open invitation to this address (`joining`: the invitation
 * link's token): an invitee works in the workspace they join, and can make their own later.
 */
export async function syncProfile(user: User, ip: string | null, options: { joining?: string | null } = {}) {
  const email = user.email ?? "";
  const fromMetadata = profileFromMetadata(user.user_metadata);
  const fullName = fromMetadata.fullName || email.split("@")[0]?.slice(0, FULL_NAME_MAX_LENGTH) || "";
  const { avatarUrl } = fromMetadata;
  return writeWithActivity({ userId: user.id, ip }, async (tx, record) => {
    const [row] = await tx
      .insert(profiles)
      .values({ id: user.id, email, fullName, avatarUrl, updatedAt: new Date() })
      .onConflictDoUpdate({ target: profiles.id, set: { email, fullName, avatarUrl, updatedAt: new Date() } })
      .returning();
    await record({ verb: "user.signed_in", subjectType: "user", subjectId: user.id });
    const joining = options.joining ? await isOpenInvitationFor(tx, options.joining, email) : false;
    await createPersonalWorkspace(tx, record, user.id, fullName ? `${fullName}'s Workspace` : "My Workspace", {
      workspace: !joining,
    });
    return row;
  });
}
