import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import Stack from "@mui/material/Stack";
import { Form } from "react-router";

import { FormErrors, FormSelectField, FormTextField, HoneypotField, SubmitButton } from "~/components/forms/fields";
import { SUPPORT_CATEGORIES, supportSchema } from "~/validation/public-forms";
import { useResetOnSuccess } from "./use-reset-on-success";

const FORM_ID = "support";

/** The support request form of /resources/support; the same pattern as the contact form. */
export function SupportForm({ lastResult, pending }: { lastResult?: SubmissionResult<string[]>; pending: boolean }) {
  const [form, fields] = useForm({
    id: FORM_ID,
    lastResult,
    constraint: getZodConstraint(supportSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: supportSchema }),
  });
  useResetOnSuccess(form.reset, lastResult);
  return (
    <Form method="post" {...getFormProps(form)}>
      <HoneypotField />
      <Stack spacing={2.5}>
        <FormErrors errors={form.errors} id={form.errorId} />
        <FormTextField meta={fields.name} label="Name" autoComplete="name" />
        <FormTextField meta={fields.email} label="Email" type="email" autoComplete="email" />
        <FormSelectField
          meta={fields.category}
          label="Category"
          options={SUPPORT_CATEGORIES}
          placeholder="Choose a category"
        />
        <FormTextField
          meta={fields.message}
          label="Message"
          multiline
          minRows={5}
          sx={{ "& textarea:not([aria-hidden])": { minHeight: 120 } }}
        />
        <SubmitButton pending={pending} pendingLabel="Sending..." sx={{ alignSelf: { sm: "flex-start" } }}>
          Send Message
        </SubmitButton>
      </Stack>
    </Form>
  );
}
