import type { z } from "zod";

import { contactSchema, demoRequestSchema, supportSchema } from "~/validation/public-forms";
import type { Actor } from "../activity/use-case";
import { defineCommand, execute } from "../commands/command";
import { principalOf } from "../commands/principal";
import { contactMessages, demoRequests, supportRequests } from "../db/schema";

/**
 * Contact, support and demo requests from the public site. Anyone may send them (the
 * routes rate-limit by IP and drop honeypot hits); each is stored, logged as activity and
 * answered by the mail subscribers. They run as a `visitor` principal (commands/principal.ts)
 * and check no role: the routes' rate limit and honeypot are their gate.
 */

export const submitContactMessageCommand = defineCommand({
  name: "contact_message.submit",
  input: contactSchema,
  policy: null,
  async run({ tx, record, principal }, input: z.output<typeof contactSchema>) {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        fullName: input.fullName,
        email: input.email,
        subject: input.subject,
        message: input.message,
        topic: input.topic,
        ip: principal.ip,
      })
      .returning({ id: contactMessages.id });
    if (!row) throw new Error("insert returned no row");
    await record({ verb: "contact_message.submitted", subjectType: "contact_message", subjectId: row.id });
    return row;
  },
});

export function submitContactMessage(actor: Actor, input: z.output<typeof contactSchema>) {
  return execute(submitContactMessageCommand, principalOf(actor), input);
}

export const submitSupportRequestCommand = defineCommand({
  name: "support_request.submit",
  input: supportSchema,
  policy: null,
  async run({ tx, record, principal }, input: z.output<typeof supportSchema>) {
    const [row] = await tx
      .insert(supportRequests)
      .values({
        name: input.name,
        email: input.email,
        category: input.category,
        message: input.message,
        ip: principal.ip,
      })
      .returning({ id: supportRequests.id });
    if (!row) throw new Error("insert returned no row");
    await record({ verb: "support_request.submitted", subjectType: "support_request", subjectId: row.id });
    return row;
  },
});

export function submitSupportRequest(actor: Actor, input: z.output<typeof supportSchema>) {
  return execute(submitSupportRequestCommand, principalOf(actor), input);
}

export const requestDemoCommand = defineCommand({
  name: "demo_request.submit",
  input: demoRequestSchema,
  policy: null,
  async run({ tx, record, principal }, input: z.output<typeof demoRequestSchema>) {
    const [row] = await tx
      .insert(demoRequests)
      .values({
        name: input.name,
        workEmail: input.workEmail,
        company: input.company,
        teamSize: input.teamSize,
        ip: principal.ip,
      })
      .returning({ id: demoRequests.id });
    if (!row) throw new Error("insert returned no row");
    await record({ verb: "demo_request.submitted", subjectType: "demo_request", subjectId: row.id });
    return row;
  },
});

export function requestDemo(actor: Actor, input: z.output<typeof demoRequestSchema>) {
  return execute(requestDemoCommand, principalOf(actor), input);
}
