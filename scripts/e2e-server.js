// The end-to-end tests' server (playwright.config.ts starts it): `node server.js` with its
// output passed through, except that every error-level log line (pino: level ≥ 50) is also
// appended to E2E_SERVER_ERRORS, which scripts/e2e.js reads to fail the run. An error in
// the server's log is a bug even when the page the test saw looked right.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";

const root = path.resolve(import.meta.dirname, "..");
const errorsFile = process.env.E2E_SERVER_ERRORS;

const server = spawn(process.execPath, [path.join(root, "server.js")], {
  cwd: root,
  stdio: ["ignore", "pipe", "pipe"],
  env: process.env,
});

function watch(stream, echo) {
  readline.createInterface({ input: stream }).on("line", (line) => {
    let level = 0;
    try {
      level = Number(JSON.parse(line).level) || 0;
    } catch {
      // Not a log object (the start-up line, a crash's message): passed through as it is.
    }
    if (level >= 50 && errorsFile) fs.appendFileSync(errorsFile, `${line}\n`);
    // Warnings and errors show in the test output; info lines (the start-up banner) do not.
    if (echo || level >= 40) process.stderr.write(`${line}\n`);
  });
}
watch(server.stdout, false);
watch(server.stderr, true);

for (const signal of ["SIGTERM", "SIGINT"]) process.once(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
