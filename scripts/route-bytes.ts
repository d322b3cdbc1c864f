// `npm run bench:bytes`: the JavaScript each page's server HTML names (its module preloads,
// the entry and the route chunks), gzipped, as `npm run bench` counts it for the public
// pages: what a first visit downloads before it is interactive. Needs `npm run build`.
// Seeds a fresh PGlite data directory (one account, a project of BENCH_BYTES_TASKS tasks,
// 200 by default), starts the production server on it and signs in through the form.
// `--files` lists each page's scripts, largest first; `--browser` also opens each page in
// Chromium and counts every script it loads until the network is idle (the code of the
// views loaded on demand, and what is fetched when the browser is idle, included), and
// prints what the console reported as errors (a Content-Security-Policy report, say);
// `--compression` times the page compression's levels on the board's `.data` answer and HTML.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";

import { chromium } from "@playwright/test";
import { sql } from "drizzle-orm";

import { db, setDatabase } from "~/.server/db";
import { prepareDatabase } from "~/.server/boot/database";
import { openDatabase } from "~/.server/db/client";
import { seedBench } from "~/.server/demo/seed";
import { HEADLESS_SHELL } from "../tests/e2e/support/browsers";
import * as bench from "./bench-support";
import { seedTaskProject } from "./bench-seed";

const root = path.resolve(import.meta.dirname, "..");
const TASKS = Number(process.env.BENCH_BYTES_TASKS ?? 200);
const EMAIL = "bytes@bench.local";
const listFiles = process.argv.includes("--files");
const compressionLevels = process.argv.includes("--compression");
const inBrowser = process.argv.includes("--browser");
/** What the browser's console said as an error (a CSP report, say) while `--browser` loaded the pages. */
const consoleErrors: string[] = [];

if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "plotline-bytes-"));
const projectId = await seed();
const port = await bench.freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ["server.js"], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), APP_URL: base, ...bench.UNLIMITED },
  stdio: ["ignore", "ignore", "inherit"],
});
try {
  await bench.untilUp(base);
  const cookie = await bench.signIn(base, EMAIL);
  const project = `/app/project/${projectId}`;
  const pages: [string, string, boolean][] = [
    ["landing", "/", false],
    ["pricing", "/pricing", false],
    ["blog", "/resources/blog", false],
    ["dashboard", "/app/dashboard", true],
    ["board", `${project}?view=board`, true],
    ["list", `${project}?view=list`, true],
    ["calendar", `${project}?view=calendar`, true],
    ["mind map", `${project}?view=mindmap`, true],
  ];
  const sizes = new Map<string, number>();
  const rows: string[] = [];
  const details: string[] = [];
  for (const [name, url, signedIn] of pages) {
    const scripts = await scriptsOf(url, signedIn ? cookie : "");
    let total = 0;
    for (const script of scripts) {
      if (!sizes.has(script)) {
        const bytes = Buffer.from(await (await fetch(`${base}${script}`)).arrayBuffer());
        sizes.set(script, zlib.gzipSync(bytes).length);
      }
      total += sizes.get(script)!;
    }
    let loaded = "";
    const extra: string[] = [];
    if (inBrowser) {
      let sum = 0;
      for (const script of await loadedInBrowser(url, signedIn ? cookie : "")) {
        if (!sizes.has(script)) {
          const bytes = Buffer.from(await (await fetch(`${base}${script}`)).arrayBuffer());
          sizes.set(script, zlib.gzipSync(bytes).length);
        }
        sum += sizes.get(script)!;
        if (!scripts.includes(script)) extra.push(script);
      }
      loaded = ` ${kb(sum)} |`;
    }
    rows.push(`| ${name} | ${scripts.length} | ${kb(total)} |${loaded}`);
    if (listFiles) {
      details.push(`\n${name} (${url.replace(projectId, "…")}):`);
      for (const script of [...scripts].sort((a, b) => sizes.get(b)! - sizes.get(a)!))
        details.push(`  ${kb(sizes.get(script)!).padStart(9)}  ${script}`);
      for (const script of extra) details.push(`  ${kb(sizes.get(script)!).padStart(9)}  ${script} (loaded later)`);
    }
  }
  console.log(`\nJavaScript each page's HTML names (module preloads, entry, route chunks), gzipped (level 6):\n`);
  console.log(
    `| page | scripts | JavaScript (gzip) |${inBrowser ? " loaded in Chromium till the network is idle |" : ""}`,
  );
  console.log(`|---|---|---|${inBrowser ? "---|" : ""}`);
  for (const row of rows) console.log(row);
  for (const line of details) console.log(line);
  if (inBrowser)
    console.log(`\nConsole errors in Chromium: ${consoleErrors.length ? `\n${consoleErrors.join("\n")}` : "none"}`);
  if (compressionLevels) {
    await levels(`${project}.data?view=board`, cookie, `the board's .data answer (${TASKS} tasks)`);
    await levels(`${project}?view=board`, cookie, "the board's HTML");
  }
} finally {
  await bench.stop(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** The scripts a page's HTML names: `<script src>`, `<link rel=modulepreload>` and the inline entry's `import()`s. */
async function scriptsOf(url: string, cookie: string) {
  const response = await fetch(`${base}${url}`, { headers: cookie ? { Cookie: cookie } : {} });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const html = await response.text();
  const scripts = new Set(
    [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!),
  );
  for (const match of html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g)) scripts.add(match[1]!);
  return [...scripts];
}

/** The scripts Chromium fetches for a page until its network has been idle for half a second. */
async function loadedInBrowser(url: string, cookie: string) {
  const browser = await chromium.launch(HEADLESS_SHELL);
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    if (cookie)
      await context.addCookies(
        cookie.split("; ").map((pair) => {
          const at = pair.indexOf("=");
          return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
        }),
      );
    const page = await context.newPage();
    const scripts = new Set<string>();
    // Chromium reports a refused `eval` to the page (and to Lighthouse), not always to the console.
    await page.addInitScript(() =>
      document.addEventListener("securitypolicyviolation", (event) =>
        console.error(`securitypolicyviolation: ${event.violatedDirective} ${event.blockedURI}`),
      ),
    );
    page.on("console", (message) => {
      if (message.type() === "error")
        consoleErrors.push(`${url.replace(/project\/\w+/, "project/…")}: ${message.text()}`);
    });
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith("/assets/") && pathname.endsWith(".js")) scripts.add(pathname);
    });
    await page.goto(`${base}${url}`, { waitUntil: "networkidle" });
    return [...scripts];
  } finally {
    await browser.close();
  }
}

