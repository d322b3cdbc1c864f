import type { User } from "@supabase/supabase-js";

import { hashPassword } from "../auth-service/passwords";
import { createEmailUser, findUserByEmail } from "../auth-service/users";
import { db } from "../db";
import { createProject, setProjectStarred } from "../projects/projects";
import { syncProfile } from "../profiles/sync-profile";
import { createWorkspace, listWorkspaces, renameWorkspace } from "../workspaces/workspaces";
import type { ProjectColor } from "~/utils/projects";

/**
 * Demo data through the real use cases: a confirmed demo user of the built-in auth
 * service, two workspaces and five projects like the prototype's sample, two of them
 * starred. Running it again changes nothing.
 */
export const DEMO_EMAIL = "demo@plotline.local";
export const DEMO_PASSWORD = "plotline-demo";

const SAMPLE: {
  workspace: "team" | "personal";
  name: string;
  description: string;
  color: ProjectColor;
  starred?: boolean;
}[] = [
  {
    workspace: "team",
    name: "Website Redesign",
    description: "New marketing site and docs.",
    color: "indigo",
    starred: true,
  },
  { workspace: "team", name: "Mobile App", description: "iOS and Android app, first release.", color: "teal" },
  { workspace: "team", name: "Marketing Campaign", description: "Spring launch campaign.", color: "rose" },
  {
    workspace: "personal",
    name: "Product Roadmap",
    description: "What ships this year.",
    color: "purple",
    starred: true,
  },
  { workspace: "personal", name: "Q3 Planning", description: "Goals and budget for Q3.", color: "amber" },
];

export async function seedDemo() {
  if (await findUserByEmail(db(), DEMO_EMAIL)) return { created: false, email: DEMO_EMAIL, password: DEMO_PASSWORD };
  const user = await createDemoUser(DEMO_EMAIL, DEMO_PASSWORD, "Demo User");
  const actor = { userId: user.id, ip: null };
  const [personal] = await listWorkspaces(user.id);
  if (!personal) throw new Error("the demo user's first sign-in made no workspace");
  await renameWorkspace(actor, { workspaceId: personal.id, name: "Personal Projects" });
  const team = await createWorkspace(actor, { name: "Acme Corp" });
  for (const sample of SAMPLE) {
    const project = await createProject(actor, {
      workspaceId: sample.workspace === "team" ? team.id : personal.id,
      name: sample.name,
      description: sample.description,
      color: sample.color,
    });
    if (sample.starred) await setProjectStarred(actor, { projectId: project.id, starred: true });
  }
  return { created: true, email: DEMO_EMAIL, password: DEMO_PASSWORD };
}

/** A confirmed user of the built-in auth service, signed in once (profile, settings, workspace). */
export async function createDemoUser(email: string, password: string, fullName: string) {
  const row = await createEmailUser(db(), {
    email,
    passwordHash: await hashPassword(password),
    data: { full_name: fullName },
    confirmed: true,
  });
  await syncProfile({ id: row.id, email, user_metadata: row.rawUserMetaData } as unknown as User, null);
  return row;
}

/**
 * The bench's account: one user in `workspaceCount` workspaces holding `projectCount`
 * projects between them, a few starred. Rows go in through the use cases, so the data has
 * the same shape (and activity) as real use.
 */
export async function seedBench(options: {
  email: string;
  password: string;
  workspaceCount: number;
  projectCount: number;
}) {
  const user = await createDemoUser(options.email, options.password, "Bench User");
  const actor = { userId: user.id, ip: null };
  const ids = (await listWorkspaces(user.id)).map((workspace) => workspace.id);
  for (let n = 2; n <= options.workspaceCount; n++)
    ids.push((await createWorkspace(actor, { name: `Workspace ${n}` })).id);
  const projectIds: string[] = [];
  for (let n = 0; n < options.projectCount; n++) {
    const project = await createProject(actor, { workspaceId: ids[n % ids.length]!, name: `Project ${n + 1}` });
    projectIds.push(project.id);
    if (n % 10 === 0) await setProjectStarred(actor, { projectId: project.id, starred: true });
  }
  return { userId: user.id, projectIds, workspaceIds: ids };
}
