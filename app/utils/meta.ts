import type { MetaDescriptor } from "react-router";

export type PageMeta = {
  title: string;
  description: string;
  /** The page's path, for the canonical URL and og:url. */
  path: string;
  /** An absolute path of a share image (defaults to the site's). */
  image?: string;
  type?: "website" | "article";
  /** The site's public origin (APP_URL), from the root loader. */
  origin: string;
};

/** Title, description, Open Graph tags and the canonical link of a public page. */
export function pageMeta({ title, description, path, image = "/og-image.svg", type = "website", origin }: PageMeta) {
  const fullTitle = title === "Plotline" ? title : `${title} · Plotline`;
  const url = `${origin}${path}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:site_name", content: "Plotline" },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:url", content: url },
    { property: "og:image", content: `${origin}${image}` },
    { name: "twitter:card", content: "summary_large_image" },
    { tagName: "link", rel: "canonical", href: url },
  ] satisfies MetaDescriptor[];
}

/** The origin the root loader publishes, read from a meta function's matches. */
export function originFrom(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { origin?: string } | undefined;
  return root?.origin ?? "";
}
