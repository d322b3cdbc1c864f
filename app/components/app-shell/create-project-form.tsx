import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import Stack from "@mui/material/Stack";
import type { ReactNode } from "react";
import { Form } from "react-router";

import { PricingLink } from "~/components/pricing-link";
import { FormErrors, FormSelectField, FormTextField } from "~/components/forms/fields";
import { createProjectSchema } from "~/validation/project-fields";

export type CreatableWorkspace = { id: string; name: string };

/**
 * The create-project form, used by the dashboard's dialog (posted by a fetcher) and by
 * /app/projects/new (a plain page for browsers without JavaScript). Both post to
 * /app/projects/new.
 */
export function CreateProjectForm({
  workspaces,
  defaultWorkspaceId,
  lastResult,
  FormElement = Form,
  actions,
}: {
  workspaces: CreatableWorkspace[];
  defaultWorkspaceId?: string | null;
  lastResult?: SubmissionResult<string[]> | null;
  FormElement?: typeof Form;
  actions: ReactNode;
}) {
  const [form, fields] = useForm({
    id: "create-project",
    lastResult,
    defaultValue: { workspaceId: defaultWorkspaceId ?? workspaces[0]?.id ?? "" },
    constraint: getZodConstraint(createProjectSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createProjectSchema }),
  });
  return (
    <FormElement method="post" action="/app/projects/new" {...getFormProps(form)} aria-label="Create project">
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <FormErrors errors={form.errors} id={form.errorId} />
        {/* The only form-level error here is a plan limit: say where the plans are. */}
        {form.errors?.length ? <PricingLink /> : null}
        <FormTextField meta={fields.name} label="Project name" autoComplete="off" />
        <FormSelectField
          meta={fields.workspaceId}
          label="Workspace"
          options={workspaces.map((workspace) => ({ value: workspace.id, label: workspace.name }))}
        />
        <FormTextField meta={fields.description} label="Description" multiline minRows={3} />
        <FormTextField
          meta={fields.key}
          label="Key"
          helperText="Optional: 2–10 capital letters or digits that prefix task numbers, e.g. WEB"
          autoComplete="off"
        />
        {actions}
      </Stack>
    </FormElement>
  );
}
