import { env } from "../env";
import { onEvent } from "../events/bus";
import { sendMail } from "../mail/mailer";
import type { MailContent } from "../mail/render";
import { authSettings } from "./config";
import { MAIL_VERBS } from "./mail-tokens";
import type { MailKind } from "./rate-limits";

/**
 * The auth mails, sent by event subscribers after the request's transaction commits. The
 * link goes through /auth/v1/verify, which spends the token and sends the browser on to
 * `redirect_to` with a session or a PKCE code.
 */
const EXPIRY_NOTE = "The link works once and expires in one hour.";

const CONTENT: Record<MailKind, (link: string, to: string) => MailContent> = {
  confirmation: (link) => ({
    subject: "Confirm your Plotline account",
    blocks: [
      { kind: "paragraph", text: "Follow this link to confirm your e-mail address and finish signing up." },
      { kind: "button", label: "Confirm e-mail address", url: link },
      { kind: "paragraph", text: `${EXPIRY_NOTE} If you did not sign up for Plotline, ignore this e-mail.` },
    ],
  }),
  magiclink: (link) => ({
    subject: "Your Plotline sign-in link",
    blocks: [
      { kind: "paragraph", text: "Follow this link to sign in to Plotline." },
      { kind: "button", label: "Sign in", url: link },
      { kind: "paragraph", text: `${EXPIRY_NOTE} If you did not ask for it, ignore this e-mail.` },
    ],
  }),
  recovery: (link) => ({
    subject: "Reset your Plotline password",
    blocks: [
      { kind: "paragraph", text: "Follow this link to choose a new password." },
      { kind: "button", label: "Choose a new password", url: link },
      { kind: "paragraph", text: `${EXPIRY_NOTE} If you did not ask for it, your password stays as it is.` },
    ],
  }),
  email_change: (link, to) => ({
    subject: "Confirm your new e-mail address",
    blocks: [
      { kind: "paragraph", text: `Follow this link to make ${to} the e-mail address of your Plotline account.` },
      { kind: "button", label: "Confirm new address", url: link },
      { kind: "paragraph", text: `${EXPIRY_NOTE} If you did not ask for this change, ignore this e-mail.` },
    ],
  }),
};

export function verifyLink(token: string, type: string, redirectTo: string | undefined) {
  const query = new URLSearchParams({ token, type, redirect_to: redirectTo ?? authSettings().defaultRedirect });
  return `${env().appUrl}/auth/v1/verify?${query}`;
}

/** Registers the mail subscribers; returns the unsubscribe (boot calls it once per process). */
export function registerAuthMails() {
  const unsubscribers = (Object.keys(CONTENT) as MailKind[]).map((kind) =>
    onEvent(MAIL_VERBS[kind], `mail.auth_${kind}`, async (event) => {
      const { to, token, type, redirectTo } = event.transient;
      if (typeof to !== "string" || typeof token !== "string" || typeof type !== "string") return;
      const link = verifyLink(token, type, typeof redirectTo === "string" ? redirectTo : undefined);
      await sendMail({ to, content: CONTENT[kind](link, to) });
    }),
  );
  return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
}
