import bcrypt from "bcryptjs";
import { describe, expect, it } from "vitest";

import { env } from "~/.server/env";

import { hashPassword, verifyPassword } from "./passwords";

describe("password hashes", () => {
  it("are bcrypt at the configured cost (the suite sets AUTH_PASSWORD_HASH_COST=4)", async () => {
    const hash = await hashPassword("correct-horse-1");
    expect(env().passwordHashCost).toBe(4);
    expect(hash).toMatch(/^\$2b\$04\$/);
    expect(await verifyPassword("correct-horse-1", hash)).toBe(true);
    expect(await verifyPassword("correct-horse-2", hash)).toBe(false);
  });

  it("keep the cost they were made with: a hash of another cost still verifies", async () => {
    const older = bcrypt.hashSync("correct-horse-1", 10);
    expect(await verifyPassword("correct-horse-1", older)).toBe(true);
    expect(await verifyPassword("wrong", older)).toBe(false);
  });

  it("refuse a missing hash and a password over bcrypt's 72 bytes", async () => {
    expect(await verifyPassword("correct-horse-1", null)).toBe(false);
    const hash = await hashPassword("x".repeat(72));
    expect(await verifyPassword("x".repeat(73), hash)).toBe(false);
  });
});
