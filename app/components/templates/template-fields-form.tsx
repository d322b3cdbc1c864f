import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import Stack from "@mui/material/Stack";
import type { ReactNode } from "react";
import { Form } from "react-router";
import type { z } from "zod";

import { FormErrors, FormSelectField, FormTextField } from "~/components/forms/fields";
import { PROJECT_COLORS, PROJECT_COLOR_NAMES } from "~/utils/projects";
import { TEMPLATE_CATEGORIES, TEMPLATE_ICONS, TEMPLATE_ICON_NAMES } from "~/utils/template-icons";

type Fields = { name: string; description?: string; category: string; icon?: string; color?: string };

/**
 * A template's own fields: name, description, category, icon and colour. Saving a project
 * as a template and editing a saved one share it; each passes its schema and intent.
 */
export function TemplateFieldsForm({
  id,
  label,
  schema,
  intent,
  defaultValue,
  lastResult,
  actions,
}: {
  id: string;
  label: string;
  schema: z.ZodType<Fields>;
  intent?: string;
  defaultValue: Partial<Fields>;
  lastResult?: SubmissionResult<string[]> | null;
  actions: ReactNode;
}) {
  const [form, fields] = useForm<Fields>({
    id,
    lastResult,
    defaultValue,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} aria-label={label}>
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <Stack spacing={2.5}>
        <FormErrors errors={form.errors} id={form.errorId} />
        <FormTextField meta={fields.name} label="Template name" autoComplete="off" />
        <FormTextField meta={fields.description} label="Description" multiline minRows={3} />
        <FormSelectField
          meta={fields.category}
          label="Category"
          options={TEMPLATE_CATEGORIES.map((category) => ({ value: category, label: category }))}
        />
        <FormSelectField
          meta={fields.icon}
          label="Icon"
          placeholder="The category's icon"
          options={TEMPLATE_ICON_NAMES.map((icon) => ({ value: icon, label: TEMPLATE_ICONS[icon].label }))}
        />
        <FormSelectField
          meta={fields.color}
          label="Colour"
          placeholder="The project's colour"
          options={PROJECT_COLOR_NAMES.map((color) => ({ value: color, label: PROJECT_COLORS[color].label }))}
        />
        {actions}
      </Stack>
    </Form>
  );
}
