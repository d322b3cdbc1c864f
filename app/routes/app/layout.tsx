import { Outlet } from "react-router";

import { requireUser } from "~/.server/auth/session";
import type { Route } from "./+types/layout";

/**
 * Everything under /app needs a session; without one, sign in and come back here. A
 * middleware runs before any loader below it, so no app loader ever runs signed out.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    await requireUser(request, context);
    return next();
  },
];

export default function AppLayout() {
  return <Outlet />;
}
