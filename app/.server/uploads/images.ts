import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

import { env } from "../env";
import { FieldError } from "../errors";
import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from "../http/limits";

/**
 * Images people upload (avatars, project covers). The real type is read from the file's
 * first bytes, never trusted from its name or MIME type; the image is resized and
 * re-encoded to WebP (which also drops its metadata, such as GPS positions) and stored
 * under DATA_DIR/uploads with a random name, served at /uploads/<path>.
 */
export { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS };

export type ImageKind = "avatars" | "covers";

const SIZES: Record<ImageKind, { width: number; height: number; fit: "cover" | "inside" }> = {
  avatars: { width: 256, height: 256, fit: "cover" },
  covers: { width: 1200, height: 630, fit: "inside" },
};

const SIGNATURES: { type: string; test: (bytes: Uint8Array) => boolean }[] = [
  { type: "png", test: (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 },
  { type: "jpeg", test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: "gif", test: (b) => b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38 },
  {
    type: "webp",
    test: (b) =>
      b[0] === 0x52 &&
      b[1] === 0x49 &&
      b[2] === 0x46 &&
      b[3] === 0x46 &&
      b[8] === 0x57 &&
      b[9] === 0x45 &&
      b[10] === 0x42 &&
      b[11] === 0x50,
  },
];

export function uploadsDir() {
  return path.join(env().dataDir, "uploads");
}

/** Checks, resizes and stores an uploaded image; a bad file is a FieldError on `options.field`. */
export async function storeImage(kind: ImageKind, file: File, options: { field: string }) {
  if (file.size === 0) throw new FieldError(options.field, "Choose an image to upload.");
  if (file.size > MAX_IMAGE_BYTES) throw new FieldError(options.field, "The image must be 2 MB or smaller.");
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!SIGNATURES.some((signature) => signature.test(bytes))) {
    throw new FieldError(options.field, "Upload a PNG, JPEG, GIF or WebP image.");
  }
  // Loaded with the first image uploaded, not at start: it is the heaviest module the
  // server uses (decision 038).
  const { default: sharp } = await import("sharp");
  // The header says how big the picture is; nothing is decoded before that is checked.
  let pixels: number;
  try {
    // Of an animation, only the first frame is ever decoded (the `pages: 1` below).
    const { width = 0, height = 0 } = await sharp(bytes, { limitInputPixels: false }).metadata();
    pixels = width * height;
  } catch {
    throw new FieldError(options.field, "This image could not be read. Try another file.");
  }
  if (pixels > MAX_IMAGE_PIXELS) {
    throw new FieldError(
      options.field,
      `The image has too many pixels: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels (such as 6000 × 6000).`,
    );
  }
  const size = SIZES[kind];
  let output: Buffer;
  try {
    output = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, pages: 1 })
      .rotate()
      .resize({ width: size.width, height: size.height, fit: size.fit, withoutEnlargement: size.fit === "inside" })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new FieldError(options.field, "This image could not be read. Try another file.");
  }
  const relative = `${kind}/${randomBytes(12).toString("base64url")}.webp`;
  const target = path.join(uploadsDir(), relative);
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(target, output);
  return { path: relative };
}

/** Deletes a stored upload (a replaced avatar or cover); a missing file is fine. */
export async function removeImage(relative: string | null | undefined) {
  const resolved = resolveUpload(relative ?? "");
  if (resolved) await fs.rm(resolved, { force: true });
}

/** The file behind /uploads/<relative>, or null for anything outside the uploads folder. */
export function resolveUpload(relative: string) {
  if (!/^(avatars|covers)\/[\w-]+\.webp$/.test(relative)) return null;
  return path.join(uploadsDir(), relative);
}
