import { and, eq, isNull } from "drizzle-orm";

import type { TokenPrincipal } from "../api-tokens/tokens";
import { db } from "../db";
import { projects, statuses } from "../db/schema";
import type { ProjectColor } from "~/utils/projects";
import { createStatus, deleteStatus, moveStatus, statusesWithCounts, updateStatus } from "../tasks/statuses";
import { found, projectOf, route, type Context, type Params } from "./context";
import { json, jsonBody } from "./http";
import { idempotent } from "./idempotency";
import { createStatusSchema, deleteStatusQuerySchema, updateStatusSchema } from "./schemas";

/** A project's workflow columns, changed through the Statuses settings' use cases. */
export const statusRoutes = [
  route("GET", "/projects/{projectId}/statuses", listStatuses),
  route("POST", "/projects/{projectId}/statuses", postStatus),
  route("PATCH", "/statuses/{statusId}", patchStatus),
  route("DELETE", "/statuses/{statusId}", removeStatus),
];

/** A status of a live project of the token's workspace, with its project's public id. */
async function existingStatus(principal: TokenPrincipal, publicId: string) {
  const [row] = await db()
    .select({
      id: statuses.publicId,
      name: statuses.name,
      color: statuses.color,
      category: statuses.category,
      projectId: projects.publicId,
      projectUuid: projects.id,
    })
    .from(statuses)
    .innerJoin(projects, eq(projects.id, statuses.projectId))
    .where(
      and(eq(statuses.publicId, publicId), eq(projects.workspaceId, principal.workspaceId), isNull(projects.deletedAt)),
    );
  return found(row, "Status");
}

async function statusOf(projectUuid: string, publicId: string) {
  const all = await statusesWithCounts(projectUuid);
  return found(
    all.find((status) => status.id === publicId),
    "Status",
  );
}

async function listStatuses({ principal }: Context, params: Params) {
  const project = await projectOf(principal, params[0]!);
  return json({ items: await statusesWithCounts(project.id) });
}

async function postStatus(context: Context, params: Params) {
  const { principal, actor, request } = context;
  const project = await projectOf(principal, params[0]!);
  const input = createStatusSchema.parse(await jsonBody(request));
  return idempotent(context, JSON.stringify(input), async () => {
    const { id } = await createStatus(actor, { projectId: project.publicId, ...input });
    return json(await statusOf(project.id, id), 201);
  });
}

/** Fields left out keep their value (the use case takes them all); `move` steps the column. */
async function patchStatus({ principal, actor, request }: Context, params: Params) {
  const status = await existingStatus(principal, params[0]!);
  const { move, ...fields } = updateStatusSchema.parse(await jsonBody(request));
  const target = { projectId: status.projectId, statusId: status.id };
  if (Object.keys(fields).length > 0)
    await updateStatus(actor, {
      ...target,
      name: fields.name ?? status.name,
      // The column only holds colours the use case wrote.
      color: fields.color ?? (status.color as ProjectColor),
      category: fields.category ?? status.category,
    });
  if (move) await moveStatus(actor, { ...target, direction: move });
  return json(await statusOf(status.projectUuid, status.id));
}

/** Its tasks go to the end of `moveTasksTo`, as in the settings; a project keeps one status. */
async function removeStatus({ principal, actor, url }: Context, params: Params) {
  const status = await existingStatus(principal, params[0]!);
  const { moveTasksTo } = deleteStatusQuerySchema.parse(Object.fromEntries(url.searchParams));
  await deleteStatus(actor, { projectId: status.projectId, statusId: status.id, targetStatusId: moveTasksTo ?? "" });
  return json(null, 204);
}
