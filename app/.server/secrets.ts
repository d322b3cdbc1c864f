import { createHmac, generateKeyPairSync, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * Secrets the operator did not set are generated on first start and kept in
 * DATA_DIR/secrets.json (mode 0600), so sessions survive restarts without any setup.
 */

/** The auth service's ES256 private key as a JWK; `kid` names it in JWT headers and the JWKS. */
const signingKeySchema = z.object({
  kty: z.literal("EC"),
  crv: z.literal("P-256"),
  x: z.string(),
  y: z.string(),
  d: z.string(),
  kid: z.string(),
  alg: z.literal("ES256"),
});
export type AuthSigningKey = z.infer<typeof signingKeySchema>;

const fileSchema = z.object({ sessionSecret: z.string().min(32), authSigningKey: signingKeySchema }).partial();
export type Secrets = { sessionSecret: string };

export function loadSecrets(dataDir: string, overrides: Partial<Secrets> = {}): Secrets {
  const file = path.join(dataDir, "secrets.json");
  const stored = readStored(file);
  const secrets: Secrets = {
    sessionSecret: overrides.sessionSecret ?? stored.sessionSecret ?? randomBytes(32).toString("base64url"),
  };
  if (secrets.sessionSecret !== stored.sessionSecret && !overrides.sessionSecret) {
    writeStored(dataDir, { ...stored, ...secrets });
  }
  return secrets;
}

/** The auth service's signing key: generated once, then the same key on every start. */
export function loadAuthSigningKey(dataDir: string): AuthSigningKey {
  const stored = readStored(path.join(dataDir, "secrets.json"));
  if (stored.authSigningKey) return stored.authSigningKey;
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = privateKey.export({ format: "jwk" });
  const authSigningKey = signingKeySchema.parse({ ...jwk, kid: randomUUID(), alg: "ES256" });
  writeStored(dataDir, { ...stored, authSigningKey });
  return authSigningKey;
}

function readStored(file: string) {
  if (!fs.existsSync(file)) return {};
  const parsed = fileSchema.safeParse(JSON.parse(fs.readFileSync(file, "utf8")));
  if (!parsed.success) throw new Error(`${file} is not a valid secrets file; remove it to generate new secrets`);
  return parsed.data;
}

function writeStored(dataDir: string, contents: z.infer<typeof fileSchema>) {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(path.join(dataDir, "secrets.json"), JSON.stringify(contents, null, 2), { mode: 0o600 });
}

let loaded: Secrets | undefined;
let loadedSigningKey: AuthSigningKey | undefined;

/** Loads the process's secrets once (boot calls this before anything needs them). */
export function initSecrets(dataDir: string, overrides: Partial<Secrets> = {}) {
  loaded = loadSecrets(dataDir, overrides);
  loadedSigningKey = loadAuthSigningKey(dataDir);
  return loaded;
}

export function secrets(): Secrets {
  if (!loaded) throw new Error("Secrets are not loaded: call boot() first");
  return loaded;
}

/** A key for one purpose (e.g. "honeypot"), derived from the session secret: one secret to keep, keys kept apart. */
export function derivedSecret(purpose: string) {
  return createHmac("sha256", secrets().sessionSecret).update(`plotline:${purpose}`).digest("base64url");
}

export function authSigningKey(): AuthSigningKey {
  if (!loadedSigningKey) throw new Error("Secrets are not loaded: call boot() first");
  return loadedSigningKey;
}
