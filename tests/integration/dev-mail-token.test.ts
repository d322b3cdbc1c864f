import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";

import { directLocalContext } from "~/.server/request-context";
import { loader } from "~/routes/api/dev-mail";

const TOKEN = vi.hoisted(() => {
  const token = "outbox-token-for-this-test";
  process.env.DEV_MAIL_TOKEN = token;
  return token;
});

function load(query: string, cookie?: string, directLocal = false) {
  const request = new Request(`https://plotline.example.com/dev/mail${query}`, {
    headers: cookie ? { Cookie: cookie } : {},
  });
  const context = new RouterContextProvider();
  context.set(directLocalContext, directLocal);
  try {
    return loader({ request, url: new URL(request.url), pattern: "/dev/mail", params: {}, context });
  } catch (thrown) {
    return thrown;
  }
}

describe("the local outbox with DEV_MAIL_TOKEN", () => {
  it("opens with the token, moves it from the URL to a cookie, and stays shut without it", () => {
    const first = load(`?token=${TOKEN}`) as Response;
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/dev/mail");
    const cookie = first.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(
      /^plotline-dev-mail=outbox-token-for-this-test; Max-Age=86400; Path=\/dev\/mail; HttpOnly; Secure; SameSite=Strict$/,
    );

    expect(load("", cookie.split(";")[0])).toMatchObject({ messages: expect.any(Array) });
    expect(load("?token=wrong-token-wrong-token")).toMatchObject({ init: { status: 404 } });
    // Being on this machine is not enough once a token is configured.
    expect(load("", undefined, true)).toMatchObject({ init: { status: 404 } });
  });
});
