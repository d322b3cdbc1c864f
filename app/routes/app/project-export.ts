import { load, requireActor } from "~/.server/http/respond";
import { projectCsv } from "~/.server/imports/export";
import { projectForMember } from "~/.server/projects/access";
import type { Route } from "./+types/project-export";

/**
 * A project's tasks as a CSV download (`/app/project/{id}/export.csv`), for every member who
 * may read the project; the columns are the import's, so the file imports back as it was.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requireActor(request, context);
  const access = await load(() => projectForMember(user.id, params.projectId));
  const name = `${access.project.key.toLowerCase()}-tasks.csv`;
  return new Response(projectCsv({ id: access.project.id, key: access.project.key }), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
