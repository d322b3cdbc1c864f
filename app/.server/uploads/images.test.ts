import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import sharp from "sharp";
import { beforeAll, describe, expect, it, vi } from "vitest";

import { FieldError } from "../errors";
import { pngFile } from "../../../tests/e2e/support/images";
import { MAX_IMAGE_PIXELS, storeImage } from "./images";

/**
 * A huge black-and-white picture whose pixel data compresses to almost nothing: 20,000 ×
 * 20,000 pixels in a few dozen kilobytes, 1.6 GB once decoded to RGBA.
 */
function hugeSparsePng(width: number, height: number) {
  // Each row: filter byte 0, then width/8 bytes of zeros (1 bit per pixel, greyscale).
  return pngFile(width, height, { bitDepth: 1, colorType: 0 }, Buffer.alloc(height * (1 + Math.ceil(width / 8))));
}

describe("image uploads: the pixel limit", () => {
  beforeAll(() => {
    process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "plotline-images-"));
  });

  it("refuses a 20,000 × 20,000 PNG of a few kilobytes with a field error, without decoding it", async () => {
    const bytes = hugeSparsePng(20_000, 20_000);
    expect(bytes.length).toBeLessThan(100 * 1024);
    expect(await sharp(bytes, { limitInputPixels: false }).metadata()).toMatchObject({ width: 20_000, height: 20_000 });

    const decode = vi.spyOn(sharp.prototype, "toBuffer");
    const before = process.memoryUsage().rss;
    const error = await storeImage("covers", new File([new Uint8Array(bytes)], "huge.png", { type: "image/png" }), {
      field: "cover",
    }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(FieldError);
    expect(error).toMatchObject({
      field: "cover",
      message: expect.stringMatching(/too many pixels: at most 36 megapixels/),
    });
    expect(decode).not.toHaveBeenCalled();
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  it("takes an ordinary 12-megapixel photo", async () => {
    expect(MAX_IMAGE_PIXELS).toBe(36_000_000);
    const bytes = hugeSparsePng(4000, 3000);
    const stored = await storeImage("avatars", new File([new Uint8Array(bytes)], "ok.png"), { field: "avatar" });
    expect(stored.path).toMatch(/^avatars\/[\w-]+\.webp$/);
  });
});
