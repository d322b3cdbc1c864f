import { redirect } from "react-router";

import { intentAction } from "~/.server/http/intents";
import { pushFallback, pushIntents } from "./push-intents.server";

/**
 * This browser's Web Push subscription, posted by the settings page's Push Notifications
 * toggle once the browser allowed notifications (app/utils/push-subscription.ts):
 * `subscribe` (endpoint, p256dh, auth) or `unsubscribe` (endpoint), the intents of
 * push-intents.server.ts.
 */
export const action = intentAction(pushIntents, { fallback: pushFallback });

export function loader() {
  return redirect("/app/settings?tab=notifications");
}
