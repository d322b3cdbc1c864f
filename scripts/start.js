// `npm start`: builds when the sources are newer than the build, then serves it. The
// server runs in this same process, so signals reach it directly.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const builtEntry = path.join(root, "build/server/index.js");
const sources = ["app", "server", "public", "vite.config.ts", "react-router.config.ts", "package-lock.json"];

function newestChange(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(target).reduce((latest, name) => Math.max(latest, newestChange(path.join(target, name))), 0);
}

const builtAt = fs.statSync(builtEntry, { throwIfNoEntry: false })?.mtimeMs ?? 0;
if (builtAt < Math.max(...sources.map((source) => newestChange(path.join(root, source))))) {
  console.log("Building Plotline (sources changed since the last build)...");
  execFileSync(path.join(root, "node_modules/.bin/react-router"), ["build"], { cwd: root, stdio: "inherit" });
}

process.chdir(root);
await import("../server.js");
