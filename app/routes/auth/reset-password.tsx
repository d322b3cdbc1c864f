import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import Stack from "@mui/material/Stack";
import { data, Form, useNavigation } from "react-router";

import { requireUser, supabaseFor } from "~/.server/auth/session";
import { redirectWithToast } from "~/.server/toast";
import { AuthLayout } from "~/components/auth/auth-layout";
import { AuthAlert, PasswordField } from "~/components/auth/fields";
import { SubmitButton } from "~/components/forms/fields";
import { resetPasswordSchema } from "~/validation/auth";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = () => [
  { title: "Choose a New Password · Plotline" },
  { name: "robots", content: "noindex" },
];

/** Reached from the recovery mail through /auth/callback, which signed the visitor in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  return { email: user.email ?? "" };
}

type ActionResult = { lastResult: SubmissionResult<string[]>; error?: string };

const HIDDEN = ["password", "confirmPassword"];

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: resetPasswordSchema });
  if (submission.status !== "success") {
    return data<ActionResult>({ lastResult: submission.reply({ hideFields: HIDDEN }) }, { status: 400 });
  }
  const { error } = await supabaseFor(context).auth.updateUser({ password: submission.value.password });
  if (error) {
    return data<ActionResult>(
      {
        lastResult: submission.reply({ hideFields: HIDDEN }),
        error: error.message || "Could not update your password. Please try again.",
      },
      { status: 400 },
    );
  }
  return redirectWithToast(
    "/app/dashboard",
    { title: "Password updated", description: "Your new password is set.", variant: "success" },
    request,
  );
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: actionData?.lastResult,
    constraint: getZodConstraint(resetPasswordSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
  });
  const pending = navigation.state === "submitting";

  return (
    <AuthLayout title="Choose a new password" subtitle={`For ${loaderData.email}. Use at least 6 characters.`}>
      <Form method="post" {...getFormProps(form)} aria-label="Set a new password">
        {/* Lets password managers file the new password under the right account. */}
        <input type="hidden" name="username" autoComplete="username" value={loaderData.email} />
        <Stack spacing={2}>
          {actionData?.error ? <AuthAlert title="Password not updated" description={actionData.error} /> : null}
          <PasswordField
            meta={fields.password}
            label="New password"
            autoComplete="new-password"
            placeholder="min. 6 characters"
            disabled={pending}
          />
          <PasswordField
            meta={fields.confirmPassword}
            label="Confirm new password"
            autoComplete="new-password"
            disabled={pending}
          />
          <SubmitButton pending={pending} pendingLabel="Saving..." fullWidth>
            Set New Password
          </SubmitButton>
        </Stack>
      </Form>
    </AuthLayout>
  );
}
