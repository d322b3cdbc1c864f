import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import Stack from "@mui/material/Stack";
import { useFetcher, useLocation } from "react-router";

import { FormErrors, FormTextField, HoneypotField, SubmitButton } from "~/components/forms/fields";
import { newsletterSchema } from "~/validation/public-forms";

/**
 * The newsletter sign-up. It posts to /newsletter, which is also a page: without
 * JavaScript an invalid address comes back there with its message; with it, the form
 * stays where it is.
 */
export function NewsletterForm({
  lastResult,
  id = "newsletter",
}: {
  lastResult?: SubmissionResult<string[]>;
  id?: string;
}) {
  const fetcher = useFetcher<{ lastResult?: SubmissionResult<string[]> }>();
  const location = useLocation();
  const [form, fields] = useForm({
    id,
    lastResult: fetcher.data?.lastResult ?? lastResult,
    constraint: getZodConstraint(newsletterSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newsletterSchema }),
  });
  const back = location.pathname === "/newsletter" ? "/resources/blog" : location.pathname + location.search;
  return (
    <fetcher.Form method="post" action="/newsletter" {...getFormProps(form)}>
      <input type="hidden" name="redirectTo" value={back} />
      <HoneypotField />
      <FormErrors errors={form.errors} id={form.errorId} />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ alignItems: "flex-start" }}>
        <FormTextField meta={fields.email} label="Email" type="email" autoComplete="email" />
        <SubmitButton pending={fetcher.state !== "idle"} pendingLabel="Sending..." sx={{ flexShrink: 0, height: 56 }}>
          Subscribe
        </SubmitButton>
      </Stack>
    </fetcher.Form>
  );
}
