import { createHash } from "node:crypto";

import { and, eq } from "drizzle-orm";

import { db } from "../db";
import { apiIdempotencyKeys } from "../db/schema";
import type { Context } from "./context";
import { ApiProblem, json, problem, toProblem } from "./http";

const IDEMPOTENCY_HOURS = 24;

/**
 * A POST with an `Idempotency-Key` runs once per token and key: the same request again
 * gets the first answer (`Idempotent-Replayed: true`), a different request with a used key
 * a 422, one still running a 409. Without the header it simply runs.
 */
export async function idempotent(
  { request, principal, url }: Pick<Context, "request" | "principal" | "url">,
  body: string,
  run: () => Promise<Response>,
): Promise<Response> {
  const key = request.headers.get("idempotency-key");
  if (key === null) return run();
  if (!/^[\x21-\x7e]{1,200}$/.test(key))
    throw new ApiProblem(400, "Bad request", "An Idempotency-Key is 1 to 200 visible ASCII characters.");
  const signature = createHash("sha256").update(`${request.method} ${url.pathname}\n${body}`).digest("hex");
  const where = and(eq(apiIdempotencyKeys.tokenId, principal.tokenUuid), eq(apiIdempotencyKeys.key, key));
  const claimed = await db()
    .insert(apiIdempotencyKeys)
    .values({ tokenId: principal.tokenUuid, key, request: signature })
    .onConflictDoNothing()
    .returning();
  if (claimed.length === 0) {
    const [seen] = await db().select().from(apiIdempotencyKeys).where(where);
    if (seen && seen.createdAt.getTime() < Date.now() - IDEMPOTENCY_HOURS * 3_600_000) {
      await db().delete(apiIdempotencyKeys).where(where);
      return idempotent({ request, principal, url }, body, run);
    }
    if (!seen || seen.request !== signature)
      throw new ApiProblem(422, "Invalid request", "This Idempotency-Key was used for a different request.");
    if (seen.status === null)
      throw new ApiProblem(409, "Conflict", "A request with this Idempotency-Key is still running.");
    return json(seen.body, seen.status, {
      "Idempotent-Replayed": "true",
      ...(seen.status >= 400 ? { "Content-Type": "application/problem+json" } : {}),
    });
  }
  let response: Response;
  try {
    response = await run();
  } catch (error) {
    response = problem(toProblem(error));
  }
  const text = await response.clone().text();
  await db()
    .update(apiIdempotencyKeys)
    .set({ status: response.status, body: text ? (JSON.parse(text) as unknown) : null })
    .where(where);
  return response;
}
