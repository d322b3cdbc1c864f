// `npm run test:e2e`: end-to-end tests against the built server on a free port with a
// fresh DATA_DIR, in Debian's Chromium (installed here with apt-get when missing).
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const chromium = "/usr/bin/chromium";

if (!fs.existsSync(chromium)) {
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing at ${chromium}: install Debian's chromium package (apt-get install chromium).`);
    process.exit(1);
  }
  console.log("Installing Debian's Chromium for the end-to-end tests...");
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit" });
}

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
const dataDir = path.join(root, ".tmp", `e2e-${Date.now()}`);
fs.mkdirSync(dataDir, { recursive: true });

const result = spawnSync(path.join(root, "node_modules/.bin/playwright"), ["test", ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, E2E_PORT: String(port), E2E_DATA_DIR: dataDir },
});
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
