// `npm run bench:lighthouse`: Lighthouse (mobile, its default simulated throttling) on the
// public pages issue 31 names and on a signed-in Board of 200 tasks. Needs `npm run build`;
// builds nothing. Seeds a fresh PGlite data directory (one account, a project of
// BENCH_LIGHTHOUSE_TASKS tasks, 200 by default), starts the production server on a free
// port, signs in through the form and hands the session cookie to Lighthouse as a header.
// Each page is measured BENCH_LIGHTHOUSE_RUNS times (3) in a fresh Chromium
// (CHROMIUM, /usr/bin/chromium by default) and the medians are printed as a Markdown table.
// BENCH_LIGHTHOUSE_PAGES=landing,board picks pages; BENCH_LIGHTHOUSE_REPORTS=DIR keeps each
// run's JSON report (its audits say where the time goes). `npm run bench:lighthouse -- <A> <B>`
// compares two checkouts (each with its `npm run build`): one server each on copies of the
// same data, their runs alternating, so the machine's drift falls on both alike.
// For the public pages, whose scripts wait for the first interaction (decision 039), it also
// times what that interaction then costs: from a key press to the page hydrated, in Chromium
// slowed as Lighthouse's mobile profile assumes (CPU 4×, 150 ms and 1.6 Mbit/s).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import * as chromeLauncher from "chrome-launcher";
import { sql } from "drizzle-orm";
import lighthouse from "lighthouse";
import { chromium } from "playwright";

import { db, setDatabase } from "~/.server/db";
import { prepareDatabase } from "~/.server/boot/database";
import { openDatabase } from "~/.server/db/client";
import { seedBench } from "~/.server/demo/seed";
import * as bench from "./bench-support";
import { seedTaskProject } from "./bench-seed";

const root = path.resolve(import.meta.dirname, "..");
const TASKS = Number(process.env.BENCH_LIGHTHOUSE_TASKS ?? 200);
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS;
const ONLY = process.env.BENCH_LIGHTHOUSE_PAGES?.split(",");
const EMAIL = "lighthouse@bench.local";

const checkouts = process.argv.length > 2 ? process.argv.slice(2).map((dir) => path.resolve(dir)) : [root];
for (const dir of checkouts) {
  if (!fs.existsSync(path.join(dir, "build/server/index.js"))) {
    console.error(`No build found in ${dir}: run \`npm run build\` there first.`);
    process.exit(1);
  }
}
if (!fs.existsSync(CHROMIUM)) {
  console.error(`No Chromium at ${CHROMIUM}: install Debian's chromium or set CHROMIUM.`);
  process.exit(1);
}

type Scores = {
  performance: number;
  bestPractices: number;
  accessibility: number;
  lcp: number;
  tbt: number;
  cls: number;
};
type Server = { dir: string; base: string; child: ChildProcess; cookie: string };

