import { authenticateToken, type TokenPrincipal } from "../api-tokens/tokens";
import { consume } from "../security/rate-limit";
import { addComment, deleteComment, editComment } from "../tasks/comments";
import { inUnitOfWork, within } from "../commands/command";
import { tokenPrincipal } from "../commands/principal";
import { setTaskLabelsCommand } from "../tasks/labels";
import { setTaskParentCommand } from "../tasks/parent";
import { withRoomInColumn } from "../tasks/positions";
import { createTask, deleteTask, moveTaskCommand, setTaskAssigneesCommand, updateTaskCommand } from "../tasks/tasks";
import {
  assertUnchanged,
  existingTask,
  projectOf,
  route,
  versioned,
  type Context,
  type Params,
  type Route,
} from "./context";
import { ApiProblem, json, jsonBody, jsonText, problem, toProblem } from "./http";
import { idempotent } from "./idempotency";
import { currentApiRate } from "./limits";
import { openApiDocument } from "./openapi";
import { attachmentRoutes } from "./attachments";
import { checklistRoutes } from "./checklist";
import { relationRoutes } from "./relations";
import { eventRoutes } from "./events";
import { messageRoutes } from "./messages";
import { labelRoutes } from "./labels";
import { memberRoutes } from "./members";
import { projectRoutes } from "./projects";
import { commentIn, commentPage, subtasksOf, taskIn, taskPageJson } from "./resources";
import { statusRoutes } from "./statuses";
import { workspaceRoutes } from "./workspaces";
import { commentBodySchema, createTaskSchema, pageQuerySchema, taskListQuerySchema, updateTaskSchema } from "./schemas";

/**
 * The public REST API, `/api/v1` (issue 32): a personal token's requests, acting as its
 * member in its workspace through the same use cases and policies as the pages. Every
 * answer is JSON; every refusal a problem+json.
 */
const AUTH_FAILURES = { points: 60, durationSeconds: 60 };

export const routes: Route[] = [
  ...projectRoutes,
  route("GET", "/projects/{projectId}/tasks", listTasks),
  route("POST", "/projects/{projectId}/tasks", postTask),
  route("GET", "/tasks/{taskId}", getTask),
  route("PATCH", "/tasks/{taskId}", patchTask),
  route("DELETE", "/tasks/{taskId}", removeTask),
  route("GET", "/tasks/{taskId}/subtasks", listSubtasks),
  route("GET", "/tasks/{taskId}/comments", listComments),
  route("POST", "/tasks/{taskId}/comments", postComment),
  route("PATCH", "/comments/{commentId}", patchComment),
  route("DELETE", "/comments/{commentId}", removeComment),
  ...memberRoutes,
  ...labelRoutes,
  ...workspaceRoutes,
  ...statusRoutes,
  ...checklistRoutes,
  ...attachmentRoutes,
  ...relationRoutes,
  ...messageRoutes,
  ...eventRoutes,
];

export async function handleApiRequest(
  request: Request,
  ip: string | null,
  streamedForm?: FormData,
): Promise<Response> {
  try {
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api\/v1/, "").replace(/\/$/, "") || "/";
    if (path === "/openapi.json" && request.method === "GET") return json(openApiDocument(), 200);
    const principal = await authenticate(request, ip);
    // Counted in this process's memory: a shared count would cost a PostgreSQL upsert (a
    // committed write) on every request, more than the limit protects; behind N processes a
    // token may make up to N times the rate.
    const allowed = await consume("api", currentApiRate(), principal.tokenId, "process");
    if (!allowed.allowed)
      throw new ApiProblem(
        429,
        "Too many requests",
        `At most ${currentApiRate().points} requests a minute per token.`,
        {
          headers: { "Retry-After": String(allowed.retryAfterSeconds) },
        },
      );
    const candidates = routes.filter((route) => route.pattern.test(path));
    const route = candidates.find((candidate) => candidate.method === request.method);
    if (!route) {
      if (candidates.length === 0) throw new ApiProblem(404, "Not found", "There is no such endpoint.");
      throw new ApiProblem(405, "Method not allowed", `${request.method} is not allowed here.`, {
        headers: { Allow: candidates.map((candidate) => candidate.method).join(", ") },
      });
    }
    if (route.write && principal.scope !== "write")
      throw new ApiProblem(403, "Forbidden", "This token is read-only: make a read & write token to change things.");
    const [, ...values] = route.pattern.exec(path)!;
    const params = Object.fromEntries(values.map((value, index) => [String(index), value]));
    // The same commands and policies as the pages, as the token's member, bound to its
    // workspace and scope (app/.server/commands/principal.ts).
    const actor = tokenPrincipal({ ...principal, ip });
    return await route.handle({ request, url, principal, actor, streamedForm }, params);
  } catch (error) {
    return problem(toProblem(error));
  }
}

