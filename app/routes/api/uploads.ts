import fs from "node:fs/promises";

import { resolveUpload } from "~/.server/uploads/images";
import type { Route } from "./+types/uploads";

/**
 * Serves stored uploads. Names are random and never reused, so a file can be cached for
 * good; anything that is not a stored upload's exact name is a 404.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const file = resolveUpload(params["*"] ?? "");
  const body = file ? await fs.readFile(file).catch(() => null) : null;
  if (!body) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(body, {
    headers: {
      "Content-Type": "image/webp",
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
