import { describe, expect, it } from "vitest";

import { renderMarkdown } from "./markdown";

describe("renderMarkdown", () => {
  it("renders headings with ids, tables and fenced code with its language", () => {
    const html = renderMarkdown("## Set up\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```bash\nnpm start\n```\n");
    expect(html).toContain('<h2 id="set-up">Set up</h2>');
    expect(html).toContain("<table>");
    expect(html).toContain('<code class="language-bash">npm start\n</code>');
  });

  it("drops scripts, event handlers and javascript: links", () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src="x" onerror="alert(1)">\n\n[click](javascript:alert(1))',
    );
    expect(html).not.toMatch(/<script|onerror|javascript:/i);
    expect(html).toContain("click");
  });
});

describe("renderUserMarkdown", () => {
  it("keeps what people format and drops what could run or clobber the page", async () => {
    const { renderUserMarkdown } = await import("./markdown");
    const html = renderUserMarkdown(
      [
        "**Bold** and [a link](https://example.com) and [bad](javascript:alert(1))",
        "",
        '<img src=x onerror="alert(1)"><script>alert(2)</script>',
        "",
        "- [x] done",
        "",
        '<a id="main" name="sidebar">x</a>',
      ].join("\n"),
    );
    expect(html).toContain("<strong>Bold</strong>");
    expect(html).toContain('<a href="https://example.com">a link</a>');
    expect(html).not.toMatch(/javascript:|onerror|<script|<img/);
    expect(html).toContain('type="checkbox"');
    expect(html).not.toMatch(/id="main"|name="sidebar"/);
  });

  it("shows only the app's own attachments as images; another site's image becomes a link to it", async () => {
    const { renderUserMarkdown } = await import("./markdown");
    const own = "/app/project/Pr0ject1/task/Ta5k0001/attachment/F1le0001";
    const html = renderUserMarkdown(
      [
        `![shot.png](${own})`,
        "",
        "![tracker](https://evil.example/pixel.gif)",
        "",
        "![](//evil.example/pixel.gif) ![root](/app/settings) ![data](data:image/png;base64,AAAA)",
      ].join("\n"),
    );
    expect(html).toBe(
      [
        `<p><img src="${own}" alt="shot.png" loading="lazy"></p>`,
        '<p><a href="https://evil.example/pixel.gif">tracker</a></p>',
        "<p>//evil.example/pixel.gif root data</p>",
      ].join("\n"),
    );
  });

  it("names each checklist item's box by the item's text", async () => {
    const { renderUserMarkdown } = await import("./markdown");
    const html = renderUserMarkdown("- [x] tell **the** team\n- [ ] write\n  - [ ] nested");
    expect(html).toContain('<input type="checkbox" checked disabled aria-label="tell the team">');
    expect(html).toContain('<input type="checkbox" disabled aria-label="write">');
    expect(html).toContain('<input type="checkbox" disabled aria-label="nested">');
    const loose = renderUserMarkdown("- [ ] one\n\n- [x] two");
    expect(loose).toContain('<p><input type="checkbox" disabled aria-label="one"> one</p>');
  });
});

describe("renderUserMarkdown's mention chips", () => {
  const members = [
    { id: "sam", name: "Sam Lee" },
    { id: "ada", name: "Ada Lovelace" },
    // A display name is the member's own to write: it must come out as text, never as markup.
    { id: "eve", name: '<img src=x onerror="alert(1)">Eve' },
  ];

  it("shows each mention as a chip with the person's name, the reader's own marked", async () => {
    const { renderUserMarkdown } = await import("./markdown");
    const { mentionChips } = await import("../chat/mentions");
    const html = renderUserMarkdown("Ask @sam and **@Ada Lovelace**, not `@sam` or [@sam](https://example.com).", {
      mentions: mentionChips(members, "ada"),
    });
    expect(html).toBe(
      '<p>Ask <span class="pl-mention">@Sam Lee</span> and <strong><span class="pl-mention pl-mention-self">@Ada Lovelace</span></strong>, not <code>@sam</code> or <a href="https://example.com">@sam</a>.</p>',
    );
  });

  it("escapes what a name holds and keeps the chip's class out of the author's reach", async () => {
    const { renderUserMarkdown } = await import("./markdown");
    const { mentionChips } = await import("../chat/mentions");
    const mentions = mentionChips(members, null);
    // The name typed with its markup written as entities, so the text node holds it as it is.
    const html = renderUserMarkdown('Hi @&lt;img src=x onerror="alert(1)"&gt;Eve!', { mentions });
    expect(html).toBe(
      '<p>Hi <span class="pl-mention">@&#x3C;img src=x onerror="alert(1)">Eve</span>!</p>',
    );
    expect(html).not.toMatch(/<img/);
    // Markup written by hand is dropped, and a class is not the author's to set.
    const forged = renderUserMarkdown(
      '<span class="pl-mention pl-mention-self">@Boss</span> and <b class="pl-mention">x</b>',
      { mentions },
    );
    expect(forged).not.toMatch(/pl-mention|<span|<b/);
    expect(renderUserMarkdown("Nobody: @Someone Else", { mentions })).toBe("<p>Nobody: @Someone Else</p>");
  });
});
