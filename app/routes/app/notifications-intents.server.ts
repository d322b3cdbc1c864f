import { data, redirect } from "react-router";

import { intent, type IntentContext } from "~/.server/http/intents";
import { markAllNotificationsReadCommand, markNotificationReadCommand } from "~/.server/notifications/notifications";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { isUuid } from "~/validation/ids";

/**
 * Marking notifications read (app/routes/app/notifications.tsx, and the top bar's menu):
 * only ever the user's own rows. A form without JavaScript sends `redirectTo` and goes back
 * there; the menu's fetcher gets `{ ok }`.
 */
const done = (_output: unknown, context: IntentContext) => {
  const back = context.formData.get("redirectTo");
  if (back) return redirect(safeRedirectPath(back, "/app/notifications"));
  return data({ ok: true });
};

const markRead = intent({
  command: markNotificationReadCommand,
  parse: (context) => {
    const id = context.formData.get("id");
    return isUuid(id)
      ? { ok: true, input: { notificationId: id } }
      : { ok: false, field: "id", message: "That notification does not exist." };
  },
  refused: ({ message }) => data({ error: message }, { status: 400 }),
  done,
});

const markAllRead = intent({
  command: markAllNotificationsReadCommand,
  parse: () => ({ ok: true, input: {} }),
  done,
});

export const notificationsIntents = { "mark-read": markRead, "mark-all-read": markAllRead };

export const notificationsFallback = () => data({ error: "Unknown action" }, { status: 400 });
