import { authSettings } from "../config";
import { json } from "../http";
import { publicJwks } from "../jwt";
import { enabledOAuthProviders } from "../oauth-providers";

/** The public, read-only endpoints: settings, health and the signing keys. */

export const EXTERNAL_PROVIDERS = [
  "anonymous_users",
  "apple",
  "azure",
  "bitbucket",
  "discord",
  "facebook",
  "figma",
  "fly",
  "github",
  "gitlab",
  "google",
  "kakao",
  "keycloak",
  "linkedin",
  "linkedin_oidc",
  "notion",
  "phone",
  "slack",
  "slack_oidc",
  "snapchat",
  "spotify",
  "twitch",
  "twitter",
  "workos",
  "zoom",
];

/** GET /settings: e-mail sign-in, and Google and GitHub when their credentials are set. */
export function settings() {
  const external = Object.fromEntries(EXTERNAL_PROVIDERS.map((name) => [name, false]));
  return json({
    external: { ...external, ...enabledOAuthProviders(), email: true },
    disable_signup: false,
    mailer_autoconfirm: authSettings().autoconfirm,
    phone_autoconfirm: false,
    sms_provider: "",
    saml_enabled: false,
  });
}

export function health() {
  return json({
    version: "plotline",
    name: "GoTrue",
    description: "GoTrue is a user registration and authentication API",
  });
}

/** GET /.well-known/jwks.json: lets supabase-js `getClaims()` verify access tokens locally. */
export async function jwks() {
  return Response.json(await publicJwks(), { headers: { "Cache-Control": "public, max-age=600" } });
}
