import { content } from "~/.server/content";
import { env } from "~/.server/env";

/** Every public page, post, guide and job, for search engines. */
const STATIC_PATHS = [
  "/",
  "/pricing",
  "/request-demo",
  "/legal/terms",
  "/legal/privacy",
  "/resources/documentation",
  "/resources/guides",
  "/resources/support",
  "/resources/blog",
  "/company/about",
  "/company/careers",
  "/company/contact",
  "/newsletter",
];

export function loader() {
  const origin = env().appUrl;
  const { posts, guides, jobs } = content();
  const entries = [
    ...STATIC_PATHS.map((path) => ({ path })),
    ...posts.map((post) => ({ path: `/resources/blog/${post.slug}`, lastmod: post.publishDate })),
    ...guides.map((guide) => ({ path: `/resources/guides/${guide.slug}`, lastmod: guide.updated })),
    ...jobs.map((job) => ({ path: `/company/careers/${job.id}` })),
  ];
  const urls = entries
    .map(
      (entry) =>
        `  <url><loc>${origin}${entry.path}</loc>${"lastmod" in entry && entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
