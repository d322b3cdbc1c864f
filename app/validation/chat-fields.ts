import { z } from "zod";

/** The chat's forms as the browser and the server both check them. */
export const MESSAGE_MAX_LENGTH = 4_000;

export const messageBody = z
  .string({ error: "Write a message" })
  .trim()
  .min(1, { error: "Write a message" })
  .max(MESSAGE_MAX_LENGTH, { error: "Keep the message under 4,000 characters" });

/** A message's public id, as newPublicId makes them. */
const messageId = z.string().regex(/^[A-Za-z0-9]{6,20}$/, { error: "Unknown message" });

export const postMessageSchema = z.object({ intent: z.literal("post-message"), body: messageBody });

export const editMessageSchema = z.object({ intent: z.literal("edit-message"), messageId, body: messageBody });

export const deleteMessageSchema = z.object({ intent: z.literal("delete-message"), messageId });
