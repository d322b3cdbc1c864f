import fs from "node:fs/promises";
import type { AddressInfo } from "node:net";

import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { MAX_ATTACHMENT_BYTES } from "~/.server/http/limits";
import { limitRequestBodies } from "../../server/body-limit";
import { streamUploads, tmpUploadsDir } from "../../server/streamed-uploads";

/**
 * A task's attachment is parsed as it streams in (server/streamed-uploads.ts): a real HTTP
 * server with the body cap and the parser in front of a handler that reads the form the way
 * the actions do. The file arrives on disk, UTF-8 name intact; its temporary file is gone
 * once the answer is sent; a file one byte over the cap is cut there for the command to refuse.
 */
describe("streamed uploads", () => {
  let base: string;
  let close: () => Promise<void>;
  const seen: { tmpFiles: string[] }[] = [];

  beforeAll(async () => {
    const app = express();
    app.use(limitRequestBodies());
    app.use(streamUploads());
    app.post(/.*/, async (_req, res) => {
      const form = res.locals.streamedForm as FormData | undefined;
      if (!form) return void res.json({ streamed: false });
      const file = form.get("file") as File;
      seen.push({ tmpFiles: await fs.readdir(tmpUploadsDir()) });
      const text = file.size < 1000 ? await file.text() : null;
      res.json({ streamed: true, intent: form.get("intent"), name: file.name, type: file.type, size: file.size, text });
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(() => close());

  const upload = (path: string, file: File) => {
    const form = new FormData();
    form.append("intent", "attach");
    form.append("file", file);
    return fetch(base + path, { method: "POST", body: form });
  };

  it("hands the action a form whose file is on disk, and removes it after the answer", async () => {
    const answer = await upload(
      "/app/project/p1/task/t1",
      new File(["hello, file"], "notes é.txt", { type: "text/plain" }),
    );
    expect(await answer.json()).toEqual({
      streamed: true,
      intent: "attach",
      name: "notes é.txt",
      type: "text/plain",
      size: 11,
      text: "hello, file",
    });
    expect(seen.at(-1)!.tmpFiles.length).toBeGreaterThan(0);
    await expect.poll(async () => (await fs.readdir(tmpUploadsDir())).length).toBe(0);
  });

  it("cuts a file one byte past the cap, so the command refuses it as too large", async () => {
    const big = new File([new Uint8Array(MAX_ATTACHMENT_BYTES + 100)], "big.bin");
    const answer = await upload("/api/v1/tasks/t1/attachments", big);
    expect(await answer.json()).toMatchObject({ streamed: true, size: MAX_ATTACHMENT_BYTES + 1 });
  });

  it("leaves every other form to the Fetch API", async () => {
    const answer = await upload("/app/settings", new File(["x"], "x.txt"));
    expect(await answer.json()).toEqual({ streamed: false });
  });
});
