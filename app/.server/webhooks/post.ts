import type { LookupFunction } from "node:net";

import type { Agent as UndiciAgent, Response } from "undici";

import { checkedTarget, type Address } from "./targets";

/**
 * One outgoing POST on a member's behalf (webhooks, chat channels): the target's addresses
 * checked first (targets.ts) and connected to and no others, no redirects followed, 10 s at
 * most, the answer's first 500 characters kept. Never throws: what happened is the result.
 */
export const POST_TIMEOUT_MS = 10_000;
export const EXCERPT_MAX = 500;

export type PostResult = { status: number | null; error: string | null; durationMs: number; excerpt: string | null };

export async function postTo(
  url: string,
  request: { headers: Record<string, string>; body: string },
  label = "Webhooks",
): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  // Checked again now: the name may point somewhere else than when the target was saved.
  const target = await checkedTarget(url);
  if ("problem" in target) return { status: null, error: target.problem, durationMs: elapsed(), excerpt: null };
  // Loaded with the first delivery, not at start (decision 038).
  const { Agent, fetch } = await import("undici");
  const dispatcher = pinnedAgent(Agent, target.addresses);
  try {
    const response = await fetch(url, {
      method: "POST",
      redirect: "manual",
      dispatcher,
      signal: AbortSignal.timeout(POST_TIMEOUT_MS),
      headers: request.headers,
      body: request.body,
    });
    const excerpt = await excerptOf(response);
    const status = response.status;
    const error =
      status >= 200 && status < 300
        ? null
        : status >= 300 && status < 400
          ? `Redirected (HTTP ${status}); ${label.toLowerCase()} do not follow redirects.`
          : `HTTP ${status}`;
    return { status, error, durationMs: elapsed(), excerpt };
  } catch (error) {
    return { status: null, error: reasonOf(error), durationMs: elapsed(), excerpt: null };
  } finally {
    void dispatcher.destroy().catch(() => undefined);
  }
}

export const succeeded = (result: PostResult) => result.status !== null && result.status >= 200 && result.status < 300;

/**
 * Connections to the checked addresses only: the name is not resolved again when the
 * request connects (a DNS answer that changed in between, "rebinding", reaches nothing).
 * The URL keeps its name, so the Host header and TLS (SNI, the certificate's name) are the
 * name's. Node asks for every address when it tries IPv6 and IPv4 in turn (`all`).
 */
function pinnedAgent(Agent: typeof UndiciAgent, addresses: Address[]) {
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
  return new Agent({ connect: { lookup } });
}

/** The start of the answer, read no further than needed. */
async function excerptOf(response: Response) {
  if (!response.body) return null;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    while (text.length < EXCERPT_MAX) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // What arrived is enough.
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return text.slice(0, EXCERPT_MAX) || null;
}

/** Why no answer came, without the URL. */
function reasonOf(error: unknown) {
  if (error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError"))
    return `No answer within ${POST_TIMEOUT_MS / 1000} s.`;
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  const code = typeof cause?.code === "string" ? cause.code : null;
  return code ? `Could not connect (${code}).` : "Could not connect.";
}
