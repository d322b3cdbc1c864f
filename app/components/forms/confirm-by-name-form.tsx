import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";

import { FormErrors, FormTextField, SubmitButton } from "./fields";
import { SectionCard } from "./section-card";

/**
 * A delete that asks for the thing's name to be typed (projects, workspaces). The use case
 * checks the name again; a wrong one comes back beside the field with what was typed.
 */
export function ConfirmByNameForm({
  id,
  title,
  warning,
  fieldLabel,
  submitLabel,
  schema,
  lastResult,
}: {
  id: string;
  title: string;
  warning: ReactNode;
  fieldLabel: string;
  submitLabel: string;
  schema: z.ZodType<{ intent: "delete"; confirmName: string }>;
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm<{ intent: "delete"; confirmName: string }>({
    id,
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";
  return (
    <SectionCard title={title} id={`${id}-heading`} danger>
      <Alert severity="warning" sx={{ mb: 2 }}>
        {warning}
      </Alert>
      <Form method="post" {...getFormProps(form)} aria-label={title}>
        <input type="hidden" name="intent" value="delete" />
        <FormErrors errors={form.errors} id={form.errorId} />
        <Stack spacing={2} sx={{ maxWidth: 420 }}>
          <FormTextField meta={fields.confirmName} label={fieldLabel} autoComplete="off" />
          <Box>
            <SubmitButton pending={pending} pendingLabel="Deleting..." color="error" size="medium">
              {submitLabel}
            </SubmitButton>
          </Box>
        </Stack>
      </Form>
    </SectionCard>
  );
}
