import fs from "node:fs";
import path from "node:path";

/**
 * The server under test, seen from outside as an operator would: the process listening on
 * the test port (found through /proc, Linux only) and its resident memory. Nothing in the
 * app reports its own memory.
 */
export function listeningPid(port: number): number {
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    if (!fs.existsSync(table)) continue;
    for (const line of fs.readFileSync(table, "utf8").split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      const [, local, , state] = fields;
      // State 0A is LISTEN; the local address ends in the port, in hexadecimal.
      if (state === "0A" && local && parseInt(local.split(":").at(-1)!, 16) === port) inodes.add(fields[9]!);
    }
  }
  if (inodes.size === 0) throw new Error(`nothing listens on port ${port}`);
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let fds: string[];
    try {
      fds = fs.readdirSync(path.join("/proc", entry, "fd"));
    } catch {
      continue; // gone, or not ours to read
    }
    for (const fd of fds) {
      try {
        const target = fs.readlinkSync(path.join("/proc", entry, "fd", fd));
        const inode = target.match(/^socket:\[(\d+)\]$/)?.[1];
        if (inode && inodes.has(inode)) return Number(entry);
      } catch {
        // closed meanwhile
      }
    }
  }
  throw new Error(`no process found for port ${port}`);
}

/** Resident set size in bytes (VmRSS of /proc/<pid>/status). */
export function residentBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = status.match(/^VmRSS:\s+(\d+) kB$/m)?.[1];
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) * 1024;
}
