import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import { data, Form, Link as RouterLink, useNavigation } from "react-router";

import { supabaseFor } from "~/.server/auth/session";
import { logger } from "~/.server/logger";
import { AuthLayout } from "~/components/auth/auth-layout";
import { AuthAlert, AuthTextField } from "~/components/auth/fields";
import { SubmitButton } from "~/components/forms/fields";
import { originFrom, pageMeta } from "~/utils/meta";
import { forgotPasswordSchema } from "~/validation/auth";
import type { Route } from "./+types/forgot-password";
import { callbackUrl } from "./auth.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({
    title: "Forgot Password",
    description: "Get a link to choose a new Plotline password.",
    path: "/auth/forgot-password",
    origin: originFrom(matches),
  }),
  { name: "robots", content: "noindex" },
];

type ActionResult =
  | { lastResult: SubmissionResult<string[]>; sentTo?: undefined; error?: string }
  | { lastResult?: undefined; sentTo: string; error?: undefined };

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: forgotPasswordSchema });
  if (submission.status !== "success") {
    return data<ActionResult>({ lastResult: submission.reply() }, { status: 400 });
  }
  const { email } = submission.value;
  const { error } = await supabaseFor(context).auth.resetPasswordForEmail(email, {
    redirectTo: callbackUrl("/auth/reset-password"),
  });
  // The service answers the same for known and unknown addresses; what can still fail
  // (too many requests, the service being down) says nothing about the account.
  if (error) {
    logger.warn({ code: error.code, status: error.status }, "password reset request failed");
    return data<ActionResult>(
      { lastResult: submission.reply(), error: error.message || "Could not send the reset link. Please try again." },
      { status: error.status && error.status >= 400 && error.status < 600 ? error.status : 500 },
    );
  }
  return data<ActionResult>({ sentTo: email });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: actionData?.lastResult,
    constraint: getZodConstraint(forgotPasswordSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
  });

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the e-mail address of your account and we will send you a link to choose a new one."
      footer={
        <>
          Remembered it?{" "}
          <Link component={RouterLink} to="/auth/signin" sx={{ fontWeight: 600 }}>
            Back to sign in
          </Link>
        </>
      }
    >
      {actionData?.sentTo ? (
        <AuthAlert
          severity="success"
          title="Check your email"
          description={`If an account exists for ${actionData.sentTo}, a reset link is on its way.`}
        />
      ) : (
        <Form method="post" {...getFormProps(form)} aria-label="Request a password reset link">
          <Stack spacing={2}>
            {actionData?.error ? (
              <AuthAlert title="Could not send the reset link" description={actionData.error} />
            ) : null}
            <AuthTextField meta={fields.email} label="Email" type="email" autoComplete="email" />
            <SubmitButton pending={navigation.state === "submitting"} pendingLabel="Sending Link..." fullWidth>
              Send Reset Link
            </SubmitButton>
          </Stack>
        </Form>
      )}
    </AuthLayout>
  );
}
