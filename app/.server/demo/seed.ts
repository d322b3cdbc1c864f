import type { User } from "@supabase/supabase-js";
import sharp from "sharp";

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
import { createEvent, type EventFields } from "../calendar/events";
import { subscribe } from "../events/bus";
import { updateProfile } from "../profiles/settings";
import { acceptInvitation, inviteMember } from "../team/invitations";
import { storeImage } from "../uploads/images";
import type { Priority } from "~/validation/task-fields";
import { syncProfile } from "../profiles/sync-profile";
import { createWorkspace, listWorkspaces, renameWorkspace } from "../workspaces/workspaces";
import type { ProjectColor } from "~/utils/projects";

/**
 * Demo data through the real use cases: a confirmed demo user of the built-in auth service
 * who owns a team workspace ("Acme Corp") that three teammates joined by invitation, each
 * with a profile photo (generated portraits, stored like an upload); three projects of 30 to
 * 60 tasks each across their statuses, assigned around the team, labelled, with due dates
 * around today (some overdue, most upcoming), a few subtasks and checklists, comments and a
 * chat by everyone; and the team calendar's events for this month and the next. Running it
 * again changes nothing. The same factories build the bench's account below.
 */
export const DEMO_EMAIL = "demo@plotline.local";
export const DEMO_PASSWORD = "plotline-demo";
export const DEMO_WORKSPACE = "Acme Corp";

type Member = {
  email: string;
  name: string;
  role: "owner" | "admin" | "editor";
  skin: string;
  hair: string;
  shirt: string;
  background: string;
};

/** The team: the demo user first (the owner), then those who join. */
export const DEMO_TEAM: Member[] = [
  {
    email: DEMO_EMAIL,
    name: "Demo User",
    role: "owner",
    skin: "#f1c27d",
    hair: "#4a2c17",
    shirt: "#4f46e5",
    background: "#e0e7ff",
  },
  {
    email: "maya.patel@plotline.local",
    name: "Maya Patel",
    role: "admin",
    skin: "#c68642",
    hair: "#1b1b1b",
    shirt: "#0d9488",
    background: "#ccfbf1",
  },
  {
    email: "leo.martin@plotline.local",
    name: "Leo Martin",
    role: "editor",
    skin: "#ffdbac",
    hair: "#b5651d",
    shirt: "#e11d48",
    background: "#ffe4e6",
  },
  {
    email: "sara.kim@plotline.local",
    name: "Sara Kim",
    role: "editor",
    skin: "#f3d2b3",
    hair: "#2e1a0f",
    shirt: "#b45309",
    background: "#fef3c7",
  },
];

const LABELS: { name: string; color: ProjectColor }[] = [
  { name: "Design", color: "purple" },
  { name: "Frontend", color: "blue" },
  { name: "Backend", color: "slate" },
  { name: "Bug", color: "rose" },
  { name: "Docs", color: "teal" },
  { name: "Research", color: "amber" },
  { name: "Content", color: "green" },
];

type ProjectPlan = {
  name: string;
  description: string;
  color: ProjectColor;
  starred?: boolean;
  /** What the work is about, and the labels its tasks carry. */
  subjects: [string, string[]][];
  /** The steps each subject goes through, earliest first: earlier ones are further along. */
  steps: string[];
  chat: [number, string][];
};

