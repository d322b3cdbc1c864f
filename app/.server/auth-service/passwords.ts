import bcrypt from "bcryptjs";

import { env } from "~/.server/env";

import { PASSWORD_MAX_BYTES, PASSWORD_MIN_LENGTH } from "./config";
import { AuthError, validationFailed } from "./errors";

/**
 * Passwords: bcrypt (`$2b$`, readable by Supabase's own server) at AUTH_PASSWORD_HASH_COST
 * (10 by default), Supabase's rules.
 */

/** Throws `weak_password` (with reasons, which supabase-js surfaces) or a length error. */
export function assertStrongPassword(password: string) {
  if (Buffer.byteLength(password) > PASSWORD_MAX_BYTES) {
    throw validationFailed(`Password cannot be longer than ${PASSWORD_MAX_BYTES} characters`);
  }
  if ([...password].length < PASSWORD_MIN_LENGTH) {
    throw new AuthError(422, "weak_password", `Password should be at least ${PASSWORD_MIN_LENGTH} characters.`, {
      weak_password: { reasons: ["length"] },
    });
  }
}

export function hashPassword(password: string) {
  return bcrypt.hash(password, env().passwordHashCost);
}

/**
 * A fixed hash to compare against when there is no user, so both paths take bcrypt's time.
 * Made on first use, at the configured cost (env() is read then, not at import).
 */
let noUserHash: string | undefined;
function dummyHash() {
  noUserHash ??= bcrypt.hashSync("plotline-no-such-user", env().passwordHashCost);
  return noUserHash;
}

/** bcrypt's compare is constant-time in the hash; a missing hash still costs one compare. */
export async function verifyPassword(password: string, hash: string | null | undefined) {
  if (Buffer.byteLength(password) > PASSWORD_MAX_BYTES) return false;
  const matches = await bcrypt.compare(password, hash ?? dummyHash());
  return matches && Boolean(hash);
}
