import { eq } from "drizzle-orm";

import { db } from "../db";
import { contactMessages, demoRequests, newsletterSubscribers, supportRequests } from "../db/schema";
import { env } from "../env";
import { onEvent } from "../events/bus";
import { sendMail } from "../mail/mailer";
import type { MailBlock } from "../mail/render";
import { unsubscribeSignature } from "./newsletter";

/**
 * Answers the public forms by e-mail: an acknowledgement to the sender and a notice to the
 * team (SUPPORT_EMAIL), with Reply-To set to the sender so the team can just reply.
 */
const REPLY_PROMISE = "We'll get back to you within 24-48 hours.";

export function registerPublicFormMails() {
  const unsubscribers = [
    onEvent("contact_message.submitted", "mail.contact_message.receipt", async (event) => {
      const [row] = await db().select().from(contactMessages).where(eq(contactMessages.id, event.subjectId));
      if (!row) return;
      await sendMail({
        to: row.email,
        content: {
          subject: `We received your message: ${row.subject}`,
          blocks: [
            { kind: "paragraph", text: `Hi ${row.fullName},` },
            { kind: "paragraph", text: `Thanks for reaching out. ${REPLY_PROMISE} Here is a copy of what you sent:` },
            { kind: "quote", text: row.message },
          ],
        },
      });
    }),
    // The team's notice is a job of its own: a retry of one mail never sends the other twice.
    onEvent("contact_message.submitted", "mail.contact_message.team", async (event) => {
      const [row] = await db().select().from(contactMessages).where(eq(contactMessages.id, event.subjectId));
      if (!row) return;
      await sendMail({
        to: env().supportEmail,
        replyTo: row.email,
        content: {
          subject: `[Contact${row.topic && row.topic !== "general" ? ` · ${row.topic}` : ""}] ${row.subject}`,
          blocks: [
            {
              kind: "fields",
              rows: [
                ["From", `${row.fullName} <${row.email}>`],
                ["Topic", row.topic ?? "general"],
              ],
            },
            { kind: "quote", text: row.message },
          ],
        },
      });
    }),
    onEvent("support_request.submitted", "mail.support_request.receipt", async (event) => {
      const [row] = await db().select().from(supportRequests).where(eq(supportRequests.id, event.subjectId));
      if (!row) return;
      await sendMail({
        to: row.email,
        content: {
          subject: "We received your support request",
          blocks: [
            { kind: "paragraph", text: `Hi ${row.name},` },
            { kind: "paragraph", text: `Thanks for reaching out. ${REPLY_PROMISE} Here is a copy of your request:` },
            { kind: "quote", text: row.message },
          ],
        },
      });
    }),
    // The team's notice is a job of its own: a retry of one mail never sends the other twice.
    onEvent("support_request.submitted", "mail.support_request.team", async (event) => {
      const [row] = await db().select().from(supportRequests).where(eq(supportRequests.id, event.subjectId));
      if (!row) return;
      await sendMail({
        to: env().supportEmail,
        replyTo: row.email,
        content: {
          subject: `[Support · ${row.category}] Request from ${row.name}`,
          blocks: [
            {
              kind: "fields",
              rows: [
                ["From", `${row.name} <${row.email}>`],
                ["Category", row.category],
              ],
            },
            { kind: "quote", text: row.message },
          ],
        },
      });
    }),
    onEvent("demo_request.submitted", "mail.demo_request.receipt", async (event) => {
      const [row] = await db().select().from(demoRequests).where(eq(demoRequests.id, event.subjectId));
      if (!row) return;
      await sendMail({
        to: row.workEmail,
        content: {
          subject: "Your Plotline demo request",
          blocks: [
            { kind: "paragraph", text: `Hi ${row.name},` },
            {
              kind: "paragraph",
              text: "Thanks for your interest in Plotline. Our team will contact you shortly to schedule your personalized demo.",
            },
          ],
        },
      });
    }),
    // The team's notice is a job of its own: a retry of one mail never sends the other twice.
    onEvent("demo_request.submitted", "mail.demo_request.team", async (event) => {
      const [row] = await db().select().from(demoRequests).where(eq(demoRequests.id, event.subjectId));
      if (!row) return;
      await sendMail({
        to: env().supportEmail,
        replyTo: row.workEmail,
        content: {
          subject: `[Demo request] ${row.company} (${row.teamSize})`,
          blocks: [
            {
              kind: "fields",
              rows: [
                ["Name", row.name],
                ["Work email", row.workEmail],
                ["Company", row.company],
                ["Team size", row.teamSize],
              ],
            },
          ],
        },
      });
    }),
    onEvent("newsletter.subscription_requested", "mail.newsletter_confirmation", async (event) => {
      const [row] = await db()
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.id, event.subjectId));
      const token = event.transient.token;
      if (!row || typeof token !== "string") return;
      await sendMail({
        to: row.email,
        content: {
          subject: "Confirm your Plotline newsletter subscription",
          blocks: [
            {
              kind: "paragraph",
              text: "Please confirm that you want to receive the Plotline newsletter: product news, guides and the changelog, about once a month.",
            },
            { kind: "button", label: "Confirm subscription", url: `${env().appUrl}/newsletter/confirm?token=${token}` },
            { kind: "paragraph", text: "If you did not ask for this, ignore this e-mail and nothing will happen." },
          ],
        },
      });
    }),
    onEvent("newsletter.subscribed", "mail.newsletter_welcome", async (event) => {
      const [row] = await db()
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.id, event.subjectId));
      if (!row) return;
      await sendMail({
        to: row.email,
        content: {
          subject: "Welcome to the Plotline newsletter",
          blocks: [
            { kind: "paragraph", text: `Thank you for subscribing, ${row.email}.` },
            { kind: "paragraph", text: "You will hear from us about once a month. No spam, ever." },
          ],
          footer: [unsubscribeBlock(row.id)],
        },
      });
    }),
  ];
  return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
}

function unsubscribeBlock(subscriberId: string): MailBlock {
  const url = `${env().appUrl}/newsletter/unsubscribe?id=${subscriberId}&signature=${unsubscribeSignature(subscriberId)}`;
  return { kind: "paragraph", text: `Unsubscribe at any time: ${url}` };
}
