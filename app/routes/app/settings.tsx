import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { Link } from "react-router";

import { listApiTokens } from "~/.server/api-tokens/tokens";
import { calendarFeedOf } from "~/.server/calendar/feeds";
import { listSessions, sessionIdOf } from "~/.server/auth-service/session-list";
import { assistantWorkspaces, engineInfo } from "~/.server/assistant/settings";
import { supabaseFor } from "~/.server/auth/session";
import { env } from "~/.server/env";
import { intentAction } from "~/.server/http/intents";
import { integrationOverview } from "~/.server/integrations/overview";
import { requireActor } from "~/.server/http/respond";
import { usageOf } from "~/.server/plans/limits";
import { listWorkspaces } from "~/.server/workspaces/workspaces";
import { VAPID_MISSING_MESSAGE, vapidDetails } from "~/.server/push/vapid";
import { userSettingsOf } from "~/.server/profiles/settings";
import { SettingsTabs } from "~/components/settings/settings-tabs";
import { AppearanceTab, NotificationsTab, ProfileTab } from "~/components/settings/preference-tabs";
import type { PushSetup } from "~/components/settings/push-toggle";
import { BillingTab, IntegrationsTab } from "~/components/settings/account-tabs";
import type { CreatedApiToken } from "~/components/settings/api-tokens";
import { SecurityTab } from "~/components/settings/security-tab";
import { describeDevice } from "~/utils/device";
import { SETTINGS_TABS, type SettingsTab } from "~/validation/settings";
import type { Route } from "./+types/settings";
import { settingsFallback, settingsIntents } from "./settings-intents.server";

/**
 * Settings, one tab at a time (`?tab=`): profile, notifications, appearance, security,
 * billing and integrations. Every form is a plain POST with an `intent`.
 */
export const meta: Route.MetaFunction = () => [{ title: "Settings · Plotline" }];

function tabOf(request: Request): SettingsTab {
  const tab = new URL(request.url).searchParams.get("tab");
  return (SETTINGS_TABS as readonly string[]).includes(tab ?? "") ? (tab as SettingsTab) : "profile";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireActor(request, context);
  const tab = tabOf(request);
  const settings = await userSettingsOf(user.id);
  const builtInAuth = !env().supabase;
  return {
    tab,
    settings,
    sessions: tab === "security" && builtInAuth ? await sessionsFor(user.id, context) : null,
    usage: tab === "billing" ? await usageOf(user.id) : null,
    ai: tab === "integrations" ? { engine: engineInfo(), workspaces: await assistantWorkspaces(user.id) } : null,
    apiTokens: tab === "integrations" ? await apiTokenSettings(user.id) : null,
    integrations: tab === "integrations" ? await integrationOverview(user.id) : null,
    calendarFeed: tab === "integrations" ? await calendarFeedOf(user.id, null) : null,
    push: pushSetup(),
  };
}

/** The member's live tokens (never the tokens themselves: only their hashes are kept) and their workspaces. */
async function apiTokenSettings(userId: string) {
  const [tokens, workspaces] = await Promise.all([listApiTokens(userId), listWorkspaces(userId)]);
  return {
    appUrl: env().appUrl,
    workspaces: workspaces.map((workspace) => ({ id: workspace.id, name: workspace.name })),
    tokens,
  };
}

/** The VAPID public key the browser subscribes with (public by design), or what is missing. */
function pushSetup(): PushSetup {
  const vapid = vapidDetails();
  return vapid ? { publicKey: vapid.publicKey, missing: null } : { publicKey: null, missing: VAPID_MISSING_MESSAGE };
}

async function sessionsFor(userId: string, context: Route.LoaderArgs["context"]) {
  const { data: current } = await supabaseFor(context).auth.getSession();
  const currentId = sessionIdOf(current.session?.access_token);
  return (await listSessions(userId)).map((session) => ({
    ...session,
    device: describeDevice(session.userAgent),
    current: session.id === currentId,
  }));
}

/** Every form of the page is an intent of settings-intents.server.ts. */
export const action = intentAction(settingsIntents, { fallback: settingsFallback });

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, settings } = loaderData;
  const result = (intent: string) =>
    actionData && "lastResult" in actionData && actionData.intent === intent ? actionData.lastResult : undefined;
  return (
    <Box sx={{ maxWidth: 960, mx: "auto" }}>
      <Typography component="h1" variant="h4" sx={{ mb: 3 }}>
        Settings
      </Typography>
      <SettingsTabs current={tab} />
      <Box component="section" aria-labelledby="settings-tab-heading" sx={{ mt: 3 }}>
        {tab === "profile" ? <ProfileTab settings={settings} lastResult={result("profile")} /> : null}
        {tab === "notifications" ? <NotificationsTab settings={settings} push={loaderData.push} /> : null}
        {tab === "appearance" ? <AppearanceTab settings={settings} /> : null}
        {tab === "security" ? <SecurityTab sessions={loaderData.sessions} lastResult={result("password")} /> : null}
        {tab === "billing" && loaderData.usage ? <BillingTab usage={loaderData.usage} /> : null}
        {tab === "integrations" &&
        loaderData.ai &&
        loaderData.apiTokens &&
        loaderData.integrations &&
        loaderData.calendarFeed ? (
          <IntegrationsTab
            overview={loaderData.integrations}
            ai={loaderData.ai}
            calendarFeed={loaderData.calendarFeed}
            apiTokens={loaderData.apiTokens}
            createdToken={actionData && "created" in actionData ? (actionData.created as CreatedApiToken) : undefined}
            createTokenResult={result("create-api-token")}
          />
        ) : null}
      </Box>
      <Typography variant="body2" color="textSecondary" sx={{ mt: 4 }}>
        Looking for your workspaces? Each has its own page, linked from the sidebar, and members are managed in{" "}
        <Link to="/app/team">Team Management</Link>.
      </Typography>
    </Box>
  );
}
