import { env } from "~/.server/env";

/** Crawlers may read the public site, never the app or the sign-in screens. */
export function loader() {
  const body = [
    "User-agent: *",
    "Disallow: /app",
    "Disallow: /auth",
    "Disallow: /dev",
    "Allow: /",
    "",
    `Sitemap: ${env().appUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
