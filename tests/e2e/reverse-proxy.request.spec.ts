import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import os from "node:os";
import path from "node:path";

import { expect, request as playwrightRequest, test } from "@playwright/test";
import { POSTGRES_URL, withPostgres } from "../setup/postgres";
import { PASSWORD } from "./support/account";
import { findNginx, SITE_CONFIG, startNginx } from "./support/nginx";
import { freePort } from "./support/server-process";

/**
 * The deployment docs/deploy.md describes, run for real: Debian's nginx with deploy/nginx.conf
 * (TLS, a self-signed certificate) in front of two app processes on one PostgreSQL, sharing
 * DATA_DIR and SESSION_SECRET, with TRUSTED_PROXIES naming nginx. Everything goes through
 * nginx: sign-in, a form post, an attachment up and down again, the real-time stream (an
 * event made by another request reaches it while it stays open: not buffered), presence,
 * each client address its own rate-limit bucket, and the local outbox closed.
 */
const root = path.resolve(import.meta.dirname, "../..");

// Run after the test even when it timed out (its own `finally` would not): nothing is left running.
const cleanups: (() => Promise<unknown>)[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

test("docs/deploy.md shows the very nginx configuration this test runs", () => {
  const documented = fs.readFileSync(path.join(root, "docs/deploy.md"), "utf8");
  expect(documented).toContain(fs.readFileSync(SITE_CONFIG, "utf8").trimEnd());
});

test("nginx in front of two app processes on PostgreSQL", async () => {
  test.setTimeout(120_000);
  if (!findNginx()) {
    // scripts/e2e.js installs it when it runs as root; CI must not pass without it.
    test.skip(!process.env.CI, "nginx is not installed (apt-get install nginx): the reverse-proxy test is skipped");
    throw new Error("nginx is not installed (apt-get install nginx)");
  }
  const ports = [await freePort(), await freePort()];
  const nginx = await startNginx({ upstreams: ports });
  cleanups.push(() => nginx.stop());
  const apps = await startApps(ports, nginx.url);
  const api = await playwrightRequest.newContext({ baseURL: nginx.url, ignoreHTTPSErrors: true });
  cleanups.push(() => api.dispose());
  {
    // Sign-up and sign-in (AUTH_AUTOCONFIRM): the session cookie is Secure, APP_URL being https.
    const email = `proxy-${randomBytes(4).toString("hex")}@example.com`;
    await api.post("/auth/signup", {
      form: { fullName: "Proxy Tester", email, password: PASSWORD, confirmPassword: PASSWORD },
      maxRedirects: 0,
    });
    const signIn = await api.post("/auth/signin", { form: { intent: "password", email, password: PASSWORD } });
    expect(new URL(signIn.url()).pathname).toBe("/app/dashboard");
    const cookies = (await api.storageState()).cookies;
    expect(cookies.some((cookie) => cookie.secure)).toBe(true);
    const cookie = cookies.map(({ name, value }) => `${name}=${value}`).join("; ");

    // The real-time stream, open through nginx while another request makes an event.
    const stream = await openStream(nginx.httpsPort, cookie);
    cleanups.push(async () => stream.close());
    await expect
      .poll(() => stream.connectionId, {
        message: "the stream's first event came through nginx (not held in a buffer)",
      })
      .not.toBe("");
    let project: string;
    try {
      const form = await (await api.get("/app/projects/new")).text();
      const workspaceId = /<option[^>]*value="([\w-]+)"/.exec(form)?.[1] ?? "";
      const created = await api.post("/app/projects/new", {
        form: { name: "Behind nginx", workspaceId, description: "" },
        maxRedirects: 0,
      });
      expect(created.status()).toBe(302);
      expect(created.headers().location).toMatch(/^\/app\/project\/\w+$/);
      project = /\/app\/project\/(\w+)/.exec(created.headers().location!)![1]!;
      // Waiting with the default timeout, not a stopwatch: a buffered stream never delivers it while open.
      await expect
        .poll(() => stream.changes.some((change) => change.project === project || change.id === project))
        .toBe(true);

      // Presence: reports land on either process (round robin); the stream's own is told.
      for (let i = 0; i < 4; i++) {
        const report = await api.post("/app/presence", {
          form: { connectionId: stream.connectionId, project, task: "", idle: i % 2 === 0 ? "true" : "false" },
        });
        expect([200, 202]).toContain(report.status());
      }
      await expect
        .poll(() => stream.presence.some((event) => event.project === project && event.viewers.length === 1))
        .toBe(true);
    } finally {
      stream.close();
    }

    // An attachment (multipart) up through nginx and down again, byte for byte.
    const board = await (await api.get(`/app/project/${project}?view=board`)).text();
    const statusId = /name="statusId" value="([\w-]+)"/.exec(board)?.[1];
    expect(statusId, "the board's quick-add form").toBeTruthy();
    await api.post(`/app/project/${project}`, {
      form: { intent: "create-task", statusId: statusId!, title: "Proxied task" },
      maxRedirects: 0,
    });
    const withTask = await (await api.get(`/app/project/${project}?view=board`)).text();
    const task = new RegExp(`/app/project/${project}/task/([\\w-]+)`).exec(withTask)?.[1];
    expect(task, "the task was created").toBeTruthy();
    const file = randomBytes(1_500_000);
    const uploaded = await api.post(`/app/project/${project}/task/${task}`, {
      multipart: {
        intent: "upload-attachment",
        file: { name: "drawing.bin", mimeType: "application/octet-stream", buffer: file },
      },
      maxRedirects: 0,
    });
    expect(uploaded.status(), await uploaded.text()).toBeLessThan(400);
    const taskPage = await (await api.get(`/app/project/${project}/task/${task}`)).text();
    const link = new RegExp(`/app/project/${project}/task/${task}/attachment/[\\w-]+`).exec(taskPage)?.[0];
    expect(link, "the attachment is listed").toBeTruthy();
    const downloaded = await api.get(link!);
    expect(downloaded.status()).toBe(200);
    expect(sha256(await downloaded.body())).toBe(sha256(file));

    // Each client address its own bucket (RATE_LIMIT_EXPENSIVE=3 searches a minute, shared by
    // both processes through PostgreSQL): 127.0.0.2 runs out, 127.0.0.3 is still served, and
    // an X-Forwarded-For of the client's own making does not get it a new one.
    const search = (from: string, headers: Record<string, string> = {}) =>
      get(nginx.httpsPort, `/app/search?q=cogs`, { localAddress: from, headers });
    const first = [];
    for (let i = 0; i < 4; i++) first.push(await search("127.0.0.2"));
    expect(first.slice(0, 3).every((status) => status !== 429)).toBe(true);
    expect(first[3]).toBe(429);
    expect(await search("127.0.0.2", { "X-Forwarded-For": "198.51.100.7" })).toBe(429);
    expect(await search("127.0.0.3")).not.toBe(429);

    // The local outbox holds sign-in links: never through a proxy.
    expect([403, 404]).toContain((await api.get("/dev/mail")).status());
    // Plain HTTP goes to HTTPS.
    expect(await get(nginx.httpPort, "/", { plain: true })).toBe(301);

    const errors = apps.errors();
    expect(errors, "the app processes logged no error").toEqual([]);
    expect(nginx.errorLog(), "nginx logged no error").not.toMatch(/\[(error|crit|alert|emerg)\]/);
  }
});

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

/** A GET through nginx from a chosen loopback address; its status. */
function get(
  port: number,
  pathname: string,
  options: { localAddress?: string; headers?: Record<string, string>; plain?: boolean },
) {
  return new Promise<number>((resolve, reject) => {
    const request = (options.plain ? http.get : https.get)(
      {
        host: "127.0.0.1",
        port,
        path: pathname,
        localAddress: options.localAddress,
        rejectUnauthorized: false,
        servername: "localhost",
        agent: false,
        headers: { Host: `localhost:${port}`, ...options.headers },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
  });
}

type Change = { id: string; project: string | null };
type Presence = { project: string; viewers: { name: string }[] };

/** GET /app/events through nginx: the stream's id from `hello`, then its change and presence messages. */
function openStream(port: number, cookie: string) {
  type Stream = { connectionId: string; changes: Change[]; presence: Presence[]; close(): void };
  return new Promise<Stream>((resolve, reject) => {
    const stream: Stream = { connectionId: "", changes: [], presence: [], close: () => request.destroy() };
    const request = https.get(
      {
        host: "127.0.0.1",
        port,
        path: "/app/events",
        rejectUnauthorized: false,
        servername: "localhost",
        agent: false,
        headers: { Host: `localhost:${port}`, Cookie: cookie, Accept: "text/event-stream" },
      },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`the stream answered ${response.statusCode}`));
        resolve(stream);
        let buffer = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (!data) continue;
            if (event === "hello") stream.connectionId = (JSON.parse(data) as { connectionId: string }).connectionId;
            if (event === "change") stream.changes.push(JSON.parse(data) as Change);
            if (event === "presence") stream.presence.push(JSON.parse(data) as Presence);
          }
        });
      },
    );
    request.on("error", reject);
  });
}

