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
