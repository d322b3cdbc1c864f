import http from "node:http";
import type { AddressInfo } from "node:net";

import { createReadableStreamFromReadable } from "@react-router/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { BODY_LIMITS, bodyKindOf } from "~/.server/http/limits";
import { limitRequestBodies } from "./body-limit";

/** A server like ours: the limit, then a handler that reads the body as React Router's adapter does. */
const LIMITS = {
  form: 1000,
  json: 100,
  multipart: 5000,
  attachment: 20_000,
  import: 30_000,
  workspaceImport: 40_000,
  codeHost: 3000,
  other: 50,
};
let server: http.Server;
let base: string;
const read: { bytes: number; finished: boolean }[] = [];

beforeAll(async () => {
  const app = express();
  app.use(limitRequestBodies(LIMITS));
  app.use(async (req, res) => {
    const seen = { bytes: 0, finished: false };
    read.push(seen);
    try {
      const reader = createReadableStreamFromReadable(req).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        seen.bytes += value.byteLength;
      }
      seen.finished = true;
      if (!res.headersSent) res.send(`read ${seen.bytes}`);
    } catch {
      // The refused body ends in an error: the answer has gone already.
    }
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** Sends `chunks` without a Content-Length (chunked), or with the one given, and reads the answer. */
function send(
  path: string,
  options: { type: string; chunks: Buffer[]; contentLength?: number; headers?: Record<string, string> },
) {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(`${base}${path}`, {
      method: "POST",
      // A fresh connection each time: a refused body leaves its connection unusable.
      agent: false,
      headers: {
        "Content-Type": options.type,
        ...(options.contentLength !== undefined ? { "Content-Length": String(options.contentLength) } : {}),
        ...options.headers,
      },
    });
    request.on("response", (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      response.on("error", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    // The server stops reading a refused body: writing on fails, which is the point.
    request.on("error", (error) => reject(error));
    let index = 0;
    const next = () => {
      while (index < options.chunks.length) {
        if (!request.write(options.chunks[index++]!)) return void request.once("drain", next);
      }
      request.end();
    };
    next();
  });
}

const form = "application/x-www-form-urlencoded";

describe("the request body limit", () => {
  it("picks the cap by Content-Type", () => {
    expect(bodyKindOf("application/x-www-form-urlencoded; charset=UTF-8")).toBe("form");
    expect(bodyKindOf("multipart/form-data; boundary=x")).toBe("multipart");
    expect(bodyKindOf("application/json;charset=UTF-8")).toBe("json");
    expect(bodyKindOf("text/plain")).toBe("other");
    expect(bodyKindOf(undefined)).toBe("other");
    expect(BODY_LIMITS).toMatchObject({ form: 1024 * 1024, json: 100 * 1024 });
    expect(BODY_LIMITS.multipart).toBeGreaterThan(2 * 1024 * 1024);
  });

  it("gives a multipart post to a task page (or the API's upload) the attachment cap, and only there", () => {
    const multipart = "multipart/form-data; boundary=x";
    for (const path of [
      "/app/project/Ab3dEf7hJk/task/Xy9zWv8uTs",
      "/app/project/Ab3dEf7hJk/task/Xy9zWv8uTs.data",
      "/api/v1/tasks/Xy9zWv8uTs/attachments",
    ]) {
      expect(bodyKindOf(multipart, path)).toBe("attachment");
    }
    for (const path of [
      "/app/project/Ab3dEf7hJk",
      "/app/settings",
      "/app/project/a/task/b/delete",
      "/uploads/a",
      "/api/v1/projects/a/tasks",
    ]) {
      expect(bodyKindOf(multipart, path)).toBe("multipart");
    }
    expect(bodyKindOf(form, "/app/project/Ab3dEf7hJk/task/Xy9zWv8uTs")).toBe("form");
    expect(BODY_LIMITS.attachment).toBeGreaterThan(25 * 1024 * 1024);
  });

  it("gives a workspace export to import its own cap", () => {
    const multipart = "multipart/form-data; boundary=x";
    for (const path of ["/app/workspaces/import", "/app/workspaces/import.data", "/app/workspaces/import/"])
      expect(bodyKindOf(multipart, path)).toBe("workspaceImport");
    expect(bodyKindOf(multipart, "/app/workspaces/import/Ab3dEf7hJk")).toBe("multipart");
    expect(BODY_LIMITS.workspaceImport).toBeGreaterThan(1024 * 1024 * 1024);
  });

  it("gives a code host's delivery its own cap, whatever its Content-Type", async () => {
    for (const type of ["application/json", form, undefined]) {
      expect(bodyKindOf(type, "/hooks/code/Ab3dEf7hJk")).toBe("codeHost");
    }
    expect(bodyKindOf("application/json", "/hooks/code/Ab3dEf7hJk/more")).toBe("json");
    expect(BODY_LIMITS.codeHost).toBe(2 * 1024 * 1024);
    const path = "/hooks/code/Ab3dEf7hJk";
    const type = "application/json";
    expect(await send(path, { type, chunks: [Buffer.alloc(2500, 97)] })).toMatchObject({ body: "read 2500" });
    expect(await send(path, { type, chunks: [Buffer.alloc(2000, 97)], contentLength: 3500 })).toMatchObject({
      status: 413,
    });
  });

  it("takes a file up to the attachment cap at the API's upload, and refuses more as problem+json", async () => {
    const type = "multipart/form-data; boundary=x";
    const path = "/api/v1/tasks/Xy9zWv8uTs/attachments";
    expect(await send(path, { type, chunks: [Buffer.alloc(10_000, 97)] })).toMatchObject({ body: "read 10000" });
    const answer = await send(path, { type, chunks: [Buffer.alloc(2000, 97)], contentLength: 30_000 });
    expect(answer.status).toBe(413);
    expect(answer.headers["content-type"]).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 413, title: "Request Too Large" });
  });

  it("lets a body under its cap through, whole", async () => {
    const answer = await send("/company/contact", {
      type: form,
      chunks: [Buffer.alloc(600, 97), Buffer.alloc(400, 98)],
    });
    expect(answer).toMatchObject({ status: 200, body: "read 1000" });
  });

  it("refuses a declared Content-Length over the cap before reading anything", async () => {
    const count = read.length;
    const answer = await send("/company/contact", {
      type: form,
      contentLength: 10 * 1024 * 1024,
      chunks: [Buffer.alloc(2000, 97)],
      headers: { Accept: "text/html" },
    }).catch((error: unknown) => error);
    expect(answer).toMatchObject({ status: 413 });
    const page = (answer as Answer).body;
    expect(page).toContain("<h1>Request Too Large</h1>");
    expect(page).toContain("at most 1 KB");
    expect(read.length).toBe(count); // the app never saw the request
  });

  it("counts a chunked body as it streams and stops reading it at the cap", async () => {
    const chunks = Array.from({ length: 200 }, () => Buffer.alloc(1024, 97)); // 200 KB against 1000 bytes
    const answer = await send("/company/contact", { type: form, chunks }).catch((error: unknown) => error);
    expect(answer).toMatchObject({ status: 413 });
    // The app stopped receiving at the cap: what the client still sends during the linger
    // (server/refuse.ts) is read off the wire and thrown away, never handed to the app.
    const seen = read.at(-1)!;
    expect(seen.bytes).toBeLessThan(LIMITS.form + 64 * 1024);
  });

  it("answers the auth API in its JSON error shape, old and new", async () => {
    const chunks = [Buffer.from(JSON.stringify({ email: "a@example.com", password: "x".repeat(500) }))];
    const legacy = await send("/auth/v1/signup", { type: "application/json", chunks });
    expect(legacy.status).toBe(413);
    expect(JSON.parse(legacy.body)).toEqual({
      code: 413,
      error_code: "request_entity_too_large",
      msg: "Request body too large",
    });
    const modern = await send("/auth/v1/signup", {
      type: "application/json",
      chunks,
      headers: { "X-Supabase-Api-Version": "2024-01-01" },
    });
    expect(JSON.parse(modern.body)).toEqual({ code: "request_entity_too_large", message: "Request body too large" });
    expect(modern.headers["x-sb-error-code"]).toBe("request_entity_too_large");
  });

  it("gives uploads their own, larger cap", async () => {
    const ok = await send("/app/settings", { type: "multipart/form-data; boundary=x", chunks: [Buffer.alloc(4000)] });
    expect(ok.status).toBe(200);
    const tooBig = await send("/app/settings", {
      type: "multipart/form-data; boundary=x",
      chunks: [Buffer.alloc(6000)],
      headers: { Accept: "*/*" },
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toContain("The upload is larger than we accept (at most 5 KB)");
  });

  it("caps a file for a task by the attachment limit, still while it streams", async () => {
    const task = "/app/project/Ab3dEf7hJk/task/Xy9zWv8uTs";
    const type = "multipart/form-data; boundary=x";
    const ok = await send(task, { type, chunks: [Buffer.alloc(8000), Buffer.alloc(8000)] });
    expect(ok).toMatchObject({ status: 200, body: "read 16000" });
    const chunks = Array.from({ length: 100 }, () => Buffer.alloc(1024));
    const tooBig = await send(task, { type, chunks, headers: { Accept: "*/*" } }).catch((error: unknown) => error);
    expect(tooBig).toMatchObject({ status: 413 });
    expect((tooBig as Answer).body).toContain("The file is larger than we accept (at most 20 KB)");
    expect(read.at(-1)!.bytes).toBeLessThan(LIMITS.attachment + 64 * 1024);
  });

  it("leaves GET alone", async () => {
    const answer = await fetch(`${base}/company/contact`);
    expect(answer.status).toBe(200);
  });
});
