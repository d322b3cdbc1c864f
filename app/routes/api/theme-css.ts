import { globalStylesheet } from "~/.server/theme/global-stylesheet";
import type { Route } from "./+types/theme-css";

/**
 * The theme's stylesheet (app/.server/theme/global-stylesheet.tsx). Pages link it with a
 * hash of its content, so that URL may be kept for a year; any other URL gets the current
 * stylesheet, briefly cached.
 */
export function loader({ request }: Route.LoaderArgs) {
  const { css, href } = globalStylesheet();
  const current = new URL(request.url).search === new URL(href, request.url).search;
  return new Response(css, {
    headers: {
      "Content-Type": "text/css; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=300",
    },
  });
}
