import http from "node:http";

import { expect, test } from "@playwright/test";

import { listeningPid, residentBytes } from "./support/server-process";

/**
 * Issue 10: one 300 MB form post grew the server by gigabytes. Over-limit bodies, to a
 * public form, to the auth API and to an upload, are refused with 413 while they stream,
 * and the server's memory stays where it was. Requests only, no browser.
 */
// One after the other: the 25 MB upload below must not run while the memory test measures.
test.describe.configure({ mode: "serial" });

const MB = 1024 * 1024;
const SENT = 300 * MB;

type Outcome = { status: number; body: string; sentBytes: number };

/**
 * Streams `total` bytes to `path` in 1 MB chunks, chunked (counted by the server as they
 * arrive) or with the length declared up front, and resolves with the answer. The server
 * stops reading a refused body, so writing on fails: that is expected and ignored.
 */
function streamBody(
  baseURL: string,
  path: string,
  options: { contentType: string; total: number; declareLength: boolean; headers?: Record<string, string> },
) {
  return new Promise<Outcome>((resolve, reject) => {
    let sentBytes = 0;
    let answered = false;
    const request = http.request(new URL(path, baseURL), {
      method: "POST",
      agent: false,
      headers: {
        "Content-Type": options.contentType,
        Accept: "text/html",
        ...(options.declareLength ? { "Content-Length": String(options.total) } : {}),
        ...options.headers,
      },
    });
    request.on("response", (response) => {
      answered = true;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      const done = () => {
        resolve({ status: response.statusCode ?? 0, body, sentBytes });
        request.destroy();
      };
      response.on("end", done);
      response.on("error", done);
    });
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(MB, "a");
    const write = () => {
      while (!answered && sentBytes < options.total) {
        sentBytes += chunk.length;
        if (!request.write(chunk)) {
          request.once("drain", write);
          return;
        }
      }
      if (!answered) request.end();
    };
    write();
  });
}

test("over-limit bodies get 413 and the server's memory does not grow with them", async ({ request, baseURL }) => {
  // Once per run: with browser projects this file would otherwise run in each, at the same time.
  test.skip(test.info().project.use.javaScriptEnabled === false, "runs in one project only");
  test.setTimeout(120_000);
  const url = baseURL!;
  const pid = listeningPid(Number(new URL(url).port));

  // Warm up the routes involved, so what they load once is not counted as growth.
  expect((await request.get("/company/contact")).status()).toBe(200);
  expect((await request.post("/auth/v1/signup", { data: {} })).status()).toBeLessThan(500);
  const before = residentBytes(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentBytes(pid));
  }, 25);

  try {
    const cases = [
      { path: "/company/contact", contentType: "application/x-www-form-urlencoded", declareLength: false },
      { path: "/company/contact", contentType: "application/x-www-form-urlencoded", declareLength: true },
      { path: "/auth/v1/signup", contentType: "application/json", declareLength: false },
      { path: "/auth/v1/signup", contentType: "application/json", declareLength: true },
      { path: "/app/settings", contentType: "multipart/form-data; boundary=----plotline", declareLength: false },
    ];
    for (const { path, contentType, declareLength } of cases) {
      const outcome = await streamBody(url, path, { contentType, total: SENT, declareLength });
      const label = `${path} (${declareLength ? "Content-Length" : "chunked"})`;
      expect(outcome.status, label).toBe(413);
      // Refused long before the end: the client had sent a fraction of its 300 MB.
      expect(outcome.sentBytes, label).toBeLessThan(SENT);
      if (path.startsWith("/auth/v1/")) {
        expect(JSON.parse(outcome.body), label).toEqual({
          code: 413,
          error_code: "request_entity_too_large",
          msg: "Request body too large",
        });
      } else {
        expect(outcome.body, label).toContain("Request Too Large");
      }
    }
  } finally {
    clearInterval(sampler);
  }

  const after = residentBytes(pid);
  const growth = (after - before) / MB;
  const peakGrowth = (peak - before) / MB;
  test.info().annotations.push({
    type: "memory",
    description: `RSS before ${Math.round(before / MB)} MB, after ${Math.round(after / MB)} MB, peak ${Math.round(peak / MB)} MB`,
  });
  expect(growth, "RSS growth after the refused bodies, in MB").toBeLessThan(50);
  expect(peakGrowth, "RSS growth at its peak while they streamed, in MB").toBeLessThan(50);

  // The server still answers, and an ordinary post still works.
  expect((await request.get("/healthz")).status()).toBe(200);
  const small = await request.post("/auth/v1/signup", { data: { email: "not-an-address" } });
  expect(small.status()).toBeGreaterThanOrEqual(400);
  expect(small.status()).not.toBe(413);
});

test("a task page takes a file of up to 25 MB, and refuses a larger one while it streams", async ({ baseURL }) => {
  test.skip(test.info().project.use.javaScriptEnabled === false, "runs in one project only");
  // Not in the memory test above: the body is read into memory up to its 25 MB cap before
  // it is refused (no streaming multipart parser yet), which that test's budget cannot hold.
  const path = "/app/project/AAAAAAAAAA/task/AAAAAAAAAA";
  const contentType = "multipart/form-data; boundary=----plotline";
  for (const declareLength of [false, true]) {
    const outcome = await streamBody(baseURL!, path, { contentType, total: 40 * MB, declareLength });
    expect(outcome.status).toBe(413);
    expect(outcome.body).toContain("The file is larger than we accept (at most 25.3 MB)");
    expect(outcome.sentBytes).toBeLessThan(40 * MB);
  }
});
