import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

import { env } from "../env";
import { WEBHOOK_URL_MAX } from "~/utils/webhook-events";

/**
 * Where a webhook may point. An endpoint's URL is a request this server makes on a member's
 * behalf, so it must not reach what only this server can (the database, a cloud's metadata
 * address, the local network): every address the host name resolves to is checked, when the
 * endpoint is saved and again before each delivery (a name may resolve elsewhere later), and
 * the delivery connects to the addresses that check approved.
 * WEBHOOKS_ALLOW_PRIVATE=true lifts the address rule for a receiver on the same network.
 */

const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network", unspecified
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const)
  blocked.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128],
  ["64:ff9b::", 96], // NAT64
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
] as const)
  blocked.addSubnet(network, prefix, "ipv6");

let allowPrivateOverride: boolean | undefined;

/** For tests: lift or impose the address rule whatever the environment says (undefined: the environment). */
export function overrideAllowPrivateTargets(value: boolean | undefined) {
  allowPrivateOverride = value;
}

function allowPrivate() {
  return allowPrivateOverride ?? env().webhooksAllowPrivate;
}

export function isPrivateAddress(address: string) {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 4) return blocked.check(address, "ipv4");
  return blocked.check(address, "ipv6") || isMappedPrivate(address);
}

/** An IPv4-mapped address (`::ffff:10.0.0.1`, `::ffff:a00:1`): checked as the IPv4 address it carries. */
function isMappedPrivate(address: string) {
  const match = /^::ffff:(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!match) return false;
  const v4 =
    match[1] ??
    [match[2]!, match[3]!]
      .flatMap((part) => {
        const n = parseInt(part, 16);
        return [n >> 8, n & 255];
      })
      .join(".");
  return blocked.check(v4, "ipv4");
}

/** A well-formed webhook URL, or why not (said for the field). Does not resolve the name. */
export function urlProblem(raw: string): string | null {
  if (!raw) return "Enter the URL that receives the events.";
  if (raw.length > WEBHOOK_URL_MAX) return `At most ${WEBHOOK_URL_MAX.toLocaleString("en")} characters.`;
  if (!URL.canParse(raw)) return "Enter a full URL, like https://example.com/hooks/plotline.";
  const url = new URL(raw);
  if (url.protocol !== "https:" && url.protocol !== "http:") return "The URL must start with https:// or http://.";
  if (url.username || url.password) return "Leave the user name and password out of the URL.";
  if (!url.hostname) return "Enter a full URL, like https://example.com/hooks/plotline.";
  return null;
}

/** An address a target's host resolved to, as `dns.lookup` gives it. */
export type Address = { address: string; family: number };
type Resolver = (host: string) => Promise<Address[]>;

const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });
let resolver = systemResolver;

/** For tests: resolve names another way (a name that points at loopback); undefined: the system's. */
export function overrideResolver(value: Resolver | undefined) {
  resolver = value ?? systemResolver;
}

/**
 * Resolves the URL's host and refuses private, loopback, link-local and unspecified
 * addresses (unless allowed). The reason names the host, never the path or query (they
 * may carry a receiver's token). Gives the addresses it checked: a delivery connects to
 * those and no others, so the name cannot be made to resolve elsewhere in between.
 */
export async function checkedTarget(raw: string): Promise<{ addresses: Address[] } | { problem: string }> {
  const form = urlProblem(raw);
  if (form) return { problem: form };
  const host = new URL(raw).hostname.replace(/^\[(.*)\]$/, "$1");
  let addresses: Address[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolver(host);
  } catch {
    return { problem: `The host ${host} could not be found.` };
  }
  if (addresses.length === 0) return { problem: `The host ${host} could not be found.` };
  if (!allowPrivate() && addresses.some((entry) => isPrivateAddress(entry.address)))
    return {
      problem: `The host ${host} is a private, loopback or link-local address; webhooks go to public addresses only.`,
    };
  return { addresses };
}

/** Why the URL may not be a webhook's target, or null (see checkedTarget). */
export async function targetProblem(raw: string): Promise<string | null> {
  const checked = await checkedTarget(raw);
  return "problem" in checked ? checked.problem : null;
}

/** The URL without its query and fragment, for logs and messages. */
export function shownUrl(raw: string) {
  if (!URL.canParse(raw)) return "(invalid URL)";
  const url = new URL(raw);
  return `${url.origin}${url.pathname}`;
}
