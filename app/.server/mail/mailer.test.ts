import { describe, expect, it, vi } from "vitest";

import { logger } from "../logger";
import { outboxMessages, sendMail } from "./mailer";

describe("the local outbox's log", () => {
  it("says a mail went out, without its body, subject or recipient; the outbox keeps the mail", async () => {
    const info = vi.spyOn(logger, "info");
    const link = "http://localhost:3000/auth/v1/verify?token=secret-token-123&type=magiclink";
    await sendMail({
      to: "ada@example.com",
      content: { subject: "Your sign-in link", blocks: [{ kind: "paragraph", text: `Sign in: ${link}` }] },
    });
    const logged = JSON.stringify(info.mock.calls);
    expect(info).toHaveBeenCalledWith({ mail: { id: expect.any(String) } }, expect.stringContaining("/dev/mail"));
    for (const secret of ["secret-token-123", "verify?token", "ada@example.com", "Your sign-in link"]) {
      expect(logged).not.toContain(secret);
    }
    expect(outboxMessages()[0]).toMatchObject({ to: "ada@example.com", subject: "Your sign-in link" });
    expect(outboxMessages()[0]?.text).toContain(link);
  });
});
