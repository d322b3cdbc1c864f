import { env } from "../env";

/**
 * The VAPID identity this server signs its pushes with (RFC 8292), or undefined when the
 * keys are not configured. The subject is a contact for the push services' operators:
 * VAPID_SUBJECT, else the https APP_URL, else `mailto:` SUPPORT_EMAIL (push services refuse
 * an http or localhost subject).
 */
export function vapidDetails() {
  const config = env();
  if (!config.vapid) return undefined;
  return {
    publicKey: config.vapid.publicKey,
    privateKey: config.vapid.privateKey,
    subject: config.vapid.subject || defaultSubject(config.appUrl, config.supportEmail),
  };
}

function defaultSubject(appUrl: string, supportEmail: string) {
  const url = new URL(appUrl);
  const local = url.hostname === "localhost" || url.hostname.endsWith(".localhost");
  return url.protocol === "https:" && !local ? url.origin : `mailto:${supportEmail}`;
}

/** What the settings page tells the user when push cannot work on this server. */
export const VAPID_MISSING_MESSAGE =
  "Push notifications need VAPID keys on the server: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (npx web-push generate-vapid-keys).";
