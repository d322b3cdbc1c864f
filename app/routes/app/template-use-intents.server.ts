import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";

import { formInput, intent, replyOf, type IntentContext } from "~/.server/http/intents";
import { createProjectFromTemplateCommand } from "~/.server/templates/templates";
import { redirectWithToast } from "~/.server/toast";
import { useTemplateSchema } from "~/validation/templates";

/**
 * Use a template (app/routes/app/template-use.tsx, and the gallery's dialog posting there):
 * its one form, which names no intent, makes the project.
 */
const use = intent({
  command: createProjectFromTemplateCommand,
  parse: (context) =>
    formInput(parseWithZod(context.formData, { schema: useTemplateSchema }), (value) => ({
      templateId: context.params.templateId!,
      ...value,
    })),
  refused: (refusal, _context, submission) => data({ lastResult: replyOf(refusal, submission!) }, { status: 400 }),
  done: ({ id, name, tasks }, context) =>
    redirectWithToast(
      `/app/project/${id}`,
      { title: "Project created", description: `${name} is ready with ${tasks} tasks.`, variant: "success" },
      context.request,
    ),
});

export const templateUseIntents = { use };

export const templateUseFallback = (context: IntentContext) =>
  redirect(`/app/templates/${context.params.templateId}/use`);
