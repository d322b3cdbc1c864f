import { z } from "zod";

import { FULL_NAME_MAX_LENGTH } from "./settings";

/**
 * The user metadata the app reads (`full_name`, `avatar_url`), bounded as the profile form
 * bounds it. Anyone signed in can write their own metadata straight to the auth service
 * (`PUT /auth/v1/user`), and sign-ins copy it into the profile other members see, so the
 * service checks it on the way in and the profile sync again on the way out (a hosted
 * Supabase project does not check it at all).
 */

/** Avatars the app stored itself (see `app/.server/uploads`): never an outside URL that could track who looks. */
export const OWN_AVATAR_PATH = /^\/uploads\/avatars\/[\w-]+\.webp$/;

export const metadataFullName = z
  .string({ error: "full_name must be a string" })
  .trim()
  .max(FULL_NAME_MAX_LENGTH, { error: `full_name must be at most ${FULL_NAME_MAX_LENGTH} characters` });

export const metadataAvatarUrl = z.string({ error: "avatar_url must be a string" }).regex(OWN_AVATAR_PATH, {
  error: "avatar_url must be the path of an avatar uploaded to Plotline (/uploads/avatars/…)",
});

/** A user's metadata as JSON, beyond the identity keys the server writes: it rides in every session cookie. */
export const USER_METADATA_MAX_BYTES = 2048;

/** What a profile may take from metadata: the name cut to the form's limit, an avatar only if it is ours. */
export function profileFromMetadata(metadata: Record<string, unknown> | null | undefined) {
  const name = metadataFullName.safeParse(metadata?.full_name);
  const fullName = name.success ? name.data : typeof metadata?.full_name === "string" ? metadata.full_name : "";
  const avatar = metadataAvatarUrl.safeParse(metadata?.avatar_url);
  return {
    // Cut by code points, as the schema counts them, so no emoji is split in half.
    fullName: Array.from(fullName.trim()).slice(0, FULL_NAME_MAX_LENGTH).join("").trim(),
    avatarUrl: avatar.success ? avatar.data : null,
  };
}
