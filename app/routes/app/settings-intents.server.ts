import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";

import { createApiTokenCommand, revokeApiTokenCommand } from "~/.server/api-tokens/tokens";
import { testAssistantConnection } from "~/.server/assistant/connection";
import { setWorkspaceAssistantCommand } from "~/.server/assistant/settings";
import { isCurrentPassword, revokeSessionCommand } from "~/.server/auth-service/session-list";
import {
  createCalendarFeedCommand,
  regenerateCalendarFeedCommand,
  revokeCalendarFeedCommand,
} from "~/.server/calendar/feeds";
import { supabaseFor } from "~/.server/auth/session";
import { execute } from "~/.server/commands/command";
import { env } from "~/.server/env";
import { FieldError } from "~/.server/errors";
import { formInput, intent, replyOf, type IntentContext, type Refusal } from "~/.server/http/intents";
import { logger } from "~/.server/logger";
import {
  setThemePreferenceCommand,
  updateNotificationPreferencesCommand,
  updateProfileCommand,
} from "~/.server/profiles/settings";
import { consume } from "~/.server/security/rate-limit";
import { themeCookie } from "~/.server/theme/theme-cookie";
import { redirectWithToast } from "~/.server/toast";
import { removeImage, storeImage } from "~/.server/uploads/images";
import type { Toast } from "~/utils/toast";
import { changePasswordSchema } from "~/validation/auth";
import { createApiTokenSchema, expiryDays } from "~/validation/api-tokens";
import { PUBLIC_ID_PATTERN } from "~/validation/assistant";
import { isUuid } from "~/validation/ids";
import { appearanceSchema, notificationsSchema, profileSchema, type SettingsTab } from "~/validation/settings";
import type { Submission } from "@conform-to/react";

/**
 * Settings' intents (app/routes/app/settings.tsx): every form is a plain POST with an
 * `intent`, answered on its tab with a toast, or with the form again and why. The password,
 * the connection test and signing out everywhere are the auth service's or the engine's
 * business: they run no command.
 */
const toTab = (context: IntentContext, tab: SettingsTab, toast: Toast, init?: ResponseInit) =>
  redirectWithToast(`/app/settings?tab=${tab}`, toast, context.request, init);
/** The form again with what was typed and why, for the tab's form the answer is tagged with. */
const formAgain = (refusal: Refusal, context: IntentContext, submission?: Submission<unknown>) =>
  data({ intent: context.intent, lastResult: replyOf(refusal, submission!) }, { status: 400 });
/** A control without fields of its own (a button in a list): the reason, as data. */
const reason = ({ message }: Refusal) => data({ error: message }, { status: 400 });

const profile = intent({
  command: updateProfileCommand,
  parse: (context) =>
    formInput(parseWithZod(context.formData, { schema: profileSchema }), ({ fullName }) => ({ fullName })),
  run: async (context, input) => {
    const file = context.formData.get("avatar");
    const stored =
      file instanceof File && file.size > 0 ? await storeImage("avatars", file, { field: "avatar" }) : null;
    const avatarUrl = stored ? `/uploads/${stored.path}` : undefined;
    const saved = await execute(updateProfileCommand, context.principal, { ...input, avatarUrl }).catch(
      async (error: unknown) => {
        if (stored) await removeImage(stored.path);
        throw error;
      },
    );
    // Sign-ins copy the profile from the user's metadata, so keep the two the same.
    const { error } = await supabaseFor(context.router).auth.updateUser({
      data: { full_name: saved.fullName, avatar_url: saved.avatarUrl },
    });
    if (error)
      logger.warn({ err: error, userId: context.user.id }, "could not copy the profile to the user's metadata");
    return saved;
  },
  refused: formAgain,
  done: (_saved, context) =>
    toTab(context, "profile", { title: "Profile updated", description: "Your changes are saved.", variant: "success" }),
});

const notifications = intent({
  command: updateNotificationPreferencesCommand,
  parse: (context) =>
    formInput(
      parseWithZod(context.formData, { schema: notificationsSchema }),
      ({ intent: _intent, ...preferences }) => preferences,
    ),
  refused: formAgain,
  done: (_saved, context) =>
    toTab(context, "notifications", {
      title: "Preferences saved",
      description: "Your notification settings are updated.",
      variant: "success",
    }),
});

