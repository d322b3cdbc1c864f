import { profileFromMetadata } from "~/validation/user-metadata";

/** What the pages may know about the signed-in user (the header's avatar menu, the app shell). */
export type SessionUser = { id: string; email: string; fullName: string; avatarUrl: string | null };

export function toSessionUser(user: {
  id: string;
  email?: string | null;
  user_metadata?: Record<string, unknown> | null;
}): SessionUser {
  const email = user.email ?? "";
  // Bounded as the profile is: the metadata is the user's own to write.
  const { fullName, avatarUrl } = profileFromMetadata(user.user_metadata);
  return { id: user.id, email, fullName, avatarUrl };
}
