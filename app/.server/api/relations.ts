import { FieldError } from "../errors";
import { addTaskRelation, relationsOf, removeTaskRelation } from "../tasks/relations";
import { existingTask, found, route, taskUuid, type Context, type Params } from "./context";
import { json, jsonBody } from "./http";
import { idempotent } from "./idempotency";
import { apiRelation } from "./resources";
import { createTaskRelationSchema } from "./schemas";

/**
 * A task's relations (issue 34): listed by every member (a task read alone shows them too),
 * added and removed by editors through the task page's commands, as the token's member. The
 * other task is named by key or id and must be a live task of the token's workspace. Adding
 * "blocked_by" a task is never asked about later: the API completes a blocked task as asked.
 */
export const relationRoutes = [
  route("GET", "/tasks/{taskId}/relations", listRelations),
  route("POST", "/tasks/{taskId}/relations", postRelation),
  route("DELETE", "/tasks/{taskId}/relations/{relationId}", removeRelation),
];

async function relationsOfTask(context: Context, taskPublicId: string) {
  return (await relationsOf(await taskUuid(context.principal, taskPublicId))).map(apiRelation);
}

async function listRelations(context: Context, params: Params) {
  const task = await existingTask(context.principal, params[0]!);
  return json({ items: await relationsOfTask(context, task.id) });
}

async function postRelation(context: Context, params: Params) {
  const { principal, actor, request } = context;
  const task = await existingTask(principal, params[0]!);
  const body = createTaskRelationSchema.parse(await jsonBody(request));
  return idempotent(context, JSON.stringify({ of: task.id, ...body }), async () => {
    const added = await addTaskRelation(actor, {
      taskId: task.id,
      projectId: task.projectId,
      relation: body.kind,
      other: body.task,
    }).catch((error: unknown) => {
      // The command names the other task `other`; the API's body calls it `task`.
      if (error instanceof FieldError && error.field === "other") throw new FieldError("task", error.message);
      throw error;
    });
    const relation = (await relationsOfTask(context, task.id)).find((one) => one.id === added.id);
    return json(found(relation, "Relation"), 201);
  });
}

async function removeRelation({ principal, actor }: Context, params: Params) {
  const task = await existingTask(principal, params[0]!);
  await removeTaskRelation(actor, { taskId: task.id, projectId: task.projectId, relationId: params[1]! });
  return json(null, 204);
}
