import { createHash } from "node:crypto";

import type { Route } from "./+types/avatar";

/**
 * A generated avatar for people without a picture: a symmetric 5×5 pattern in a colour
 * derived from the seed (a hash, `generatedAvatarUrl`), drawn here so no outside service
 * learns who is looking at whom. Only hashes are seeds: an address in the URL is a 404.
 */
export function loader({ params }: Route.LoaderArgs) {
  const seed = params.seed.replace(/\.svg$/, "");
  if (!/^[0-9a-f]{32}$/.test(seed)) throw new Response("Not Found", { status: 404 });
  const bytes = createHash("sha256").update(seed).digest();
  const hue = Math.round((bytes[0]! / 255) * 360);
  const colour = `hsl(${hue} 55% 48%)`;
  const cells: string[] = [];
  for (let row = 0; row < 5; row++) {
    for (let column = 0; column < 3; column++) {
      if (bytes[1 + row * 3 + column]! % 2 === 0) continue;
      for (const x of new Set([column, 4 - column])) {
        cells.push(`<rect x="${x * 16 + 12}" y="${row * 16 + 12}" width="16" height="16"/>`);
      }
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 104 104" role="img" aria-label="Avatar"><rect width="104" height="104" fill="hsl(${hue} 60% 94%)"/><g fill="${colour}">${cells.join("")}</g></svg>`;
  return new Response(svg, {
    headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=31536000, immutable" },
  });
}
