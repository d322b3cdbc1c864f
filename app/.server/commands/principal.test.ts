import { describe, expect, it } from "vitest";

import { mayWrite, principalOf, tokenPrincipal } from "./principal";

describe("principals", () => {
  it("reads a plain actor as its user, never as a token without a workspace or scopes", () => {
    const actor = { userId: "u1", ip: "10.0.0.1", via: { kind: "token" as const, id: "t1", name: "CI" } };
    expect(principalOf(actor)).toMatchObject({ kind: "user", id: "u1", userId: "u1", via: undefined });
    expect(principalOf({ userId: null, ip: null })).toMatchObject({ kind: "system", userId: null });
  });

  it("binds a token to its workspace and scope", () => {
    const read = tokenPrincipal({
      tokenId: "t1",
      name: "CI",
      userId: "u1",
      workspaceId: "w1",
      scope: "read",
      ip: null,
    });
    expect(read).toMatchObject({ kind: "token", workspaceId: "w1", scopes: ["read"], via: { name: "CI" } });
    expect(mayWrite(read)).toBe(false);
    expect(mayWrite({ ...read, scopes: ["read", "write"] })).toBe(true);
    expect(principalOf(read)).toBe(read);
  });
});