/** Size and CPU of gzip at the levels worth considering for a response compressed on every request. */
async function levels(url: string, cookie: string, what: string) {
  const body = Buffer.from(await (await fetch(`${base}${url}`, { headers: { Cookie: cookie } })).arrayBuffer());
  console.log(`\n${what}: ${kb(body.length)} uncompressed\n`);
  console.log("| encoding | size | ratio | CPU per response (mean of 200) |");
  console.log("|---|---|---|---|");
  const encoders: [string, (input: Buffer) => Buffer][] = [
    ...[1, 3, 4, 6, 9].map(
      (level) =>
        [`gzip ${level}`, (input: Buffer) => zlib.gzipSync(input, { level })] as [string, (b: Buffer) => Buffer],
    ),
    ...[3, 4, 5].map(
      (quality) =>
        [
          `brotli ${quality}`,
          (input: Buffer) =>
            zlib.brotliCompressSync(input, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } }),
        ] as [string, (b: Buffer) => Buffer],
    ),
  ];
  for (const [name, encode] of encoders) {
    for (let i = 0; i < 20; i++) encode(body);
    const started = process.cpuUsage();
    let size = 0;
    for (let i = 0; i < 200; i++) size = encode(body).length;
    const used = process.cpuUsage(started);
    const perResponse = (used.user + used.system) / 1000 / 200;
    console.log(`| ${name} | ${kb(size)} | ${(body.length / size).toFixed(1)}× | ${perResponse.toFixed(2)} ms |`);
  }
}

/** One account with a project of TASKS tasks, written before the server starts (PGlite takes one process). */
async function seed() {
  process.env.DATA_DIR = dataDir;
  const handle = await openDatabase({ databaseUrl: undefined, dataDir });
  await prepareDatabase(handle);
  setDatabase(handle);
  try {
    const seeded = await seedBench({ email: EMAIL, password: bench.PASSWORD, workspaceCount: 1, projectCount: 3 });
    const id = await seedTaskProject(seeded, "Bytes Board", TASKS);
    await db().execute(sql`analyze`);
    return id;
  } finally {
    setDatabase(undefined);
    await handle.close();
  }
}

function kb(bytes: number) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
