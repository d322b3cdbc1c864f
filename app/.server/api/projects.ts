import { createProject, deleteProject, setProjectArchived, updateProject } from "../projects/projects";
import { assertUnchanged, found, projectOf, route, versioned, type Context, type Params } from "./context";
import { json, jsonBody } from "./http";
import { idempotent } from "./idempotency";
import { projectsOf } from "./resources";
import { createProjectSchema, updateProjectSchema } from "./schemas";

/** The workspace's projects, through the project settings' use cases (deleting: owners and admins). */
export const projectRoutes = [
  route("GET", "/projects", listProjects),
  route("POST", "/projects", postProject),
  route("GET", "/projects/{projectId}", getProject),
  route("PATCH", "/projects/{projectId}", patchProject),
  route("DELETE", "/projects/{projectId}", removeProject),
];

async function projectById(workspaceId: string, publicId: string) {
  const [project] = await projectsOf(workspaceId, publicId);
  return found(project, "Project");
}

async function listProjects({ principal }: Context) {
  return json({ items: await projectsOf(principal.workspaceId) });
}

async function postProject(context: Context) {
  const { principal, actor, request } = context;
  const input = createProjectSchema.parse(await jsonBody(request));
  return idempotent(context, JSON.stringify(input), async () => {
    const { id } = await createProject(actor, { workspaceId: principal.workspacePublicId, ...input });
    return versioned(context.request, await projectById(principal.workspaceId, id), 201, {
      Location: `/api/v1/projects/${id}`,
    });
  });
}

async function getProject({ principal, request }: Context, params: Params) {
  return versioned(request, await projectById(principal.workspaceId, params[0]!));
}

/**
 * Changes its fields, then archives or restores it with `archived` (an archived project's
 * fields are read-only); with `If-Match`, only the version the client read.
 */
async function patchProject({ principal, actor, request }: Context, params: Params) {
  const project = await projectOf(principal, params[0]!);
  assertUnchanged(request, await projectById(principal.workspaceId, project.publicId), "project");
  const { archived, ...fields } = updateProjectSchema.parse(await jsonBody(request));
  // Restored before its fields change, archived after: either way the change is allowed.
  if (archived === false) await setProjectArchived(actor, { projectId: project.publicId, archived });
  if (Object.keys(fields).length > 0) await updateProject(actor, { projectId: project.publicId, ...fields });
  if (archived === true) await setProjectArchived(actor, { projectId: project.publicId, archived });
  return versioned(request, await projectById(principal.workspaceId, project.publicId));
}

async function removeProject({ principal, actor }: Context, params: Params) {
  const project = await projectOf(principal, params[0]!);
  await deleteProject(actor, { projectId: project.publicId });
  return json(null, 204);
}
