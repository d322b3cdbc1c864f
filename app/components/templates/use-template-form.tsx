import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import Stack from "@mui/material/Stack";
import type { ReactNode } from "react";
import { Form } from "react-router";

import { FormErrors, FormSelectField, FormTextField } from "~/components/forms/fields";
import { PricingLink } from "~/components/pricing-link";
import { useTemplateSchema } from "~/validation/templates";
import type { TargetWorkspace } from "./types";

/**
 * Use Template: the workspace, the new project's name (the template's by default) and the
 * start day its dates count from (today by default). The templates page's dialog posts it
 * with a fetcher; /app/templates/:id/use is the same form as a page, without JavaScript.
 * Both post to that page, which redirects to the new project.
 */
export function UseTemplateForm({
  templateId,
  templateName,
  workspaces,
  today,
  lastResult,
  FormElement = Form,
  actions,
}: {
  templateId: string;
  templateName: string;
  workspaces: TargetWorkspace[];
  today: string;
  lastResult?: SubmissionResult<string[]> | null;
  FormElement?: typeof Form;
  actions: ReactNode;
}) {
  const [form, fields] = useForm({
    id: `use-template-${templateId}`,
    lastResult,
    defaultValue: { workspaceId: workspaces[0]?.id ?? "", name: templateName, startDate: today },
    constraint: getZodConstraint(useTemplateSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: useTemplateSchema }),
  });
  return (
    <FormElement
      method="post"
      action={`/app/templates/${templateId}/use`}
      {...getFormProps(form)}
      aria-label={`Use ${templateName}`}
    >
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <FormErrors errors={form.errors} id={form.errorId} />
        {form.errors?.some((error) => /plan/i.test(error)) ? <PricingLink /> : null}
        <FormSelectField
          meta={fields.workspaceId}
          label="Workspace"
          options={workspaces.map((workspace) => ({ value: workspace.id, label: workspace.name }))}
        />
        <FormTextField meta={fields.name} label="Project name" autoComplete="off" />
        <FormTextField
          meta={fields.startDate}
          label="Start date"
          type="date"
          helperText="The template's dates count from this day."
          sx={dateSx}
        />
        {actions}
      </Stack>
    </FormElement>
  );
}

/** A date field's label always sits above it: the browser draws its own placeholder inside. */
const dateSx = { "& .MuiInputLabel-root": { transform: "translate(14px, -9px) scale(0.75)" } };
