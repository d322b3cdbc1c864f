import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";

import { formInput, intent, replyOf, type IntentContext } from "~/.server/http/intents";
import { saveProjectAsTemplateCommand } from "~/.server/templates/templates";
import { redirectWithToast } from "~/.server/toast";
import { isProjectColor } from "~/utils/projects";
import { isTemplateIcon } from "~/utils/template-icons";
import { templateFieldsSchema } from "~/validation/templates";

/** Save as Template (app/routes/app/project-save-template.tsx): its one form, which names no intent. */
const save = intent({
  command: saveProjectAsTemplateCommand,
  parse: (context) =>
    formInput(parseWithZod(context.formData, { schema: templateFieldsSchema }), ({ icon, color, ...fields }) => ({
      projectId: context.params.projectId!,
      ...fields,
      icon: isTemplateIcon(icon) ? icon : undefined,
      color: isProjectColor(color) ? color : undefined,
    })),
  refused: (refusal, _context, submission) => data({ lastResult: replyOf(refusal, submission!) }, { status: 400 }),
  done: (template, context) =>
    redirectWithToast(
      `/app/templates/${template.id}`,
      { title: "Template saved", description: `${template.name} is in My Templates.`, variant: "success" },
      context.request,
    ),
});

export const projectSaveTemplateIntents = { save };

export const projectSaveTemplateFallback = (context: IntentContext) =>
  redirect(`/app/project/${context.params.projectId}/save-template`);
