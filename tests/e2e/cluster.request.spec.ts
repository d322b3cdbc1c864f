import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

import { expect, request as playwrightRequest, test } from "@playwright/test";
import { POSTGRES_URL, withPostgres } from "../setup/postgres";
import { PASSWORD } from "./support/account";
import { freePort } from "./support/server-process";

/**
 * WEB_CONCURRENCY=2 on PostgreSQL: `node server.js` runs two app processes on one port.
 * The node:cluster primary hands each new connection to the next process, so a tab's
 * presence reports land on either one; the process that does not hold the tab's stream
 * checks the report and passes it on through PostgreSQL, and the stream is told. A stop
 * ends every process. Needs PostgreSQL (TEST_DATABASE_URL, as the integration tests).
 */
const root = path.resolve(import.meta.dirname, "../..");

test("two app processes on one port share presence through PostgreSQL, and stop together", async () => {
  test.setTimeout(90_000);
  const server = await startCluster();
  try {
    expect(childrenOf(server.pid)).toHaveLength(2);

    const api = await playwrightRequest.newContext({ baseURL: server.url });
    const email = `cluster-${randomBytes(4).toString("hex")}@example.com`;
    await api.post("/auth/signup", {
      form: { fullName: "Cluster Tester", email, password: PASSWORD, confirmPassword: PASSWORD },
      maxRedirects: 0,
    });
    const signIn = await api.post("/auth/signin", { form: { intent: "password", email, password: PASSWORD } });
    expect(new URL(signIn.url()).pathname).toBe("/app/dashboard");
    const dashboard = await (await api.get("/app/projects/new")).text();
    const workspaceId = /<option[^>]*value="([\w-]+)"/.exec(dashboard)?.[1];
    const created = await api.post("/app/projects/new", {
      form: { name: "Two processes", workspaceId: workspaceId ?? "", description: "" },
      maxRedirects: 0,
    });
    const project = /\/app\/project\/(\w+)/.exec(created.headers().location ?? "")?.[1];
    expect(project, `the project was created: ${created.status()}`).toBeTruthy();
    const cookie = (await api.storageState()).cookies.map(({ name, value }) => `${name}=${value}`).join("; ");
    await api.dispose();

    const stream = await openStream(server.url, cookie);
    try {
      // Each report on a connection of its own: the primary alternates between the
      // processes, so within a few one reaches the process that does not hold the stream.
      const statuses: number[] = [];
      for (let i = 0; i < 8 && !statuses.includes(202); i++) {
        const status = await postOnNewConnection(`${server.url}/app/presence`, cookie, {
          connectionId: stream.connectionId,
          project: project!,
          task: "",
          idle: i % 2 === 0 ? "true" : "false",
        });
        statuses.push(status);
      }
      expect(statuses, "a report answered by the other process is relayed (202)").toContain(202);
      expect(statuses.every((status) => status === 200 || status === 202)).toBe(true);
      // The relayed report reached the stream's process: the tab is told who views the project.
      await expect
        .poll(() => stream.presence.some((event) => event.project === project && event.viewers.length === 1), {
          timeout: 10_000,
        })
        .toBe(true);
    } finally {
      stream.close();
    }
  } finally {
    const children = childrenOf(server.pid);
    await server.stop();
    expect(children.filter(alive), "every app process stopped with the primary").toEqual([]);
  }
});

type Presence = { project: string; viewers: { name: string }[] };

/** GET /app/events on its own connection: the stream's id from `hello`, and each presence message. */
function openStream(base: string, cookie: string) {
  return new Promise<{ connectionId: string; presence: Presence[]; close(): void }>((resolve, reject) => {
    const presence: Presence[] = [];
    const request = http.get(`${base}/app/events`, { agent: false, headers: { Cookie: cookie } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`the stream answered ${response.statusCode}`));
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
          if (event === "hello") {
            const { connectionId } = JSON.parse(data) as { connectionId: string };
            resolve({ connectionId, presence, close: () => request.destroy() });
          }
          if (event === "presence") presence.push(JSON.parse(data) as Presence);
        }
      });
    });
    request.on("error", reject);
  });
}

function postOnNewConnection(url: string, cookie: string, form: Record<string, string>) {
  return new Promise<number>((resolve, reject) => {
    const body = new URLSearchParams(form).toString();
    const request = http.request(
      url,
      {
        method: "POST",
        agent: false,
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** The built server with WEB_CONCURRENCY=2 on a database of its own, on a free port. */
async function startCluster() {
  const name = `plotline_cluster_${randomBytes(4).toString("hex")}`;
  await withPostgres((client) => client.query(`create database ${name}`));
  const databaseUrl = new URL(POSTGRES_URL);
  databaseUrl.pathname = `/${name}`;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "plotline-cluster-"));
  const child: ChildProcess = spawn(process.execPath, ["server.js"], {
    cwd: root,
    stdio: ["ignore", "pipe", "ignore"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl.toString(),
      WEB_CONCURRENCY: "2",
      AUTH_AUTOCONFIRM: "true",
      AUTH_PASSWORD_HASH_COST: "4",
      LOG_LEVEL: "error",
    },
  });
  // The primary says so once both processes listen (the second starts after the first).
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += String(chunk)));
  const deadline = Date.now() + 60_000;
  while (!output.includes("runs 2 app processes")) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the server did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
      await withPostgres((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** The processes whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number) {
  return fs.readdirSync("/proc").flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid ? [Number(entry)] : [];
    } catch {
      return []; // gone meanwhile
    }
  });
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
