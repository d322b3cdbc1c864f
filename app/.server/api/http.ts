import { ZodError } from "zod";

import { FieldError, ForbiddenError, NotFoundError } from "../errors";
import { logger } from "../logger";

/**
 * The public API's answers: JSON, and one error shape for every refusal (RFC 9457
 * `application/problem+json`: type, title, status, detail, and the fields at fault).
 */
export const PROBLEM_TYPE = "https://plotline.dev/problems/";

export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
    readonly extra: { headers?: Record<string, string>; errors?: Array<{ field: string; message: string }> } = {},
  ) {
    super(detail);
  }
}

const SLUGS: Record<number, string> = {
  400: "bad-request",
  401: "unauthorized",
  403: "forbidden",
  404: "not-found",
  405: "method-not-allowed",
  409: "conflict",
  413: "too-large",
  415: "unsupported-media-type",
  422: "invalid",
  428: "precondition-required",
  429: "too-many-requests",
  500: "server-error",
};

export function json(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return jsonText(status === 204 ? null : JSON.stringify(body), status, headers);
}

/** An answer whose JSON is written already (PostgreSQL writes a page of tasks): sent as it is. */
export function jsonText(text: string | null, status = 200, headers: Record<string, string> = {}) {
  return new Response(text, {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store", ...headers },
  });
}

/** The problem document itself; the server's own refusals (413, 429 before the app) send it too. */
export function problemBody(status: number, title: string, detail: string, errors?: ApiProblem["extra"]["errors"]) {
  return { type: `${PROBLEM_TYPE}${SLUGS[status] ?? "error"}`, title, status, detail, ...(errors ? { errors } : {}) };
}

export function problem(error: ApiProblem) {
  const body = problemBody(error.status, error.title, error.detail, error.extra.errors);
  return new Response(JSON.stringify(body), {
    status: error.status,
    headers: { "Content-Type": "application/problem+json", "Cache-Control": "no-store", ...error.extra.headers },
  });
}

/** The use cases' refusals as the API says them; anything else is a 500, logged without its input. */
export function toProblem(error: unknown): ApiProblem {
  if (error instanceof ApiProblem) return error;
  if (error instanceof NotFoundError) return new ApiProblem(404, "Not found", error.message);
  if (error instanceof ForbiddenError) return new ApiProblem(403, "Forbidden", error.message);
  if (error instanceof FieldError)
    return new ApiProblem(422, "Invalid request", error.message, {
      errors: [{ field: error.field, message: error.message }],
    });
  if (error instanceof ZodError) {
    const errors = error.issues.map((issue) => ({ field: issue.path.join(".") || "body", message: issue.message }));
    return new ApiProblem(422, "Invalid request", errors[0]?.message ?? "The request body is not valid.", { errors });
  }
  logger.error({ err: error }, "API request failed");
  return new ApiProblem(500, "Server error", "Something went wrong on our side.");
}

/** A request's JSON body: an object, or a 415/400 problem. */
export async function jsonBody(request: Request): Promise<unknown> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json")
    throw new ApiProblem(415, "Unsupported media type", "Send the body as application/json.");
  const text = await request.text();
  // PostgreSQL's text cannot hold U+0000: refused here rather than failing in the database.
  if (text.includes("\\u0000") || text.includes("\0"))
    throw new ApiProblem(400, "Bad request", "The body contains a character that is not allowed (NUL).");
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiProblem(400, "Bad request", "The body is not valid JSON.");
  }
}