const PROJECTS: ProjectPlan[] = [
  {
    name: "Website Redesign",
    description: "The new marketing site and docs: faster pages, clearer pricing, one design system.",
    color: "indigo",
    starred: true,
    steps: ["Audit", "Design", "Build", "Review"],
    subjects: [
      ["the home page", ["Design", "Frontend"]],
      ["the pricing page", ["Design", "Frontend"]],
      ["the docs navigation", ["Docs", "Frontend"]],
      ["the blog templates", ["Content", "Frontend"]],
      ["the sign-up flow", ["Frontend", "Backend"]],
      ["the careers page", ["Content"]],
      ["the footer and legal pages", ["Content"]],
      ["the search results page", ["Frontend", "Backend"]],
      ["the 404 and error pages", ["Design"]],
      ["the image pipeline", ["Backend"]],
      ["the contact form", ["Frontend", "Bug"]],
    ],
    chat: [
      [0, "Kick-off notes are in the project description. Reviews go in the **Review** column."],
      [1, "Home page mock-ups land on Thursday. @Leo Martin can you pair on the hero?"],
      [2, "Sure. I'll bring the animation prototypes."],
      [3, "Copy for pricing is in the doc; legal still has to sign off the FAQ."],
      [0, "Great progress this week, thanks all!"],
    ],
  },
  {
    name: "Mobile App",
    description: "iOS and Android app, first public release.",
    color: "teal",
    steps: ["Spec", "Implement", "Test", "Ship"],
    subjects: [
      ["sign-in with magic link", ["Backend", "Frontend"]],
      ["the offline task list", ["Frontend", "Backend"]],
      ["push notifications", ["Backend"]],
      ["the board view", ["Frontend", "Design"]],
      ["quick add from the share sheet", ["Frontend"]],
      ["dark mode", ["Design", "Frontend"]],
      ["the settings screen", ["Frontend"]],
      ["crash reporting", ["Backend", "Bug"]],
      ["App Store screenshots", ["Design", "Content"]],
      ["the onboarding tour", ["Design", "Content"]],
      ["attachment uploads", ["Backend", "Bug"]],
      ["accessibility labels", ["Frontend", "Research"]],
    ],
    chat: [
      [1, "Beta build 0.3 is on TestFlight."],
      [3, "Found a crash when the list is empty offline; filed it under Bug."],
      [2, "Fixed in 0.3.1, please re-test @Sara Kim."],
      [0, "Let's aim for store review by the end of the month."],
    ],
  },
  {
    name: "Marketing Campaign",
    description: "The spring launch: announcement, webinar, social and partner newsletters.",
    color: "rose",
    starred: true,
    steps: ["Plan", "Draft", "Publish"],
    subjects: [
      ["the launch announcement", ["Content"]],
      ["the webinar", ["Content", "Research"]],
      ["the social posts", ["Content", "Design"]],
      ["the partner newsletter", ["Content"]],
      ["the customer case study", ["Content", "Research"]],
      ["the product video", ["Design"]],
      ["the press kit", ["Design", "Content"]],
      ["the landing page banner", ["Design", "Frontend"]],
      ["the referral offer", ["Research"]],
      ["the launch retrospective", ["Research"]],
    ],
    chat: [
      [0, "Launch date is set: check the team calendar."],
      [3, "Webinar slides are drafted, feedback welcome."],
      [1, "Press kit needs the new logo files from @Leo Martin."],
      [2, "Uploaded them to the task. Banner variants coming tomorrow."],
      [3, "First case study interview went really well."],
    ],
  },
];

const COMMENTS = [
  "Looks good to me. Let's ship it.",
  "I left a few notes in the description; nothing blocking.",
  "Can we split this in two? The second half depends on the API.",
  "Moved the due date: waiting on feedback from legal.",
  "Pairing on this tomorrow morning.",
  "Screenshots attached in the chat.",
  "The **first draft** is done, review welcome.",
  "Blocked until the staging deploy is back.",
];

const CHECKLIST = ["Outline", "First draft", "Review with the team", "Final pass"];

/** Deterministic choices, so every run (and test) sees the same demo. */
function chooser(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  return { next, pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]! };
}

/** YYYY-MM-DD, `days` from today (UTC). */
function dayFromToday(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A simple portrait (head, hair, shoulders) in the member's colours, as a PNG upload. */
async function portrait(member: Member) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <rect width="256" height="256" fill="${member.background}"/>
  <path d="M28 256c6-58 48-86 100-86s94 28 100 86z" fill="${member.shirt}"/>
  <rect x="108" y="140" width="40" height="40" rx="14" fill="${member.skin}"/>
  <ellipse cx="128" cy="108" rx="50" ry="58" fill="${member.skin}"/>
  <path d="M76 104c-4-44 22-70 54-70 34 0 58 24 52 70-10-22-30-34-54-36-22 2-42 14-52 36z" fill="${member.hair}"/>
  <circle cx="108" cy="112" r="5" fill="#2b2b2b"/><circle cx="148" cy="112" r="5" fill="#2b2b2b"/>
  <path d="M110 138c10 9 26 9 36 0" stroke="#8a4b38" stroke-width="4" fill="none" stroke-linecap="round"/>
</svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const stored = await storeImage("avatars", new File([new Uint8Array(png)], "portrait.png", { type: "image/png" }), {
    field: "avatar",
  });
  return `/uploads/${stored.path}`;
}

