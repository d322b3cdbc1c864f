import { data, redirect } from "react-router";

import { requireActor } from "~/.server/http/respond";
import { sidebarCookie } from "~/.server/shell-preferences";
import { safeRedirectPath } from "~/utils/safe-redirect";
import type { Route } from "./+types/sidebar";

/**
 * Remembers whether the sidebar is open. A form post without JavaScript comes back to
 * `redirectTo`; the toggle's fetcher sends none and gets JSON.
 */
export async function action({ request, context }: Route.ActionArgs) {
  await requireActor(request, context);
  const form = await request.formData();
  const open = form.get("open");
  if (open !== "true" && open !== "false") return data({ error: "open must be true or false" }, { status: 400 });
  const headers = { "Set-Cookie": sidebarCookie(open === "true", new URL(request.url).protocol === "https:") };
  const back = form.get("redirectTo");
  if (back) return redirect(safeRedirectPath(back, "/app/dashboard"), { headers });
  return data({ open: open === "true" }, { headers });
}

export function loader() {
  return redirect("/app/dashboard");
}
