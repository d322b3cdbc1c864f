import { randomUUID } from "node:crypto";

import nodemailer, { type Transporter } from "nodemailer";

import { env } from "../env";
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

export async function sendMail(message: { to: string; replyTo?: string; content: MailContent }) {
  const config = env();
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
    logger.info({ mail: { id: entry.id } }, "mail kept in the local outbox: read it at /dev/mail");
    return;
  }
  holder.__plotlineSmtp ??= nodemailer.createTransport(config.smtpUrl);
  const sent = await holder.__plotlineSmtp.sendMail({
    from: config.mailFrom,
    to: message.to,
    replyTo: message.replyTo,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
  });
  logger.info({ mail: { messageId: sent.messageId } }, "mail sent");
}
