import fs from "node:fs";
import path from "node:path";

import matter from "gray-matter";
import { parse as parseYaml } from "yaml";
import type { z } from "zod";

import { renderMarkdown } from "./markdown";
import {
  blogPostSchema,
  docsIndexSchema,
  guideSchema,
  jobSchema,
  legalSchema,
  siteSchemas,
} from "./schemas";

/**
 * The public site's content, read from content/ and validated once. A file that does not
 * match its schema stops the server at start (boot() loads everything) with the file's
 * path and the field at fault. Markdown is rendered to sanitized HTML here, on the server.
 */

export class ContentError extends Error {
  override name = "ContentError";
}

export type BlogPost = z.output<typeof blogPostSchema> & { slug: string; html: string };
export type Guide = z.output<typeof guideSchema> & { slug: string; html: string };
export type Job = z.output<typeof jobSchema> & { id: string; html: string };
export type LegalPage = z.output<typeof legalSchema> & { html: string };
export type DocsSection = {
  id: string;
  title: string;
  subsections: { id: string; title: string; html: string }[];
};
type Site = { [K in keyof typeof siteSchemas]: z.output<(typeof siteSchemas)[K]> };

export type Content = {
  posts: BlogPost[];
  guides: Guide[];
  jobs: Job[];
  legal: { terms: LegalPage; privacy: LegalPage };
  docs: DocsSection[];
  site: Site;
};

export function loadContent(root: string): Content {
  return {
    posts: readMarkdownDir(root, "blog", blogPostSchema)
      .map(({ name, data, html }) => ({ ...data, slug: name, html }))
      .sort((a, b) => b.publishDate.localeCompare(a.publishDate)),
    guides: readMarkdownDir(root, "guides", guideSchema).map(({ name, data, html }) => ({ ...data, slug: name, html })),
    jobs: readMarkdownDir(root, "jobs", jobSchema).map(({ name, data, html }) => ({ ...data, id: name, html })),
    legal: {
      terms: readLegal(root, "terms"),
      privacy: readLegal(root, "privacy"),
    },
    docs: readDocs(root),
    site: Object.fromEntries(
      Object.entries(siteSchemas).map(([name, schema]) => [name, readYaml(root, `site/${name}.yaml`, schema)]),
    ) as Site,
  };
}

function readMarkdownDir<T extends z.ZodType>(root: string, dir: string, schema: T) {
  const folder = path.join(root, dir);
  return fs
    .readdirSync(folder)
    .filter((file) => file.endsWith(".md"))
    .sort()
    .map((file) => {
      const { data, html } = readMarkdown(path.join(folder, file), schema);
      return { name: file.replace(/\.md$/, ""), data, html };
    });
}

function readMarkdown<T extends z.ZodType>(file: string, schema: T) {
  const { data, content } = matter(fs.readFileSync(file, "utf8"));
  return { data: validate(file, schema, data), html: renderMarkdown(content) };
}

function readLegal(root: string, name: "terms" | "privacy"): LegalPage {
  const { data, html } = readMarkdown(path.join(root, "legal", `${name}.md`), legalSchema);
  return { ...data, html };
}

function readDocs(root: string): DocsSection[] {
  const index = readYaml(root, "docs/index.yaml", docsIndexSchema);
  return index.sections.map((section) => ({
    id: section.id,
    title: section.title,
    subsections: section.subsections.map((subsection) => {
      const file = path.join(root, "docs", section.id, `${subsection.id}.md`);
      if (!fs.existsSync(file)) throw new ContentError(`${file} is missing (listed in content/docs/index.yaml)`);
      return { ...subsection, html: renderMarkdown(fs.readFileSync(file, "utf8")) };
    }),
  }));
}

function readYaml<T extends z.ZodType>(root: string, relative: string, schema: T): z.output<T> {
  const file = path.join(root, relative);
  return validate(file, schema, parseYaml(fs.readFileSync(file, "utf8")));
}

function validate<T extends z.ZodType>(file: string, schema: T, data: unknown): z.output<T> {
  const result = schema.safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.length ? issue.path.join(".") : "(file)";
    throw new ContentError(`${file}: ${where} ${issue?.message ?? "is invalid"}`);
  }
  return result.data;
}
