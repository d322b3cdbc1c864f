import type { z } from "zod";

import type { contactSchema, demoRequestSchema, supportSchema } from "~/validation/public-forms";
import { writeWithActivity, type Actor } from "../activity/use-case";
import { contactMessages, demoRequests, supportRequests } from "../db/schema";

/**
 * Contact, support and demo requests from the public site. Anyone may send them (the
 * routes rate-limit by IP and drop honeypot hits); each is stored, logged as activity and
 * answered by the mail subscribers.
 */

export async function submitContactMessage(actor: Actor, input: z.output<typeof contactSchema>) {
  return writeWithActivity(actor, async (tx, record) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        fullName: input.fullName,
        email: input.email,
        subject: input.subject,
        message: input.message,
        topic: input.topic,
        ip: actor.ip,
      })
      .returning({ id: contactMessages.id });
    if (!row) throw new Error("insert returned no row");
    await record({ verb: "contact_message.submitted", subjectType: "contact_message", subjectId: row.id });
    return row;
  });
}

export async function submitSupportRequest(actor: Actor, input: z.output<typeof supportSchema>) {
  return writeWithActivity(actor, async (tx, record) => {
    const [row] = await tx
      .insert(supportRequests)
      .values({ name: input.name, email: input.email, category: input.category, message: input.message, ip: actor.ip })
      .returning({ id: supportRequests.id });
    if (!row) throw new Error("insert returned no row");
    await record({ verb: "support_request.submitted", subjectType: "support_request", subjectId: row.id });
    return row;
  });
}

export async function requestDemo(actor: Actor, input: z.output<typeof demoRequestSchema>) {
  return writeWithActivity(actor, async (tx, record) => {
    const [row] = await tx
      .insert(demoRequests)
      .values({
        name: input.name,
        workEmail: input.workEmail,
        company: input.company,
        teamSize: input.teamSize,
        ip: actor.ip,
      })
      .returning({ id: demoRequests.id });
    if (!row) throw new Error("insert returned no row");
    await record({ verb: "demo_request.submitted", subjectType: "demo_request", subjectId: row.id });
    return row;
  });
}
