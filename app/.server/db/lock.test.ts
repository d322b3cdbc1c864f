import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterEach, describe, expect, it } from "vitest";

import { acquireDataDirLock, DataDirLockedError } from "./lock";

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "plotline-lock-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("acquireDataDirLock", () => {
  it("refuses a directory held by another running process, naming its pid", async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      fs.writeFileSync(path.join(dir, "plotline.lock"), String(other.pid));
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(`in use by another Plotline process (pid ${other.pid})`);
    } finally {
      other.kill();
    }
  });

  it("takes over a lock left by a process that no longer runs", async () => {
    const dir = tempDir();
    const gone = spawn(process.execPath, ["-e", ""]);
    await new Promise((resolve) => gone.on("exit", resolve));
    fs.writeFileSync(path.join(dir, "plotline.lock"), String(gone.pid));
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, "plotline.lock"), "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, "plotline.lock"))).toBe(false);
  });
});
