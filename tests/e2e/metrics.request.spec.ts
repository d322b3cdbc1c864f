import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { expect, test, type APIRequestContext } from "@playwright/test";
import parsePrometheusTextFormat, { type MetricFamily } from "parse-prometheus-text-format";

import { POSTGRES_URL, withPostgres } from "../setup/postgres";
import { freePort } from "./support/server-process";

/**
 * /metrics scraped from real servers and read with a Prometheus text-format parser: the
 * shared server (embedded database, no METRICS_TOKEN) answers this machine only, and a
 * server of the test's own on PostgreSQL with METRICS_TOKEN asks for the token. Every metric
 * docs/operations.md documents is there.
 */
const root = path.resolve(import.meta.dirname, "../..");
const TOKEN = "metrics-token-for-this-test";

/** The metric names in the first column of docs/operations.md's table. */
function documentedMetrics() {
  const doc = fs.readFileSync(path.join(root, "docs/operations.md"), "utf8");
  const firstCells = doc
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .map((line) => line.split("|")[1] ?? "");
  return firstCells.flatMap((cell) => [...cell.matchAll(/`([a-z_]+)[{`]/g)].flatMap((match) => match[1] ?? []));
}

const POSTGRES_ONLY = /^plotline_db_pool_/;

async function scrape(request: APIRequestContext, url: string, headers: Record<string, string> = {}) {
  const response = await request.get(url, { headers });
  expect(response.status(), await response.text()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/plain; version=0.0.4");
  return new Map(parsePrometheusTextFormat(await response.text()).map((family) => [family.name, family]));
}

function routesOf(family: MetricFamily | undefined) {
  return new Set(family?.metrics.map((sample) => sample.labels?.route));
}

test("the shared server's /metrics answers this machine with every documented metric, by route pattern", async ({
  request,
}) => {
  const documented = documentedMetrics();
  expect(documented.length).toBeGreaterThan(12);
  await request.get("/pricing");
  await request.get("/app/project/Zq8mN2pL4x");

  const families = await scrape(request, "/metrics");
  for (const name of documented) {
    expect(families.has(name), name).toBe(true);
    // The pool's gauges have samples with PostgreSQL only (the embedded database has no pool).
    if (!POSTGRES_ONLY.test(name)) expect(families.get(name)!.metrics.length, name).toBeGreaterThan(0);
  }
  const routes = routesOf(families.get("plotline_http_requests_total"));
  expect(routes).toContain("/pricing");
  expect(routes).toContain("/app/project/:projectId");
  expect([...routes].filter((route) => route?.includes("Zq8mN2pL4x"))).toEqual([]);
  expect(families.get("plotline_http_request_duration_seconds")?.type).toBe("HISTOGRAM");

  // Through a reverse proxy (or from elsewhere) it does not exist.
  expect((await request.get("/metrics", { headers: { "X-Forwarded-For": "203.0.113.7" } })).status()).toBe(404);
});

test("with METRICS_TOKEN, /metrics wants the token, even from this machine, and reports the PostgreSQL pool", async ({
  request,
}) => {
  test.setTimeout(90_000);
  const server = await startServerOnPostgres({ METRICS_TOKEN: TOKEN });
  try {
    const metrics = `${server.url}/metrics`;
    const refusals: Record<string, string>[] = [
      {},
      { Authorization: "Bearer wrong-token-wrong-token" },
      { Authorization: TOKEN }, // not as a bearer token
    ];
    for (const headers of refusals) {
      const refused = await request.get(metrics, { headers });
      expect(refused.status()).toBe(401);
      expect(refused.headers()["www-authenticate"]).toContain("Bearer");
    }
    await request.get(`${server.url}/healthz`);
    const families = await scrape(request, metrics, { Authorization: `Bearer ${TOKEN}` });
    for (const name of documentedMetrics()) expect(families.get(name)?.metrics.length, name).toBeGreaterThan(0);
    const pool = families.get("plotline_db_pool_connections")!.metrics;
    expect(pool.map((sample) => sample.labels?.state).sort()).toEqual(["busy", "idle"]);
    expect(families.get("plotline_db_pool_max_connections")!.metrics[0]?.value).toBe("10");
  } finally {
    await server.stop();
  }
});

/** The built server on a PostgreSQL database of its own, on a free port. */
async function startServerOnPostgres(extraEnv: Record<string, string>) {
  const name = `plotline_metrics_${randomBytes(4).toString("hex")}`;
  await withPostgres((client) => client.query(`create database ${name}`));
  const databaseUrl = new URL(POSTGRES_URL);
  databaseUrl.pathname = `/${name}`;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "plotline-metrics-"));
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    stdio: "ignore",
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl.toString(),
      LOG_LEVEL: "error",
      ...extraEnv,
    },
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    await withPostgres((client) => client.query(`drop database if exists ${name} with (force)`));
  };
  const deadline = Date.now() + 60_000;
  while (
    !(await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop();
      throw new Error("the server on PostgreSQL did not start");
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, stop };
}
