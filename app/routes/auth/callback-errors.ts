/**
 * What the sign-in page says when a mailed link or an OAuth sign-in fails. The callback's
 * URL carries `error`, `error_code` and `error_description`; anyone can write those into a
 * link, so only a known code picks one of our own texts and the description is never shown.
 */
const LINK_EXPIRED = "This link has expired or was already used. Please request a new one.";
const START_AGAIN = "This sign-in was started in another browser or has expired. Please sign in again.";
const SLOW_DOWN = "Too many attempts. Please wait a few minutes and try again.";

const TEXTS: Record<string, string> = {
  otp_expired: LINK_EXPIRED,
  flow_state_expired: START_AGAIN,
  flow_state_not_found: START_AGAIN,
  flow_state_already_used: START_AGAIN,
  bad_code_verifier: START_AGAIN,
  bad_oauth_state: START_AGAIN,
  bad_oauth_callback: START_AGAIN,
  access_denied: "Sign-in was cancelled. You can try again or use another sign-in method.",
  provider_disabled: "This sign-in method is not enabled on this server.",
  provider_email_needs_verification: "Please verify your e-mail address with your sign-in provider first.",
  email_not_confirmed: "Please confirm your e-mail address first: open the link we sent you.",
  email_exists: "An account with this e-mail address already exists. Sign in with it instead.",
  user_already_exists: "An account with this e-mail address already exists. Sign in with it instead.",
  user_not_found: "The account for this link no longer exists.",
  user_banned: "This account cannot sign in. Please contact support.",
  signup_disabled: "New accounts cannot be created on this server.",
  over_request_rate_limit: SLOW_DOWN,
  over_email_send_rate_limit: SLOW_DOWN,
  validation_failed: "The sign-in link is incomplete. Please request a new one.",
};

export const GENERIC_CALLBACK_ERROR = "We could not sign you in with this link. Please try again.";

/** Our text for the first known code among those given (error_code first, then error). */
export function callbackErrorText(...codes: (string | null | undefined)[]) {
  for (const code of codes) {
    if (code && Object.hasOwn(TEXTS, code)) return TEXTS[code]!;
  }
  return GENERIC_CALLBACK_ERROR;
}
