import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";

import { sendMail } from "~/.server/mail/mailer";
import { clientIpContext } from "~/.server/request-context";
import { loader } from "~/routes/api/dev-mail";

function contextFrom(ip: string) {
  const context = new RouterContextProvider();
  context.set(clientIpContext, ip);
  return context;
}

const args = (ip: string): Parameters<typeof loader>[0] => {
  const request = new Request("http://localhost/dev/mail");
  return { request, url: new URL(request.url), pattern: "/dev/mail", params: {}, context: contextFrom(ip) };
};

describe("the local outbox (no SMTP_URL)", () => {
  it("keeps sent mail, newest first, and shows it to this machine", async () => {
    await sendMail({
      to: "a@example.com",
      content: { subject: "First", blocks: [{ kind: "paragraph", text: "one" }] },
    });
    await sendMail({
      to: "b@example.com",
      content: { subject: "Second", blocks: [{ kind: "paragraph", text: "two" }] },
    });
    const { messages } = loader(args("127.0.0.1"));
    expect(messages.map((message) => [message.to, message.subject])).toEqual([
      ["b@example.com", "Second"],
      ["a@example.com", "First"],
    ]);
    expect(messages[0]?.text).toContain("two");
  });

  it("answers 404 to other hosts", () => {
    let thrown: unknown;
    try {
      loader(args("203.0.113.9"));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ init: { status: 404 } });
  });
});
