/** What the pages may know about the signed-in user (the header's avatar menu, the app shell). */
export type SessionUser = { id: string; email: string; fullName: string; avatarUrl: string | null };

export function toSessionUser(user: {
  id: string;
  email?: string | null;
  user_metadata?: Record<string, unknown> | null;
}): SessionUser {
  const email = user.email ?? "";
  const metadata = user.user_metadata ?? {};
  const fullName = typeof metadata.full_name === "string" && metadata.full_name.trim() ? metadata.full_name : "";
  return {
    id: user.id,
    email,
    fullName,
    avatarUrl: typeof metadata.avatar_url === "string" ? metadata.avatar_url : null,
  };
}
