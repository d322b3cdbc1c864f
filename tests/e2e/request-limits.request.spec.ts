import net from "node:net";

import { expect, test } from "@playwright/test";

import { residentBytes, startOwnServer } from "./support/server-process";

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
 * arrive) or with the length declared up front, and resolves with the answer. A raw socket,
 * not node:http: the server answers and closes while the body is still coming, and the HTTP
 * client then often reports the failed write (EPIPE, ECONNRESET) instead of the answer it
 * had already received. Here writing stops at the first failure and whatever the server
 * sent is read to its end.
 */
function streamBody(
  baseURL: string,
  path: string,
  options: { contentType: string; total: number; declareLength: boolean; headers?: Record<string, string> },
) {
  return new Promise<Outcome>((resolve, reject) => {
    const url = new URL(path, baseURL);
    const socket = net.connect(Number(url.port), url.hostname);
    let sentBytes = 0;
    let writable = true;
    const received: Buffer[] = [];
    const headers = {
      Host: url.host,
      "Content-Type": options.contentType,
      Accept: "text/html",
      ...(options.declareLength ? { "Content-Length": String(options.total) } : { "Transfer-Encoding": "chunked" }),
      ...options.headers,
    };
    const head = `POST ${url.pathname}${url.search} HTTP/1.1\r\n${Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join("")}\r\n`;
    const chunk = Buffer.alloc(MB, "a");
    const framed = options.declareLength
      ? chunk
      : Buffer.concat([Buffer.from(`${MB.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]);
    const write = () => {
      while (writable && sentBytes < options.total) {
        sentBytes += chunk.length;
        if (!socket.write(framed)) {
          socket.once("drain", write);
          return;
        }
      }
      if (writable && !options.declareLength) socket.write("0\r\n\r\n");
    };
    const finish = () => {
      const raw = Buffer.concat(received);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw.toString("latin1", 0, 20))?.[1] ?? 0);
      if (!status) return reject(new Error(`no answer after ${sentBytes} bytes`));
      resolve({ status, body: decodeBody(raw), sentBytes });
    };
    socket.on("data", (data: Buffer) => {
      received.push(data);
      writable = false;
      // The whole answer is here: no need to wait the seconds the server lets a refused
      // client linger before it closes.
      if (isComplete(Buffer.concat(received))) {
        socket.destroy();
        finish();
      }
    });
    socket.on("error", () => (writable = false));
    socket.on("close", finish);
    socket.once("connect", () => {
      socket.write(head);
      write();
    });
    // The answer is complete once the server closes or its body has arrived.
    socket.setTimeout(60_000, () => socket.destroy());
  });
}

/** Whether a raw HTTP/1.1 answer has arrived to the end of its body (by length, or the last chunk). */
function isComplete(raw: Buffer) {
  const split = raw.indexOf("\r\n\r\n");
  if (split < 0) return false;
  const head = raw.subarray(0, split).toString("latin1");
  const body = raw.subarray(split + 4);
  const length = /^content-length: *(\d+)/im.exec(head)?.[1];
  if (length !== undefined) return body.length >= Number(length);
  return (
    /^transfer-encoding: *chunked/im.test(head) && (body.indexOf("0\r\n\r\n") === 0 || body.includes("\r\n0\r\n\r\n"))
  );
}

/** The body of a raw HTTP/1.1 answer, de-chunked when it came in chunks. */
function decodeBody(raw: Buffer) {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.subarray(0, split).toString("latin1");
  let body = raw.subarray(split + 4);
  if (!/transfer-encoding: chunked/i.test(head)) return body.toString("utf8");
  const parts: Buffer[] = [];
  for (;;) {
    const line = body.indexOf("\r\n");
    const size = parseInt(body.subarray(0, line).toString("latin1"), 16);
    if (!size) break;
    parts.push(body.subarray(line + 2, line + 2 + size));
    body = body.subarray(line + 2 + size + 2);
  }
  return Buffer.concat(parts).toString("utf8");
}

/** Sends each over-limit body, sampling the server's memory, then checks it still serves. */
async function refusesWithoutGrowing(url: string, pid: number) {
  const post = (path: string, body: unknown) =>
    fetch(`${url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });

  // Warm up the routes involved, so what they load once is not counted as growth.
  expect((await fetch(`${url}/company/contact`)).status).toBe(200);
  expect((await post("/auth/v1/signup", {})).status).toBeLessThan(500);
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
  expect((await fetch(`${url}/healthz`)).status).toBe(200);
  const small = await post("/auth/v1/signup", { email: "not-an-address" });
  expect(small.status).toBeGreaterThanOrEqual(400);
  expect(small.status).not.toBe(413);
}

test("over-limit bodies get 413 and the server's memory does not grow with them", async () => {
  // Once per run: with browser projects this file would otherwise run in each, at the same time.
  test.skip(test.info().project.use.javaScriptEnabled === false, "runs in one project only");
  test.setTimeout(120_000);
  // A server of its own: the shared one's memory moves with the other worker's pages.
  const server = await startOwnServer();
  try {
    await refusesWithoutGrowing(server.url, server.pid);
  } finally {
    await server.stop();
  }
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
