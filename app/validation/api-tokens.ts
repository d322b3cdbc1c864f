import { z } from "zod";

import { PUBLIC_ID_PATTERN } from "./assistant";

/**
 * Settings → Integrations → API tokens: the create form, checked the same in the browser and
 * on the server; its limits are also the command's (`app/.server/api-tokens/tokens.ts`).
 */
export const API_TOKEN_NAME_MAX = 60;
export const API_TOKEN_EXPIRIES = ["30", "90", "365", "never"] as const;
export const API_TOKEN_SCOPES = ["read", "write"] as const;

export const API_TOKEN_EXPIRY_LABELS: Record<(typeof API_TOKEN_EXPIRIES)[number], string> = {
  "30": "30 days",
  "90": "90 days",
  "365": "1 year",
  never: "Never",
};
export const API_TOKEN_SCOPE_LABELS: Record<(typeof API_TOKEN_SCOPES)[number], string> = {
  read: "Read only",
  write: "Read & write",
};

export const createApiTokenSchema = z.object({
  intent: z.literal("create-api-token"),
  name: z
    .string({ error: "Name the token, e.g. CI or Zapier." })
    .trim()
    .min(1, { error: "Name the token, e.g. CI or Zapier." })
    .max(API_TOKEN_NAME_MAX, { error: `At most ${API_TOKEN_NAME_MAX} characters.` }),
  workspaceId: z
    .string({ error: "Choose a workspace." })
    .regex(PUBLIC_ID_PATTERN, { error: "Choose one of your workspaces." }),
  scope: z.enum(API_TOKEN_SCOPES, { error: "Choose Read only or Read & write." }),
  expires: z.enum(API_TOKEN_EXPIRIES, { error: "Choose when the token expires." }),
});

/** The number of days a choice of the Expires field stands for (null: never). */
export function expiryDays(choice: (typeof API_TOKEN_EXPIRIES)[number]) {
  return choice === "never" ? null : Number(choice);
}