/** Two app processes on `ports`, one PostgreSQL database of their own, one DATA_DIR (uploads, secrets). */
async function startApps(ports: number[], appUrl: string) {
  const name = `plotline_proxy_${randomBytes(4).toString("hex")}`;
  await withPostgres((client) => client.query(`create database ${name}`));
  const databaseUrl = new URL(POSTGRES_URL);
  databaseUrl.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "plotline-proxy-"));
  const children: ChildProcess[] = [];
  const errors: string[] = [];
  const start = async (port: number) => {
    const child = spawn(process.execPath, ["server.js"], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        APP_URL: appUrl,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl.toString(),
        SESSION_SECRET: "a-session-secret-shared-by-every-process",
        TRUSTED_PROXIES: "127.0.0.1",
        RATE_LIMIT_EXPENSIVE: "3",
        AUTH_AUTOCONFIRM: "true",
        AUTH_PASSWORD_HASH_COST: "4",
        SMTP_URL: "",
        LOG_LEVEL: "warn",
      },
    });
    children.push(child);
    let output = "";
    const watch = (chunk: Buffer) => {
      output += String(chunk);
      for (const line of String(chunk).split("\n")) {
        if (/"level":(5|6)\d/.test(line)) errors.push(line);
      }
    };
    child.stdout!.on("data", watch);
    child.stderr!.on("data", watch);
    const deadline = Date.now() + 60_000;
    while (!output.includes("Plotline is ready")) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the app did not start: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const stop = async () => {
    await Promise.all(
      children.map(async (child) => {
        if (child.exitCode !== null) return;
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }),
    );
    fs.rmSync(dataDir, { recursive: true, force: true });
    await withPostgres((client) => client.query(`drop database if exists ${name} with (force)`));
  };
  cleanups.push(stop);
  // The first migrates the database; the second starts on it.
  await start(ports[0]!);
  await start(ports[1]!);
  return { errors: () => errors };
}
