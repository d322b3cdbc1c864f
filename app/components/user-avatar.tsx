import Avatar from "@mui/material/Avatar";

import type { SessionUser } from "~/utils/session-user";
import { generatedAvatarUrl } from "~/utils/avatar";

/** The user's picture, else one generated from their e-mail, else the first letter of it. */
export function UserAvatar({ user, size = 32 }: { user: SessionUser; size?: number }) {
  const src = user.avatarUrl ?? generatedAvatarUrl(user.email || user.id);
  return (
    <Avatar src={src} alt="" sx={{ width: size, height: size, fontSize: size * 0.45 }}>
      {(user.email[0] ?? "U").toUpperCase()}
    </Avatar>
  );
}
