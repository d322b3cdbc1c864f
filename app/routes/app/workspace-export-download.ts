import { createReadStream } from "node:fs";

import { createReadableStreamFromReadable } from "@react-router/node";

import { load, requireActor } from "~/.server/http/respond";
import { exportFileFor } from "~/.server/workspace-export/export";
import type { Route } from "./+types/workspace-export-download";

/**
 * Downloads a finished workspace export (`…/export/{id}/download?sig=…`): for an owner of the
 * workspace, with the signature the Export and import page put in the link for them; anyone
 * else, an expired export or a wrong signature is "not found". The zip streams from disk.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requireActor(request, context);
  const signature = new URL(request.url).searchParams.get("sig");
  const file = await load(() => exportFileFor(user.id, params.workspaceId, params.exportId, signature));
  return new Response(createReadableStreamFromReadable(createReadStream(file.path)), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Length": String(file.size),
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
