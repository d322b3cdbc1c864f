import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { and, count, countDistinct, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";

import { findUserByEmail } from "~/.server/auth-service/users";
import { verifyPassword } from "~/.server/auth-service/passwords";
import {
  calendarEvents,
  comments,
  messages,
  profiles,
  projects,
  statuses,
  taskAssignees,
  taskLabels,
  tasks,
  workspaceMembers,
  workspaces,
} from "~/.server/db/schema";
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_TEAM, DEMO_WORKSPACE, seedDemo } from "~/.server/demo/seed";
import { dashboardProjects } from "~/.server/projects/queries";
import { resolveUpload } from "~/.server/uploads/images";
import { listWorkspaces } from "~/.server/workspaces/workspaces";
import { engines, useTestDatabase } from "../setup/database";

// The portraits are stored as uploads, under DATA_DIR (read when env() first loads).
vi.stubEnv("DATA_DIR", fs.mkdtempSync(path.join(os.tmpdir(), "plotline-demo-")));
afterAll(() => vi.unstubAllEnvs());

/**
 * `npm run seed:demo`'s work: a demo account whose team of four (photos included) works on
 * three believable projects: 30 to 60 tasks each across every status, assigned around the
 * team, labelled, dated, discussed; a chat per project and the team calendar's events. Once.
 */
describe.each(engines)("the demo seed on %s", (engine) => {
  const database = useTestDatabase(engine);

  it("creates a believable team's workspace through the use cases, and does nothing the second time", async () => {
    expect(await seedDemo()).toEqual({ created: true, email: DEMO_EMAIL, password: DEMO_PASSWORD });
    const db = database().db;
    const user = await findUserByEmail(db, DEMO_EMAIL);
    expect(user?.emailConfirmedAt).toBeInstanceOf(Date);
    expect(await verifyPassword(DEMO_PASSWORD, user?.encryptedPassword)).toBe(true);

    // One workspace for the demo user, four members with the team's roles and a photo each.
    const workspaces = await listWorkspaces(user!.id);
    expect(workspaces.map((workspace) => workspace.name)).toEqual([DEMO_WORKSPACE]);
    const members = await db
      .select({ name: profiles.fullName, role: workspaceMembers.role, avatarUrl: profiles.avatarUrl })
      .from(workspaceMembers)
      .innerJoin(profiles, eq(profiles.id, workspaceMembers.userId))
      .where(eq(workspaceMembers.workspaceId, (await workspaceRow(workspaces[0]!.id)).id));
    expect(members.map(({ name, role }) => [name, role]).sort()).toEqual(
      DEMO_TEAM.map(({ name, role }) => [name, role]).sort(),
    );
    for (const { avatarUrl } of members) {
      expect(avatarUrl).toMatch(/^\/uploads\/avatars\/[\w-]+\.webp$/);
      expect(fs.existsSync(resolveUpload(avatarUrl!.slice("/uploads/".length))!)).toBe(true);
    }

    // Three projects, two starred, each with 30 to 60 tasks in every one of its statuses.
    const listed = await dashboardProjects(user!.id, { sort: "name" });
    expect(listed.map((project) => [project.name, project.starred])).toEqual([
      ["Marketing Campaign", true],
      ["Mobile App", false],
      ["Website Redesign", true],
    ]);
    for (const project of listed) {
      const [row] = await db.select({ id: projects.id }).from(projects).where(eq(projects.publicId, project.id));
      const live = and(eq(tasks.projectId, row!.id), isNull(tasks.deletedAt));
      const [totals] = await db
        .select({
          all: count(),
          statuses: countDistinct(tasks.statusId),
          dated: count(tasks.dueDate),
          overdue: sql<number>`count(*) filter (where ${tasks.dueDate} < current_date)::int`,
          subtasks: count(tasks.parentId),
        })
        .from(tasks)
        .where(live);
      const [{ n: statusCount }] = (await db
        .select({ n: count() })
        .from(statuses)
        .where(eq(statuses.projectId, row!.id))) as [{ n: number }];
      expect(totals!.all, project.name).toBeGreaterThanOrEqual(30);
      expect(totals!.all, project.name).toBeLessThanOrEqual(60);
      expect(totals!.statuses, project.name).toBe(statusCount);
      expect(totals!.dated, project.name).toBeGreaterThan(totals!.all / 2);
      expect(totals!.overdue, project.name).toBeGreaterThan(0);
      const [assigned] = await db
        .select({ people: countDistinct(taskAssignees.userId) })
        .from(taskAssignees)
        .innerJoin(tasks, eq(tasks.id, taskAssignees.taskId))
        .where(live);
      expect(assigned!.people, project.name).toBe(4);
      const [labelled] = await db
        .select({ tasks: countDistinct(taskLabels.taskId), labels: countDistinct(taskLabels.labelId) })
        .from(taskLabels)
        .innerJoin(tasks, eq(tasks.id, taskLabels.taskId))
        .where(live);
      expect(labelled!.tasks, project.name).toBeGreaterThan(totals!.all / 3);
      expect(labelled!.labels, project.name).toBeGreaterThanOrEqual(3);
      const [discussed] = await db
        .select({ comments: count(), authors: countDistinct(comments.authorId) })
        .from(comments)
        .innerJoin(tasks, eq(tasks.id, comments.taskId))
        .where(live);
      expect(discussed!.comments, project.name).toBeGreaterThanOrEqual(8);
      expect(discussed!.authors, project.name).toBeGreaterThanOrEqual(3);
      const [chat] = await db
        .select({ messages: count(), authors: countDistinct(messages.authorId) })
        .from(messages)
        .where(eq(messages.projectId, row!.id));
      expect(chat!.messages, project.name).toBeGreaterThanOrEqual(4);
      expect(chat!.authors, project.name).toBeGreaterThanOrEqual(3);
    }

    // The team calendar: meetings and launches around today, some about a project.
    const events = await db
      .select({ title: calendarEvents.title, projectId: calendarEvents.projectId })
      .from(calendarEvents)
      .where(isNotNull(calendarEvents.id));
    expect(events.length).toBeGreaterThanOrEqual(8);
    expect(events.filter((event) => event.projectId).length).toBeGreaterThanOrEqual(3);

    expect((await seedDemo()).created).toBe(false);
    expect(await dashboardProjects(user!.id)).toHaveLength(3);
  }, 180_000);

  async function workspaceRow(publicId: string) {
    const [row] = await database()
      .db.select({ id: workspaces.id })
      .from(workspaces)
      .where(eq(workspaces.publicId, publicId));
    return row!;
  }
});
