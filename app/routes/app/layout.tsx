import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";

import { requireUser } from "~/.server/auth/session";
import { requireActor } from "~/.server/http/respond";
import { lastDeliveredSequence } from "~/.server/realtime/hub";
import { readSidebarOpen } from "~/.server/shell-preferences";
import { shellData } from "~/.server/workspaces/shell";
import { AppShell } from "~/components/app-shell/app-shell";
import { BlockedCompletionQuestion } from "~/components/tasks/blocked-confirm";
import { EditSenders } from "~/components/tasks/fields/task-edits";
import { toSessionUser } from "~/utils/session-user";
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

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, actor } = await requireActor(request, context);
  const shell = await shellData(user, actor.ip);
  return {
    ...shell,
    user: toSessionUser(user),
    sidebarOpen: readSidebarOpen(request),
    streamFrom: lastDeliveredSequence() || null,
  };
}

/** A task route's own path: /app/project/<id>/task/<id>. */
const TASK_ROUTE = /^\/app\/project\/[^/]+\/task\/[^/]+$/;

/**
 * An edit made in place on a task (`via=fetcher`, task-edits.tsx: a property, a checklist
 * item, a subtask, a comment) changes nothing the shell shows (workspaces, their projects,
 * stars): the shell's loader is not run again after it, only the page's.
 */
export function shouldRevalidate({ formData, formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get("via") === "fetcher" && formAction && TASK_ROUTE.test(formAction.split("?")[0]!)) return false;
  return defaultShouldRevalidate;
}

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AppShell shell={loaderData}>
      <Outlet />
      {/* The changes made in place, sent and answered wherever they were made (task-edits.tsx). */}
      <EditSenders />
      {/* "Complete it anyway?" when a move would complete a blocked task (blocked-confirm.tsx). */}
      <BlockedCompletionQuestion />
    </AppShell>
  );
}
