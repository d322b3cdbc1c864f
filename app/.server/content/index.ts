import path from "node:path";

import { env } from "../env";
import { loadContent, type Content } from "./content";

export type { BlogPost, Content, DocsSection, Guide, Job, LegalPage } from "./content";

/**
 * The content, read once in production and on every request in development (so edits to
 * content/ show on reload).
 */
let cached: Content | undefined;

export function content(): Content {
  if (cached && env().mode !== "development") return cached;
  cached = loadContent(path.resolve(process.cwd(), "content"));
  return cached;
}

export function findPost(slug: string) {
  return content().posts.find((post) => post.slug === slug);
}

export function findGuide(slug: string) {
  return content().guides.find((guide) => guide.slug === slug);
}

export function findJob(id: string) {
  return content().jobs.find((job) => job.id === id);
}
