import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { loadSecrets } from "./secrets";

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
