import Avatar from "@mui/material/Avatar";
import { styled } from "@mui/material/styles";
import type { CSSProperties } from "react";

import { generatedAvatarUrl } from "~/utils/avatar";

/** Anyone with a picture: the signed-in user (`SessionUser`), or a member shown to others (no e-mail). */
type Person = { id: string; email?: string; fullName?: string; avatarUrl: string | null };

// Styled once: the size comes from `--avatar-size`, which a parent (or `size`) sets.
const Picture = styled(Avatar)({
  width: "var(--avatar-size, 32px)",
  height: "var(--avatar-size, 32px)",
  fontSize: "calc(var(--avatar-size, 32px) * 0.45)",
});

/** The user's picture, else one generated from their e-mail, else the first letter of it (or of the name). */
export function UserAvatar({ user, size }: { user: Person; size?: number }) {
  const src = user.avatarUrl ?? generatedAvatarUrl(user.email || user.id);
  const letter = user.email?.[0] ?? user.fullName?.trim()[0] ?? "U";
  const style = size ? ({ "--avatar-size": `${size}px` } as CSSProperties) : undefined;
  return (
    <Picture src={src} alt="" style={style}>
      {letter.toUpperCase()}
    </Picture>
  );
}
