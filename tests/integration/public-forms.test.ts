import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { setDatabase } from "~/.server/db";
import { activity, contactMessages, newsletterSubscribers } from "~/.server/db/schema";
import { subscribe, type DomainEvent } from "~/.server/events/bus";
import {
  confirmNewsletter,
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
  unsubscribeSignature,
} from "~/.server/public-forms/newsletter";
import { submitContactMessage } from "~/.server/public-forms/submissions";
import { initSecrets } from "~/.server/secrets";
import { createTestDatabase, engines, type TestDatabase } from "../setup/database";

const visitor = { userId: null, ip: "203.0.113.7" };

describe.each(engines)("public form use cases on %s", (engine) => {
  let database: TestDatabase;
  const events: DomainEvent[] = [];
  const unsubscribers: (() => void)[] = [];

  beforeAll(async () => {
    initSecrets(fs.mkdtempSync(path.join(os.tmpdir(), "plotline-secrets-")));
    database = await createTestDatabase(engine);
    setDatabase(database);
    for (const verb of [
      "contact_message.submitted",
      "newsletter.subscription_requested",
      "newsletter.subscribed",
    ] as const) {
      unsubscribers.push(subscribe(verb, (event) => void events.push(event)));
    }
  });
  afterAll(async () => {
    unsubscribers.forEach((unsubscribe) => unsubscribe());
    setDatabase(undefined);
    await database?.drop();
  });

  it("stores a contact message with its activity in one go and publishes the event after", async () => {
    const { id } = await submitContactMessage(visitor, {
      fullName: "Ada",
      email: "ada@example.com",
      subject: "Hi",
      message: "Hello",
      topic: "sales",
    });
    const [row] = await database.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({ fullName: "Ada", topic: "sales", ip: "203.0.113.7" });
    const [logged] = await database.db.select().from(activity).where(eq(activity.subjectId, id));
    expect(logged).toMatchObject({ verb: "contact_message.submitted", subjectType: "contact_message", actorId: null });
    expect(events.find((event) => event.subjectId === id)?.sequence).toBe(logged?.sequence);
  });

  it("runs the newsletter double opt-in: pending, confirmed once, idempotent, unsubscribed", async () => {
    expect(await subscribeToNewsletter(visitor, { email: "Reader@Example.com" })).toEqual({
      status: "confirmation-sent",
    });
    const requested = events.filter((event) => event.verb === "newsletter.subscription_requested").at(-1);
    // Without the event the token would be "undefined" and the checks below could not fail.
    expect(requested?.transient.token).toEqual(expect.any(String));
    const token = String(requested?.transient.token);
    // The raw token reaches the mail subscriber, but only its hash is stored.
    const [stored] = await database.db.select().from(newsletterSubscribers);
    expect(stored).toMatchObject({ email: "reader@example.com", status: "pending" });
    expect(stored?.confirmTokenHash).not.toBe(token);
    const [logged] = await database.db
      .select()
      .from(activity)
      .where(eq(activity.sequence, requested?.sequence ?? -1));
    expect(JSON.stringify(logged?.data)).not.toContain(token);

    // Asking twice before confirming sends a fresh link and keeps one row.
    await subscribeToNewsletter(visitor, { email: "reader@example.com" });
    const fresh = String(
      events.filter((event) => event.verb === "newsletter.subscription_requested").at(-1)?.transient.token,
    );
    expect(await confirmNewsletter(visitor, token)).toBeNull();
    expect(await confirmNewsletter(visitor, fresh)).toBe("reader@example.com");
    expect(await confirmNewsletter(visitor, fresh)).toBeNull();
    expect(await subscribeToNewsletter(visitor, { email: "READER@example.com" })).toEqual({
      status: "already-subscribed",
    });
    expect(await database.db.select().from(newsletterSubscribers)).toHaveLength(1);

    const id = stored?.id ?? "";
    expect(await unsubscribeFromNewsletter(visitor, id, "forged")).toBe(false);
    expect(await unsubscribeFromNewsletter(visitor, id, unsubscribeSignature(id))).toBe(true);
    const [after] = await database.db.select().from(newsletterSubscribers);
    expect(after?.status).toBe("unsubscribed");
  });

  it("does not confirm an expired link", async () => {
    await subscribeToNewsletter(visitor, { email: "late@example.com" });
    const token = String(
      events.filter((event) => event.verb === "newsletter.subscription_requested").at(-1)?.transient.token,
    );
    await database.db
      .update(newsletterSubscribers)
      .set({ confirmTokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(newsletterSubscribers.email, "late@example.com"));
    expect(await confirmNewsletter(visitor, token)).toBeNull();
  });
});
