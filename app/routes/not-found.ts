import { redirect } from "react-router";

import { optionalUser } from "~/.server/auth/session";
import type { Route } from "./+types/not-found";

/** The spec sends unknown paths to the dashboard when signed in, and home otherwise. */
export async function loader({ context }: Route.LoaderArgs) {
  return redirect((await optionalUser(context)) ? "/app/dashboard" : "/");
}

export async function action({ context }: Route.ActionArgs) {
  return redirect((await optionalUser(context)) ? "/app/dashboard" : "/");
}
