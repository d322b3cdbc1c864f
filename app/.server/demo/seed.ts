import type { User } from "@supabase/supabase-js";

import { hashPassword } from "../auth-service/passwords";
import { createEmailUser, findUserByEmail } from "../auth-service/users";
import { db } from "../db";
import { projectForMember } from "../projects/access";
import { createProject, setProjectStarred } from "../projects/projects";
import { projectStatuses } from "../tasks/statuses";
import { addChecklistItem, setChecklistItemDone } from "../tasks/checklist";
import { addComment } from "../tasks/comments";
import { createLabel, setTaskLabels } from "../tasks/labels";
import { createTask } from "../tasks/tasks";
import { postMessage } from "../chat/messages";
import type { Priority } from "~/validation/task-fields";
import { syncProfile } from "../profiles/sync-profile";
import { createWorkspace, listWorkspaces, renameWorkspace } from "../workspaces/workspaces";
import type { ProjectColor } from "~/utils/projects";

/**
 * Demo data through the real use cases: a confirmed demo user of the built-in auth
 * service, two workspaces and five projects like the prototype's sample, two of them
 * starred, each with tasks across its statuses (due dates relative to today, so some are
 * overdue and some upcoming) and a few subtasks; the team's labels on some tasks, a
 * checklist, comments and a chat. Running it again changes nothing.
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

/** [title, status, priority, due in days from today (null: none), subtasks] */
type SampleTask = [string, string, Priority, number | null, string[]?];

const SAMPLE_TASKS: Record<string, SampleTask[]> = {
  "Website Redesign": [
    ["Audit the current site's pages", "Done", "medium", -20],
    ["Write the new information architecture", "Review", "high", -2, ["Sitemap", "Navigation labels"]],
    ["Design the home page", "In Progress", "high", 3, ["Hero section", "Feature grid", "Footer"]],
    ["Migrate the docs to the new theme", "To Do", "medium", 12],
    ["Set up redirects from old URLs", "To Do", "low", null],
  ],
  "Mobile App": [
    ["Sign-in with e-mail and magic link", "Done", "urgent", -10],
    ["Offline task list", "In Progress", "high", 6, ["Local cache", "Sync on reconnect"]],
    ["Push notifications", "To Do", "medium", 14],
    ["App Store screenshots", "To Do", "low", 21],
  ],
  "Marketing Campaign": [
    ["Draft the launch announcement", "Review", "high", 1],
    ["Plan the social posts", "In Progress", "medium", 4],
    ["Book the webinar", "To Do", "medium", -1],
  ],
  "Product Roadmap": [
    ["Collect feedback from the beta", "Done", "medium", -30],
    ["Rank the themes for next quarter", "In Progress", "high", 2],
    ["Share the roadmap with the team", "To Do", "medium", 9],
  ],
  "Q3 Planning": [
    ["Set the quarter's goals", "In Progress", "high", 5, ["Revenue goal", "Hiring goal"]],
    ["Draft the budget", "To Do", "medium", 10],
  ],
};

/** What some tasks carry besides their fields, by title. */
const TASK_EXTRAS: Record<string, { labels?: string[]; checklist?: [string, boolean][]; comments?: string[] }> = {
  "Design the home page": {
    labels: ["Design"],
    checklist: [
      ["Moodboard", true],
      ["Wireframe", false],
      ["High-fidelity mock-up", false],
    ],
    comments: ["The hero needs a **shorter** headline: under 8 words."],
  },
  "Set up redirects from old URLs": { labels: ["Bug"] },
  "Migrate the docs to the new theme": { labels: ["Docs"] },
  "Offline task list": { labels: ["Bug"], comments: ["Conflicts resolve last-write-wins for now."] },
  "Draft the launch announcement": {
    checklist: [
      ["First draft", true],
      ["Legal review", false],
    ],
  },
};

/** The team workspace's labels. */
const TEAM_LABELS: { name: string; color: ProjectColor }[] = [
  { name: "Design", color: "purple" },
  { name: "Bug", color: "rose" },
  { name: "Docs", color: "teal" },
];

/** Each project's chat, oldest first. */
const CHATS: Record<string, string[]> = {
  "Website Redesign": [
    "Kick-off notes are in the project description.",
    "Home page mock-ups land on **Thursday**; reviews in the Review column.",
  ],
  "Mobile App": ["Beta build 0.3 is on TestFlight."],
};

/** YYYY-MM-DD, `days` from today. */
function dayFromToday(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function seedTasks(
  actor: { userId: string; ip: null },
  projectPublicId: string,
  samples: SampleTask[],
  labelIds: Map<string, string>,
) {
  const { project } = await projectForMember(actor.userId, projectPublicId);
  const statuses = await projectStatuses(db(), project.id);
  for (const [title, statusName, priority, due, subtasks = []] of samples) {
    const status = statuses.find((candidate) => candidate.name === statusName);
    const task = await createTask(actor, {
      projectId: projectPublicId,
      title,
      statusId: status?.publicId,
      priority,
      dueDate: due === null ? null : dayFromToday(due),
      assigneeIds: [actor.userId],
    });
    for (const subtask of subtasks) {
      await createTask(actor, {
        projectId: projectPublicId,
        title: subtask,
        parentId: task.id,
        statusId: status?.publicId,
      });
    }
    await seedExtras(actor, task.id, TASK_EXTRAS[title], labelIds);
  }
  for (const body of CHATS[project.name] ?? []) await postMessage(actor, { projectId: projectPublicId, body });
}

async function seedExtras(
  actor: { userId: string; ip: null },
  taskId: string,
  extras: (typeof TASK_EXTRAS)[string] | undefined,
  labelIds: Map<string, string>,
) {
  if (!extras) return;
  const labels = (extras.labels ?? []).flatMap((name) => labelIds.get(name) ?? []);
  if (labels.length > 0) await setTaskLabels(actor, { taskId, labelIds: labels });
  for (const [title, done] of extras.checklist ?? []) {
    const item = await addChecklistItem(actor, { taskId, title });
    if (done) await setChecklistItemDone(actor, { taskId, itemId: item.id, done: true });
  }
  for (const body of extras.comments ?? []) await addComment(actor, { taskId, body });
}

export async function seedDemo() {
  if (await findUserByEmail(db(), DEMO_EMAIL)) return { created: false, email: DEMO_EMAIL, password: DEMO_PASSWORD };
  const user = await createDemoUser(DEMO_EMAIL, DEMO_PASSWORD, "Demo User");
  const actor = { userId: user.id, ip: null };
  const [personal] = await listWorkspaces(user.id);
  if (!personal) throw new Error("the demo user's first sign-in made no workspace");
  await renameWorkspace(actor, { workspaceId: personal.id, name: "Personal Projects" });
  const team = await createWorkspace(actor, { name: "Acme Corp" });
  const teamLabels = new Map<string, string>();
  for (const label of TEAM_LABELS) {
    teamLabels.set(label.name, (await createLabel(actor, { workspaceId: team.id, ...label })).id);
  }
  for (const sample of SAMPLE) {
    const project = await createProject(actor, {
      workspaceId: sample.workspace === "team" ? team.id : personal.id,
      name: sample.name,
      description: sample.description,
      color: sample.color,
    });
    if (sample.starred) await setProjectStarred(actor, { projectId: project.id, starred: true });
    const labels = sample.workspace === "team" ? teamLabels : new Map<string, string>();
    await seedTasks(actor, project.id, SAMPLE_TASKS[sample.name] ?? [], labels);
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
