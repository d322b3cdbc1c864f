import { createHash, randomUUID } from "node:crypto";

import { and, desc, eq } from "drizzle-orm";

import { db } from "../db";
import { FLOW_STATE_SECONDS } from "./config";
import { AuthError, validationFailed } from "./errors";
import type { JsonBody } from "./http";
import { constantTimeEqual } from "./one-time-tokens";
import { flowState, type FlowStateRow } from "./schema";
import type { Db } from "./users";

/**
 * PKCE for mailed links: the client keeps a verifier, we keep its challenge in a flow
 * state. The link then yields only a one-time code, worthless without the verifier, so a
 * link opened in another browser or read from a log cannot start a session.
 */
export type PkceParams = { codeChallenge: string; codeChallengeMethod: "s256" | "plain" };

/** Both fields or neither; supabase-js sends nulls outside PKCE mode. */
export function readPkceParams(body: JsonBody): PkceParams | undefined {
  const challenge = body.code_challenge ?? undefined;
  const method = body.code_challenge_method ?? undefined;
  if (challenge === undefined && method === undefined) return undefined;
  if (typeof challenge !== "string" || typeof method !== "string" || !challenge || !method) {
    throw validationFailed("PKCE flow requires code_challenge_method and code_challenge");
  }
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(challenge)) {
    throw validationFailed("code challenge has to be between 43 and 128 characters");
  }
  const normalized = method.toLowerCase();
  if (normalized !== "s256" && normalized !== "plain") {
    throw validationFailed(`code challenge method not supported: ${method}`);
  }
  return { codeChallenge: challenge, codeChallengeMethod: normalized };
}

export async function createFlowState(tx: Db, userId: string, method: string, pkce: PkceParams) {
  await tx.insert(flowState).values({
    userId,
    authCode: randomUUID(),
    codeChallenge: pkce.codeChallenge,
    codeChallengeMethod: pkce.codeChallengeMethod,
    providerType: "email",
    authenticationMethod: method,
  });
}

/** When a PKCE link is opened: the newest flow of that kind for the user gets its code issued. */
export async function issueAuthCode(tx: Db, userId: string, method: string) {
  const [flow] = await tx
    .select()
    .from(flowState)
    .where(and(eq(flowState.userId, userId), eq(flowState.authenticationMethod, method)))
    .orderBy(desc(flowState.createdAt))
    .limit(1);
  if (!flow) throw flowNotFound();
  const now = new Date();
  await tx.update(flowState).set({ authCodeIssuedAt: now, updatedAt: now }).where(eq(flowState.id, flow.id));
  return flow.authCode;
}

/**
 * What kind of mailed link issued `authCode` ("email/signup", "magiclink", "recovery",
 * "email_change"), while the code is still good; null otherwise. For a link opened in another
 * browser than the one that asked for it: the code is worthless there (no verifier), but the
 * link did its work (a sign-up's address is confirmed), and the page can say so. The kind of a
 * code one holds tells nothing about anyone else.
 */
export async function issuedCodeMethod(authCode: string): Promise<string | null> {
  if (!/^[0-9a-f-]{36}$/i.test(authCode)) return null;
  const [flow] = await db()
    .select({ method: flowState.authenticationMethod, issuedAt: flowState.authCodeIssuedAt })
    .from(flowState)
    .where(eq(flowState.authCode, authCode));
  if (!flow?.issuedAt || Date.now() - flow.issuedAt.getTime() > FLOW_STATE_SECONDS * 1000) return null;
  return flow.method;
}

const flowNotFound = () => new AuthError(404, "flow_state_not_found", "invalid flow state, no valid flow state found");

/**
 * `grant_type=pkce`: the code and its verifier, once. The five minutes count from when the
 * link was opened (the code issued), so a link may be opened any time in its hour.
 */
export async function consumeFlowState(authCode: string, codeVerifier: string): Promise<FlowStateRow> {
  return db().transaction(async (tx) => {
    const [flow] = await tx.select().from(flowState).where(eq(flowState.authCode, authCode)).for("update");
    if (!flow?.userId || !flow.authCodeIssuedAt) throw flowNotFound();
    if (Date.now() - flow.authCodeIssuedAt.getTime() > FLOW_STATE_SECONDS * 1000) {
      throw new AuthError(422, "flow_state_expired", "invalid flow state, flow state has expired");
    }
    if (!verifierMatches(flow, codeVerifier)) {
      throw new AuthError(400, "bad_code_verifier", "code challenge does not match previously saved code verifier");
    }
    await tx.delete(flowState).where(eq(flowState.id, flow.id));
    return flow;
  });
}

function verifierMatches(flow: FlowStateRow, verifier: string) {
  // An implicit-mode OAuth flow has no challenge and never issues an exchangeable code.
  if (!flow.codeChallenge) return false;
  const computed =
    flow.codeChallengeMethod === "s256" ? createHash("sha256").update(verifier).digest("base64url") : verifier;
  return constantTimeEqual(computed, flow.codeChallenge);
}
