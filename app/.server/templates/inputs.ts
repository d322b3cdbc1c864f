import { z } from "zod";

import { isProjectColor, type ProjectColor } from "~/utils/projects";
import { isTemplateIcon, TEMPLATE_CATEGORIES, type TemplateIcon } from "~/utils/template-icons";

/**
 * The template commands' inputs, whoever calls: bounds and types only. The forms'
 * friendlier checks are in app/validation/templates.ts.
 */
const id = z.string().min(1).max(40);
const fields = {
  name: z.string().max(200),
  description: z.string().max(10_000).optional(),
  category: z.enum(TEMPLATE_CATEGORIES, { error: "Choose a category" }),
  icon: z.custom<TemplateIcon>(isTemplateIcon, { error: "Choose an icon" }).optional(),
  color: z.custom<ProjectColor>(isProjectColor, { error: "Choose a colour" }).optional(),
};

export const useTemplateInput = z.object({
  templateId: id,
  workspaceId: id,
  name: z.string().max(200),
  startDate: z.string().max(10),
});
export const saveAsTemplateInput = z.object({ projectId: id, ...fields });
export const updateTemplateInput = z.object({ templateId: id, ...fields });
export const deleteTemplateInput = z.object({ templateId: id });
