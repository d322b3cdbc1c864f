import { data } from "react-router";

import { execute, type Command } from "~/.server/commands/command";
import { intent, type IntentContext } from "~/.server/http/intents";
import { removePushSubscriptionCommand, savePushSubscriptionCommand } from "~/.server/push/subscriptions";
import { VAPID_MISSING_MESSAGE, vapidDetails } from "~/.server/push/vapid";

/**
 * This browser's Web Push subscription (app/routes/app/push.ts), posted by the settings
 * page's toggle: `{ ok }`, or a 4xx with the reason in `error`. Without VAPID keys nothing
 * is stored: no push could ever be sent to it.
 */
const field = (context: IntentContext, name: string) => {
  const value = context.formData.get(name);
  return typeof value === "string" ? value : "";
};
const unavailable = () => data({ ok: false, error: VAPID_MISSING_MESSAGE }, { status: 409 });
const refused = ({ message }: { message: string }) => data({ ok: false, error: message }, { status: 400 });
/** Runs the command when the server has VAPID keys; null when it has none and nothing ran. */
function whenConfigured<Input>(command: Command<Input, void>) {
  return async (context: IntentContext, input: Input) => {
    if (!vapidDetails()) return null;
    await execute(command, context.principal, input);
    return true as const;
  };
}
const answer = (ran: true | null) => (ran ? data({ ok: true }) : unavailable());

const subscribe = intent({
  command: savePushSubscriptionCommand,
  parse: (context) => ({
    ok: true,
    input: { endpoint: field(context, "endpoint"), p256dh: field(context, "p256dh"), auth: field(context, "auth") },
  }),
  run: whenConfigured(savePushSubscriptionCommand),
  refused,
  done: answer,
});

const unsubscribe = intent({
  command: removePushSubscriptionCommand,
  parse: (context) => ({ ok: true, input: { endpoint: field(context, "endpoint") } }),
  run: whenConfigured(removePushSubscriptionCommand),
  refused,
  done: answer,
});

export const pushIntents = { subscribe, unsubscribe };

export const pushFallback = () => data({ ok: false, error: "Unknown action" }, { status: 400 });
