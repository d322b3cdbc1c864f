import { handleApiRequest } from "~/.server/api/router";
import { clientIpContext } from "~/.server/request-context";
import type { Route } from "./+types/v1";

/** The public REST API at /api/v1/* (app/.server/api): personal tokens, JSON in and out. */
export function loader({ request, context }: Route.LoaderArgs) {
  return handleApiRequest(request, context.get(clientIpContext));
}

export function action({ request, context }: Route.ActionArgs) {
  return handleApiRequest(request, context.get(clientIpContext));
}
