import { data, type MiddlewareFunction } from "react-router";

/**
 * PostgreSQL text cannot hold U+0000, so a NUL in a URL or a form field would fail its query
 * and answer 500. No browser form sends one: such a request is refused with a 400 before any
 * loader or action runs. The auth service at /auth/v1 answers for itself, in its JSON format.
 */
export const rejectNulCharacters: MiddlewareFunction<Response> = async ({ request }, next) => {
  const { pathname } = new URL(request.url);
  if (!pathname.startsWith("/auth/v1/") && (urlHasNul(request.url) || (await formHasNul(request)))) {
    throw data(
      { title: "Bad Request", message: "The request contained a character that is not allowed (NUL)." },
      { status: 400 },
    );
  }
  return next();
};

/** A `%00` anywhere in the URL decodes to NUL in a path segment or a query value. */
export function urlHasNul(url: string) {
  return /%00/i.test(url);
}

/** Form posts only: file contents may hold any byte, field values and names may not. */
async function formHasNul(request: Request) {
  if (request.method === "GET" || request.method === "HEAD" || !request.body) return false;
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded") && !type.startsWith("multipart/form-data")) return false;
  let form: FormData;
  try {
    form = await request.clone().formData();
  } catch {
    return false; // a malformed body is the action's to refuse
  }
  for (const [name, value] of form) {
    if (name.includes("\0") || (typeof value === "string" && value.includes("\0"))) return true;
  }
  return false;
}
