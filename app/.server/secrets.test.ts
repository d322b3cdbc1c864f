import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { loadAuthSigningKey, loadSecrets } from "./secrets";

describe("loadSecrets", () => {
  it("generates a secret on first start, keeps it private and returns the same one after", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "plotline-secrets-"));
    const first = loadSecrets(dir);
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(path.join(dir, "secrets.json")).mode & 0o777).toBe(0o600);
    expect(loadSecrets(dir)).toEqual(first);
    fs.rmSync(dir, { recursive: true });
  });

  it("prefers the operator's value and does not store it", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "plotline-secrets-"));
    const sessionSecret = "x".repeat(40);
    expect(loadSecrets(dir, { sessionSecret })).toEqual({ sessionSecret });
    expect(fs.existsSync(path.join(dir, "secrets.json"))).toBe(false);
    fs.rmSync(dir, { recursive: true });
  });
});

describe("loadAuthSigningKey", () => {
  it("generates an ES256 key with a kid once, keeps it beside the session secret", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "plotline-secrets-"));
    const secrets = loadSecrets(dir);
    const key = loadAuthSigningKey(dir);
    expect(key).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256" });
    expect(key.kid).toMatch(/^[0-9a-f-]{36}$/);
    expect(loadAuthSigningKey(dir)).toEqual(key);
    expect(loadSecrets(dir)).toEqual(secrets);
    const stored = JSON.parse(fs.readFileSync(path.join(dir, "secrets.json"), "utf8"));
    expect(stored).toEqual({ sessionSecret: secrets.sessionSecret, authSigningKey: key });
    expect(fs.statSync(path.join(dir, "secrets.json")).mode & 0o777).toBe(0o600);
    fs.rmSync(dir, { recursive: true });
  });
});
