// `npm run bench:lighthouse`: Lighthouse (mobile, its default simulated throttling) on the
// public pages issue 31 names and on a signed-in Board of 200 tasks. Needs `npm run build`;
// builds nothing. Seeds a fresh PGlite data directory (one account, a project of
// BENCH_LIGHTHOUSE_TASKS tasks, 200 by default), starts the production server on a free
// port, signs in through the form and hands the session cookie to Lighthouse as a header.
// Each page is measured BENCH_LIGHTHOUSE_RUNS times (3) in a fresh Chromium
// (CHROMIUM, /usr/bin/chromium by default) and the medians are printed as a Markdown table.
// BENCH_LIGHTHOUSE_PAGES=landing,board picks pages; BENCH_LIGHTHOUSE_REPORTS=DIR keeps each
// run's JSON report (its audits say where the time goes).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import * as chromeLauncher from "chrome-launcher";
import { sql } from "drizzle-orm";
import lighthouse from "lighthouse";

import { db, setDatabase } from "~/.server/db";
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

if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
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

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "plotline-lighthouse-"));
const load = os.loadavg()[0]!;
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
    // One request first so the server's first render of the route (module loading) is not measured.
    await (await fetch(`${base}${pathname}`, { headers: signedIn ? { Cookie: cookie } : {} })).arrayBuffer();
    const runs: Scores[] = [];
    for (let run = 0; run < RUNS; run++) {
      runs.push(await measure(name, run, `${base}${pathname}`, signedIn ? cookie : undefined));
      process.stderr.write(`${name} ${run + 1}/${RUNS}: performance ${runs.at(-1)!.performance.toFixed(2)}\n`);
    }
    const median = (pick: (scores: Scores) => number) => runs.map(pick).sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
    rows.push(
      `| ${name === "board" ? `board (${TASKS} tasks, signed in)` : pathname} | ${median((s) => s.performance).toFixed(2)} | ${median((s) => s.bestPractices).toFixed(2)} | ${median((s) => s.accessibility).toFixed(2)} | ${(median((s) => s.lcp) / 1000).toFixed(2)} s | ${Math.round(median((s) => s.tbt))} ms | ${median((s) => s.cls).toFixed(3)} |`,
    );
  }
  console.log(`\nLighthouse ${lighthouseVersion()}, mobile, default (simulated) throttling; median of ${RUNS} runs.\n`);
  console.log("| page | performance | best practices | accessibility | LCP | TBT | CLS |");
  console.log("|---|---|---|---|---|---|---|");
  for (const row of rows) console.log(row);
  console.log(
    `\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}, load average ${load.toFixed(2)} at the start, ${os.loadavg()[0]!.toFixed(2)} at the end.`,
  );
} finally {
  await bench.stop(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** One Lighthouse run of `url` in a Chromium of its own. */
async function measure(name: string, run: number, url: string, cookie: string | undefined): Promise<Scores> {
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
    if (REPORTS) fs.writeFileSync(path.join(REPORTS, `${name}-${run + 1}.json`), JSON.stringify(lhr));
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

function lighthouseVersion() {
  return JSON.parse(fs.readFileSync(path.join(root, "node_modules/lighthouse/package.json"), "utf8")).version as string;
}

async function seed() {
  process.env.DATA_DIR = dataDir;
  const handle = await openDatabase({ databaseUrl: undefined, dataDir });
  await handle.migrate();
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
