import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { ContentError, loadContent } from "./content";

const root = path.resolve(process.cwd(), "content");

describe("loadContent", () => {
  it("loads and validates every file of the real content", () => {
    const content = loadContent(root);
    expect(content.posts.map((post) => post.slug).sort()).toEqual([
      "ai-trends-in-2025",
      "changelog-v1-2",
      "introducing-plotline",
      "mastering-task-management",
    ]);
    expect(content.guides.map((guide) => guide.slug).sort()).toEqual([
      "build-kanban-workflow",
      "custom-views-ai",
      "integrating-supabase",
      "real-time-collaboration",
    ]);
    expect(content.jobs.map((job) => job.id).sort()).toEqual([
      "ai-prompt-engineer",
      "frontend-engineer",
      "product-designer",
    ]);
    expect(content.docs.map((section) => section.title)).toEqual([
      "Getting Started",
      "Authentication",
      "Projects",
      "Tasks",
      "AI Assistant",
      "Integrations",
      "Settings",
    ]);
    expect(content.legal.terms.lastUpdated).toBe("2025-05-30");
    expect(content.site.company.values.map((value) => value.title)).toEqual([
      "Innovation",
      "Transparency",
      "User Empathy",
      "Velocity",
      "Simplicity",
    ]);
  });

  it("sorts posts newest first", () => {
    const dates = loadContent(root).posts.map((post) => post.publishDate);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("stops with the file and field when front matter is wrong", () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), "plotline-content-"));
    fs.cpSync(root, copy, { recursive: true });
    const file = path.join(copy, "blog", "changelog-v1-2.md");
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace(/publishDate: .*/, "publishDate: soon"));
    expect(() => loadContent(copy)).toThrow(ContentError);
    expect(() => loadContent(copy)).toThrow(`${file}: publishDate must be a date like 2025-05-30`);
    fs.rmSync(copy, { recursive: true });
  });
});
