import { z } from "zod";

import { ASSISTANT_MESSAGE_MAX } from "../utils/assistant-prompts";

/** A public id (letters and digits), as forms and URLs carry them. */
export const PUBLIC_ID_PATTERN = /^[A-Za-z0-9]{6,20}$/;

const publicId = z.string().regex(PUBLIC_ID_PATTERN, { error: "Unknown id" }).optional();

/** A question to the assistant, from the widget or the assistant page. */
export const askSchema = z.object({
  message: z
    .string({ error: "Write a message first." })
    .trim()
    .min(1, { error: "Write a message first." })
    .max(ASSISTANT_MESSAGE_MAX, {
      error: `Keep a message under ${ASSISTANT_MESSAGE_MAX.toLocaleString("en-US")} characters.`,
    }),
  conversationId: publicId,
  projectId: publicId,
  workspaceId: publicId,
});
export type AskFields = z.infer<typeof askSchema>;
