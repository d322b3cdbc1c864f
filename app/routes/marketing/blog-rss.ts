import { content } from "~/.server/content";
import { env } from "~/.server/env";

/** The blog as an RSS 2.0 feed, newest post first. */
export function loader() {
  const origin = env().appUrl;
  const blogUrl = `${origin}/resources/blog`;
  const { posts } = content();
  const items = posts
    .map((post) => {
      const link = `${blogUrl}/${post.slug}`;
      return [
        "    <item>",
        `      <title>${escapeXml(post.title)}</title>`,
        `      <link>${escapeXml(link)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
        `      <pubDate>${rfc822(post.publishDate)}</pubDate>`,
        `      <dc:creator>${escapeXml(post.author)}</dc:creator>`,
        `      <description>${escapeXml(post.summary)}</description>`,
        ...post.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`),
        "    </item>",
      ].join("\n");
    })
    .join("\n");
  const newest = posts[0]?.publishDate;
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "  <channel>",
    "    <title>Plotline Blog</title>",
    `    <link>${escapeXml(blogUrl)}</link>`,
    `    <atom:link href="${escapeXml(`${blogUrl}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    "    <description>Product news, the changelog and what we learn while building Plotline.</description>",
    "    <language>en</language>",
    ...(newest ? [`    <lastBuildDate>${rfc822(newest)}</lastBuildDate>`] : []),
    items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
  return new Response(xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

/** A content date (YYYY-MM-DD) at midnight UTC, as RFC 822 wants it: "Tue, 11 Mar 2025 00:00:00 GMT". */
function rfc822(isoDate: string) {
  return new Date(`${isoDate}T00:00:00Z`).toUTCString();
}

function escapeXml(text: string) {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}
