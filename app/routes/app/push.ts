import { data, redirect } from "react-router";

import { requireActor, run } from "~/.server/http/respond";
import { removePushSubscription, savePushSubscription } from "~/.server/push/subscriptions";
import { VAPID_MISSING_MESSAGE, vapidDetails } from "~/.server/push/vapid";
import type { Route } from "./+types/push";

/**
 * This browser's Web Push subscription, posted by the settings page's Push Notifications
 * toggle once the browser allowed notifications (app/utils/push-subscription.ts):
 * `subscribe` (endpoint, p256dh, auth) or `unsubscribe` (endpoint). Answers `{ ok }`, or a
 * 4xx with the reason in `error`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireActor(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  if (intent !== "subscribe" && intent !== "unsubscribe") {
    return data({ ok: false, error: "Unknown action" }, { status: 400 });
  }
  if (!vapidDetails()) return data({ ok: false, error: VAPID_MISSING_MESSAGE }, { status: 409 });
  const result = await run(() =>
    intent === "subscribe"
      ? savePushSubscription(actor, { endpoint: field("endpoint"), p256dh: field("p256dh"), auth: field("auth") })
      : removePushSubscription(actor, field("endpoint")),
  );
  if (!result.ok) return data({ ok: false, error: result.message }, { status: 400 });
  return data({ ok: true });
}

export function loader() {
  return redirect("/app/settings?tab=notifications");
}
