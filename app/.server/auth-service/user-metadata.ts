import type { z } from "zod";

import { metadataAvatarUrl, metadataFullName, USER_METADATA_MAX_BYTES } from "~/validation/user-metadata";
import { validationFailed } from "./errors";
import type { JsonObject } from "./schema";

/**
 * `data` from /signup, /otp and PUT /user, checked before it is stored: it comes back in
 * every session (cookie and JWT) and sign-ins copy it into the profile other members see.
 * The keys the app reads are bounded as its profile form bounds them; the keys the server
 * writes (the e-mail identity's) cannot be set; the rest together stay under 2 KB.
 */
const SERVER_KEYS = new Set(["sub", "email", "email_verified", "phone_verified"]);

/** `current` with `data` merged in, a key set to null removed; refuses with `validation_failed`. */
export function mergeUserMetadata(current: JsonObject, data: Record<string, unknown>): JsonObject {
  const merged: JsonObject = { ...current };
  for (const [key, value] of Object.entries(data)) {
    if (SERVER_KEYS.has(key)) throw validationFailed(`${key} is set by the server and cannot be changed`);
    if (value === null) delete merged[key];
    else if (key === "full_name") merged[key] = checked(metadataFullName, value);
    else if (key === "avatar_url") merged[key] = checked(metadataAvatarUrl, value);
    else merged[key] = value;
  }
  assertMetadataSize(merged);
  return merged;
}

export function assertMetadataSize(metadata: JsonObject) {
  const own = Object.fromEntries(Object.entries(metadata).filter(([key]) => !SERVER_KEYS.has(key)));
  if (Buffer.byteLength(JSON.stringify(own)) > USER_METADATA_MAX_BYTES) {
    throw validationFailed(`User metadata must be at most ${USER_METADATA_MAX_BYTES} bytes`);
  }
}

function checked<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw validationFailed(result.error.issues[0]?.message ?? "Invalid user metadata");
  return result.data;
}
