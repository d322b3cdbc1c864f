import { Honeypot } from "remix-utils/honeypot/server";

import { derivedSecret } from "../secrets";

/**
 * The public forms' spam trap (remix-utils' Honeypot): a field people never see, which bots
 * fill, and an encrypted "valid from" time the page was rendered at, which bots cannot forge.
 * Its key comes from the app's secrets, so every process and restart agrees on it. A post
 * without the fields (curl, an old page) is checked by the schema and the rate limit only.
 */
const FIELDS = { nameFieldName: "website", validFromFieldName: "from__confirm" } as const;

let current: { seed: string; honeypot: Honeypot } | undefined;

function honeypot() {
  const seed = derivedSecret("honeypot");
  if (current?.seed !== seed) current = { seed, honeypot: new Honeypot({ ...FIELDS, encryptionSeed: seed }) };
  return current.honeypot;
}

/**
 * What the forms render (the root loader hands it to `HoneypotProvider` on every page); valid
 * from now unless told. "Now" is the current second's: the encryption is made once a second,
 * not once a page (it cost more than a signed-in page's auth check).
 */
export function honeypotInputProps(validFromTimestamp?: number) {
  if (validFromTimestamp !== undefined) return honeypot().getInputProps({ validFromTimestamp });
  const second = Math.floor(Date.now() / 1000) * 1000;
  if (latest?.second !== second || latest.honeypot !== honeypot()) {
    latest = { second, honeypot: honeypot(), props: honeypot().getInputProps({ validFromTimestamp: second }) };
  }
  return latest.props;
}

let latest: { second: number; honeypot: Honeypot; props: ReturnType<Honeypot["getInputProps"]> } | undefined;

/**
 * Whether the post fell into the trap. Any failure counts: a filled field, a missing or
 * tampered time (which fails to decrypt), a time in the future.
 */
export async function isSpam(formData: FormData) {
  try {
    await honeypot().check(formData);
    return false;
  } catch {
    return true;
  }
}