type Actor = { userId: string; ip: null };

/** The owner invites each teammate, who accepts with the link's token (as the invitation page does). */
async function joinTeam(
  owner: Actor,
  workspaceId: string,
  members: { actor: Actor; email: string; role: Member["role"] }[],
) {
  const tokens = new Map<string, string>();
  const stop = subscribe("invitation.sent", (event) => {
    const token = (event.transient as { token?: string } | undefined)?.token;
    if (typeof event.data.email === "string" && token) tokens.set(event.data.email, token);
  });
  try {
    for (const member of members) {
      if (member.role === "owner") continue;
      await inviteMember(owner, { workspaceId, email: member.email, role: member.role });
      const token = tokens.get(member.email);
      if (!token) throw new Error(`no invitation token for ${member.email}`);
      await acceptInvitation(member.actor, token);
    }
  } finally {
    stop();
  }
}

async function seedProject(
  plan: ProjectPlan,
  workspaceId: string,
  team: { actor: Actor; name: string }[],
  labelIds: Map<string, string>,
  random: ReturnType<typeof chooser>,
) {
  const owner = team[0]!.actor;
  const project = await createProject(owner, {
    workspaceId,
    name: plan.name,
    description: plan.description,
    color: plan.color,
  });
  if (plan.starred) await setProjectStarred(owner, { projectId: project.id, starred: true });
  const { project: row } = await projectForMember(owner.userId, project.id);
  const statuses = await projectStatuses(db(), row.id);
  const priorities: Priority[] = ["low", "medium", "medium", "high", "high", "urgent", "none"];
  const taskIds: string[] = [];
  for (const [subjectIndex, [subject, labels]] of plan.subjects.entries()) {
    for (const [stepIndex, step] of plan.steps.entries()) {
      // Earlier steps (and the first subjects) are further along: the board fills left to right.
      const progress = (plan.steps.length - stepIndex) / plan.steps.length - subjectIndex / (plan.subjects.length * 2);
      const roll = random.next() * 0.6 + progress * 0.7;
      const statusIndex = Math.min(statuses.length - 1, Math.max(0, Math.floor(roll * statuses.length)));
      const status = statuses[statusIndex]!;
      const done = statusIndex === statuses.length - 1;
      const due =
        random.next() < 0.15 ? null : done ? -Math.ceil(random.next() * 20) : Math.round(random.next() * 35) - 5;
      const assignees = [random.pick(team).actor.userId];
      if (random.next() < 0.2) assignees.push(random.pick(team).actor.userId);
      const author = random.pick(team).actor;
      const task = await createTask(author, {
        projectId: project.id,
        title: `${step} ${subject}`,
        statusId: status.publicId,
        priority: random.pick(priorities),
        dueDate: due === null ? null : dayFromToday(due),
        assigneeIds: [...new Set(assignees)],
      });
      taskIds.push(task.id);
      const chosen = labels.filter(() => random.next() < 0.7).flatMap((name) => labelIds.get(name) ?? []);
      if (chosen.length > 0) await setTaskLabels(author, { taskId: task.id, labelIds: chosen });
      if (random.next() < 0.08) {
        for (const part of ["Draft", "Polish"]) {
          await createTask(author, {
            projectId: project.id,
            title: `${part}: ${subject}`,
            parentId: task.id,
            statusId: status.publicId,
          });
        }
      }
      if (random.next() < 0.1) {
        for (const [index, title] of CHECKLIST.entries()) {
          const item = await addChecklistItem(author, { taskId: task.id, title });
          if (done || index < 2) await setChecklistItemDone(author, { taskId: task.id, itemId: item.id, done: true });
        }
      }
      const comments = random.next() < 0.35 ? (random.next() < 0.4 ? 2 : 1) : 0;
      for (let n = 0; n < comments; n++) {
        await addComment(random.pick(team).actor, { taskId: task.id, body: random.pick(COMMENTS) });
      }
    }
  }
  for (const [who, body] of plan.chat) await postMessage(team[who]!.actor, { projectId: project.id, body });
  return { id: project.id, taskIds };
}

