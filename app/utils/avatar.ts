import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";

/**
 * The generated picture (`/avatar/<seed>.svg`) for someone without one of their own. The
 * seed is a digest of their e-mail address (or id), never the address itself: URLs end up
 * in logs, caches and referrers. Synchronous and the same in the browser and on the server.
 */
export function generatedAvatarUrl(emailOrId: string) {
  const digest = sha256(new TextEncoder().encode(`plotline-avatar:${emailOrId.trim().toLowerCase()}`));
  return `/avatar/${encodeHexLowerCase(digest).slice(0, 32)}.svg`;
}

/** How many colours avatars without a picture are drawn in (`data-hue="0"` … `"9"`, app/components/avatar.tsx). */
export const AVATAR_HUES = 10;

/**
 * One or two letters for someone's avatar: the first letters of their first and last
 * names ("Ada Lovelace" → "AL"), of an address's parts ("grace.hopper@…" → "GH"), or the
 * first letter of a single word. Whole characters (an accented or non-Latin letter stays whole).
 */
export function avatarInitials(name: string) {
  const local = name.trim().replace(/@.*$/, "");
  const words = local.split(/[\s._\-+]+/u).filter((word) => /[\p{L}\p{N}]/u.test(word));
  const first = (word: string | undefined) => Array.from(word?.replace(/^[^\p{L}\p{N}]+/u, "") ?? "")[0] ?? "";
  const letters = words.length > 1 ? first(words[0]) + first(words[words.length - 1]) : first(words[0]);
  return letters.toLocaleUpperCase() || "?";
}

/** The colour (0 … AVATAR_HUES − 1) of someone's avatar: stable for a name, spread over the palette. */
export function avatarHue(name: string) {
  let hash = 0;
  for (const char of name.trim().toLowerCase()) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return hash % AVATAR_HUES;
}
