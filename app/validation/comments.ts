import { z } from "zod";

import { publicId } from "./task-fields";

/** A comment's Markdown, as the form and the action check it. */
export const COMMENT_MAX = 10_000;

export const commentBody = z
  .string({ error: "Write a comment" })
  .trim()
  .min(1, { error: "Write a comment" })
  .max(COMMENT_MAX, { error: "Keep the comment under 10,000 characters" });

export const addCommentSchema = z.object({ intent: z.literal("add-comment"), body: commentBody });

export const editCommentSchema = z.object({
  intent: z.literal("edit-comment"),
  commentId: publicId,
  body: commentBody,
});

export const deleteCommentSchema = z.object({ intent: z.literal("delete-comment"), commentId: publicId });
