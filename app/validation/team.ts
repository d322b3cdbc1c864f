import { z } from "zod";

/** The team page's forms, checked the same in the browser and on the server. */
export const INVITE_ROLES = ["admin", "editor", "viewer"] as const;
export const MEMBER_ROLES = ["owner", "admin", "editor", "viewer"] as const;

export const ROLE_LABELS: Record<(typeof MEMBER_ROLES)[number], string> = {
  owner: "Owner",
  admin: "Admin",
  editor: "Editor",
  viewer: "Viewer",
};

export const inviteSchema = z.object({
  intent: z.literal("invite"),
  email: z
    .string({ error: "Enter an email address" })
    .trim()
    .pipe(z.email({ error: "Enter a valid email address" })),
  role: z.enum(INVITE_ROLES, { error: "Choose admin, editor or viewer" }),
});

export const changeRoleSchema = z.object({
  intent: z.literal("change-role"),
  userId: z.uuid(),
  role: z.enum(MEMBER_ROLES, { error: "Choose a role" }),
});

export const memberSchema = z.object({
  intent: z.enum(["remove", "transfer"]),
  userId: z.uuid({ error: "Choose a member" }),
});

export const invitationSchema = z.object({
  intent: z.enum(["resend", "revoke"]),
  invitationId: z.string().min(1),
});
