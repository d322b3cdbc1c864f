import { describe, expect, it } from "vitest";

import { renderMail } from "./render";

describe("renderMail", () => {
  it("renders one template to a plain-text and an HTML body", () => {
    const mail = renderMail({
      subject: "Confirm",
      blocks: [
        { kind: "paragraph", text: "Hi Ada," },
        { kind: "button", label: "Confirm", url: "https://plotline.example/confirm?token=abc" },
        { kind: "fields", rows: [["Team size", "11-50"]] },
      ],
    });
    expect(mail.subject).toBe("Confirm");
    expect(mail.text).toContain("Hi Ada,\n\nConfirm: https://plotline.example/confirm?token=abc\n\nTeam size: 11-50");
    expect(mail.html).toContain('href="https://plotline.example/confirm?token=abc"');
    expect(mail.html).toContain("<td");
  });

  it("escapes what the sender typed", () => {
    const mail = renderMail({ subject: "x", blocks: [{ kind: "quote", text: '<script>alert("x")</script>' }] });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(mail.text).toContain('> <script>alert("x")</script>');
  });
});
