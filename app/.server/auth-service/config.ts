import { env } from "../env";

/**
 * The service's fixed settings, Supabase's hosted defaults where it has them. Only
 * autoconfirm (AUTH_AUTOCONFIRM) and the redirect allow-list (AUTH_REDIRECT_URLS) come
 * from the environment.
 */
export const ACCESS_TOKEN_SECONDS = 3600;
/** A spent refresh token may be presented again this long (two tabs refreshing at once). */
export const REFRESH_TOKEN_REUSE_SECONDS = 10;
export const ONE_TIME_TOKEN_SECONDS = 3600;
export const FLOW_STATE_SECONDS = 300;
/** One mail of each kind per address in this window. */
export const MAIL_INTERVAL_SECONDS = 60;
export const PASSWORD_MIN_LENGTH = 6;
/** bcrypt only reads the first 72 bytes; longer passwords are refused instead of truncated. */
export const PASSWORD_MAX_BYTES = 72;

export function authSettings() {
  const config = env();
  return {
    appUrl: config.appUrl,
    issuer: `${config.appUrl}/auth/v1`,
    autoconfirm: config.authAutoconfirm,
    /** Other places mailed and OAuth links may return to (AUTH_REDIRECT_URLS), by URL prefix. */
    redirectAllowList: config.authRedirectUrls,
    /** Where mailed links land when the client named no (valid) redirect. */
    defaultRedirect: `${config.appUrl}/auth/callback`,
  };
}
