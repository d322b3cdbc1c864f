import { and, eq, inArray } from "drizzle-orm";

import type { ActivityInput } from "../activity/use-case";
import type { Transaction } from "../db/client";
import { ONE_TIME_TOKEN_SECONDS } from "./config";
import { AuthError, otpExpired } from "./errors";
import { hashToken, newSecret, PKCE_PREFIX } from "./one-time-tokens";
import { createFlowState, type PkceParams } from "./pkce";
import type { MailKind } from "./rate-limits";
import { oneTimeTokens, type OneTimeTokenType, type UserRow } from "./schema";
import { confirmEmail, findUserByEmail, findUserById, isBanned, updateUser, type Db } from "./users";

/**
 * The one-time tokens behind mailed links: stored as a hash, single use, one hour. The raw
 * token travels to the mail subscriber as a transient event value, never into the
 * activity log.
 */
const KINDS = {
  confirmation: {
    tokenType: "confirmation_token",
    linkType: "signup",
    flowMethod: "email/signup",
    verb: "auth.confirmation_requested",
    sentAt: "confirmationSentAt",
  },
  magiclink: {
    tokenType: "recovery_token",
    linkType: "magiclink",
    flowMethod: "magiclink",
    verb: "auth.magic_link_requested",
    sentAt: "recoverySentAt",
  },
  recovery: {
    tokenType: "recovery_token",
    linkType: "recovery",
    flowMethod: "recovery",
    verb: "auth.recovery_requested",
    sentAt: "recoverySentAt",
  },
  email_change: {
    tokenType: "email_change_token_new",
    linkType: "email_change",
    flowMethod: "email_change",
    verb: "auth.email_change_requested",
    sentAt: "emailChangeSentAt",
  },
} as const satisfies Record<MailKind, { tokenType: OneTimeTokenType; sentAt: keyof UserRow } & Record<string, string>>;

export const MAIL_VERBS = Object.fromEntries(Object.entries(KINDS).map(([kind, spec]) => [kind, spec.verb])) as {
  [Kind in MailKind]: (typeof KINDS)[Kind]["verb"];
};

export type MailRequest = { kind: MailKind; user: UserRow; to: string; redirectTo?: string; pkce?: PkceParams };

type Record_ = (entry: ActivityInput) => Promise<void>;

/** Replaces any pending token of the kind, opens a PKCE flow if asked, and queues the mail. */
export async function storeMailToken(tx: Transaction, record: Record_, request: MailRequest) {
  const spec = KINDS[request.kind];
  const secret = newSecret().token;
  // The prefix is part of what is hashed: removing it from a PKCE link yields no token at all.
  const token = request.pkce ? `${PKCE_PREFIX}${secret}` : secret;
  await tx
    .delete(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, request.user.id), eq(oneTimeTokens.tokenType, spec.tokenType)));
  await tx
    .insert(oneTimeTokens)
    .values({ userId: request.user.id, tokenType: spec.tokenType, tokenHash: hashToken(token), relatesTo: request.to });
  if (request.pkce) await createFlowState(tx, request.user.id, spec.flowMethod, request.pkce);
  const user = await updateUser(tx, request.user.id, { [spec.sentAt]: new Date() });
  await record({
    verb: spec.verb,
    subjectType: "auth_user",
    subjectId: user.id,
    transient: {
      to: request.to,
      token,
      type: spec.linkType,
      redirectTo: request.redirectTo,
    },
  });
  return user;
}

export const VERIFY_TYPES = ["signup", "magiclink", "recovery", "email_change", "email"] as const;
export type VerifyType = (typeof VERIFY_TYPES)[number];

export function isVerifyType(value: unknown): value is VerifyType {
  return VERIFY_TYPES.includes(value as VerifyType);
}

const ACCEPTED: Record<VerifyType, OneTimeTokenType[]> = {
  signup: ["confirmation_token"],
  magiclink: ["recovery_token"],
  recovery: ["recovery_token"],
  email_change: ["email_change_token_new"],
  // `email` is the generic type: a sign-up confirmation or a magic link.
  email: ["confirmation_token", "recovery_token"],
};

/** A token mailed for a PKCE flow: it may only be traded for a code (GET /verify), never for a session. */
export function isPkceToken(rawToken: string) {
  return rawToken.startsWith(PKCE_PREFIX);
}

/**
 * Spends a mailed token (deleting it is what makes it single use) and applies it: confirms
 * the address, or moves the account to the new one. Answers the user and the PKCE flow
 * method the link belongs to. The token is hashed as given, `pkce_` prefix included.
 */
export async function redeemToken(tx: Db, type: VerifyType, rawToken: string) {
  const [row] = await tx
    .delete(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, hashToken(rawToken)), inArray(oneTimeTokens.tokenType, ACCEPTED[type])))
    .returning();
  if (!row || Date.now() - row.createdAt.getTime() > ONE_TIME_TOKEN_SECONDS * 1000) throw otpExpired();
  const user = await findUserById(tx, row.userId);
  if (!user) throw otpExpired();
  if (isBanned(user)) throw new AuthError(403, "user_banned", "User is banned");
  const applied = await applyToken(tx, user, row.tokenType, row.relatesTo);
  return { user: applied, flowMethod: flowMethodOf(type, row.tokenType) };
}

async function applyToken(tx: Db, user: UserRow, tokenType: OneTimeTokenType, relatesTo: string) {
  if (tokenType === "email_change_token_new") {
    if (user.emailChange !== relatesTo) throw otpExpired();
    const taken = await findUserByEmail(tx, relatesTo);
    if (taken && taken.id !== user.id) {
      throw new AuthError(422, "email_exists", "A user with this email address has already been registered");
    }
    const moved = await confirmEmail(tx, user, relatesTo);
    return updateUser(tx, moved.id, { emailChange: null, emailChangeSentAt: null });
  }
  // A confirmation, or a magic link / recovery link to a not yet confirmed address:
  // either way the mail reached its owner.
  return user.emailConfirmedAt ? user : confirmEmail(tx, user);
}

function flowMethodOf(type: VerifyType, tokenType: OneTimeTokenType) {
  if (type !== "email") return type === "signup" ? "email/signup" : type;
  return tokenType === "confirmation_token" ? "email/signup" : "magiclink";
}
