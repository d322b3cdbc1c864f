import { ThemeProvider } from "@mui/material/styles";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";

import { isDirectLocalRequest } from "~/.server/http/local-request";
import { sendMail } from "~/.server/mail/mailer";
import { mayReadOutbox } from "~/.server/mail/outbox-access";
import { clientIpContext, directLocalContext } from "~/.server/request-context";
import DevMail, { loader } from "~/routes/api/dev-mail";
import { theme } from "~/theme/theme";

/** What server/app.ts hands the loader for a request from `ip` (direct from this machine or not). */
function contextFrom(ip: string, directLocal: boolean) {
  const context = new RouterContextProvider();
  context.set(clientIpContext, ip);
  context.set(directLocalContext, directLocal);
  return context;
}

const args = (ip: string, directLocal: boolean, query = ""): Parameters<typeof loader>[0] => {
  const request = new Request(`http://localhost/dev/mail${query}`);
  return {
    request,
    url: new URL(request.url),
    pattern: "/dev/mail",
    params: {},
    context: contextFrom(ip, directLocal),
  };
};

function refusal(run: () => unknown) {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("the local outbox (no SMTP_URL)", () => {
  it("keeps sent mail, newest first, and shows it to a browser on this machine", async () => {
    await sendMail({
      to: "a@example.com",
      content: { subject: "First", blocks: [{ kind: "paragraph", text: "one" }] },
    });
    await sendMail({
      to: "b@example.com",
      content: { subject: "Second", blocks: [{ kind: "paragraph", text: "two" }] },
    });
    const { messages } = loader(args("127.0.0.1", true)) as Exclude<ReturnType<typeof loader>, Response>;
    // The newest two: files before this one in the same worker may have sent mail too.
    expect(messages.slice(0, 2).map((message) => [message.to, message.subject])).toEqual([
      ["b@example.com", "Second"],
      ["a@example.com", "First"],
    ]);
    expect(messages[0]?.text).toContain("two");
  });

  it("answers 404 to other hosts, and to loopback requests that came through a proxy", () => {
    expect(refusal(() => loader(args("203.0.113.9", false)))).toMatchObject({ init: { status: 404 } });
    // A reverse proxy on the same host connects from 127.0.0.1: that is not a local visitor.
    expect(refusal(() => loader(args("127.0.0.1", false)))).toMatchObject({ init: { status: 404 } });
    // A token in the URL is no key when none is configured.
    expect(refusal(() => loader(args("203.0.113.9", false, "?token=guess-guess-guess")))).toMatchObject({
      init: { status: 404 },
    });
  });

  it("tells a direct local visit from one through a same-host proxy", () => {
    const direct = { remoteAddress: "127.0.0.1", httpVersion: "1.1", headers: { host: "localhost:3000" } };
    expect(isDirectLocalRequest(direct)).toBe(true);
    expect(isDirectLocalRequest({ ...direct, remoteAddress: "::1", headers: { host: "[::1]:3000" } })).toBe(true);
    expect(isDirectLocalRequest({ ...direct, remoteAddress: "203.0.113.9" })).toBe(false);
    expect(isDirectLocalRequest({ ...direct, headers: { host: "plotline.example.com" } })).toBe(false);
    expect(isDirectLocalRequest({ ...direct, headers: { ...direct.headers, "x-forwarded-for": "203.0.113.9" } })).toBe(
      false,
    );
    expect(isDirectLocalRequest({ ...direct, headers: { ...direct.headers, forwarded: "for=203.0.113.9" } })).toBe(
      false,
    );
    expect(isDirectLocalRequest({ ...direct, headers: { ...direct.headers, via: "1.1 proxy" } })).toBe(false);
    // nginx's default proxy_pass: HTTP/1.0, Host rewritten to the upstream's, no forwarding header.
    expect(isDirectLocalRequest({ ...direct, httpVersion: "1.0", headers: { host: "127.0.0.1:3000" } })).toBe(false);
  });

  it("opens to a DEV_MAIL_TOKEN holder (only), or to everyone with MAIL_OUTBOX_PUBLIC", () => {
    const token = "a-long-outbox-token-123";
    expect(mayReadOutbox({ public: false, token }, { directLocal: false, presentedToken: token })).toBe(true);
    expect(
      mayReadOutbox({ public: false, token }, { directLocal: false, presentedToken: "a-long-outbox-token-124" }),
    ).toBe(false);
    // With a token configured, being local is not enough.
    expect(mayReadOutbox({ public: false, token }, { directLocal: true })).toBe(false);
    expect(mayReadOutbox({ public: false }, { directLocal: true })).toBe(true);
    expect(mayReadOutbox({ public: false }, { directLocal: false })).toBe(false);
    expect(mayReadOutbox({ public: true }, { directLocal: false })).toBe(true);
  });
});

describe("the local outbox page", () => {
  it("shows a mail's http(s) links as links and everything else as escaped text", () => {
    const text =
      "Confirm: http://localhost:3000/auth/v1/verify?token=pkce_a&type=signup.\njavascript:alert(1) <b>bold</b>";
    const loaderData = {
      messages: [{ id: "1", to: "a@example.com", subject: "Hi", text, sentAt: new Date(0).toISOString() }],
    };
    const page = createElement(DevMail, { loaderData } as unknown as Parameters<typeof DevMail>[0]);
    const html = renderToStaticMarkup(createElement(ThemeProvider, { theme }, page));
    expect(html).toContain(
      '<a href="http://localhost:3000/auth/v1/verify?token=pkce_a&amp;type=signup" rel="noreferrer">http://localhost:3000/auth/v1/verify?token=pkce_a&amp;type=signup</a>.',
    );
    expect(html).toContain("javascript:alert(1) &lt;b&gt;bold&lt;/b&gt;");
    expect(html.match(/<a /g)).toHaveLength(1);
  });
});