const work = fs.mkdtempSync(path.join(os.tmpdir(), "plotline-lighthouse-"));
const load = os.loadavg()[0]!;
const servers: Server[] = [];
try {
  const projectId = await seed(path.join(work, "seed"));
  for (const [index, dir] of checkouts.entries()) {
    const dataDir = path.join(work, `server-${index}`);
    fs.cpSync(path.join(work, "seed"), dataDir, { recursive: true });
    servers.push(await start(dir, dataDir));
  }
  const pages: [string, string, boolean][] = [
    ["landing", "/", false],
    ["pricing", "/pricing", false],
    ["blog", "/resources/blog", false],
    ["board", `/app/project/${projectId}?view=board`, true],
  ];
  if (REPORTS) fs.mkdirSync(REPORTS, { recursive: true });
  const rows: string[] = [];
  for (const [name, pathname, signedIn] of pages) {
    if (ONLY && !ONLY.includes(name)) continue;
    const runs = servers.map(() => [] as Scores[]);
    for (const server of servers) {
      // One request first so the server's first render of the route (module loading) is not measured.
      const headers = signedIn ? { Cookie: server.cookie } : undefined;
      await (await fetch(`${server.base}${pathname}`, { headers })).arrayBuffer();
    }
    for (let run = 0; run < RUNS; run++) {
      // The checkouts take turns, the first one alternating, as in bench:ab.
      const order = servers.map((_, index) => index);
      if (run % 2) order.reverse();
      for (const index of order) {
        const server = servers[index]!;
        const label = `${name}${servers.length > 1 ? `-${index + 1}` : ""}-${run + 1}`;
        const scores = await measure(label, `${server.base}${pathname}`, signedIn ? server.cookie : undefined);
        runs[index]!.push(scores);
        process.stderr.write(`${label}: performance ${scores.performance.toFixed(2)}\n`);
      }
    }
    for (const [index, scores] of runs.entries()) {
      const median = (pick: (scores: Scores) => number) =>
        scores.map(pick).sort((a, b) => a - b)[Math.floor(scores.length / 2)]!;
      const page = name === "board" ? `board (${TASKS} tasks, signed in)` : pathname;
      const afterKey = signedIn ? "–" : await hydrationAfterKey(`${servers[index]!.base}${pathname}`);
      rows.push(
        `| ${page}${servers.length > 1 ? ` | ${servers[index]!.dir}` : ""} | ${median((s) => s.performance).toFixed(2)} | ${median((s) => s.bestPractices).toFixed(2)} | ${median((s) => s.accessibility).toFixed(2)} | ${(median((s) => s.lcp) / 1000).toFixed(2)} s | ${Math.round(median((s) => s.tbt))} ms | ${median((s) => s.cls).toFixed(3)} | ${afterKey} |`,
      );
    }
  }
  const build = servers.length > 1 ? " build |" : "";
  console.log(`\nLighthouse ${lighthouseVersion()}, mobile, default (simulated) throttling; median of ${RUNS} runs.\n`);
  console.log(
    `| page |${build} performance | best practices | accessibility | LCP | TBT | CLS | key → hydrated (4× CPU, mobile network) |`,
  );
  console.log(`|---|${servers.length > 1 ? "---|" : ""}---|---|---|---|---|---|---|`);
  for (const row of rows) console.log(row);
  console.log(
    `\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}, load average ${load.toFixed(2)} at the start, ${os.loadavg()[0]!.toFixed(2)} at the end.`,
  );
} finally {
  for (const server of servers) await bench.stop(server.child);
  fs.rmSync(work, { recursive: true, force: true });
}

/** The production server of checkout `dir` on a free port, over `dataDir`, signed in. */
async function start(dir: string, dataDir: string): Promise<Server> {
  const port = await bench.freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server.js"], {
    cwd: dir,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), APP_URL: base, ...bench.UNLIMITED },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await bench.untilUp(base);
    return { dir, base, child, cookie: await bench.signIn(base, EMAIL) };
  } catch (error) {
    await bench.stop(child);
    throw error;
  }
}

/** One Lighthouse run of `url` in a Chromium of its own. */
async function measure(label: string, url: string, cookie: string | undefined): Promise<Scores> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "best-practices", "accessibility"],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    if (REPORTS) fs.writeFileSync(path.join(REPORTS, `${label}.json`), JSON.stringify(lhr));
    const score = (category: string) => lhr.categories[category]?.score ?? 0;
    const value = (audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
    return {
      performance: score("performance"),
      bestPractices: score("best-practices"),
      accessibility: score("accessibility"),
      lcp: value("largest-contentful-paint"),
      tbt: value("total-blocking-time"),
      cls: value("cumulative-layout-shift"),
    };
  } finally {
    chrome.kill();
  }
}

/**
 * From a key press to `html[data-hydrated]` on a page loaded and idle, median of RUNS, in a
 * Chromium slowed by CDP; "at load" when the page hydrated by itself before the key.
 */
async function hydrationAfterKey(url: string): Promise<string> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await page.goto(url, { waitUntil: "networkidle" });
      if (await page.evaluate(() => "hydrated" in document.documentElement.dataset)) {
        await context.close();
        return "at load";
      }
      const started = Date.now();
      await page.keyboard.press("Shift");
      await page.waitForFunction(() => "hydrated" in document.documentElement.dataset, undefined, {
        timeout: 60_000,
      });
      times.push(Date.now() - started);
      await context.close();
    }
    return `${times.sort((a, b) => a - b)[Math.floor(times.length / 2)]} ms`;
  } finally {
    await browser.close();
  }
}

function lighthouseVersion() {
  return JSON.parse(fs.readFileSync(path.join(root, "node_modules/lighthouse/package.json"), "utf8")).version as string;
}

async function seed(dataDir: string) {
  fs.mkdirSync(dataDir, { recursive: true });
  process.env.DATA_DIR = dataDir;
  const handle = await openDatabase({ databaseUrl: undefined, dataDir });
  await prepareDatabase(handle);
  setDatabase(handle);
  try {
    const seeded = await seedBench({ email: EMAIL, password: bench.PASSWORD, workspaceCount: 1, projectCount: 1 });
    const id = await seedTaskProject(seeded, "Lighthouse Board", TASKS);
    await db().execute(sql`analyze`);
    return id;
  } finally {
    setDatabase(undefined);
    await handle.close();
  }
}
