import { describe, expect, it, vi } from "vitest";

import { rejectNulCharacters, urlHasNul } from "./nul-characters";

const BASE = "http://localhost";

async function outcome(request: Request) {
  const next = vi.fn(async () => new Response("ok"));
  try {
    await rejectNulCharacters({ request, params: {}, context: {} as never, unstable_pattern: "" } as never, next);
    return next.mock.calls.length === 1 ? "passed" : "stopped";
  } catch (thrown) {
    return (thrown as { init?: ResponseInit }).init?.status;
  }
}

const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
  new Request(BASE + path, { method: "POST", body, headers });

describe("rejectNulCharacters", () => {
  it("refuses a NUL in the path or the query with 400", async () => {
    expect(await outcome(new Request(`${BASE}/app/project/%00`))).toBe(400);
    expect(await outcome(new Request(`${BASE}/app/search?q=a%00b`))).toBe(400);
    expect(await outcome(new Request(`${BASE}/app/search?q=a%2500b`))).toBe("passed");
  });

  it("refuses a NUL in a form field's value or name, urlencoded or multipart", async () => {
    expect(await outcome(post("/app/projects/new", new URLSearchParams({ name: "a\0b" })))).toBe(400);
    expect(await outcome(post("/app/projects/new", new URLSearchParams({ "na\0me": "ok" })))).toBe(400);
    const form = new FormData();
    form.set("fullName", "a\0b");
    expect(await outcome(post("/app/settings", form))).toBe(400);
  });

  it("lets files hold any byte, and ordinary forms through", async () => {
    const form = new FormData();
    form.set("intent", "profile");
    form.set("avatar", new Blob([new Uint8Array([0x89, 0x50, 0x00, 0x00])]), "a.png");
    expect(await outcome(post("/app/settings", form))).toBe("passed");
    expect(await outcome(post("/app/projects/new", new URLSearchParams({ name: "Launch" })))).toBe("passed");
  });

  it("leaves /auth/v1 to the auth service, which answers in its own format", async () => {
    expect(await outcome(new Request(`${BASE}/auth/v1/verify?token=%00`))).toBe("passed");
    expect(urlHasNul(`${BASE}/auth/v1/verify?token=%00`)).toBe(true);
  });
});
