import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";

import { handleApiRequest } from "~/.server/api/router";
import { openApiDocument } from "~/.server/api/openapi";
import { createApiToken } from "~/.server/api-tokens/tokens";
import { createProject } from "~/.server/projects/projects";
import { addMember, buildUser, type TestUser } from "./factories";

/**
 * The public API (`/api/v1`) called through its router as a client calls it, for the API
 * tests: every answer is checked against the OpenAPI document's schema for its operation
 * (`mismatches` stays empty) and the operations seen are counted, so a test file can say
 * which documented operations it never called.
 */
type Doc = {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>
  >;
  components: { schemas: Record<string, unknown> };
};
export const doc = openApiDocument() as Doc;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
// The document's components under one id, so its `#/components/schemas/…` references resolve.
const DOC_ID = "https://plotline.test/openapi.json";
ajv.addSchema({ $id: DOC_ID, components: doc.components });
export const mismatches: string[] = [];
const operationsSeen = new Set<string>();

/** The document's path template of a concrete path ("/tasks/abc" → "/tasks/{taskId}"). */
function templateOf(path: string) {
  return Object.keys(doc.paths).find((template) =>
    new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`).test(path),
  );
}

/** A JSON body is sent as JSON; a FormData as multipart. Only JSON answers are parsed. */
export async function call(
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const form = body instanceof FormData;
  const request = new Request(`http://localhost/api/v1${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined || form ? {} : { "Content-Type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  });
  const response = await handleApiRequest(request, "127.0.0.1");
  const text = await response.text();
  const isJson = /json/.test(response.headers.get("content-type") ?? "");
  const json = text && isJson ? (JSON.parse(text) as Record<string, unknown>) : null;
  checkAgainstDocument(method, path.split("?")[0]!, response, json);
  // The answers are checked against the document above; the tests read them freely.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, headers: response.headers, json: json as Record<string, any>, text };
}

function checkAgainstDocument(method: string, path: string, response: Response, json: unknown) {
  const template = templateOf(path);
  // A path the API does not have is a 404 problem, and not the document's business.
  if (!template && response.status === 404) return;
  if (!template) return void mismatches.push(`${method} ${path}: not in the document`);
  const operation = doc.paths[template]![method.toLowerCase()];
  if (!operation) return void mismatches.push(`${method} ${template}: not in the document`);
  operationsSeen.add(`${method} ${template}`);
  const declared = operation.responses[String(response.status)];
  if (!declared) return void mismatches.push(`${method} ${template} ${response.status}: status not documented`);
  const type = (response.headers.get("content-type") ?? "").split(";")[0]!;
  const content = declared.content;
  if (!content) return;
  const schema = (content[type] ?? content["*/*"])?.schema as { $ref?: string } | undefined;
  if (!schema) return void mismatches.push(`${method} ${template} ${response.status}: ${type} not documented`);
  // A file's bytes: any type, nothing to validate.
  if (!schema.$ref) return;
  if (!ajv.validate({ $ref: `${DOC_ID}${schema.$ref}` }, json))
    mismatches.push(`${method} ${template} ${response.status}: ${ajv.errorsText(ajv.errors)}`);
}

/**
 * The operations the newer resources' file (api-resources.test.ts) covers; api.test.ts
 * covers every other. Between them, every documented operation is called.
 */
export const RESOURCE_OPERATIONS = new RegExp(
  [
    "^POST /projects$",
    "^\\w+ /projects/\\{projectId\\}(/statuses|/messages)?$",
    "^\\w+ /(workspaces|statuses|checklist-items|attachments|messages|calendar|labels/|members/)",
    "^\\w+ /tasks/\\{taskId\\}/(subtasks|checklist|attachments|relations)$",
    "^\\w+ /tasks/\\{taskId\\}/relations/\\{relationId\\}$",
  ].join("|"),
);

/** "GET /tasks/{taskId}", for each operation of the document. */
export function documentedOperations() {
  return Object.entries(doc.paths).flatMap(([template, item]) =>
    Object.keys(item)
      .filter((key) => key !== "parameters")
      .map((method) => `${method.toUpperCase()} ${template}`),
  );
}

/** The documented operations matching `owned` that no call of this file has reached. */
export function uncalledOperations(owned: (operation: string) => boolean) {
  return documentedOperations().filter((operation) => owned(operation) && !operationsSeen.has(operation));
}

/** An owner with a project and tokens, a viewer of their workspace, and a stranger with their own. */
export async function team() {
  const owner = await buildUser();
  const viewer = await buildUser();
  const stranger = await buildUser();
  await addMember(owner.workspaceId, viewer.id, "viewer");
  const project = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Website" });
  const theirs = await createProject(stranger.actor, { workspaceId: stranger.workspaceId, name: "Theirs" });
  const tokenOf = async (
    user: TestUser,
    workspaceId: string,
    scope: "read" | "write",
    expiresInDays: number | null = null,
  ) => (await createApiToken(user.actor, { workspaceId, name: `${scope} token`, scope, expiresInDays })).token;
  return {
    owner,
    viewer,
    stranger,
    project,
    theirs,
    write: await tokenOf(owner, owner.workspaceId, "write"),
    read: await tokenOf(owner, owner.workspaceId, "read"),
    viewerWrite: await tokenOf(viewer, owner.workspaceId, "write"),
    strangerWrite: await tokenOf(stranger, stranger.workspaceId, "write"),
  };
}
