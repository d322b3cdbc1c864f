import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** The server process's memory, seen from outside as an operator would (Linux /proc). */
export function residentBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = status.match(/^VmRSS:\s+(\d+) kB$/m)?.[1];
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) * 1024;
}

/** A port nothing listens on now, for a server of a test's own. */
export function freePort() {
  return new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A server of the test's own, for a measurement no other test may disturb (the shared
 * server's memory moves with whatever the other worker's pages do): the built server on a
 * free port, on a copy of the migrated template database (E2E_TEMPLATE_DIR, set by
 * scripts/e2e.js), stopped and removed by `stop()`.
 */
export async function startOwnServer() {
  const template = process.env.E2E_TEMPLATE_DIR;
  if (!template) throw new Error("E2E_TEMPLATE_DIR is not set: run the tests with npm run test:e2e");
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "plotline-own-server-"));
  fs.cpSync(template, path.join(dataDir, "pglite"), { recursive: true });
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server.js"], {
    cwd: path.resolve(import.meta.dirname, "../../.."),
    stdio: "ignore",
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: "error",
    },
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const up = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline || child.exitCode !== null) throw new Error("the test's own server did not start");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    pid: child.pid!,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
