import { z } from "zod";

import { PROJECT_COLOR_NAMES, type ProjectColor } from "~/utils/projects";

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

/** The order new labels take the palette's colours in: neighbours that tell apart at a glance. */
export const LABEL_COLOR_ORDER: readonly ProjectColor[] = [
  "blue",
  "green",
  "amber",
  "rose",
  "purple",
  "teal",
  "indigo",
  "slate",
];

/**
 * The colour for a new label nobody picked one for: the palette's least used among the
 * workspace's labels (`used`, their colours), the earliest in `LABEL_COLOR_ORDER` of those,
 * so a workspace's first eight labels get eight colours. The same in the form (its
 * default) and in the use case (when none is sent).
 */
export function nextLabelColor(used: readonly string[]): ProjectColor {
  const counts = new Map<string, number>();
  for (const color of used) counts.set(color, (counts.get(color) ?? 0) + 1);
  let best = LABEL_COLOR_ORDER[0]!;
  for (const color of LABEL_COLOR_ORDER) {
    if ((counts.get(color) ?? 0) < (counts.get(best) ?? 0)) best = color;
  }
  return best;
}

const labelId = z.string().regex(LABEL_PUBLIC_ID, { error: "Unknown label" });

/** Without a colour (an empty choice, the API) the label gets the next one (`nextLabelColor`). */
export const createLabelSchema = z.object({
  intent: z.literal("create-label"),
  name: labelName,
  color: labelColor.optional(),
});

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
  const color = labelColor.optional().safeParse(field("newLabelColor") || undefined);
  if (!color.success) return refuse(color.error.issues[0]!.message);
  return { ok: true as const, value: { labelIds: checked, newLabel: { name: name.data, color: color.data } }, echo };
}