/** This month's and next month's meetings, reviews and launches, with the team invited. */
async function seedEvents(owner: Actor, workspaceId: string, team: { actor: Actor }[], projects: { id: string }[]) {
  const everyone = team.map((member) => member.actor.userId);
  const [website, mobile, marketing] = projects;
  const events: (EventFields & { day: number })[] = [
    {
      day: 1,
      title: "Sprint planning",
      allDay: false,
      startTime: "10:00",
      endTime: "11:00",
      startDate: "",
      attendeeIds: everyone,
    },
    {
      day: 3,
      title: "Design review: home page",
      allDay: false,
      startTime: "14:00",
      endTime: "15:00",
      startDate: "",
      projectId: website?.id,
      attendeeIds: everyone.slice(0, 3),
    },
    {
      day: 5,
      title: "Team lunch",
      allDay: false,
      startTime: "12:30",
      endTime: "13:30",
      startDate: "",
      attendeeIds: everyone,
    },
    {
      day: 8,
      title: "Beta feedback session",
      allDay: false,
      startTime: "16:00",
      endTime: "17:00",
      startDate: "",
      projectId: mobile?.id,
      attendeeIds: everyone.slice(1),
    },
    {
      day: 10,
      title: "Webinar dry run",
      allDay: false,
      startTime: "15:00",
      endTime: "16:00",
      startDate: "",
      projectId: marketing?.id,
      attendeeIds: [everyone[0]!, everyone[3]!],
    },
    { day: 12, title: "Spring launch", allDay: true, startDate: "", projectId: marketing?.id, attendeeIds: everyone },
    {
      day: -2,
      title: "Retrospective",
      allDay: false,
      startTime: "11:00",
      endTime: "12:00",
      startDate: "",
      attendeeIds: everyone,
    },
    {
      day: 15,
      title: "Sprint planning",
      allDay: false,
      startTime: "10:00",
      endTime: "11:00",
      startDate: "",
      attendeeIds: everyone,
    },
    {
      day: 18,
      title: "App Store submission",
      allDay: true,
      startDate: "",
      projectId: mobile?.id,
      attendeeIds: everyone.slice(1, 3),
    },
    {
      day: 22,
      title: "Quarterly review",
      allDay: false,
      startTime: "09:30",
      endTime: "11:00",
      startDate: "",
      attendeeIds: everyone,
    },
  ];
  for (const { day, ...event } of events) {
    await createEvent(owner, { workspaceId, ...event, startDate: dayFromToday(day), timeZone: "UTC" });
  }
}

export async function seedDemo() {
  if (await findUserByEmail(db(), DEMO_EMAIL)) return { created: false, email: DEMO_EMAIL, password: DEMO_PASSWORD };
  const team: { actor: Actor; name: string; email: string; role: Member["role"] }[] = [];
  for (const member of DEMO_TEAM) {
    const user = await createDemoUser(member.email, DEMO_PASSWORD, member.name);
    const actor = { userId: user.id, ip: null };
    await updateProfile(actor, { fullName: member.name, avatarUrl: await portrait(member) });
    team.push({ actor, name: member.name, email: member.email, role: member.role });
  }
  const owner = team[0]!.actor;
  const [workspace] = await listWorkspaces(owner.userId);
  if (!workspace) throw new Error("the demo user's first sign-in made no workspace");
  await renameWorkspace(owner, { workspaceId: workspace.id, name: DEMO_WORKSPACE });
  await joinTeam(owner, workspace.id, team);
  const labelIds = new Map<string, string>();
  for (const label of LABELS) {
    labelIds.set(label.name, (await createLabel(owner, { workspaceId: workspace.id, ...label })).id);
  }
  const random = chooser(20250530);
  const projects = [];
  for (const plan of PROJECTS) projects.push(await seedProject(plan, workspace.id, team, labelIds, random));
  await seedEvents(owner, workspace.id, team, projects);
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
