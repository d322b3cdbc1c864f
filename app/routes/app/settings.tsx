import { parseWithZod } from "@conform-to/zod/v4";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { data, Link } from "react-router";

import { createApiToken, listApiTokens, revokeApiToken } from "~/.server/api-tokens/tokens";
import { isCurrentPassword, listSessions, revokeSession, sessionIdOf } from "~/.server/auth-service/session-list";
import { testAssistantConnection } from "~/.server/assistant/connection";
import { assistantWorkspaces, engineInfo, setWorkspaceAssistant } from "~/.server/assistant/settings";
import { supabaseFor } from "~/.server/auth/session";
import { env } from "~/.server/env";
import { requireActor, run } from "~/.server/http/respond";
import { logger } from "~/.server/logger";
import { usageOf } from "~/.server/plans/limits";
import { listWorkspaces } from "~/.server/workspaces/workspaces";
import { VAPID_MISSING_MESSAGE, vapidDetails } from "~/.server/push/vapid";
import {
  setThemePreference,
  updateNotificationPreferences,
  updateProfile,
  userSettingsOf,
} from "~/.server/profiles/settings";
import { consume } from "~/.server/security/rate-limit";
import { themeCookie } from "~/.server/theme/theme-cookie";
import { redirectWithToast } from "~/.server/toast";
import { removeImage, storeImage } from "~/.server/uploads/images";
import { SettingsTabs } from "~/components/settings/settings-tabs";
import { AppearanceTab, NotificationsTab, ProfileTab } from "~/components/settings/preference-tabs";
import type { PushSetup } from "~/components/settings/push-toggle";
import { BillingTab, IntegrationsTab } from "~/components/settings/account-tabs";
import type { CreatedApiToken } from "~/components/settings/api-tokens";
import { SecurityTab } from "~/components/settings/security-tab";
import { describeDevice } from "~/utils/device";
import type { Toast } from "~/utils/toast";
import { changePasswordSchema } from "~/validation/auth";
import { createApiTokenSchema, expiryDays } from "~/validation/api-tokens";
import { PUBLIC_ID_PATTERN } from "~/validation/assistant";
import { isUuid } from "~/validation/ids";
import {
  appearanceSchema,
  notificationsSchema,
  profileSchema,
  SETTINGS_TABS,
  type SettingsTab,
} from "~/validation/settings";
import type { Route } from "./+types/settings";

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

const here = (tab: SettingsTab) => `/app/settings?tab=${tab}`;