const appearance = intent({
  command: setThemePreferenceCommand,
  parse: (context) =>
    formInput(parseWithZod(context.formData, { schema: appearanceSchema }), ({ theme }) => ({ theme })),
  // The theme saved is also the cookie's, so the next page is painted in it at once.
  run: async (context, input) => {
    await execute(setThemePreferenceCommand, context.principal, input);
    return input.theme;
  },
  refused: formAgain,
  done: (theme, context) => {
    const secure = new URL(context.request.url).protocol === "https:";
    return toTab(
      context,
      "appearance",
      { title: "Theme saved", description: "Plotline will use it on every device you sign in on.", variant: "success" },
      { headers: { "Set-Cookie": themeCookie(theme, secure) } },
    );
  },
});

/** The built-in service checks the hash itself; a hosted Supabase project is asked by signing in. */
async function currentPasswordMatches(context: IntentContext, password: string) {
  if (!env().supabase) return isCurrentPassword(context.user.id, password);
  const { error } = await supabaseFor(context.router).auth.signInWithPassword({
    email: context.user.email ?? "",
    password,
  });
  return !error;
}

const PASSWORD_FIELDS = { hideFields: ["currentPassword", "password", "confirmPassword"] };

const password = intent({
  command: null,
  parse: (context) => formInput(parseWithZod(context.formData, { schema: changePasswordSchema }), (value) => value),
  run: async (context, input: { currentPassword: string; password: string }) => {
    const limit = await consume("password-change", { points: 10, durationSeconds: 15 * 60 }, context.user.id);
    if (!limit.allowed) {
      const minutes = Math.ceil(limit.retryAfterSeconds / 60);
      throw new FieldError("currentPassword", `Too many attempts. Try again in ${minutes} minutes.`);
    }
    if (!(await currentPasswordMatches(context, input.currentPassword))) {
      throw new FieldError("currentPassword", "That is not your current password.");
    }
    const { error } = await supabaseFor(context.router).auth.updateUser({ password: input.password });
    if (error) throw new FieldError("password", error.message);
  },
  // Passwords are never sent back, not even to the form they came from.
  refused: ({ field, message }, context, submission) =>
    data(
      {
        intent: context.intent,
        lastResult:
          submission!.status === "error"
            ? submission!.reply(PASSWORD_FIELDS)
            : submission!.reply({ ...PASSWORD_FIELDS, fieldErrors: { [field]: [message] } }),
      },
      { status: 400 },
    ),
  done: (_changed, context) =>
    toTab(context, "security", {
      title: "Password changed",
      description: "Your other sessions were signed out.",
      variant: "success",
    }),
});

const revokeSession = intent({
  command: revokeSessionCommand,
  parse: (context) => {
    const sessionId = context.formData.get("sessionId");
    return isUuid(sessionId)
      ? { ok: true, input: { sessionId } }
      : { ok: false, field: "sessionId", message: "That session does not exist." };
  },
  refused: reason,
  done: (_session, context) =>
    toTab(context, "security", {
      title: "Session signed out",
      description: "That device must sign in again.",
      variant: "success",
    }),
});

/** Asks the configured engine for a word: it writes nothing. */
const aiTest = intent({
  command: null,
  parse: () => ({ ok: true, input: null }),
  run: async (context) => {
    const limit = await consume("ai-test", { points: 5, durationSeconds: 60 }, context.user.id);
    if (!limit.allowed) return { limited: limit.retryAfterSeconds } as const;
    return { result: await testAssistantConnection() } as const;
  },
  done: (test, context) =>
    toTab(
      context,
      "integrations",
      "limited" in test
        ? {
            title: "Connection not tested",
            description: `Try again in ${test.limited} seconds.`,
            variant: "error",
          }
        : {
            title: test.result.ok ? "Connection works" : "Connection failed",
            description: test.result.message,
            variant: test.result.ok ? "success" : "error",
          },
    ),
});

