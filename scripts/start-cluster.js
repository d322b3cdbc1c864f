// `npm run start:cluster`: two app processes against one PostgreSQL (DATABASE_URL), on PORT
// and PORT+1 (3000 and 3001 by default), to try the multi-process setup on one machine:
// real-time events cross between them through LISTEN/NOTIFY and either may run the jobs.
// Builds first when there is no build. Each line of output is prefixed with its port;
// Ctrl-C (or SIGTERM) stops both. In production, a load balancer goes in front.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";

const root = path.resolve(import.meta.dirname, "..");

if (!process.env.DATABASE_URL) {
  console.error(
    "start:cluster needs DATABASE_URL (PostgreSQL): the embedded database belongs to one process. Example: DATABASE_URL=postgres://user:password@localhost:5432/plotline npm run start:cluster",
  );
  process.exit(1);
}
const basePort = Number(process.env.PORT || 3000);
if (!Number.isInteger(basePort) || basePort < 1 || basePort > 65534) {
  console.error(`PORT must be a whole number from 1 to 65534 (got "${process.env.PORT}")`);
  process.exit(1);
}

if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
  console.log("No build yet: building Plotline...");
  execFileSync(path.join(root, "node_modules/.bin/react-router"), ["build"], { cwd: root, stdio: "inherit" });
}

const children = new Set();
let stopping = false;

function start(port) {
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    // One public URL for both (it is also the issuer of the built-in auth service's sessions,
    // so a session made by one process is accepted by the other); behind a load balancer,
    // set APP_URL to its address.
    env: { ...process.env, PORT: String(port), APP_URL: process.env.APP_URL || `http://localhost:${basePort}` },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  const prefix = `[${port}] `;
  readline.createInterface({ input: child.stdout }).on("line", (line) => process.stdout.write(`${prefix}${line}\n`));
  readline.createInterface({ input: child.stderr }).on("line", (line) => process.stderr.write(`${prefix}${line}\n`));
  const ready = new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      if (String(chunk).includes("Plotline is ready")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`the process on port ${port} exited with code ${code}`)));
  });
  child.once("exit", (code, signal) => {
    children.delete(child);
    if (!stopping) {
      console.error(`${prefix}exited (${signal ?? `code ${code}`}): stopping the cluster`);
      stopAll(code || 1);
    } else if (children.size === 0) process.exit(process.exitCode ?? 0);
  });
  return ready;
}

function stopAll(code = 0) {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  if (children.size === 0) process.exit(code);
  for (const child of children) child.kill("SIGTERM");
}

process.on("SIGINT", () => stopAll(0));
process.on("SIGTERM", () => stopAll(0));

// The first process migrates the database and writes DATA_DIR's generated secrets (shared by
// both: sessions signed by one are read by the other); the second starts once it is ready.
try {
  await start(basePort);
  if (!stopping) await start(basePort + 1);
  if (!stopping) console.log(`Plotline cluster: http://localhost:${basePort} and http://localhost:${basePort + 1}`);
} catch (error) {
  console.error(`start:cluster failed: ${error.message}`);
  stopAll(1);
}
