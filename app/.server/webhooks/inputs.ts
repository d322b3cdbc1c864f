import { z } from "zod";

import { WEBHOOK_URL_MAX } from "~/utils/webhook-events";

/**
 * The webhook commands' inputs, whoever calls: bounds and types only. The URL's form, the
 * events' names and the description's length are the commands' to check (their messages
 * go beside the field); the URL's addresses are resolved before the unit of work opens.
 */
const id = z.string().min(1).max(40);
const events = z.array(z.string().max(100)).max(100);
const url = z.string().max(WEBHOOK_URL_MAX + 1);
const description = z.string().max(10_000).optional();

export const createWebhookInput = z.object({ workspaceId: id, url, description, events });
export const updateWebhookInput = z.object({
  webhookId: id,
  url: url.optional(),
  description,
  events: events.optional(),
  enabled: z.boolean().optional(),
});
export const webhookInput = z.object({ webhookId: id });
export const redeliverInput = z.object({ deliveryId: id });
