import { API_VERSION, API_VERSION_HEADER, AuthError, validationFailed } from "./errors";

/** Request parsing and response helpers shared by the endpoint handlers. */

const MAX_BODY_BYTES = 1024 * 1024;

export type JsonBody = Record<string, unknown>;

/** The JSON body as an object; supabase-js sends nulls for unused fields, so those read as absent. */
export async function readJson(request: Request): Promise<JsonBody> {
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) {
    throw new AuthError(413, "request_entity_too_large", "Request body too large");
  }
  if (text.trim() === "") return {};
  let parsed: unknown;
  let problem: string | undefined;
  try {
    parsed = JSON.parse(text, (key, value: unknown) => {
      problem ??= unstorable(key) ?? (typeof value === "string" ? unstorable(value) : undefined);
      return value;
    });
  } catch (error) {
    throw new AuthError(400, "bad_json", `Could not parse request body as JSON: ${(error as Error).message}`);
  }
  if (problem) throw validationFailed(problem);
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new AuthError(400, "bad_json", "Could not parse request body as JSON: expected an object");
  }
  return parsed as JsonBody;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why PostgreSQL could not store a string (a key or a value) the JSON decoded to, if it
 * could not: text cannot hold U+0000, and jsonb refuses a `\ud800` escape without its pair.
 * Refused here rather than failing a query with a 500.
 */
function unstorable(text: string) {
  if (text.includes("\0")) return "Strings may not contain the NUL character";
  if (LONE_SURROGATE.test(text)) return "Strings must be valid Unicode: the body has an unpaired surrogate";
  return undefined;
}

export function optionalString(body: JsonBody, key: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw validationFailed(`${key} must be a string`);
  return value;
}

export function optionalObject(body: JsonBody, key: string): Record<string, unknown> | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "object" || Array.isArray(value)) throw validationFailed(`${key} must be an object`);
  return value as Record<string, unknown>;
}

export function json(body: unknown, status = 200) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

/** Every answer says which API version it speaks; supabase-js reads error codes by it. */
export function withApiVersion(response: Response) {
  const headers = new Headers(response.headers);
  headers.set(API_VERSION_HEADER, API_VERSION);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export function redirectTo(location: string) {
  return new Response(null, { status: 303, headers: { Location: location, "Cache-Control": "no-store" } });
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A lower-cased, trimmed e-mail address, or the contract's validation error. */
export function normalizeEmail(raw: string) {
  const email = raw.trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 255) {
    throw validationFailed("Unable to validate email address: invalid format");
  }
  return email;
}
