/**
 * Errors as Supabase Auth answers them. supabase-js reads `code` (2024-01-01 shape) or
 * `error_code` (older shape) and maps a few codes to its own error classes
 * (`weak_password`, `session_not_found`), so codes and statuses must match exactly.
 */
export class AuthError extends Error {
  override name = "AuthError";

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra top-level fields, e.g. `weak_password: { reasons }`. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const API_VERSION = "2024-01-01";
export const API_VERSION_HEADER = "X-Supabase-Api-Version";

/** The error body in the shape the client asked for (by sending the API version header). */
export function errorResponse(error: AuthError, request: Request) {
  const modern = (request.headers.get(API_VERSION_HEADER) ?? "") >= API_VERSION;
  const body = modern
    ? { code: error.code, message: error.message, ...error.extra }
    : { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
  return Response.json(body, {
    status: error.status,
    headers: { [API_VERSION_HEADER]: API_VERSION, "x-sb-error-code": error.code },
  });
}

export const validationFailed = (message: string) => new AuthError(400, "validation_failed", message);

export const invalidCredentials = () => new AuthError(400, "invalid_credentials", "Invalid login credentials");

export const otpExpired = () => new AuthError(403, "otp_expired", "Email link is invalid or has expired");

export const requestRateLimited = () => new AuthError(429, "over_request_rate_limit", "Request rate limit reached");

export const emailRateLimited = (seconds: number) =>
  new AuthError(
    429,
    "over_email_send_rate_limit",
    `For security purposes, you can only request this after ${seconds} seconds.`,
  );
