import { logger } from "../logger";
import type { NotificationEvent } from "../../utils/realtime";
import { sendToUser } from "./hub";
import { notifyChannel, onChannel } from "./relay";

/**
 * Messages for one person wherever their tabs are connected: this process's streams at
 * once, and with PostgreSQL the other app processes' through NOTIFY on `plotline_users`.
 * The payload stays small (ids, a title cut to 200 characters, a link): NOTIFY caps it at
 * 8,000 bytes, and the row itself is read by the page's loader anyway.
 */
const CHANNEL = "plotline_users";
const TITLE_LIMIT = 200;

export type UserMessage = { event: "notification"; data: NotificationEvent };

export async function sendToUserEverywhere(userId: string, message: UserMessage) {
  const small: UserMessage = {
    event: message.event,
    data: { ...message.data, title: Array.from(message.data.title).slice(0, TITLE_LIMIT).join("") },
  };
  sendToUser(userId, small);
  try {
    await notifyChannel(CHANNEL, { userId, message: small });
  } catch (error) {
    // The live message is a courtesy: the notification is saved and the next page load shows it.
    logger.warn({ err: error }, "could not relay a user message to the other processes");
  }
}

onChannel(CHANNEL, (payload) => {
  const message = parseMessage(payload);
  if (message) sendToUser(message.userId, message.message);
});

function parseMessage(payload: Record<string, unknown>): { userId: string; message: UserMessage } | null {
  const { userId, message } = payload as { userId?: unknown; message?: { event?: unknown; data?: unknown } };
  if (typeof userId !== "string" || message?.event !== "notification") return null;
  const data = message.data as Partial<NotificationEvent> | undefined;
  if (data?.type !== "notification.created" || typeof data.id !== "string" || typeof data.title !== "string") {
    return null;
  }
  const link = typeof data.link === "string" ? data.link : null;
  return {
    userId,
    message: { event: "notification", data: { type: data.type, id: data.id, title: data.title, link } },
  };
}
