import type { CSSObject, Theme } from "@mui/material/styles";
import type { CSSProperties } from "react";

import { generatedAvatarUrl } from "~/utils/avatar";

/** Anyone with a picture: the signed-in user (`SessionUser`), or a member shown to others (no e-mail). */
type Person = { id: string; email?: string; fullName?: string; avatarUrl: string | null };

/**
 * The user's picture, else one generated from their e-mail, over the first letter of it (or
 * of the name), which shows where the picture does not load. On every app page (the account
 * menu): plain elements under `.pl-user-avatar`, styled in the theme stylesheet
 * (app/theme/static-styles.ts); the size comes from `--avatar-size`, which a parent (or `size`) sets.
 */
export function UserAvatar({ user, size }: { user: Person; size?: number }) {
  const src = user.avatarUrl ?? generatedAvatarUrl(user.email || user.id);
  const letter = user.email?.[0] ?? user.fullName?.trim()[0] ?? "U";
  const style = size ? ({ "--avatar-size": `${size}px` } as CSSProperties) : undefined;
  return (
    <span className="pl-user-avatar" style={style}>
      <span aria-hidden="true">{letter.toUpperCase()}</span>
      <img src={src} alt="" />
    </span>
  );
}

/** `.pl-user-avatar`: a round picture; a picture that fails to load shows nothing, so the letter beneath shows. */
export function userAvatarStyles(theme: Theme): CSSObject {
  const { palette } = theme.vars;
  return {
    position: "relative",
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    flexShrink: 0,
    width: "var(--avatar-size, 32px)",
    height: "var(--avatar-size, 32px)",
    borderRadius: "50%",
    overflow: "hidden",
    userSelect: "none",
    fontFamily: theme.typography.fontFamily,
    fontSize: "calc(var(--avatar-size, 32px) * 0.45)",
    lineHeight: 1,
    color: palette.background.default,
    backgroundColor: palette.Avatar.defaultBg,
    "& > img": {
      position: "absolute",
      inset: 0,
      width: "100%",
      height: "100%",
      objectFit: "cover",
      // A broken picture's alt text and icon stay invisible.
      color: "transparent",
      textIndent: 10000,
    },
  };
}