async function authenticate(request: Request, ip: string | null) {
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  const result = match
    ? await authenticateToken(match[1]!)
    : { ok: false as const, reason: "Send a token: Authorization: Bearer <token>." };
  if (result.ok) return result.principal;
  // Guessing tokens is slowed per address.
  const allowed = await consume("api-auth", AUTH_FAILURES, ip ?? "unknown");
  if (!allowed.allowed)
    throw new ApiProblem(429, "Too many requests", "Too many refused tokens from this address.", {
      headers: { "Retry-After": String(allowed.retryAfterSeconds) },
    });
  throw new ApiProblem(401, "Unauthorized", result.reason, {
    headers: { "WWW-Authenticate": 'Bearer realm="plotline"' },
  });
}

/** One query reads the page with the project; only an empty page asks whether the project exists. */
async function listTasks({ principal, url }: Context, params: Params) {
  const query = taskListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const page = await taskPageJson({ workspaceId: principal.workspaceId, publicId: params[0]! }, query);
  if (page.count === 0) await projectOf(principal, params[0]!);
  return jsonText(page.json);
}

async function postTask(context: Context, params: Params) {
  const { principal, actor } = context;
  const project = await projectOf(principal, params[0]!);
  const body = createTaskSchema.parse(await jsonBody(context.request));
  return idempotent(context, JSON.stringify(body), async () => {
    const created = await createTask(actor, { projectId: project.publicId, ...body });
    const task = await taskIn(principal.workspaceId, created.id);
    return versioned(context.request, task, 201, { Location: `/api/v1/tasks/${created.id}` });
  });
}

async function getTask({ principal, request }: Context, params: Params) {
  return versioned(request, await existingTask(principal, params[0]!));
}

/**
 * Changes a task's fields and, with `statusId`, moves it to that column's end. With
 * `If-Match`, a task changed since that version is refused (409) and left as it is.
 */
async function patchTask({ principal, actor, request }: Context, params: Params) {
  const task = await existingTask(principal, params[0]!);
  assertUnchanged(request, task, "task");
  const { statusId, assigneeIds, labelIds, parentId, ...fields } = updateTaskSchema.parse(await jsonBody(request));
  const target = { taskId: task.id, projectId: task.projectId };
  const moves = Boolean(statusId && statusId !== task.status.id);
  // Every field of one PATCH in one unit of work: all of it is saved, or none.
  const patch = () =>
    inUnitOfWork(actor, async (uow) => {
      if (Object.keys(fields).length > 0) await within(uow, updateTaskCommand, { ...target, ...fields });
      if (assigneeIds) await within(uow, setTaskAssigneesCommand, { ...target, userIds: assigneeIds });
      if (labelIds) await within(uow, setTaskLabelsCommand, { ...target, labelIds });
      if (parentId !== undefined && parentId !== task.parentId) {
        await within(uow, setTaskParentCommand, { ...target, parent: parentId });
      }
      if (moves) await within(uow, moveTaskCommand, { ...target, statusId: statusId!, placement: { at: "end" } });
    });
  await (moves ? withRoomInColumn(patch) : patch());
  const updated = await existingTask(principal, task.id);
  return versioned(request, updated);
}

async function removeTask({ principal, actor }: Context, params: Params) {
  const task = await existingTask(principal, params[0]!);
  await deleteTask(actor, { taskId: task.id, projectId: task.projectId });
  return json(null, 204);
}

async function listSubtasks({ principal }: Context, params: Params) {
  const task = await existingTask(principal, params[0]!);
  return json({ items: await subtasksOf(principal.workspaceId, task.id) });
}

async function listComments({ principal, url }: Context, params: Params) {
  const task = await existingTask(principal, params[0]!);
  return json(await commentPage(task, pageQuerySchema.parse(Object.fromEntries(url.searchParams))));
}

async function postComment(context: Context, params: Params) {
  const { principal, actor } = context;
  const task = await existingTask(principal, params[0]!);
  const { body } = commentBodySchema.parse(await jsonBody(context.request));
  return idempotent(context, JSON.stringify({ task: task.id, body }), async () => {
    const { id } = await addComment(actor, { taskId: task.id, projectId: task.projectId, body });
    return json(await commentIn(principal.workspaceId, id), 201, { Location: `/api/v1/comments/${id}` });
  });
}

async function existingComment(principal: TokenPrincipal, publicId: string) {
  const comment = await commentIn(principal.workspaceId, publicId);
  if (!comment) throw new ApiProblem(404, "Not found", "Comment not found");
  return comment;
}

/** Only the author changes a comment's text (the policy says so, as on the task page). */
async function patchComment({ principal, actor, request }: Context, params: Params) {
  const comment = await existingComment(principal, params[0]!);
  const { body } = commentBodySchema.parse(await jsonBody(request));
  await editComment(actor, { taskId: comment.taskId, commentId: comment.id, body });
  return json(await existingComment(principal, comment.id));
}

async function removeComment({ principal, actor }: Context, params: Params) {
  const comment = await existingComment(principal, params[0]!);
  await deleteComment(actor, { taskId: comment.taskId, commentId: comment.id });
  return json(null, 204);
}
