// `npm test`: everything CI runs, in order, stopping at the first step that fails, then a
// table of how long each step took. The three static checks and the build are independent
// of each other and run side by side (their output is printed whole when each ends, not
// interleaved): each is mostly one thread (the native type check a few, briefly), and the
// build, which reads the sources only and writes build/ (which none of the checks reads),
// fits beside them. Running them beside Vitest instead saved nothing (decision 019).
// The rest run one after the other with their output streamed. The exit code is the first
// failing step's (0 when all pass).
import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";

const steps = [
  [
    { name: "typecheck", script: "typecheck" },
    { name: "lint", script: "lint" },
    { name: "format", script: "format:check" },
    { name: "build", script: "build" },
  ],
  [{ name: "unit and integration (vitest)", script: "test:unit" }],
  [{ name: "end to end (playwright)", script: "test:e2e" }],
];

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const timings = [];
const started = performance.now();

function run({ name, script }, streamed) {
  return new Promise((resolve) => {
    const begin = performance.now();
    const child = spawn(npm, ["run", "--silent", script], {
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
  const statuses = await Promise.all(group.map((step) => run(step, group.length === 1)));
  failed = statuses.find((status) => status !== 0) ?? 0;
  if (failed) break;
}

const total = (performance.now() - started) / 1000;
const width = Math.max(...timings.map((timing) => timing.name.length), "total".length);
const line = (name, seconds, note = "") => `  ${name.padEnd(width)}  ${seconds.toFixed(1).padStart(7)} s  ${note}`;
console.log("\nnpm test: how long each step took (the static checks and the build ran side by side)");
for (const { name, seconds, status } of timings) console.log(line(name, seconds, status === 0 ? "" : "FAILED"));
console.log(line("total", total, failed ? "FAILED" : "passed"));
process.exit(failed);
