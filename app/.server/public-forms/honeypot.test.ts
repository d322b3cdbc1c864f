import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { beforeAll, describe, expect, it } from "vitest";

import { initSecrets } from "../secrets";
import { honeypotInputProps, isSpam } from "./honeypot";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("the public forms' honeypot", () => {
  beforeAll(() => {
    initSecrets(fs.mkdtempSync(path.join(os.tmpdir(), "plotline-secrets-")));
  });

  it("lets a form rendered by us through when the trap is left empty", async () => {
    const props = await honeypotInputProps();
    expect(props).toMatchObject({ nameFieldName: "website", validFromFieldName: "from__confirm" });
    await new Promise((resolve) => setTimeout(resolve, 2));
    expect(await isSpam(form({ email: "a@b.co", website: "", from__confirm: props.encryptedValidFrom }))).toBe(false);
  });

  it("catches a filled trap, a forged or future time, and a missing time", async () => {
    const props = await honeypotInputProps();
    expect(await isSpam(form({ website: "http://spam.example", from__confirm: props.encryptedValidFrom }))).toBe(true);
    expect(await isSpam(form({ website: "", from__confirm: "-".repeat(36) }))).toBe(true);
    expect(await isSpam(form({ website: "", from__confirm: "bm90IGEgY2lwaGVydGV4dA==" }))).toBe(true);
    expect(await isSpam(form({ website: "" }))).toBe(true);
    const future = await honeypotInputProps(Date.now() + 60_000);
    expect(await isSpam(form({ website: "", from__confirm: future.encryptedValidFrom }))).toBe(true);
  });

  it("leaves posts without the fields (curl, server to server) to the schema and the rate limit", async () => {
    expect(await isSpam(form({ email: "a@b.co" }))).toBe(false);
  });
});
