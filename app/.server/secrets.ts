import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * Secrets the operator did not set are generated on first start and kept in
 * DATA_DIR/secrets.json (mode 0600), so sessions survive restarts without any setup.
 */

const fileSchema = z.object({ sessionSecret: z.string().min(32) }).partial();
export type Secrets = { sessionSecret: string };

export function loadSecrets(dataDir: string, overrides: Partial<Secrets> = {}): Secrets {
  const file = path.join(dataDir, "secrets.json");
  const stored = readStored(file);
  const secrets: Secrets = {
    sessionSecret: overrides.sessionSecret ?? stored.sessionSecret ?? randomBytes(32).toString("base64url"),
  };
  if (secrets.sessionSecret !== stored.sessionSecret && !overrides.sessionSecret) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ ...stored, ...secrets }, null, 2), { mode: 0o600 });
  }
  return secrets;
}

function readStored(file: string) {
  if (!fs.existsSync(file)) return {};
  const parsed = fileSchema.safeParse(JSON.parse(fs.readFileSync(file, "utf8")));
  if (!parsed.success) throw new Error(`${file} is not a valid secrets file; remove it to generate new secrets`);
  return parsed.data;
}

let loaded: Secrets | undefined;

/** Loads the process's secrets once (boot calls this before anything needs them). */
export function initSecrets(dataDir: string, overrides: Partial<Secrets> = {}) {
  loaded = loadSecrets(dataDir, overrides);
  return loaded;
}

export function secrets(): Secrets {
  if (!loaded) throw new Error("Secrets are not loaded: call boot() first");
  return loaded;
}
