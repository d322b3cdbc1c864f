import { createHash } from "node:crypto";

import { and, eq } from "drizzle-orm";

import type { Principal } from "../commands/principal";
import type { TokenPrincipal } from "../api-tokens/tokens";
import { db } from "../db";
import { tasks } from "../db/schema";
import { ApiProblem, json } from "./http";
import { projectIn, taskIn } from "./resources";

/**
 * What every endpoint of the API is given, and how an endpoint is declared: a method, a path
 * template whose `{…}` segments are ids (handed over in order as `params[0]`, `params[1]`),
 * and whether it writes (a read-only token is refused before it runs).
 */
export type Context = {
  request: Request;
  url: URL;
  principal: TokenPrincipal;
  /** The token as a principal: its member's role, its workspace only, its scope. */
  actor: Principal & { userId: string };
  /** An attachment's form, parsed as it streamed in, its file on disk (server/streamed-uploads.ts). */
  streamedForm?: FormData;
};
export type Params = Record<string, string>;
export type Handler = (context: Context, params: Params) => Promise<Response>;
export type Route = { method: string; template: string; pattern: RegExp; write: boolean; handle: Handler };

const ID = "([A-Za-z0-9_-]{1,40})";

export function route(method: string, template: string, handle: Handler): Route {
  const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, ID)}$`);
  return { method, template, pattern, write: method !== "GET", handle };
}

/** The thing, or the 404 an id outside the token's workspace gets (it does not exist there). */
export function found<T>(thing: T | null | undefined, what: string): T {
  if (thing === null || thing === undefined) throw new ApiProblem(404, "Not found", `${what} not found`);
  return thing;
}

export async function projectOf(principal: TokenPrincipal, publicId: string) {
  return found(await projectIn(principal.workspaceId, publicId), "Project");
}

export async function existingTask(principal: TokenPrincipal, publicId: string) {
  return found(await taskIn(principal.workspaceId, publicId), "Task");
}

/** The internal id of a task of the token's workspace, for the reads that take it (checklist, files). */
export async function taskUuid(principal: TokenPrincipal, publicId: string) {
  const [row] = await db()
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.publicId, publicId), eq(tasks.workspaceId, principal.workspaceId)));
  return found(row, "Task").id;
}

/** A strong validator of a thing as the API shows it (a hash of its representation). */
export function etagOf(thing: unknown) {
  return `"${createHash("sha256").update(JSON.stringify(thing)).digest("base64url").slice(0, 27)}"`;
}

/** With `If-Match`, a thing changed since that version is refused (409) and left as it is. */
export function assertUnchanged(request: Request, current: unknown, what: string) {
  const ifMatch = request.headers.get("if-match");
  if (ifMatch && ifMatch !== "*" && ifMatch !== etagOf(current))
    throw new ApiProblem(
      409,
      "Conflict",
      `The ${what} changed since that version: read it again, then send your change.`,
    );
}

/** A thing you can read alone answers with its version, and 304 when the client has it. */
export function versioned(request: Request, thing: unknown, status = 200, headers: Record<string, string> = {}) {
  const etag = etagOf(thing);
  if (status === 200 && request.method === "GET" && request.headers.get("if-none-match") === etag)
    return new Response(null, { status: 304, headers: { ETag: etag } });
  return json(thing, status, { ...headers, ETag: etag });
}
