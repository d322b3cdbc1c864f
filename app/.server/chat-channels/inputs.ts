import { z } from "zod";

import { CHAT_CHANNEL_NAME_MAX, CHAT_CHANNEL_URL_MAX } from "~/utils/chat-channels";

/**
 * The chat-channel commands' inputs, whoever calls: bounds and types only. The URL's form,
 * the format, the events' names and the name's length are the commands' to check (their
 * messages go beside the field); the URL's addresses are resolved before the unit of work.
 */
const id = z.string().min(1).max(40);
const events = z.array(z.string().max(100)).max(20);
const url = z.string().max(CHAT_CHANNEL_URL_MAX + 1);
const name = z.string().max(CHAT_CHANNEL_NAME_MAX * 4);
const format = z.string().max(40);

export const createChatChannelInput = z.object({ workspaceId: id, projectId: id, name, format, url, events });
export const updateChatChannelInput = z.object({
  channelId: id,
  name: name.optional(),
  url: url.optional(),
  events: events.optional(),
  enabled: z.boolean().optional(),
});
export const chatChannelInput = z.object({ channelId: id });
