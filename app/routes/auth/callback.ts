import type { EmailOtpType } from "@supabase/supabase-js";

import { issuedCodeMethod } from "~/.server/auth-service";
import { supabaseFor } from "~/.server/auth/session";
import { env } from "~/.server/env";
import { redirectWithToast } from "~/.server/toast";
import type { Toast } from "~/utils/toast";
import { safeRedirectPath } from "~/utils/safe-redirect";
import type { Route } from "./+types/callback";
import { finishSignIn } from "./auth.server";
import { callbackErrorText } from "./callback-errors";

/**
 * Where mailed links (sign-up confirmation, magic link, password recovery) and OAuth land:
 * `?code=` (PKCE, the verifier is in this browser's cookie) or `?token_hash=&type=`.
 * Either way the session cookies are set, the profile synced, and the visitor sent on.
 */
const RESET_PASSWORD = "/auth/reset-password";
const OTP_TYPES: readonly EmailOtpType[] = ["signup", "invite", "magiclink", "recovery", "email_change", "email"];

export async function loader(args: Route.LoaderArgs) {
  const { request, context } = args;
  const query = new URL(request.url).searchParams;
  // The text is ours, picked by a known code: the URL's own words are never shown.
  const fail = (description: string) =>
    redirectWithToast("/auth/signin", { title: "Sign in failed", description, variant: "error" }, request);

  // The service reports a spent or expired link this way (as Supabase does).
  if (query.get("error") || query.get("error_code") || query.get("error_description")) {
    return fail(callbackErrorText(query.get("error_code"), query.get("error")));
  }

  const supabase = supabaseFor(context);
  const code = query.get("code");
  const tokenHash = query.get("token_hash");
  const type = query.get("type");
  let result;
  let recovery: boolean;
  if (code) {
    result = await supabase.auth.exchangeCodeForSession(code);
    // supabase-js reports the flow's kind at run time though its types leave it out.
    recovery = (result.data as { redirectType?: string | null }).redirectType === "recovery";
  } else if (tokenHash && type && (OTP_TYPES as readonly string[]).includes(type)) {
    result = await supabase.auth.verifyOtp({ token_hash: tokenHash, type: type as EmailOtpType });
    recovery = type === "recovery";
  } else {
    return fail(callbackErrorText("validation_failed"));
  }
  const { data, error } = result;
  if (code && error?.code === "pkce_code_verifier_not_found") return openedElsewhere(request, code);
  if (error || !data.user) return fail(callbackErrorText(error?.code));

  const next = safeRedirectPath(query.get("next"), "/app/dashboard");
  if (recovery || next === RESET_PASSWORD) {
    return finishSignIn(args, data.user, RESET_PASSWORD, {
      title: "Choose a new password",
      description: "You are signed in. Set a new password to finish.",
      variant: "info",
    });
  }
  return finishSignIn(args, data.user, next);
}

/**
 * A mailed link opened in another browser than the one that asked for it (no PKCE verifier
 * here): no session can start, but the link did its work. A sign-up's address is confirmed,
 * so say that and ask to sign in, rather than "Sign in failed". The built-in service tells
 * which kind of link the code came from; a hosted project does not, so its text covers both.
 */
async function openedElsewhere(request: Request, code: string) {
  const method = env().supabase ? null : await issuedCodeMethod(code);
  const toSignIn = (toast: Toast) => redirectWithToast("/auth/signin", toast, request);
  if (method === "email/signup" || method === "email_change") {
    return toSignIn({
      title: "Email confirmed",
      description: "Your e-mail address is confirmed. Please sign in.",
      variant: "success",
    });
  }
  if (method === "magiclink" || method === "recovery") {
    return toSignIn({
      title: "Sign in failed",
      description: "This link only works in the browser that asked for it. Please sign in here, or request a new link.",
      variant: "error",
    });
  }
  return toSignIn({
    title: "Please sign in",
    description:
      "This link was opened in another browser than the one that asked for it. If it confirmed your e-mail address, that is done: sign in here.",
    variant: "info",
  });
}
