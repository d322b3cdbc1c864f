// What the app benches share (scripts/bench-app.ts, scripts/bench-realtime.ts): a free port,
// the admin connection that makes and drops their databases, signing in through the form,
// stopping a server, reading a process's CPU time and memory from /proc, and the figures.
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

import pg from "pg";

export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
export const PASSWORD = "bench-password-1";

/** What a benched server needs besides its own settings: one client sends thousands of requests a minute. */
export const UNLIMITED = {
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
  RATE_LIMIT_REQUESTS: "1000000",
  RATE_LIMIT_WRITES: "1000000",
  AUTH_RATE_LIMIT_PER_IP: "100000",
  API_RATE_LIMIT: "1000000",
};

/** Waits (3 minutes unless told otherwise: a first start on a loaded machine migrates slowly) until the server at `base` answers its health check. */
export async function untilUp(base: string, seconds = 180) {
  for (let i = 0; i < seconds * 10; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server at ${base} did not start`);
}

export async function admin(run: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

export function freePort() {
  return new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export function stop(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/**
 * Signs in through the form action and keeps the session cookies, then opens the dashboard
 * once as a browser would: the cookies that page clears (the one-time "Signed in" toast)
 * are dropped, so later requests do not show the toast again.
 */
export async function signIn(base: string, email: string) {
  const response = await fetch(`${base}/auth/signin`, {
    method: "POST",
    body: new URLSearchParams({ intent: "password", email, password: PASSWORD }),
    redirect: "manual",
  });
  if (response.status !== 302) throw new Error(`sign-in answered ${response.status}`);
  const cookies = new Map(
    response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0]!.split("="))
      .filter(([name, ...value]) => name && value.join("="))
      .map(([name, ...value]) => [name!, value.join("=")] as const),
  );
  const header = () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  const first = await fetch(`${base}/app/dashboard`, { headers: { Cookie: header() } });
  await first.arrayBuffer();
  for (const cookie of first.headers.getSetCookie()) {
    if (/;\s*max-age=0/i.test(cookie)) cookies.delete(cookie.split("=")[0]!);
  }
  return header();
}

/** User + system CPU time of a process in ms (from /proc; clock ticks, USER_HZ = 100). */
export function cpuMs(pid: number) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** cpuMs of a process's main thread alone: a Node server's request thread. */
export function mainThreadCpuMs(pid: number) {
  const fields = fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** cpuMs of a process and its children (the app processes under a WEB_CONCURRENCY primary). */
export function treeCpuMs(pid: number) {
  let total = cpuMs(pid);
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid) total += cpuMs(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** Resident memory in bytes, from /proc (no inspector). */
export function rss(pid: number) {
  const line = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
  if (!line) throw new Error("no VmRSS");
  return Number(line[1]) * 1024;
}

export function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function ms(value: number) {
  return `${value.toFixed(1)} ms`;
}

/** A bench's own data: a fresh DATA_DIR, and on PostgreSQL a throwaway database beside it. */
export type BenchTarget = {
  databaseUrl?: string;
  dataDir: string;
  /** What a server started on it needs (DATA_DIR, and DATABASE_URL on PostgreSQL). */
  env: Record<string, string>;
  cleanup: () => Promise<void>;
};

/** A target for `engine`, named after the bench (`feed`, `rules`…); null when PostgreSQL is not reachable. */
export async function benchTarget(engine: "pglite" | "postgres", name: string): Promise<BenchTarget | null> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `plotline-bench-${name}-`));
  const removeDir = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (engine === "pglite") return { dataDir, env: { DATA_DIR: dataDir }, cleanup: removeDir };
  const database = `plotline_bench_${name}_${randomBytes(4).toString("hex")}`;
  try {
    await admin((client) => client.query(`create database ${database}`));
  } catch (error) {
    console.error(`PostgreSQL at ${ADMIN_URL} is not reachable, skipping it: ${(error as Error).message}`);
    await removeDir();
    return null;
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  return {
    databaseUrl: url.toString(),
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    cleanup: async () => {
      await admin((client) => client.query(`drop database if exists ${database} with (force)`));
      await removeDir();
    },
  };
}
