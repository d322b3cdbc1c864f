import { z } from "zod";

import { PROJECT_COLOR_NAMES } from "~/utils/projects";

/** A workspace's labels: a short name (unique in the workspace, whatever the case) and a palette colour. */
export const MAX_LABEL_NAME = 40;
/** A workspace's vocabulary stays short enough to show every label as a checkbox. */
export const MAX_LABELS_PER_WORKSPACE = 100;

export const LABEL_PUBLIC_ID = /^[A-Za-z0-9]{6,20}$/;

export const labelName = z
  .string({ error: "Enter a label name" })
  .trim()
  .min(1, { error: "Enter a label name" })
  .max(MAX_LABEL_NAME, { error: `Keep the label under ${MAX_LABEL_NAME} characters` });

export const labelColor = z.enum(PROJECT_COLOR_NAMES as [string, ...string[]], { error: "Pick a colour" });

const labelId = z.string().regex(LABEL_PUBLIC_ID, { error: "Unknown label" });

export const createLabelSchema = z.object({ intent: z.literal("create-label"), name: labelName, color: labelColor });

export const updateLabelSchema = z.object({
  intent: z.literal("update-label"),
  labelId,
  name: labelName,
  color: labelColor,
});

export const deleteLabelSchema = z.object({ intent: z.literal("delete-label"), labelId });

export type RefusedTaskLabels = { checked: string[]; newLabel: string; newLabelColor: string; error: string };

/**
 * The task page's labels form: the ticked labels (`label`, public ids) and an optional new
 * label (`newLabel`, `newLabelColor`). Refused, it says why and echoes what was sent.
 */
export function parseTaskLabels(formData: FormData) {
  const field = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : "";
  };
  const checked = formData.getAll("label").filter((value): value is string => typeof value === "string");
  const echo = {
    checked: checked.slice(0, MAX_LABELS_PER_WORKSPACE),
    newLabel: field("newLabel").slice(0, MAX_LABEL_NAME * 2),
    newLabelColor: field("newLabelColor"),
  };
  const refuse = (error: string) => ({ ok: false as const, refused: { ...echo, error }, echo });
  if (checked.length > MAX_LABELS_PER_WORKSPACE || !checked.every((id) => LABEL_PUBLIC_ID.test(id))) {
    return refuse("Choose labels of this workspace.");
  }
  const typed = field("newLabel").trim();
  if (typed === "") return { ok: true as const, value: { labelIds: checked }, echo };
  const name = labelName.safeParse(typed);
  if (!name.success) return refuse(name.error.issues[0]!.message);
  const color = labelColor.safeParse(field("newLabelColor"));
  if (!color.success) return refuse(color.error.issues[0]!.message);
  return { ok: true as const, value: { labelIds: checked, newLabel: { name: name.data, color: color.data } }, echo };
}
