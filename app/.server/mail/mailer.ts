import { randomUUID } from "node:crypto";

import type { Transporter } from "nodemailer";

import { env } from "../env";
import { nextEffect, recordEffect } from "../jobs/current";
import { logger } from "../logger";
import { renderMail, type MailContent } from "./render";

/**
 * Sends mail over SMTP_URL, or, with no SMTP configured, into the local outbox: each
 * message is kept (the latest 100) for the /dev/mail page. The log only says that a mail
 * went out: never its body (sign-in links and codes), subject or recipient.
 */
export type OutboxMessage = {
  id: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  sentAt: Date;
};

const OUTBOX_SIZE = 100;
const holder = globalThis as typeof globalThis & { __plotlineOutbox?: OutboxMessage[]; __plotlineSmtp?: Transporter };
const outbox = (holder.__plotlineOutbox ??= []);

export function usesOutbox() {
  return !env().smtpUrl;
}

export function outboxMessages(): readonly OutboxMessage[] {
  return outbox;
}

/**
 * Inside a job (every mail but a script's), the Message-ID comes from the job
 * (`<job-<id>-<hash>@<MAIL_FROM's domain>>`, jobs/current.ts): a retry after a crash carries
 * the same one, so a receiver can tell it is the same mail. It is recorded on the job as soon
 * as the SMTP server accepts it, before anything else can fail, and a retry that finds it
 * recorded does not send it again.
 */
export async function sendMail(message: { to: string; replyTo?: string; content: MailContent }) {
  const config = env();
  const effect = nextEffect();
  const messageId = effect ? `<${effect.key}@${mailDomain(config.mailFrom, config.appUrl)}>` : undefined;
  if (effect?.done) {
    logger.info(
      { mail: { messageId }, job: effect.job.id },
      "mail already accepted on an earlier attempt: not sent again",
    );
    return;
  }
  const rendered = renderMail(message.content);
  if (!config.smtpUrl) {
    const entry: OutboxMessage = {
      id: randomUUID(),
      to: message.to,
      replyTo: message.replyTo,
      ...rendered,
      sentAt: new Date(),
    };
    outbox.unshift(entry);
    outbox.length = Math.min(outbox.length, OUTBOX_SIZE);
    if (effect && messageId) await recordEffect(effect.job, messageId);
    logger.info({ mail: { id: entry.id } }, "mail kept in the local outbox: read it at /dev/mail");
    return;
  }
  // Loaded with the first mail sent over SMTP, not at start (decision 038).
  holder.__plotlineSmtp ??= (await import("nodemailer")).default.createTransport(config.smtpUrl);
  const sent = await holder.__plotlineSmtp.sendMail({
    from: config.mailFrom,
    to: message.to,
    replyTo: message.replyTo,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    messageId,
  });
  // Accepted: recorded before anything else, so that a failure after this point retries the job without this mail.
  if (effect) await recordEffect(effect.job, sent.messageId);
  logger.info({ mail: { messageId: sent.messageId } }, "mail sent");
}

/** The domain part of MAIL_FROM's address (`Plotline <no-reply@example.com>`), else APP_URL's host. */
export function mailDomain(mailFrom: string, appUrl: string) {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(mailFrom)?.[1] ?? new URL(appUrl).hostname;
}
