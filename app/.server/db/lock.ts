import fs from "node:fs";
import path from "node:path";

/**
 * PGlite is a single-process database with no lock of its own: a second process on the
 * same directory corrupts it. This lock file holds the owner's pid; a lock left by a
 * process that no longer runs is taken over.
 */
export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

export function acquireDataDirLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "plotline.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      return () => releaseLock(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(fs.readFileSync(file, "utf8"));
      if (owner && owner !== process.pid && isRunning(owner)) {
        throw new DataDirLockedError(
          `The embedded database in ${dir} is in use by another Plotline process (pid ${owner}). ` +
            `Stop it first, or give this one another DATA_DIR or a DATABASE_URL.`,
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the embedded database in ${dir}`);
}

function releaseLock(file: string) {
  try {
    if (fs.readFileSync(file, "utf8") === String(process.pid)) fs.rmSync(file);
  } catch {
    // Already gone: nothing to release.
  }
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
