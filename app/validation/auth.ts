import { z } from "zod";

import { FULL_NAME_MAX_LENGTH } from "./settings";

/**
 * The authentication forms (spec section 5), shared by the browser (Conform validates on
 * submit, then on every keystroke) and the server (the action validates again).
 */

export const PASSWORD_MIN_LENGTH = 6;

export const MESSAGES = {
  emailRequired: "Email is required",
  emailInvalid: "Enter a valid email address",
  passwordRequired: "Password is required",
  confirmRequired: "Please confirm your password",
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  passwordsDiffer: "Passwords do not match",
} as const;

/**
 * A second line shown under some field messages: the description of the spec's toast
 * with the same title (section 8), so the whole message is beside the field.
 */
export const MESSAGE_DETAILS: Partial<Record<string, string>> = {
  [MESSAGES.passwordsDiffer]: "Please ensure both passwords are identical.",
};

const email = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, { error: MESSAGES.emailRequired })
  .pipe(z.email({ error: MESSAGES.emailInvalid }).max(254, { error: MESSAGES.emailInvalid }));

/** Sign-in checks presence only: the service decides whether the password is right. */
const existingPassword = z.string({ error: MESSAGES.passwordRequired }).min(1, { error: MESSAGES.passwordRequired });

const newPassword = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, { error: MESSAGES.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, { error: MESSAGES.passwordTooShort });

const confirmPassword = z.string({ error: MESSAGES.confirmRequired }).min(1, { error: MESSAGES.confirmRequired });

/** The new password and its confirmation must be the same; the message sits beside the confirmation. */
function matchingPasswords<T extends { password: string; confirmPassword: string }>(value: T, ctx: z.RefinementCtx) {
  if (value.password !== value.confirmPassword) {
    ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: MESSAGES.passwordsDiffer });
  }
}

export const signInSchema = z.object({
  email,
  password: existingPassword,
  redirectTo: z.string().optional(),
});

export const magicLinkSchema = z.object({
  email,
  redirectTo: z.string().optional(),
});

export const signUpSchema = z
  .object({
    fullName: z
      .string()
      .trim()
      .max(FULL_NAME_MAX_LENGTH, { error: `Full name must be at most ${FULL_NAME_MAX_LENGTH} characters` })
      .optional()
      .transform((value) => value || undefined),
    email,
    password: newPassword,
    confirmPassword,
  })
  .superRefine(matchingPasswords);

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z.object({ password: newPassword, confirmPassword }).superRefine(matchingPasswords);

export const OAUTH_PROVIDERS = ["google", "github"] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** The provider's name as the spec's toasts write it ('Sign in with Github failed'). */
export const PROVIDER_TOAST_NAMES: Record<OAuthProvider, string> = { google: "Google", github: "Github" };

/** Settings → Security: the current password, then the new one twice. */
export const changePasswordSchema = z
  .object({
    intent: z.literal("password"),
    currentPassword: existingPassword,
    password: newPassword,
    confirmPassword,
  })
  .superRefine(matchingPasswords);
