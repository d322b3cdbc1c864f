import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Divider from "@mui/material/Divider";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useEffect, useState } from "react";
import { data, Form, Link as RouterLink, useFetcher, useNavigation } from "react-router";

import { redirectSignedIn, supabaseFor } from "~/.server/auth/session";
import { redirectWithToast } from "~/.server/toast";
import { AuthLayout } from "~/components/auth/auth-layout";
import { AuthAlert, AuthTextField, PasswordField } from "~/components/auth/fields";
import { OAuthButtons } from "~/components/auth/oauth-buttons";
import { SubmitButton } from "~/components/forms/fields";
import { originFrom, pageMeta } from "~/utils/meta";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { magicLinkSchema, MESSAGES, signInSchema, type OAuthProvider } from "~/validation/auth";
import type { Route } from "./+types/signin";
import { callbackUrl, finishSignIn, samePage, startOAuth } from "./auth.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Sign In",
    description: "Sign in to Plotline with your password, a magic link, Google or GitHub.",
    path: "/auth/signin",
    origin: originFrom(matches),
  });

const DASHBOARD = "/app/dashboard";

/** Where to go after signing in: a same-origin `redirectTo`, else the dashboard. */
function destination(value: FormDataEntryValue | string | null | undefined) {
  return safeRedirectPath(value, DASHBOARD);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectSignedIn(context);
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  return { redirectTo: redirectTo && destination(redirectTo) !== DASHBOARD ? destination(redirectTo) : null };
}

type FormError = { title: string; description: string };
type ActionResult =
  | { intent: "password"; lastResult: SubmissionResult<string[]>; error?: FormError }
  | { intent: "magic-link"; lastResult: SubmissionResult<string[]>; sentTo?: string };

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const formData = await request.formData();
  const intent = formData.get("intent");
  const back = samePage(args.url);
  const redirectTo = formData.get("redirectTo") ?? new URL(request.url).searchParams.get("redirectTo");

  if (intent === "oauth") return startOAuth(args, formData.get("provider"), "Sign in", back);

  if (intent === "magic-link") {
    const submission = parseWithZod(formData, { schema: magicLinkSchema });
    if (submission.status !== "success") {
      return data<ActionResult>({ intent, lastResult: submission.reply() }, { status: 400 });
    }
    const { email } = submission.value;
    const next = destination(redirectTo);
    const { error } = await supabaseFor(context).auth.signInWithOtp({
      email,
      options: { emailRedirectTo: callbackUrl(next === DASHBOARD ? undefined : next) },
    });
    if (error) {
      return redirectWithToast(
        back,
        {
          title: "Magic link failed",
          description: error.message || "Could not send the magic link. Please try again.",
          variant: "error",
        },
        request,
      );
    }
    return data<ActionResult>({ intent, lastResult: submission.reply({ resetForm: true }), sentTo: email });
  }

  // intent=password, also a post without an intent (e.g. Enter in an older page).
  const submission = parseWithZod(formData, { schema: signInSchema });
  if (submission.status !== "success") {
    return data<ActionResult>(
      { intent: "password", lastResult: submission.reply({ hideFields: ["password"] }) },
      { status: 400 },
    );
  }
  const { email, password } = submission.value;
  const { data: signedIn, error } = await supabaseFor(context).auth.signInWithPassword({ email, password });
  if (error || !signedIn.user) {
    return data<ActionResult>(
      {
        intent: "password",
        lastResult: submission.reply({ hideFields: ["password"] }),
        error: {
          title: "Sign in failed",
          description: error?.message || "Please check your credentials and try again.",
        },
      },
      { status: 401 },
    );
  }
  return finishSignIn(args, signedIn.user, destination(redirectTo));
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const magic = useFetcher<ActionResult>({ key: "magic-link" });
  const pendingIntent = navigation.formData?.get("intent");
  const passwordPending = pendingIntent === "password";
  const oauthPending =
    pendingIntent === "oauth" ? ((navigation.formData?.get("provider") as OAuthProvider | null) ?? null) : null;
  const magicPending = magic.state !== "idle" || pendingIntent === "magic-link";
  const busy = passwordPending || oauthPending !== null || magicPending;

  const passwordResult = actionData?.intent === "password" ? actionData : undefined;
  // With JavaScript the magic link posts through a fetcher; without, its answer is the page's action data.
  const magicResult = magic.data ?? (actionData?.intent === "magic-link" ? actionData : undefined);

  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Sign in to pick up where your team left off."
      footer={
        <>
          Don&apos;t have an account?{" "}
          <Link component={RouterLink} to="/auth/signup" sx={{ fontWeight: 600 }}>
            Sign Up Now
          </Link>
        </>
      }
    >
      <Stack spacing={3}>
        <PasswordSignInForm
          lastResult={passwordResult?.lastResult}
          error={passwordResult?.error}
          redirectTo={loaderData.redirectTo}
          pending={passwordPending}
          busy={busy}
        />
        <Divider>
          <Typography variant="body2" color="textSecondary">
            or
          </Typography>
        </Divider>
        <OAuthButtons pending={oauthPending} disabled={busy} />
        <Divider />
        <MagicLinkForm
          Form={magic.Form}
          lastResult={magicResult?.intent === "magic-link" ? magicResult.lastResult : undefined}
          sentTo={magicResult?.intent === "magic-link" ? magicResult.sentTo : undefined}
          fromFetcher={Boolean(magic.data)}
          redirectTo={loaderData.redirectTo}
          pending={magicPending}
          busy={busy}
        />
      </Stack>
    </AuthLayout>
  );
}

