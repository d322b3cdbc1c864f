import { data } from "react-router";

import { intent, type IntentContext } from "~/.server/http/intents";
import { redirectWithToast } from "~/.server/toast";
import {
  createWebhook,
  createWebhookCommand,
  deleteWebhookCommand,
  redeliverWebhookCommand,
  rotateWebhookSecretCommand,
  sendTestWebhookCommand,
  updateWebhookCommand,
} from "~/.server/webhooks/webhooks";
import type { Toast } from "~/utils/toast";
import { WEBHOOK_DESCRIPTION_MAX, WEBHOOK_URL_MAX } from "~/utils/webhook-events";

/**
 * A workspace's webhooks page (app/routes/app/workspace-webhooks.tsx). Every control is a
 * plain form; a new secret is the answer itself (shown once), the others come back to the
 * page with a toast.
 */
export type WebhookRefused = {
  intent: "create-webhook";
  field: string;
  message: string;
  url: string;
  description: string;
  events: string[];
};

const text = (context: IntentContext, name: string) => {
  const value = context.formData.get(name);
  return typeof value === "string" ? value : "";
};
const webhookIdOf = (context: IntentContext) => text(context, "webhookId");
const toast = (context: IntentContext, message: Toast, suffix = "") =>
  redirectWithToast(`/app/workspaces/${context.params.workspaceId}/webhooks${suffix}`, message, context.request);
const atLog = (context: IntentContext) => `?log=${encodeURIComponent(webhookIdOf(context))}`;

/** What the add form sent, cut to what it may hold, so a refusal gives it back. */
function webhookFormOf(context: IntentContext) {
  return {
    url: text(context, "url").slice(0, WEBHOOK_URL_MAX + 1),
    description: text(context, "description").slice(0, WEBHOOK_DESCRIPTION_MAX + 1),
    events:
      text(context, "scope") === "all"
        ? ["*"]
        : context.formData.getAll("events").filter((value): value is string => typeof value === "string"),
  };
}

const createWebhookIntent = intent({
  command: createWebhookCommand,
  parse: (context) => ({ ok: true, input: { workspaceId: context.params.workspaceId!, ...webhookFormOf(context) } }),
  // The URL's addresses are resolved before the unit of work opens (webhooks.ts).
  run: (context, input) => createWebhook(context.principal, input),
  refused: ({ field, message }, context) => {
    const refused: WebhookRefused = { intent: "create-webhook", field, message, ...webhookFormOf(context) };
    return data(refused, { status: 400 });
  },
  done: (created) => ({ intent: "secret" as const, webhookId: created.id, secret: created.secret, created: true }),
});

const rotateSecret = intent({
  command: rotateWebhookSecretCommand,
  parse: (context) => ({ ok: true, input: { webhookId: webhookIdOf(context) } }),
  done: (rotated) => ({ intent: "secret" as const, webhookId: rotated.id, secret: rotated.secret, created: false }),
});

const toggleWebhook = intent({
  command: updateWebhookCommand,
  parse: (context) => ({
    ok: true,
    input: { webhookId: webhookIdOf(context), enabled: text(context, "enabled") === "true" },
  }),
  done: (webhook, context) =>
    toast(
      context,
      webhook.enabled
        ? { title: "Webhook turned on", description: "It receives the next events.", variant: "success" }
        : { title: "Webhook turned off", description: "It receives nothing until turned on.", variant: "success" },
    ),
});

const deleteWebhook = intent({
  command: deleteWebhookCommand,
  parse: (context) => ({ ok: true, input: { webhookId: webhookIdOf(context) } }),
  done: (_webhook, context) =>
    toast(context, { title: "Webhook deleted", description: "Its delivery log went with it.", variant: "success" }),
});

const sendTest = intent({
  command: sendTestWebhookCommand,
  parse: (context) => ({ ok: true, input: { webhookId: webhookIdOf(context) } }),
  done: (_sent, context) =>
    toast(
      context,
      { title: "Test sent", description: "Reload the log in a moment to see the answer.", variant: "success" },
      atLog(context),
    ),
});

const redeliver = intent({
  command: redeliverWebhookCommand,
  parse: (context) => ({ ok: true, input: { deliveryId: text(context, "deliveryId") } }),
  done: (_sent, context) =>
    toast(
      context,
      { title: "Sent again", description: "Reload the log in a moment to see the answer.", variant: "success" },
      atLog(context),
    ),
});

export const workspaceWebhooksIntents = {
  "create-webhook": createWebhookIntent,
  "rotate-secret": rotateSecret,
  "toggle-webhook": toggleWebhook,
  "delete-webhook": deleteWebhook,
  "send-test": sendTest,
  redeliver,
};

export const workspaceWebhooksFallback = (): never => {
  throw data("Unknown action.", { status: 400 });
};
