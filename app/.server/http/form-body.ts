import { data, type MiddlewareFunction } from "react-router";

import { streamedFormContext } from "../request-context";

/**
 * The root middleware that guards every action's input before any loader or action runs,
 * so that no malformed request reaches code that would fail on it with a 500:
 * - a NUL (`%00`) in the URL: 400 (PostgreSQL text cannot hold U+0000);
 * - a write whose body is not a form (JSON, text, none): 415; browsers' forms only send
 *   `application/x-www-form-urlencoded` or `multipart/form-data`;
 * - a form body that cannot be parsed (multipart without boundary, truncated): 400;
 * - a NUL in a form field's name or value: 400 (file contents may hold any byte).
 * The auth service at /auth/v1 reads its own JSON and answers in its own format (the REST API
 * at /api/v1 never reaches React Router: server/api-requests.ts); the paths in OWN_BODIES also
 * take the listed types, which they parse themselves.
 */
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

const OWN_BODIES: Record<string, string[]> = {
  // remix-themes' client posts `{"theme": …}` with fetch's default type, text/plain.
  "/action/set-theme": ["application/json", "text/plain"],
};

export const checkRequestBody: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { pathname } = new URL(request.url);
  if (pathname === "/auth/v1" || pathname.startsWith("/auth/v1/")) return next();
  if (urlHasNul(request.url)) throw refuse(400, "The request contained a character that is not allowed (NUL).");
  if (request.method === "GET" || request.method === "HEAD") return next();

  const type = mediaType(request.headers.get("Content-Type"));
  if (OWN_BODIES[pathname]?.includes(type)) return next();
  if (!FORM_TYPES.includes(type)) {
    throw refuse(
      415,
      "This address only accepts forms: send application/x-www-form-urlencoded or multipart/form-data.",
      "Unsupported Media Type",
    );
  }
  // An attachment's form was parsed as it streamed in (server/streamed-uploads.ts): its body is read.
  let form = context.get(streamedFormContext);
  try {
    form ??= await request.clone().formData();
  } catch {
    throw refuse(400, "The form could not be read: its body is incomplete or malformed.");
  }
  for (const [name, value] of form) {
    if (name.includes("\0") || (typeof value === "string" && value.includes("\0"))) {
      throw refuse(400, "The request contained a character that is not allowed (NUL).");
    }
  }
  return next();
};

/** A `%00` anywhere in the URL decodes to NUL in a path segment or a query value. */
export function urlHasNul(url: string) {
  return /%00/i.test(url);
}

/** `multipart/form-data; boundary=x` → `multipart/form-data`; none → "". */
function mediaType(header: string | null) {
  return (header ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

function refuse(status: 400 | 415, message: string, title = "Bad Request") {
  return data({ title, message }, { status });
}
