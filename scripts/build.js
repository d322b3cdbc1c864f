// Builds the app when the sources are newer than the build, in one line of progress:
// `npm install` runs it (the `prepare` script), so that the first `npm start` only serves,
// and `npm start` runs it again (scripts/start.js) for a checkout whose sources changed
// since. Vite's own output (a line per file) is kept back and printed only if the build
// fails. Skipped under CI (CI=true: `npm test` builds anyway) and where the build tools
// were not installed (`npm ci --omit=dev`). `node scripts/build.js --force` builds anyway.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
const builtEntry = path.join(root, "build/server/index.js");
const sources = ["app", "server", "public", "vite.config.ts", "react-router.config.ts", "package-lock.json"];
const cli = path.join(root, "node_modules/@react-router/dev/bin.js");

function newestChange(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(target).reduce((latest, name) => Math.max(latest, newestChange(path.join(target, name))), 0);
}

/** Whether build/ is missing or older than any source. */
export function buildIsStale() {
  const builtAt = fs.statSync(builtEntry, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return builtAt < Math.max(...sources.map((source) => newestChange(path.join(root, source))));
}

/** Runs `react-router build`, saying so in one line; rejects with Vite's output if it fails. */
export function build(reason) {
  if (!fs.existsSync(cli)) {
    throw new Error("the build tools are not installed (run `npm install` without --omit=dev)");
  }
  process.stdout.write(`Building Plotline (${reason})... `);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, "build"], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code === 0) {
        console.log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
        resolve();
      } else {
        console.log("failed.");
        reject(new Error(`the build failed:\n${output}`));
      }
    });
  });
}

// `node scripts/build.js`: the `prepare` script of `npm install` and `npm ci`.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const force = process.argv.includes("--force");
  if (!force && process.env.CI) {
    console.log("Plotline: not building under CI (npm test builds).");
  } else if (!fs.existsSync(cli)) {
    console.log("Plotline: not building: the build tools are not installed (npm install without --omit=dev).");
  } else if (force || buildIsStale()) {
    try {
      await build(force ? "asked to" : "after install, so that `npm start` only serves");
    } catch (error) {
      console.error(error.message);
      process.exit(1);
    }
  }
}
