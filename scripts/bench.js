// `npm run bench`: figures the issues ask for, measured against the production build on
// this machine. Prints a Markdown table; copy it into BENCHMARKS.md with the date.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

const root = path.resolve(import.meta.dirname, "..");
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
// Under the service's per-IP limit of 150 token requests per 5 minutes.
const SIGN_INS = 100;

if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}

const port = await new Promise((resolve) => {
  const probe = net.createServer().listen(0, "127.0.0.1", () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "plotline-bench-"));
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ["server.js"], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    // One client sends thousands of requests a minute: the per-address tiers would refuse them.
    RATE_LIMIT_REQUESTS: "1000000",
    RATE_LIMIT_WRITES: "1000000",
    AUTH_RATE_LIMIT_PER_IP: "100000",
    AUTH_AUTOCONFIRM: "true",
  },
  stdio: ["ignore", "ignore", "inherit"],
});

try {
  await waitForServer(`${base}/healthz`);
  const rows = [];
  for (const pagePath of ["/", "/pricing", "/resources/documentation", "/resources/blog"]) {
    const timings = await measure(`${base}${pagePath}`, REQUESTS);
    const js = await shippedJavaScript(`${base}${pagePath}`);
    rows.push([pagePath, ms(percentile(timings, 50)), ms(percentile(timings, 99)), `${(js / 1024).toFixed(1)} KB`]);
  }
  console.log(
    `\nServer response time over ${REQUESTS} sequential GETs each (after 20 warm-up requests), and the JavaScript a first visit downloads (gzipped).\n`,
  );
  console.log("| page | p50 | p99 | JavaScript (gzip) |");
  console.log("|---|---|---|---|");
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
  const signIn = await measureSignIn(SIGN_INS);
  console.log(`\nSign-in: ${SIGN_INS} password sign-ins through the /auth/signin form action (plain POST):`);
  console.log(`p50 ${ms(percentile(signIn, 50))}, p99 ${ms(percentile(signIn, 99))}`);
  console.log(`bcrypt cost 10 (bcryptjs), one hash: ${ms(await hashCost())} (mean of 10)`);
  console.log(
    `\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, embedded PGlite.`,
  );
} finally {
  server.kill("SIGTERM");
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** Signs one user up (auto-confirmed), then times the sign-in form's action. */
async function measureSignIn(count) {
  const email = `bench-${Date.now()}@example.com`;
  const password = "bench-password-1";
  const signup = await fetch(`${base}/auth/v1/signup`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!signup.ok) throw new Error(`sign-up failed: ${signup.status} ${await signup.text()}`);
  const timings = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(`${base}/auth/signin`, {
      method: "POST",
      body: new URLSearchParams({ intent: "password", email, password }),
      redirect: "manual",
    });
    await response.arrayBuffer();
    timings.push(performance.now() - started);
    if (response.status !== 302) throw new Error(`sign-in answered ${response.status}`);
  }
  return timings.sort((a, b) => a - b);
}

async function hashCost() {
  const { default: bcrypt } = await import("bcryptjs");
  const started = performance.now();
  for (let i = 0; i < 10; i++) await bcrypt.hash("bench-password-1", 10);
  return (performance.now() - started) / 10;
}

async function waitForServer(url) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("server did not start");
}

async function measure(url, count) {
  for (let i = 0; i < 20; i++) await (await fetch(url)).arrayBuffer();
  const timings = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await (await fetch(url)).arrayBuffer();
    timings.push(performance.now() - started);
  }
  return timings.sort((a, b) => a - b);
}

/** Sum of the gzipped sizes of the scripts and module preloads the page's HTML names. */
async function shippedJavaScript(url) {
  const html = await (await fetch(url)).text();
  const sources = new Set(
    [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]),
  );
  for (const match of html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g)) sources.add(match[1]);
  let total = 0;
  for (const source of sources)
    total += gzipSync(Buffer.from(await (await fetch(`${base}${source}`)).arrayBuffer())).length;
  return total;
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function ms(value) {
  return `${value.toFixed(1)} ms`;
}
