import { Avatar } from "~/components/avatar";

/** Anyone with a picture: the signed-in user (`SessionUser`), or a member shown to others (no e-mail). */
type Person = { id: string; email?: string; fullName?: string; avatarUrl: string | null };

/**
 * The signed-in user's avatar in the account menu, or a viewer's in the presence stack:
 * `Avatar` (initials on their colour, their picture over it), 32 px unless a parent sets
 * `--avatar-size`; decorative, since the menu or the stack names the person.
 */
export function UserAvatar({ user, size }: { user: Person; size?: number }) {
  const name = user.fullName?.trim() || user.email || "User";
  return <Avatar person={{ name, avatarUrl: user.avatarUrl }} size={size} className="pl-user-avatar" decorative />;
}
