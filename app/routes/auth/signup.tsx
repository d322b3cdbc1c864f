import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import Divider from "@mui/material/Divider";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { data, Form, Link as RouterLink, useNavigation } from "react-router";

import { redirectSignedIn, supabaseFor } from "~/.server/auth/session";
import { redirectWithToast } from "~/.server/toast";
import { AuthLayout } from "~/components/auth/auth-layout";
import { AuthAlert, AuthTextField, PasswordField } from "~/components/auth/fields";
import { OAuthButtons } from "~/components/auth/oauth-buttons";
import { SubmitButton } from "~/components/forms/fields";
import { originFrom, pageMeta } from "~/utils/meta";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { signUpSchema, type OAuthProvider } from "~/validation/auth";
import { FULL_NAME_MAX_LENGTH } from "~/validation/settings";
import type { Route } from "./+types/signup";
import { callbackUrl, finishSignIn, samePage, startOAuth } from "./auth.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Sign Up",
    description: "Create your Plotline account and start planning with your team.",
    path: "/auth/signup",
    origin: originFrom(matches),
  });

const DASHBOARD = "/app/dashboard";

/** Where to go once signed up: a same-origin `redirectTo` (e.g. an invitation), else the dashboard. */
const destination = (value: FormDataEntryValue | string | null | undefined) => safeRedirectPath(value, DASHBOARD);

export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectSignedIn(context);
  const redirectTo = destination(new URL(request.url).searchParams.get("redirectTo"));
  return { redirectTo: redirectTo === DASHBOARD ? null : redirectTo };
}

type ActionResult = { lastResult: SubmissionResult<string[]>; error?: { title: string; description: string } };

const HIDDEN = ["password", "confirmPassword"];

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const formData = await request.formData();
  if (formData.get("intent") === "oauth") {
    return startOAuth(args, formData.get("provider"), "Sign up", samePage(args.url));
  }

  const submission = parseWithZod(formData, { schema: signUpSchema });
  if (submission.status !== "success") {
    return data<ActionResult>({ lastResult: submission.reply({ hideFields: HIDDEN }) }, { status: 400 });
  }
  const { email, password, fullName } = submission.value;
  const next = destination(formData.get("redirectTo"));
  const { data: created, error } = await supabaseFor(context).auth.signUp({
    email,
    password,
    options: {
      data: { full_name: fullName || email.split("@")[0]?.slice(0, FULL_NAME_MAX_LENGTH) },
      // The confirmation link comes back through the callback to where the visitor was going.
      emailRedirectTo: callbackUrl(next === DASHBOARD ? undefined : next),
    },
  });
  if (error) {
    return data<ActionResult>(
      {
        lastResult: submission.reply({ hideFields: HIDDEN }),
        error: {
          title: "Sign up failed",
          description: error.message || "Could not create your account. Please try again.",
        },
      },
      { status: 400 },
    );
  }
  // With AUTH_AUTOCONFIRM the service signs the new account in at once.
  if (created.session && created.user) {
    return finishSignIn(args, created.user, next, {
      title: "Account created!",
      description: "You are signed in and ready to plan your first project.",
      variant: "success",
    });
  }
  return redirectWithToast(
    "/auth/signin",
    {
      title: "Account created!",
      description: "Please check your email to verify your account before signing in.",
      variant: "success",
      duration: 7000,
    },
    request,
  );
}

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pendingIntent = navigation.formData?.get("intent");
  const signUpPending = pendingIntent === "password";
  const oauthPending =
    pendingIntent === "oauth" ? ((navigation.formData?.get("provider") as OAuthProvider | null) ?? null) : null;
  const busy = signUpPending || oauthPending !== null;

  const [form, fields] = useForm({
    id: "sign-up",
    lastResult: actionData?.lastResult,
    constraint: getZodConstraint(signUpSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signUpSchema }),
  });

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Plan projects, share boards and ship together."
      footer={
        <>
          Already have an account?{" "}
          <Link
            component={RouterLink}
            to={
              loaderData.redirectTo
                ? `/auth/signin?redirectTo=${encodeURIComponent(loaderData.redirectTo)}`
                : "/auth/signin"
            }
            sx={{ fontWeight: 600 }}
          >
            Sign In
          </Link>
        </>
      }
    >
      <Stack spacing={3}>
        <Form method="post" {...getFormProps(form)} aria-label="Sign up with email and password">
          <input type="hidden" name="intent" value="password" />
          {loaderData.redirectTo ? <input type="hidden" name="redirectTo" value={loaderData.redirectTo} /> : null}
          <Stack spacing={2}>
            {actionData?.error ? (
              <AuthAlert title={actionData.error.title} description={actionData.error.description} />
            ) : null}
            <AuthTextField
              meta={fields.fullName}
              label="Full name (optional)"
              autoComplete="name"
              placeholder="Ada Lovelace"
            />
            <AuthTextField meta={fields.email} label="Email" type="email" autoComplete="email" />
            <PasswordField
              meta={fields.password}
              label="Password"
              autoComplete="new-password"
              placeholder="min. 6 characters"
              disabled={busy}
            />
            <PasswordField
              meta={fields.confirmPassword}
              label="Confirm password"
              autoComplete="new-password"
              disabled={busy}
            />
            <SubmitButton pending={signUpPending} pendingLabel="Creating Account..." disabled={busy} fullWidth>
              Create Account
            </SubmitButton>
          </Stack>
        </Form>
        <Divider>
          <Typography variant="body2" color="textSecondary">
            or
          </Typography>
        </Divider>
        <OAuthButtons pending={oauthPending} disabled={busy} />
      </Stack>
    </AuthLayout>
  );
}