export async function action({ request, context }: Route.ActionArgs) {
  const { user, actor } = await requireActor(request, context);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const done = (tab: SettingsTab, toast: Toast, init?: ResponseInit) =>
    redirectWithToast(here(tab), toast, request, init);
  const supabase = supabaseFor(context);

  switch (intent) {
    case "profile": {
      const submission = parseWithZod(formData, { schema: profileSchema });
      if (submission.status !== "success") return data({ intent, lastResult: submission.reply() }, { status: 400 });
      const file = formData.get("avatar");
      let avatarUrl: string | undefined;
      if (file instanceof File && file.size > 0) {
        const stored = await run(() => storeImage("avatars", file, { field: "avatar" }));
        if (!stored.ok) {
          return data(
            { intent, lastResult: submission.reply({ fieldErrors: { avatar: [stored.message] } }) },
            { status: 400 },
          );
        }
        avatarUrl = `/uploads/${stored.value.path}`;
      }
      const saved = await updateProfile(actor, { fullName: submission.value.fullName, avatarUrl });
      // Sign-ins copy the profile from the user's metadata, so keep the two the same.
      const { error } = await supabase.auth.updateUser({
        data: { full_name: saved.fullName, avatar_url: saved.avatarUrl },
      });
      if (error) logger.warn({ err: error, userId: user.id }, "could not copy the profile to the user's metadata");
      if (saved.previousAvatarUrl?.startsWith("/uploads/"))
        await removeImage(saved.previousAvatarUrl.slice("/uploads/".length));
      return done("profile", { title: "Profile updated", description: "Your changes are saved.", variant: "success" });
    }
    case "notifications": {
      const submission = parseWithZod(formData, { schema: notificationsSchema });
      if (submission.status !== "success") return data({ intent, lastResult: submission.reply() }, { status: 400 });
      const { intent: _, ...preferences } = submission.value;
      await updateNotificationPreferences(actor, preferences);
      return done("notifications", {
        title: "Preferences saved",
        description: "Your notification settings are updated.",
        variant: "success",
      });
    }
    case "appearance": {
      const submission = parseWithZod(formData, { schema: appearanceSchema });
      if (submission.status !== "success") return data({ intent, lastResult: submission.reply() }, { status: 400 });
      await setThemePreference(actor, submission.value.theme);
      const secure = new URL(request.url).protocol === "https:";
      return done(
        "appearance",
        {
          title: "Theme saved",
          description: "Plotline will use it on every device you sign in on.",
          variant: "success",
        },
        { headers: { "Set-Cookie": themeCookie(submission.value.theme, secure) } },
      );
    }
    case "password": {
      const submission = parseWithZod(formData, { schema: changePasswordSchema });
      const hidden = { hideFields: ["currentPassword", "password", "confirmPassword"] };
      if (submission.status !== "success")
        return data({ intent, lastResult: submission.reply(hidden) }, { status: 400 });
      const limit = await consume("password-change", { points: 10, durationSeconds: 15 * 60 }, user.id);
      const wrong = (message: string) =>
        data(
          { intent, lastResult: submission.reply({ ...hidden, fieldErrors: { currentPassword: [message] } }) },
          { status: 400 },
        );
      if (!limit.allowed)
        return wrong(`Too many attempts. Try again in ${Math.ceil(limit.retryAfterSeconds / 60)} minutes.`);
      if (!(await currentPasswordMatches(user.id, user.email ?? "", submission.value.currentPassword, supabase))) {
        return wrong("That is not your current password.");
      }
      const { error } = await supabase.auth.updateUser({ password: submission.value.password });
      if (error) {
        return data(
          { intent, lastResult: submission.reply({ ...hidden, fieldErrors: { password: [error.message] } }) },
          { status: 400 },
        );
      }
      return done("security", {
        title: "Password changed",
        description: "Your other sessions were signed out.",
        variant: "success",
      });
    }
    case "revoke-session": {
      const sessionId = formData.get("sessionId");
      if (!isUuid(sessionId)) return data({ error: "That session does not exist." }, { status: 400 });
      await run(() => revokeSession(actor, sessionId));
      return done("security", {
        title: "Session signed out",
        description: "That device must sign in again.",
        variant: "success",
      });
    }
    case "ai-test": {
      const limit = await consume("ai-test", { points: 5, durationSeconds: 60 }, user.id);
      if (!limit.allowed) {
        return done("integrations", {
          title: "Connection not tested",
          description: `Try again in ${limit.retryAfterSeconds} seconds.`,
          variant: "error",
        });
      }
      const result = await testAssistantConnection();
      return done("integrations", {
        title: result.ok ? "Connection works" : "Connection failed",
        description: result.message,
        variant: result.ok ? "success" : "error",
      });
    }
    case "ai-workspace": {
      const workspaceId = formData.get("workspaceId");
      const enabled = formData.get("enabled");
      if (
        typeof workspaceId !== "string" ||
        !PUBLIC_ID_PATTERN.test(workspaceId) ||
        (enabled !== "true" && enabled !== "false")
      ) {
        return data({ error: "Choose a workspace and whether the assistant is on." }, { status: 400 });
      }
      await run(() => setWorkspaceAssistant(actor, { workspaceId, enabled: enabled === "true" }));
      return done("integrations", {
        title: enabled === "true" ? "Assistant turned on" : "Assistant turned off",
        description: "Every member of the workspace sees the change.",
        variant: "success",
      });
    }
    case "create-api-token": {
      const submission = parseWithZod(formData, { schema: createApiTokenSchema });
      if (submission.status !== "success") return data({ intent, lastResult: submission.reply() }, { status: 400 });
      const { name, workspaceId, scope, expires } = submission.value;
      const made = await run(() =>
        createApiToken(actor, { workspaceId, name, scope, expiresInDays: expiryDays(expires) }),
      );
      if (!made.ok) {
        return data(
          { intent, lastResult: submission.reply({ fieldErrors: { [made.field || "name"]: [made.message] } }) },
          { status: 400 },
        );
      }
      // The token is shown once, in this answer's page: not in a URL or a cookie, never logged,
      // and not kept by any cache.
      const { token, scope: madeScope, expiresAt } = made.value;
      return data(
        {
          intent,
          lastResult: submission.reply({ resetForm: true }),
          created: { token, name: made.value.name, scope: madeScope, expiresAt: expiresAt?.toISOString() ?? null },
        },
        { headers: { "Cache-Control": "no-store" } },
      );
    }
    case "revoke-api-token": {
      const tokenId = formData.get("tokenId");
      if (typeof tokenId !== "string" || !PUBLIC_ID_PATTERN.test(tokenId))
        return data({ error: "That token does not exist." }, { status: 400 });
      const revoked = await run(() => revokeApiToken(actor, { tokenId }));
      if (!revoked.ok) return data({ error: revoked.message }, { status: 400 });
      return done("integrations", {
        title: "Token revoked",
        description: `“${revoked.value.name}” no longer works.`,
        variant: "success",
      });
    }
    case "sign-out-everywhere": {
      await supabase.auth.signOut({ scope: "global" });
      return redirectWithToast(
        "/auth/signin",
        { title: "Signed out everywhere", description: "Every session of your account has ended.", variant: "success" },
        request,
      );
    }
    default:
      return data({ error: "Unknown action" }, { status: 400 });
  }
}

/** The built-in service checks the hash itself; a hosted Supabase project is asked by signing in. */
async function currentPasswordMatches(
  userId: string,
  email: string,
  password: string,
  supabase: ReturnType<typeof supabaseFor>,
) {
  if (!env().supabase) return isCurrentPassword(userId, password);
  const { error } = await supabase.auth.signInWithPassword({ email, password });
  return !error;
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, settings } = loaderData;
  const result = (intent: string) =>
    actionData && "intent" in actionData && actionData.intent === intent ? actionData.lastResult : undefined;
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
        {tab === "integrations" && loaderData.ai && loaderData.apiTokens ? (
          <IntegrationsTab
            ai={loaderData.ai}
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
