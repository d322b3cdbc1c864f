import { logger } from "../logger";
import { urlHasNul } from "../http/form-body";
import { AuthError, errorResponse, validationFailed } from "./errors";
import { getUser, logout, putUser } from "./handlers/user";
import { otp, recover, resend } from "./handlers/mail-requests";
import { health, jwks, settings } from "./handlers/meta";
import { authorize, callback } from "./handlers/oauth";
import { signup } from "./handlers/signup";
import { token } from "./handlers/token";
import { verifyGet, verifyPost } from "./handlers/verify";
import { withApiVersion } from "./http";
import type { ClientInfo } from "./sessions";

/**
 * The built-in Supabase Auth (GoTrue) compatible service, mounted at /auth/v1: the unmodified
 * supabase-js client talks to it as it would to a Supabase project.
 */
type Handler = (request: Request, client: ClientInfo) => Promise<Response> | Response;

const ROUTES: Record<string, Record<string, Handler>> = {
  "/signup": { POST: signup },
  "/token": { POST: token },
  "/user": { GET: getUser, PUT: putUser },
  "/logout": { POST: logout },
  "/otp": { POST: otp },
  "/verify": { GET: verifyGet, POST: verifyPost },
  "/recover": { POST: recover },
  "/resend": { POST: resend },
  "/authorize": { GET: authorize },
  "/callback": { GET: callback },
  "/settings": { GET: settings },
  "/health": { GET: health },
  "/.well-known/jwks.json": { GET: jwks },
};

const MOUNT = "/auth/v1";

export async function handleAuthRequest(request: Request, clientIp: string | null): Promise<Response> {
  const pathname = new URL(request.url).pathname;
  const mounted = pathname.indexOf(MOUNT);
  const path = (mounted >= 0 ? pathname.slice(mounted + MOUNT.length) : pathname).replace(/\/+$/, "") || "/";
  const route = ROUTES[path];
  const handler = route?.[request.method];
  const client = { ip: clientIp, userAgent: request.headers.get("User-Agent") };
  try {
    if (!route) throw new AuthError(404, "not_found", "Not found");
    if (!handler) throw new AuthError(405, "method_not_allowed", "Method not allowed");
    if (urlHasNul(request.url)) throw validationFailed("The URL may not contain the NUL character");
    return withApiVersion(await handler(request, client));
  } catch (error) {
    if (error instanceof AuthError) return errorResponse(error, request);
    // Only the root cause's first line: a failed query's message lists its parameters (hashes).
    logger.error({ path, error: rootCause(error) }, "auth service request failed");
    return errorResponse(
      new AuthError(500, "unexpected_failure", "Unexpected failure, please check server logs for more information"),
      request,
    );
  }
}

function rootCause(error: unknown): string {
  if (error instanceof Error && error.cause) return rootCause(error.cause);
  return error instanceof Error ? (error.message.split("\n")[0] ?? error.name) : String(error);
}
