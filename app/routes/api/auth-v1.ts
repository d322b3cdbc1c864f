import { handleAuthRequest } from "~/.server/auth-service";
import { clientIpContext } from "~/.server/request-context";
import type { Route } from "./+types/auth-v1";

/** The built-in Supabase-Auth-compatible service at /auth/v1/* (see app/.server/auth-service). */
export function loader({ request, context }: Route.LoaderArgs) {
  return handleAuthRequest(request, context.get(clientIpContext));
}

export function action({ request, context }: Route.ActionArgs) {
  return handleAuthRequest(request, context.get(clientIpContext));
}
