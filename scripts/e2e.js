// `npm run test:e2e`: end-to-end tests against the built server on a free port with a
// fresh DATA_DIR, in Debian's Chromium, with Debian's nginx for the reverse-proxy test
// (both installed here with apt-get when missing). The
// fresh DATA_DIR starts as a copy of a database migrated once per set of migrations, and
// the run fails if the server logged an error.
import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

import { startTestMailbox } from "./test-mailbox.js";

const root = path.resolve(import.meta.dirname, "..");
// Debian's Chromium packages (tests/e2e/support/browsers.ts says which test uses which).
const browsers = {
  "/usr/lib/chromium/chromium-headless-shell": "chromium-headless-shell",
  "/usr/bin/chromium": "chromium",
};
const missing = Object.entries(browsers)
  .filter(([binary]) => !fs.existsSync(binary))
  .map(([, name]) => name);
// tests/e2e/reverse-proxy.request.spec.ts runs it (tests/e2e/support/nginx.ts); without it
// that test is skipped, except under CI.
const nginxMissing = !["/usr/sbin/nginx", "/usr/bin/nginx"].some((binary) => fs.existsSync(binary));

if (process.getuid?.() !== 0) {
  if (missing.length > 0) {
    console.error(
      `Chromium is missing: install Debian's ${missing.join(" and ")} (apt-get install ${missing.join(" ")}).`,
    );
    process.exit(1);
  }
  if (nginxMissing) console.warn("nginx is missing (apt-get install nginx): the reverse-proxy test will be skipped.");
} else if (missing.length > 0 || nginxMissing) {
  const packages = [...missing, ...(nginxMissing ? ["nginx"] : [])];
  console.log(`Installing Debian's ${packages.join(" and ")} for the end-to-end tests...`);
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", ...packages], { stdio: "inherit" });
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
fs.cpSync(migratedTemplate(), path.join(dataDir, "pglite"), { recursive: true });
const serverErrors = path.join(dataDir, "server-errors.log");
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
      E2E_SERVER_ERRORS: serverErrors,
      // For a test that needs a server of its own (tests/e2e/support/server-process.ts).
      E2E_TEMPLATE_DIR: migratedTemplate(),
    },
  });
  child.on("exit", (code) => resolve(code ?? 1));
});
await mailbox.close();
const logged = fs.existsSync(serverErrors) ? fs.readFileSync(serverErrors, "utf8").trim() : "";
fs.rmSync(dataDir, { recursive: true, force: true });
if (logged) {
  console.error(`\nThe server logged ${logged.split("\n").length} error(s) during the run:\n${logged}`);
  process.exit(status || 1);
}
process.exit(status);

/**
 * An embedded database with every migration applied (and the built-in templates), made once
 * for a set of migrations, templates and PGlite version (.tmp/e2e-template-<hash>/pglite) and copied into each run's data dir: the
 * server then starts on a migrated database instead of creating and migrating one.
 */
function migratedTemplate() {
  const hash = createHash("sha256");
  const migrations = path.join(root, "drizzle");
  for (const file of fs.readdirSync(migrations, { recursive: true }).map(String).sort()) {
    const full = path.join(migrations, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  hash.update(fs.readFileSync(path.join(root, "node_modules/@electric-sql/pglite/package.json")));
  // db:migrate also seeds the built-in templates, the boot step after the migrations (app/.server/boot/database.ts).
  const builtIns = path.join(root, "app/.server/templates");
  for (const file of fs.readdirSync(builtIns).sort())
    hash.update(file).update(fs.readFileSync(path.join(builtIns, file)));
  const key = hash.digest("hex").slice(0, 16);
  const template = path.join(root, ".tmp", `e2e-template-${key}`);
  if (!fs.existsSync(template)) {
    const staging = `${template}.${process.pid}`;
    execFileSync(process.execPath, ["--import", "tsx", "scripts/db-migrate.ts"], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...withoutDatabaseUrl(process.env), DATA_DIR: staging, LOG_LEVEL: "warn" },
    });
    // Only the database: each run makes its own secrets.
    for (const entry of fs.readdirSync(staging)) {
      if (entry !== "pglite") fs.rmSync(path.join(staging, entry), { recursive: true, force: true });
    }
    fs.renameSync(staging, template);
    // Templates of older migrations are of no further use.
    for (const entry of fs.readdirSync(path.dirname(template))) {
      const old = path.join(path.dirname(template), entry);
      if (entry.startsWith("e2e-template-") && old !== template) fs.rmSync(old, { recursive: true, force: true });
    }
  }
  return path.join(template, "pglite");
}

function withoutDatabaseUrl(env) {
  const { DATABASE_URL: _unused, ...rest } = env;
  return rest;
}