const aiWorkspace = intent({
  command: setWorkspaceAssistantCommand,
  parse: (context) => {
    const workspaceId = context.formData.get("workspaceId");
    const enabled = context.formData.get("enabled");
    if (
      typeof workspaceId !== "string" ||
      !PUBLIC_ID_PATTERN.test(workspaceId) ||
      (enabled !== "true" && enabled !== "false")
    ) {
      return { ok: false, field: "", message: "Choose a workspace and whether the assistant is on." };
    }
    return { ok: true, input: { workspaceId, enabled: enabled === "true" } };
  },
  refused: reason,
  done: (_change, context) =>
    toTab(context, "integrations", {
      title: context.formData.get("enabled") === "true" ? "Assistant turned on" : "Assistant turned off",
      description: "Every member of the workspace sees the change.",
      variant: "success",
    }),
});

const createApiToken = intent({
  command: createApiTokenCommand,
  parse: (context) =>
    formInput(
      parseWithZod(context.formData, { schema: createApiTokenSchema }),
      ({ name, workspaceId, scope, expires }) => ({ workspaceId, name, scope, expiresInDays: expiryDays(expires) }),
    ),
  refused: (refusal, context, submission) =>
    formAgain({ ...refusal, field: refusal.field || "name" }, context, submission),
  // The token is shown once, in this answer's page: not in a URL or a cookie, never logged,
  // and not kept by any cache.
  done: (made, context) =>
    data(
      {
        intent: context.intent,
        lastResult: parseWithZod(context.formData, { schema: createApiTokenSchema }).reply({ resetForm: true }),
        created: {
          token: made.token,
          name: made.name,
          scope: made.scope,
          expiresAt: made.expiresAt?.toISOString() ?? null,
        },
      },
      { headers: { "Cache-Control": "no-store" } },
    ),
});

const revokeApiToken = intent({
  command: revokeApiTokenCommand,
  parse: (context) => {
    const tokenId = context.formData.get("tokenId");
    return typeof tokenId === "string" && PUBLIC_ID_PATTERN.test(tokenId)
      ? { ok: true, input: { tokenId } }
      : { ok: false, field: "tokenId", message: "That token does not exist." };
  },
  refused: reason,
  done: (revoked, context) =>
    toTab(context, "integrations", {
      title: "Token revoked",
      description: `“${revoked.name}” no longer works.`,
      variant: "success",
    }),
});

/**
 * The member's own calendar feed: made, given a new address, or turned off; back to the
 * Integrations tab, where the URL is shown (it is never put in a toast or a URL).
 */
const toFeed = (context: IntentContext, title: string, description: string) =>
  redirectWithToast(
    "/app/settings?tab=integrations#calendar-feed",
    { title, description, variant: "success" },
    context.request,
  );
const ownFeed = () => ({ ok: true as const, input: { projectId: null } });

const createCalendarFeed = intent({
  command: createCalendarFeedCommand,
  parse: ownFeed,
  refused: reason,
  done: (_made, context) => toFeed(context, "Calendar feed ready", "Copy its URL into your calendar app to subscribe."),
});

const regenerateCalendarFeed = intent({
  command: regenerateCalendarFeedCommand,
  parse: ownFeed,
  refused: reason,
  done: (_made, context) =>
    toFeed(context, "New feed URL", "The old one no longer works: subscribe your calendar app to this one."),
});

const revokeCalendarFeed = intent({
  command: revokeCalendarFeedCommand,
  parse: ownFeed,
  refused: reason,
  done: (_made, context) => toFeed(context, "Calendar feed turned off", "Its URL no longer works."),
});

/** Ends every session of the account at the auth service: nothing of Plotline's changes. */
const signOutEverywhere = intent({
  command: null,
  parse: () => ({ ok: true, input: null }),
  run: async (context) => {
    await supabaseFor(context.router).auth.signOut({ scope: "global" });
  },
  done: (_signedOut, context) =>
    redirectWithToast(
      "/auth/signin",
      { title: "Signed out everywhere", description: "Every session of your account has ended.", variant: "success" },
      context.request,
    ),
});

export const settingsIntents = {
  profile,
  notifications,
  appearance,
  password,
  "revoke-session": revokeSession,
  "ai-test": aiTest,
  "ai-workspace": aiWorkspace,
  "create-api-token": createApiToken,
  "revoke-api-token": revokeApiToken,
  "create-calendar-feed": createCalendarFeed,
  "regenerate-calendar-feed": regenerateCalendarFeed,
  "revoke-calendar-feed": revokeCalendarFeed,
  "sign-out-everywhere": signOutEverywhere,
};

export const settingsFallback = () => data({ error: "Unknown action" }, { status: 400 });
