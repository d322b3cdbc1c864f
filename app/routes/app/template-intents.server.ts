import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";

import { formInput, intent, type IntentContext } from "~/.server/http/intents";
import { deleteTemplateCommand, updateTemplateCommand } from "~/.server/templates/templates";
import { redirectWithToast } from "~/.server/toast";
import { isProjectColor } from "~/utils/projects";
import { isTemplateIcon } from "~/utils/template-icons";
import { updateTemplateSchema } from "~/validation/templates";

/** A saved template's page (app/routes/app/template.tsx): edit its fields, or delete it. */
const templateIdOf = (context: IntentContext) => context.params.templateId!;

const updateTemplate = intent({
  command: updateTemplateCommand,
  parse: (context) =>
    formInput(
      parseWithZod(context.formData, { schema: updateTemplateSchema }),
      ({ intent: _intent, icon, color, ...fields }) => ({
        templateId: templateIdOf(context),
        ...fields,
        icon: isTemplateIcon(icon) ? icon : undefined,
        color: isProjectColor(color) ? color : undefined,
      }),
    ),
  // The form's mistakes beside their fields; the command's refusal above the form.
  refused: ({ message }, context, submission) =>
    data(
      {
        intent: "update-template" as const,
        lastResult: submission!.status === "error" ? submission!.reply() : submission!.reply({ formErrors: [message] }),
      },
      { status: 400 },
    ),
  done: (template, context) =>
    redirectWithToast(
      `/app/templates/${templateIdOf(context)}`,
      { title: "Template saved", description: `${template.name} is up to date.`, variant: "success" },
      context.request,
    ),
});

const deleteTemplate = intent({
  command: deleteTemplateCommand,
  parse: (context) => ({ ok: true, input: { templateId: templateIdOf(context) } }),
  refused: ({ message }) => data({ intent: "delete-template" as const, message }, { status: 400 }),
  done: (template, context) =>
    redirectWithToast(
      "/app/templates?mine=1",
      { title: "Template deleted", description: `${template.name} was deleted.`, variant: "success" },
      context.request,
    ),
});

export const templateIntents = { "update-template": updateTemplate, "delete-template": deleteTemplate };

export const templateFallback = () => data({ intent: "unknown" as const, message: "Unknown action." }, { status: 400 });
