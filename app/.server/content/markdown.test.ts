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
