import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Form, useLocation } from "react-router";

import { FormErrors, FormTextField, HoneypotField, SubmitButton } from "~/components/forms/fields";
import { contactSchema } from "~/validation/public-forms";
import { useResetOnSuccess } from "./use-reset-on-success";

export type ContactTopic = "general" | "sales" | "support" | "press";

const FORM_ID = "contact";

/**
 * The contact form of /company/contact. It posts to the page itself (the query string, and
 * so the topic, is kept) and comes back there after sending; without JavaScript the server answers with the messages beside
 * the fields and what was typed, with JavaScript Conform checks the same schema first.
 */
export function ContactForm({
  topic,
  lastResult,
  pending,
}: {
  topic: ContactTopic;
  lastResult?: SubmissionResult<string[]>;
  pending: boolean;
}) {
  const [form, fields] = useForm({
    id: FORM_ID,
    lastResult,
    constraint: getZodConstraint(contactSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactSchema }),
  });
  useResetOnSuccess(form.reset, lastResult);
  const location = useLocation();
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="topic" value={topic} />
      {/* After sending, come back to this page as it was (with its topic). */}
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <HoneypotField />
      <Stack spacing={2.5}>
        <FormErrors errors={form.errors} id={form.errorId} />
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2.5}>
          <FormTextField meta={fields.fullName} label="Full name" autoComplete="name" />
          <FormTextField meta={fields.email} label="Email" type="email" autoComplete="email" />
        </Stack>
        <FormTextField meta={fields.subject} label="Subject" />
        <FormTextField
          meta={fields.message}
          label="Message"
          multiline
          minRows={6}
          sx={{ "& textarea:not([aria-hidden])": { minHeight: 144 } }}
        />
        <Stack
          direction={{ xs: "column", sm: "row" }}
          spacing={2}
          sx={{ alignItems: { xs: "stretch", sm: "center" }, justifyContent: "space-between" }}
        >
          <Typography variant="body2" color="textSecondary">
            All fields are required. We reply within 24-48 hours.
          </Typography>
          <SubmitButton pending={pending} pendingLabel="Sending..." sx={{ flexShrink: 0 }}>
            Send Message
          </SubmitButton>
        </Stack>
      </Stack>
    </Form>
  );
}
