import { importJWK, jwtVerify, SignJWT, type CryptoKey, type JWK } from "jose";

import { authSigningKey } from "../secrets";
import { ACCESS_TOKEN_SECONDS, authSettings } from "./config";
import { AuthError } from "./errors";
import type { AmrEntry, SessionRow, UserRow } from "./schema";
import { userAppMetadata, userMetadata } from "./users";

/**
 * Access tokens: ES256 JWTs with the key's `kid`, Supabase's claim set. Asymmetric keys
 * let supabase-js `getClaims()` verify locally against the published JWKS.
 */
let keys: { kid: string; privateKey: CryptoKey; publicKey: CryptoKey; publicJwk: JWK } | undefined;

async function signingKeys() {
  const key = authSigningKey();
  if (keys?.kid === key.kid) return keys;
  const { d: _private, ...publicJwk } = key;
  keys = {
    kid: key.kid,
    privateKey: (await importJWK(key, "ES256")) as CryptoKey,
    publicKey: (await importJWK(publicJwk, "ES256")) as CryptoKey,
    publicJwk: { ...publicJwk, use: "sig", key_ops: ["verify"] },
  };
  return keys;
}

/** The public half for `/.well-known/jwks.json`; the private `d` never leaves this module. */
export async function publicJwks() {
  return { keys: [(await signingKeys()).publicJwk] };
}

export async function signAccessToken(user: UserRow, session: SessionRow, now = new Date()) {
  const { kid, privateKey } = await signingKeys();
  const iat = Math.floor(now.getTime() / 1000);
  const token = await new SignJWT({
    email: user.email ?? "",
    phone: user.phone ?? "",
    app_metadata: userAppMetadata(user),
    user_metadata: userMetadata(user),
    role: "authenticated",
    aal: session.aal,
    amr: session.amr,
    session_id: session.id,
    is_anonymous: user.isAnonymous,
  })
    .setProtectedHeader({ alg: "ES256", kid, typ: "JWT" })
    .setIssuer(authSettings().issuer)
    .setSubject(user.id)
    .setAudience("authenticated")
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
    .sign(privateKey);
  return { token, expiresAt: iat + ACCESS_TOKEN_SECONDS };
}

export type AccessClaims = { sub: string; session_id: string; amr?: AmrEntry[] };

/**
 * Tokens whose signature, issuer and audience were verified, by their text: a signed-in
 * browser sends the same token with every request for up to an hour, and an ECDSA
 * verification costs more than the rest of the check. The expiry is checked every time, and
 * the caller still checks the session row. Emptied when full or when the key changes.
 */
const verified = new Map<string, AccessClaims & { exp: number }>();
let verifiedKid: string | undefined;
const VERIFIED_LIMIT = 5_000;

/** Signature, expiry, issuer and audience; the caller then checks the user and session rows. */
export async function verifyAccessToken(token: string): Promise<AccessClaims> {
  const { kid, publicKey } = await signingKeys();
  if (verifiedKid !== kid) {
    verified.clear();
    verifiedKid = kid;
  }
  const known = verified.get(token);
  if (known && known.exp * 1000 > Date.now()) return known;
  try {
    const { payload } = await jwtVerify(token, publicKey, {
      algorithms: ["ES256"],
      issuer: authSettings().issuer,
      audience: "authenticated",
    });
    if (typeof payload.sub !== "string" || typeof payload.session_id !== "string" || typeof payload.exp !== "number") {
      throw new Error("missing sub, session_id or exp claim");
    }
    const claims = payload as unknown as AccessClaims & { exp: number };
    if (verified.size >= VERIFIED_LIMIT) verified.clear();
    verified.set(token, claims);
    return claims;
  } catch (error) {
    throw new AuthError(
      403,
      "bad_jwt",
      `invalid JWT: unable to parse or verify signature, ${error instanceof Error ? error.message : "invalid token"}`,
    );
  }
}
