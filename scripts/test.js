// `npm test`: everything CI runs, then a table of how long each step took, with the exit
// code of the first step that failed (0 when all pass).
//
// The static checks, the build and Vitest run side by side: Vitest leaves about a quarter
// of the two cores idle (its files wait on PostgreSQL, local servers and timers), and the
// checks and the build, which need nothing from each other or from Vitest, run at a lower
// priority (nice 10) in that idle time, so Vitest's own timing is no worse than alone. The
// checks' output is printed whole when each ends (not interleaved); Vitest's streams. The
// end-to-end tests run last, alone: they need the build and keep both cores busy. They do
// not run when an earlier step failed.
import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";

const steps = [
  [
    { name: "unit and integration (vitest)", script: "test:unit", streamed: true },
    { name: "typecheck", script: "typecheck", background: true },
    { name: "lint", script: "lint", background: true },
    { name: "format", script: "format:check", background: true },
    { name: "build", script: "build", background: true },
  ],
  [{ name: "end to end (playwright)", script: "test:e2e", streamed: true }],
];

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const timings = [];
const started = performance.now();

// Lower priority for the background steps where `nice` exists (not on Windows).
const niced = (command, args) =>
  process.platform === "win32" ? [command, args] : ["nice", ["-n", "10", command, ...args]];

function run({ name, script, streamed = false, background = false }) {
  return new Promise((resolve) => {
    const begin = performance.now();
    const [command, args] = background ? niced(npm, ["run", "--silent", script]) : [npm, ["run", "--silent", script]];
    const child = spawn(command, args, {
      stdio: streamed ? "inherit" : ["ignore", "pipe", "pipe"],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? "1" : "0") },
    });
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    child.on("close", (code, signal) => {
      const seconds = (performance.now() - begin) / 1000;
      const status = code ?? (signal ? 1 : 0);
      timings.push({ name, seconds, status });
      if (!streamed) {
        process.stdout.write(`\n── ${name} (${status === 0 ? "passed" : "FAILED"}, ${seconds.toFixed(1)} s)\n`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve(status);
    });
  });
}

let failed = 0;
for (const group of steps) {
  const statuses = await Promise.all(group.map((step) => run(step)));
  failed = statuses.find((status) => status !== 0) ?? 0;
  if (failed) break;
}

const total = (performance.now() - started) / 1000;
const width = Math.max(...timings.map((timing) => timing.name.length), "total".length);
const line = (name, seconds, note = "") => `  ${name.padEnd(width)}  ${seconds.toFixed(1).padStart(7)} s  ${note}`;
console.log("\nnpm test: how long each step took (the checks and the build ran beside Vitest, at a lower priority)");
for (const { name, seconds, status } of timings) console.log(line(name, seconds, status === 0 ? "" : "FAILED"));
console.log(line("total", total, failed ? "FAILED" : "passed"));
process.exit(failed);