function PasswordSignInForm({
  lastResult,
  error,
  redirectTo,
  pending,
  busy,
}: {
  lastResult?: SubmissionResult<string[]>;
  error?: FormError;
  redirectTo: string | null;
  pending: boolean;
  busy: boolean;
}) {
  const [form, fields] = useForm({
    id: "sign-in",
    lastResult,
    constraint: getZodConstraint(signInSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInSchema }),
  });
  // A refused sign-in clears the password, with JavaScript as the server does without it.
  const passwordId = fields.password.id;
  useEffect(() => {
    const input = lastResult ? document.getElementById(passwordId) : null;
    if (input instanceof HTMLInputElement) input.value = "";
  }, [lastResult, passwordId]);
  return (
    <Form method="post" {...getFormProps(form)} aria-label="Sign in with email and password">
      <input type="hidden" name="intent" value="password" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <Stack spacing={2}>
        {error ? <AuthAlert title={error.title} description={error.description} /> : null}
        <AuthTextField meta={fields.email} label="Email" type="email" autoComplete="email" />
        <Box>
          <PasswordField meta={fields.password} label="Password" autoComplete="current-password" disabled={busy} />
          <Box sx={{ display: "flex", justifyContent: "flex-end", mt: 1 }}>
            <Link component={RouterLink} to="/auth/forgot-password" variant="body2">
              Forgot password?
            </Link>
          </Box>
        </Box>
        <SubmitButton pending={pending} pendingLabel="Signing In..." disabled={busy} fullWidth>
          Sign In
        </SubmitButton>
      </Stack>
    </Form>
  );
}

type FormComponent = React.ComponentType<React.ComponentProps<typeof Form>>;

const magicLinkText = (email: string) =>
  `A sign-in link has been sent to ${email}. Check your inbox (and spam folder) to complete the process.`;

function MagicLinkForm({
  Form: FormElement,
  lastResult,
  sentTo,
  fromFetcher,
  redirectTo,
  pending,
  busy,
}: {
  Form: FormComponent;
  lastResult?: SubmissionResult<string[]>;
  sentTo?: string;
  fromFetcher: boolean;
  redirectTo: string | null;
  pending: boolean;
  busy: boolean;
}) {
  const [form, fields] = useForm({
    id: "magic-link",
    lastResult,
    constraint: getZodConstraint(magicLinkSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: magicLinkSchema }),
  });
  // The dialog shows each answer once: closing it remembers which one was dismissed.
  const [dismissed, setDismissed] = useState<SubmissionResult<string[]> | undefined>(undefined);
  const dialogOpen = fromFetcher && Boolean(sentTo) && lastResult !== dismissed;

  return (
    <Box component="section" aria-labelledby="magic-link-heading">
      <Typography id="magic-link-heading" component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        Magic Link
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
        No password needed: we will e-mail you a link that signs you in.
      </Typography>
      {sentTo && !fromFetcher ? (
        <Box sx={{ mb: 2 }}>
          <AuthAlert severity="success" title="Magic Link Sent!" description={magicLinkText(sentTo)} />
        </Box>
      ) : null}
      <FormElement method="post" {...getFormProps(form)} aria-label="Send a magic link">
        <input type="hidden" name="intent" value="magic-link" />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <Stack spacing={2}>
          <AuthTextField
            meta={fields.email}
            label="Email for magic link"
            type="email"
            autoComplete="email"
            details={{ [MESSAGES.emailRequired]: "Please enter your email address for the magic link." }}
          />
          <SubmitButton pending={pending} pendingLabel="Sending Link..." disabled={busy} variant="outlined" fullWidth>
            Send Magic Link
          </SubmitButton>
        </Stack>
      </FormElement>
      <Dialog
        open={dialogOpen}
        onClose={() => setDismissed(lastResult)}
        aria-labelledby="magic-link-sent-title"
        aria-describedby="magic-link-sent-text"
      >
        <DialogTitle id="magic-link-sent-title">Magic Link Sent!</DialogTitle>
        <DialogContent>
          <DialogContentText id="magic-link-sent-text">{sentTo ? magicLinkText(sentTo) : null}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDismissed(lastResult)} variant="contained" autoFocus>
            Got it!
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
