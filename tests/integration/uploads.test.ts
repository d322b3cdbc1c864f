import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";

import { FieldError } from "~/.server/errors";
import { removeImage, resolveUpload, storeImage } from "~/.server/uploads/images";
import { pngImage } from "../e2e/support/images";

/** Image uploads: the real type from the bytes, the size limit, resizing, and no path tricks. */
describe("image uploads", () => {
  beforeAll(() => {
    process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "plotline-uploads-"));
  });

  const file = (bytes: Uint8Array, name = "image.png", type = "image/png") =>
    new File([new Uint8Array(bytes)], name, { type });

  it("resizes an avatar to 256×256 WebP and a cover to at most 1200×630", async () => {
    const avatar = await storeImage("avatars", file(pngImage(640, 480)), { field: "avatar" });
    expect(avatar.path).toMatch(/^avatars\/[\w-]+\.webp$/);
    const stored = fs.readFileSync(resolveUpload(avatar.path)!);
    expect(await sharp(stored).metadata()).toMatchObject({ format: "webp", width: 256, height: 256 });
    const cover = await storeImage("covers", file(pngImage(2400, 800)), { field: "cover" });
    expect(await sharp(fs.readFileSync(resolveUpload(cover.path)!)).metadata()).toMatchObject({
      width: 1200,
      height: 400,
    });
    await removeImage(avatar.path);
    expect(fs.existsSync(resolveUpload(avatar.path)!)).toBe(false);
  });

  it("refuses what is not an image, whatever its name, and anything over 2 MB", async () => {
    await expect(
      storeImage("avatars", file(new TextEncoder().encode("<svg/>"), "a.png"), { field: "avatar" }),
    ).rejects.toThrow("Upload a PNG, JPEG, GIF or WebP image.");
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(pngImage(1, 1).subarray(0, 8));
    const error = await storeImage("covers", file(big), { field: "cover" }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(FieldError);
    expect(error).toMatchObject({ field: "cover", message: "The image must be 2 MB or smaller." });
    // PNG magic bytes followed by garbage: sharp cannot read it.
    const broken = new Uint8Array(100);
    broken.set(pngImage(1, 1).subarray(0, 8));
    await expect(storeImage("avatars", file(broken), { field: "avatar" })).rejects.toThrow("could not be read");
  });

  it("serves only stored names: no traversal, no other folders", () => {
    expect(resolveUpload("avatars/abc_DEF-1.webp")).toContain(path.join("uploads", "avatars"));
    for (const bad of [
      "../secrets.json",
      "avatars/../../secrets.json",
      "covers/a.png",
      "other/a.webp",
      "/etc/passwd",
    ]) {
      expect(resolveUpload(bad)).toBeNull();
    }
  });
});
