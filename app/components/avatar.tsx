import type { CSSObject, Theme } from "@mui/material/styles";
import type { CSSProperties } from "react";

import { AVATAR_HUES, avatarHue, avatarInitials } from "~/utils/avatar";

/** Someone shown with an avatar: their name, and the picture they uploaded, if any. */
export type AvatarPerson = { name: string; avatarUrl: string | null };

/**
 * Someone's avatar: their initials on a colour derived from their name, under the picture
 * they uploaded when there is one (a picture that fails to load leaves the initials). The
 * name is its accessible name and tooltip. Plain elements with class names styled once in
 * the theme stylesheet (`.pl-avatar`, app/theme/static-styles.ts; decision 009), so a
 * board's thousand cards pay no style work: the size is `--avatar-size` (24 px unless a
 * parent or `size` sets it), the colour a `data-hue` the stylesheet maps.
 */
export function Avatar({
  person,
  size,
  className,
  decorative,
}: {
  person: AvatarPerson;
  size?: number;
  className?: string;
  /** Hidden from assistive technology and without a tooltip: something around it names the person. */
  decorative?: boolean;
}) {
  const style = size ? ({ "--avatar-size": `${size}px` } as CSSProperties) : undefined;
  return (
    <span
      className={className ? `pl-avatar ${className}` : "pl-avatar"}
      data-hue={avatarHue(person.name)}
      role={decorative ? undefined : "img"}
      aria-label={decorative ? undefined : person.name}
      aria-hidden={decorative || undefined}
      title={decorative ? undefined : person.name}
      style={style}
    >
      <span aria-hidden="true">{avatarInitials(person.name)}</span>
      {person.avatarUrl ? <img src={person.avatarUrl} alt="" loading="lazy" /> : null}
    </span>
  );
}

/**
 * People at a glance: one as avatar and name ("[AL] Ada Lovelace"), several as overlapping
 * avatars (the first `max`, then "+2"), each named in its tooltip. `named` false keeps one
 * person to the avatar alone (a board card). Nothing for nobody.
 */
export function People({
  people,
  named = true,
  max = 3,
  size,
}: {
  people: readonly AvatarPerson[];
  named?: boolean;
  max?: number;
  size?: number;
}) {
  if (people.length === 0) return null;
  if (people.length === 1 && named) {
    const [person] = people as [AvatarPerson];
    return (
      <span className="pl-person-chip">
        <Avatar person={person} size={size} />
        <span className="pl-person-name">{person.name}</span>
      </span>
    );
  }
  const shown = people.length > max ? people.slice(0, max - 1) : people;
  const hidden = people.slice(shown.length);
  return (
    <span className="pl-avatar-stack">
      {shown.map((person, index) => (
        <Avatar key={`${person.name}-${index}`} person={person} size={size} />
      ))}
      {hidden.length > 0 ? (
        <span
          className="pl-avatar pl-avatar-more"
          role="img"
          aria-label={`${hidden.length} more: ${hidden.map((person) => person.name).join(", ")}`}
          title={hidden.map((person) => person.name).join(", ")}
        >
          <span aria-hidden="true">+{hidden.length}</span>
        </span>
      ) : null}
    </span>
  );
}

// Dark enough for white initials (4.5:1 or more) in both colour schemes.
const HUES = [
  "#4338ca",
  "#1d4ed8",
  "#0e7490",
  "#0f766e",
  "#15803d",
  "#a16207",
  "#c2410c",
  "#be123c",
  "#be185d",
  "#6d28d9",
];

/** The avatar's classes, for the theme stylesheet: `.pl-avatar`, `.pl-avatar-stack`, `.pl-person-chip`. */
export function avatarStyles(theme: Theme): CSSObject {
  const { palette } = theme.vars;
  const hues: CSSObject = {};
  HUES.slice(0, AVATAR_HUES).forEach((colour, hue) => {
    hues[`&[data-hue="${hue}"]`] = { backgroundColor: colour };
  });
  return {
    ".pl-avatar": {
      position: "relative",
      display: "inline-flex",
      alignItems: "center",
      justifyContent: "center",
      flexShrink: 0,
      boxSizing: "border-box",
      width: "var(--avatar-size, 24px)",
      height: "var(--avatar-size, 24px)",
      borderRadius: "50%",
      overflow: "hidden",
      userSelect: "none",
      fontFamily: theme.typography.fontFamily,
      fontSize: "max(10px, calc(var(--avatar-size, 24px) * 0.42))",
      fontWeight: 600,
      letterSpacing: "0.02em",
      lineHeight: 1,
      color: "#fff",
      backgroundColor: palette.grey[600],
      verticalAlign: "middle",
      ...hues,
      "& > img": {
        position: "absolute",
        inset: 0,
        width: "100%",
        height: "100%",
        objectFit: "cover",
        // A broken picture's alt text and icon stay invisible; the initials show.
        color: "transparent",
        textIndent: 10000,
      },
    },
    ".pl-avatar-more": {
      backgroundColor: palette.grey[500],
      fontSize: "max(9px, calc(var(--avatar-size, 24px) * 0.36))",
    },
    ".pl-avatar-stack": {
      display: "inline-flex",
      alignItems: "center",
      verticalAlign: "middle",
      "& > .pl-avatar": { boxShadow: `0 0 0 2px ${palette.background.paper}` },
      "& > .pl-avatar + .pl-avatar": { marginLeft: -6 },
    },
    ".pl-person-chip": {
      display: "inline-flex",
      alignItems: "center",
      gap: 6,
      minWidth: 0,
      maxWidth: "100%",
      verticalAlign: "middle",
      "& > .pl-person-name": { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" },
    },
  };
}
