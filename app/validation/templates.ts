import { z } from "zod";

import { isCalendarDay } from "~/utils/calendar-month";
import { PROJECT_COLOR_NAMES } from "~/utils/projects";
import { TEMPLATE_CATEGORIES, TEMPLATE_ICON_NAMES } from "~/utils/template-icons";
import { projectName } from "./project-fields";

/** The templates' forms as the browser and the server both check them. */
export const TEMPLATE_NAME_MAX = 80;
export const TEMPLATE_DESCRIPTION_MAX = 500;
/** The search box: a few words are plenty, and the query stays small. */
export const TEMPLATE_QUERY_MAX = 100;

export const templateName = z
  .string({ error: "Enter a template name" })
  .trim()
  .min(1, { error: "Enter a template name" })
  .max(TEMPLATE_NAME_MAX, { error: `Keep the name under ${TEMPLATE_NAME_MAX} characters` });

export const templateDescription = z
  .string()
  .trim()
  .max(TEMPLATE_DESCRIPTION_MAX, { error: `Keep the description under ${TEMPLATE_DESCRIPTION_MAX} characters` })
  .optional();

export const templateCategory = z.enum(TEMPLATE_CATEGORIES, { error: "Pick a category" });
export const templateIcon = z.enum(TEMPLATE_ICON_NAMES as [string, ...string[]], { error: "Pick an icon" });
export const templateColor = z.enum(PROJECT_COLOR_NAMES as [string, ...string[]], { error: "Pick a colour" });

/** Name, description, category, and optionally icon and colour: saving a project as a template. */
export const templateFieldsSchema = z.object({
  name: templateName,
  description: templateDescription,
  category: templateCategory,
  icon: templateIcon.optional(),
  color: templateColor.optional(),
});

export const updateTemplateSchema = templateFieldsSchema.extend({ intent: z.literal("update-template") });
export const deleteTemplateSchema = z.object({ intent: z.literal("delete-template") });

const startDate = z
  .string({ error: "Pick a start date" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Use a date like 2026-05-31" })
  .refine(isCalendarDay, { error: "Use a real date" });

/** Use Template: where the project goes, its name, and the day its dates count from. */
export const useTemplateSchema = z.object({
  workspaceId: z.string({ error: "Choose a workspace" }).regex(/^[A-Za-z0-9]{6,20}$/, { error: "Choose a workspace" }),
  name: projectName,
  startDate,
});
