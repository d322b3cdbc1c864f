import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";

import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { compressedAssets } from "./compressed-assets";

/** Served as server.js serves the build: compression, then the compressed assets, then express.static. */
const SCRIPT = `export const greeting = ${JSON.stringify("hello ".repeat(2000))};\n`;
let root: string;
let server: http.Server;
let base: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "plotline-assets-"));
  fs.writeFileSync(path.join(root, "entry-Ab12_x.js"), SCRIPT);
  fs.writeFileSync(path.join(root, "logo-Zz9.png"), Buffer.alloc(2000, 7));
  const app = express();
  app.use(compression());
  app.use("/assets", compressedAssets(root));
  app.use("/assets", express.static(root, { immutable: true, maxAge: "1y" }));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/assets`;
});

afterAll(() => {
  server.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** A raw GET (fetch would decode the body and hide the encoding). */
function get(file: string, acceptEncoding: string, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = http.request(`${base}/${file}`, { method, headers: { "Accept-Encoding": acceptEncoding } });
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}

describe("compressed assets", () => {
  it("serve a script in brotli when the browser takes it, the same bytes every time, cached for a year", async () => {
    const first = await get("entry-Ab12_x.js", "gzip, deflate, br, zstd");
    expect(first.status).toBe(200);
    expect(first.headers["content-encoding"]).toBe("br");
    expect(first.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(first.headers["vary"]).toContain("Accept-Encoding");
    expect(first.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(Number(first.headers["content-length"])).toBe(first.body.length);
    expect(first.body.length).toBeLessThan(SCRIPT.length / 10);
    expect(zlib.brotliDecompressSync(first.body).toString()).toBe(SCRIPT);
    const again = await get("entry-Ab12_x.js", "br");
    expect(again.body.equals(first.body)).toBe(true);
  });

  it("serve gzip to a browser without brotli, and HEAD without a body", async () => {
    const gzipped = await get("entry-Ab12_x.js", "gzip");
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzipped.body).toString()).toBe(SCRIPT);
    const head = await get("entry-Ab12_x.js", "br", "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.body.length).toBe(0);
  });

  it("leave the rest to express.static: no encoding accepted, images, unknown and made-up paths", async () => {
    const plain = await get("entry-Ab12_x.js", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    const image = await get("logo-Zz9.png", "br");
    expect(image.headers["content-encoding"]).toBeUndefined();
    expect(image.body.length).toBe(2000);
    expect((await get("missing-Q1.js", "br")).status).toBe(404);
    expect((await get("..%2Fentry-Ab12_x.js", "br")).status).toBe(404);
    expect((await get("sub/entry-Ab12_x.js", "br")).status).toBe(404);
  });
});
