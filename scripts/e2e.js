// `npm run test:e2e`: end-to-end tests against the built server on a free port with a
// fresh DATA_DIR, in Debian's Chromium (installed here with apt-get when missing).
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

import { startTestMailbox } from "./test-mailbox.js";

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
const mailbox = await startTestMailbox();

// Asynchronous, so the mailbox in this process keeps answering while Playwright runs.
const status = await new Promise((resolve) => {
  const child = spawn(path.join(root, "node_modules/.bin/playwright"), ["test", ...process.argv.slice(2)], {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      E2E_PORT: String(port),
      E2E_DATA_DIR: dataDir,
      E2E_SMTP_URL: mailbox.smtpUrl,
      E2E_MAILBOX_URL: mailbox.apiUrl,
    },
  });
  child.on("exit", (code) => resolve(code ?? 1));
});
await mailbox.close();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(status);
