import { expect } from "@playwright/test";

export type ReceivedMail = {
  from: string;
  to: string[];
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
};

/** Mail the in-test SMTP server received for an address, waiting until `count` arrived. */
export async function mailTo(address: string, count = 1): Promise<ReceivedMail[]> {
  const api = process.env.E2E_MAILBOX_URL;
  if (!api) throw new Error("E2E_MAILBOX_URL is not set: run the tests with npm run test:e2e");
  let found: ReceivedMail[] = [];
  await expect
    .poll(
      async () => {
        found = (await (await fetch(`${api}/messages?to=${encodeURIComponent(address)}`)).json()) as ReceivedMail[];
        return found.length;
      },
      // Loopback mail arrives in milliseconds: look often rather than back off.
      { timeout: 10_000, intervals: [50] },
    )
    .toBeGreaterThanOrEqual(count);
  return found;
}

/**
 * The mail to a shared address (the team's) that `matches`, waiting until it arrives: mails
 * are jobs run after the request, and the address holds other tests' mail too.
 */
export async function mailMatching(address: string, matches: (mail: ReceivedMail) => boolean) {
  const api = process.env.E2E_MAILBOX_URL;
  if (!api) throw new Error("E2E_MAILBOX_URL is not set: run the tests with npm run test:e2e");
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (
          await fetch(`${api}/messages?to=${encodeURIComponent(address)}`)
        ).json()) as ReceivedMail[];
        found = mails.find(matches);
        return found !== undefined;
      },
      { timeout: 10_000, intervals: [50] },
    )
    .toBe(true);
  return found!;
}

/** A unique address per test, so tests never read each other's mail. */
export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** The single sign-in link (through /auth/v1/verify) in a mail whose text part has "Label: URL". */
export function linkIn(mail: ReceivedMail | undefined) {
  const links = mail?.text.match(/https?:\/\/\S+\/auth\/v1\/verify\?\S+/g) ?? [];
  expect(links).toHaveLength(1);
  return links[0] as string;
}
