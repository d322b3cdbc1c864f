import { describe, expect, it, vi } from "vitest";

import { createRequestContext } from "../request-context";
import { checkRequestBody, urlHasNul } from "./form-body";

const BASE = "http://localhost";

/** "passed" when the middleware let the request through, else the status it refused with. */
const contextWith = (streamedForm?: FormData) =>
  createRequestContext({ requestId: "test", clientIp: null, streamedForm });

async function outcome(request: Request, streamedForm?: FormData) {
  const next = vi.fn(async () => new Response("ok"));
  try {
    await checkRequestBody(
      { request, params: {}, context: contextWith(streamedForm), unstable_pattern: "" } as never,
      next,
    );
    return next.mock.calls.length === 1 ? "passed" : "stopped";
  } catch (thrown) {
    return (thrown as { init?: ResponseInit }).init?.status;
  }
}

async function refusal(request: Request) {
  try {
    await checkRequestBody({ request, params: {}, context: contextWith(), unstable_pattern: "" } as never, vi.fn());
  } catch (thrown) {
    return thrown as { data: { title: string; message: string }; init?: ResponseInit };
  }
  throw new Error("the request was let through");
}

const post = (path: string, body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request(BASE + path, { method: "POST", body, headers });

const truncatedMultipart = () =>
  post("/app/settings", '--xyz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nprof', {
    "Content-Type": "multipart/form-data; boundary=xyz",
  });

describe("checkRequestBody", () => {
  it("checks an upload's form parsed as it streamed in, not its body, which was read", async () => {
    // The body was consumed by server/streamed-uploads.ts: reading it again would fail.
    const consumed = post("/app/project/p/task/t", null, { "Content-Type": "multipart/form-data; boundary=x" });
    const form = new FormData();
    form.append("intent", "attach");
    form.append("file", new File(["\0binary"], "a.bin"));
    expect(await outcome(consumed, form)).toBe("passed");
    form.append("note", "a\0b");
    expect(await outcome(consumed, form)).toBe(400);
  });

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
    expect(await outcome(post("/app/sidebar", "", { "Content-Type": "application/x-www-form-urlencoded" }))).toBe(
      "passed",
    );
  });

  it("refuses a write whose body is not a form with 415, before any action runs", async () => {
    for (const headers of [
      {} as Record<string, string>,
      { "Content-Type": "application/json" },
      { "Content-Type": "text/plain;charset=UTF-8" },
      { "Content-Type": "application/xml" },
    ]) {
      expect(await outcome(post("/app/projects/new", '{"name":"x"}', headers))).toBe(415);
    }
    expect(await outcome(post("/auth/signin", null))).toBe(415);
    expect(await outcome(new Request(`${BASE}/app/team`, { method: "DELETE" }))).toBe(415);
    const refused = await refusal(post("/company/contact", "{}", { "Content-Type": "application/json" }));
    expect(refused.data).toEqual({
      title: "Unsupported Media Type",
      message: "This address only accepts forms: send application/x-www-form-urlencoded or multipart/form-data.",
    });
  });

  it("refuses a form body that cannot be parsed with 400", async () => {
    expect(await outcome(post("/app/settings", "a=b", { "Content-Type": "multipart/form-data" }))).toBe(400);
    expect(await outcome(truncatedMultipart())).toBe(400);
    expect(await outcome(post("/app/settings", "", { "Content-Type": "multipart/form-data; boundary=x" }))).toBe(400);
    expect((await refusal(truncatedMultipart())).data.message).toBe(
      "The form could not be read: its body is incomplete or malformed.",
    );
  });

  it("lets /action/set-theme read its JSON (remix-themes sends it as text/plain), and checks its forms", async () => {
    expect(await outcome(post("/action/set-theme", '{"theme":"dark"}', { "Content-Type": "text/plain" }))).toBe(
      "passed",
    );
    expect(await outcome(post("/action/set-theme", "{", { "Content-Type": "application/json" }))).toBe("passed");
    expect(await outcome(post("/action/set-theme", "x", { "Content-Type": "application/xml" }))).toBe(415);
    expect(await outcome(post("/action/set-theme", "x", { "Content-Type": "multipart/form-data" }))).toBe(400);
  });

  it("leaves /auth/v1 to the auth service, which answers in its own format", async () => {
    expect(await outcome(new Request(`${BASE}/auth/v1/verify?token=%00`))).toBe("passed");
    expect(await outcome(post("/auth/v1/signup", "{", { "Content-Type": "application/json" }))).toBe("passed");
    expect(urlHasNul(`${BASE}/auth/v1/verify?token=%00`)).toBe(true);
  });
});
