import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { setDatabase } from "~/.server/db";
import { activity, projects, projectStars, projectVisits, userSettings, workspaces } from "~/.server/db/schema";
import { FieldError, ForbiddenError, NotFoundError } from "~/.server/errors";
import { subscribe, type DomainEvent } from "~/.server/events/bus";
import {
  createProject,
  deleteProject,
  recordProjectVisit,
  setProjectArchived,
  setProjectCover,
  setProjectStarred,
  updateProject,
  VISIT_RESOLUTION_MS,
} from "~/.server/projects/projects";
import { projectForMember } from "~/.server/projects/access";
import { dashboardProjects, projectActivity, sidebarProjects } from "~/.server/projects/queries";
import { initSecrets } from "~/.server/secrets";
import { createWorkspace, deleteWorkspace, listWorkspaces, renameWorkspace } from "~/.server/workspaces/workspaces";
import { createTestDatabase, engines, type TestDatabase } from "../setup/database";
import { addMember, buildUser } from "../setup/factories";

/** The workspace and project use cases and reads, on PGlite and PostgreSQL. */
describe.each(engines)("workspaces and projects on %s", (engine) => {
  let database: TestDatabase;
  const events: DomainEvent[] = [];
  const stop: (() => void)[] = [];

  beforeAll(async () => {
    initSecrets(fs.mkdtempSync(path.join(os.tmpdir(), "plotline-secrets-")));
    database = await createTestDatabase(engine);
    setDatabase(database);
    for (const verb of [
      "project.created",
      "project.renamed",
      "project.updated",
      "project.deleted",
      "workspace.renamed",
    ] as const) {
      stop.push(subscribe(verb, (event) => void events.push(event)));
    }
  });
  afterAll(async () => {
    stop.forEach((undo) => undo());
    setDatabase(undefined);
    await database?.drop();
  });

  const activityCount = async () => (await database.db.select({ n: count() }).from(activity))[0]?.n ?? 0;

  it("a first sign-in makes the settings and one personal workspace; later ones make none", async () => {
    const user = await buildUser({ fullName: "Ada Lovelace" });
    const mine = await listWorkspaces(user.id);
    expect(mine).toEqual([
      { id: user.workspaceId, name: "Ada Lovelace's Workspace", personal: true, aiEnabled: true, role: "owner" },
    ]);
    const [settings] = await database.db.select().from(userSettings).where(eq(userSettings.userId, user.id));
    expect(settings).toMatchObject({
      theme: "light",
      emailNotifications: true,
      pushNotifications: false,
      plan: "free",
    });
    const { syncProfile } = await import("~/.server/profiles/sync-profile");
    await syncProfile({ id: user.id, email: user.email, user_metadata: { full_name: "Ada" } } as never, null);
    expect(await listWorkspaces(user.id)).toHaveLength(1);
  });

  it("creates projects with derived, unique keys, one activity row each, events after commit", async () => {
    const user = await buildUser();
    const first = await createProject(user.actor, { workspaceId: user.workspaceId, name: "Website Redesign" });
    const second = await createProject(user.actor, { workspaceId: user.workspaceId, name: "Wild Ride" });
    expect([first.key, second.key]).toEqual(["WR", "WR2"]);
    await expect(
      createProject(user.actor, { workspaceId: user.workspaceId, name: "Other", key: "WR" }),
    ).rejects.toThrow(FieldError);
    const logged = await database.db.select().from(activity).where(eq(activity.subjectId, first.id));
    expect(logged).toMatchObject([
      { verb: "project.created", actorId: user.id, data: { name: "Website Redesign", key: "WR" } },
    ]);
    expect(events.find((event) => event.subjectId === first.id)?.sequence).toBe(logged[0]?.sequence);
  });

  it("updates record each change from → to; a rename alone is project.renamed", async () => {
    const user = await buildUser();
    const { id } = await createProject(user.actor, { workspaceId: user.workspaceId, name: "Apollo" });
    await updateProject(user.actor, { projectId: id, name: "Artemis" });
    await updateProject(user.actor, { projectId: id, description: "To the moon", color: "rose" });
    const rows = await database.db.select().from(activity).where(eq(activity.subjectId, id));
    expect(rows.map((row) => row.verb)).toEqual(["project.created", "project.renamed", "project.updated"]);
    expect(rows[1]?.data).toMatchObject({ changes: { name: { from: "Apollo", to: "Artemis" } } });
    expect(Object.keys((rows[2]?.data.changes as object) ?? {}).sort()).toEqual(["color", "description"]);
    // Saving without a change writes nothing.
    const before = await activityCount();
    await updateProject(user.actor, { projectId: id, name: "Artemis" });
    expect(await activityCount()).toBe(before);
  });

  it("refuses by role (403) and hides other workspaces (404), changing nothing", async () => {
    const owner = await buildUser();
    const viewer = await buildUser();
    const editor = await buildUser();
    const outsider = await buildUser();
    await addMember(owner.workspaceId, viewer.id, "viewer");
    await addMember(owner.workspaceId, editor.id, "editor");
    const { id } = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Secret" });
    const before = await activityCount();
    await expect(createProject(viewer.actor, { workspaceId: owner.workspaceId, name: "X" })).rejects.toThrow(
      ForbiddenError,
    );
    await expect(updateProject(viewer.actor, { projectId: id, name: "X" })).rejects.toThrow(ForbiddenError);
    await expect(deleteProject(editor.actor, { projectId: id })).rejects.toThrow(ForbiddenError);
    await expect(updateProject(outsider.actor, { projectId: id, name: "X" })).rejects.toThrow(NotFoundError);
    await expect(createProject(outsider.actor, { workspaceId: owner.workspaceId, name: "X" })).rejects.toThrow(
      NotFoundError,
    );
    await expect(renameWorkspace(editor.actor, { workspaceId: owner.workspaceId, name: "X" })).rejects.toThrow(
      ForbiddenError,
    );
    expect(await activityCount()).toBe(before);
    // An editor edits and archives; a viewer stars.
    await updateProject(editor.actor, { projectId: id, description: "edited" });
    await setProjectArchived(editor.actor, { projectId: id, archived: true });
    await setProjectStarred(viewer.actor, { projectId: id, starred: true });
  });

  it("refuses every change to an archived project, whoever asks; unarchive and delete remain", async () => {
    const owner = await buildUser();
    const editor = await buildUser();
    await addMember(owner.workspaceId, editor.id, "editor");
    const { id } = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Frozen", key: "FRZ" });
    await setProjectArchived(editor.actor, { projectId: id, archived: true });
    const before = await activityCount();
    const [rowBefore] = await database.db.select().from(projects).where(eq(projects.publicId, id));
    for (const actor of [owner.actor, editor.actor]) {
      const writes = [
        () => updateProject(actor, { projectId: id, name: "Thawed" }),
        () => updateProject(actor, { projectId: id, description: "edited" }),
        () => updateProject(actor, { projectId: id, key: "THAW" }),
        () => updateProject(actor, { projectId: id, color: "rose" }),
        () =>
          setProjectCover(actor, {
            projectId: id,
            cover: new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "planted.png", { type: "image/png" }),
          }),
        () => setProjectCover(actor, { projectId: id, cover: null }),
      ];
      for (const write of writes) await expect(write()).rejects.toThrow("This project is archived and read-only.");
    }
    expect(await activityCount()).toBe(before);
    const [rowAfter] = await database.db.select().from(projects).where(eq(projects.publicId, id));
    expect(rowAfter).toEqual(rowBefore);
    // What stays possible: the editor brings it back, and then it can change again.
    await setProjectArchived(editor.actor, { projectId: id, archived: false });
    await updateProject(editor.actor, { projectId: id, name: "Thawed" });
    // An owner may delete an archived project outright.
    await setProjectArchived(owner.actor, { projectId: id, archived: true });
    await deleteProject(owner.actor, { projectId: id, confirmName: "Thawed" });
  });

  it("refuses everything about a deleted project as not found", async () => {
    const owner = await buildUser();
    const { id } = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Gone" });
    await deleteProject(owner.actor, { projectId: id });
    const before = await activityCount();
    const writes = [
      () => updateProject(owner.actor, { projectId: id, name: "Back" }),
      () => setProjectCover(owner.actor, { projectId: id, cover: null }),
      () => setProjectArchived(owner.actor, { projectId: id, archived: true }),
      () => setProjectStarred(owner.actor, { projectId: id, starred: true }),
      () => deleteProject(owner.actor, { projectId: id }),
    ];
    for (const write of writes) await expect(write()).rejects.toThrow(NotFoundError);
    expect(await activityCount()).toBe(before);
  });

  it("soft-deletes: gone from every read, its key free again, confirmName checked", async () => {
    const user = await buildUser();
    const { id } = await createProject(user.actor, { workspaceId: user.workspaceId, name: "Doomed", key: "DOOM" });
    await expect(deleteProject(user.actor, { projectId: id, confirmName: "doomed" })).rejects.toThrow(FieldError);
    await deleteProject(user.actor, { projectId: id, confirmName: "Doomed" });
    const [row] = await database.db.select().from(projects).where(eq(projects.publicId, id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    await expect(projectForMember(user.id, id)).rejects.toThrow(NotFoundError);
    expect(await dashboardProjects(user.id)).toEqual([]);
    await createProject(user.actor, { workspaceId: user.workspaceId, name: "Reborn", key: "DOOM" });
  });

  it("stars per user, archives out of the dashboard, remembers visits", async () => {
    const owner = await buildUser();
    const member = await buildUser();
    await addMember(owner.workspaceId, member.id, "editor");
    const { id } = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Shared" });
    await setProjectStarred(member.actor, { projectId: id, starred: true });
    expect((await dashboardProjects(member.id)).find((p) => p.id === id)?.starred).toBe(true);
    expect((await dashboardProjects(owner.id)).find((p) => p.id === id)?.starred).toBe(false);
    expect(await database.db.select().from(projectStars).where(eq(projectStars.userId, member.id))).toHaveLength(1);
    await setProjectArchived(owner.actor, { projectId: id, archived: true });
    expect((await dashboardProjects(owner.id)).map((p) => p.id)).not.toContain(id);
    expect((await dashboardProjects(owner.id, { archived: true })).map((p) => p.id)).toEqual([id]);
    expect((await sidebarProjects(owner.id)).map((p) => p.id)).not.toContain(id);
    const projectId = (await projectForMember(member.id, id)).project.id;
    const visits = () => database.db.select().from(projectVisits).where(eq(projectVisits.userId, member.id));
    const opened = new Date("2026-03-01T10:00:00Z");
    await recordProjectVisit(member.id, projectId, opened);
    // A reload within the minute writes nothing; the next minute's visit moves the time.
    await recordProjectVisit(member.id, projectId, new Date(opened.getTime() + VISIT_RESOLUTION_MS - 1));
    expect((await visits()).map((visit) => visit.lastOpenedAt)).toEqual([opened]);
    const later = new Date(opened.getTime() + VISIT_RESOLUTION_MS);
    await recordProjectVisit(member.id, projectId, later);
    expect((await visits()).map((visit) => visit.lastOpenedAt)).toEqual([later]);
  });

  it("reads only the user's workspaces; filters and sorts", async () => {
    const user = await buildUser();
    const stranger = await buildUser();
    await createProject(stranger.actor, { workspaceId: stranger.workspaceId, name: "Their Zebra" });
    const other = await createWorkspace(user.actor, { name: "Side Work" });
    await createProject(user.actor, { workspaceId: user.workspaceId, name: "zebra" });
    await createProject(user.actor, { workspaceId: other.id, name: "Alpha 100%_done" });
    const byName = await dashboardProjects(user.id, { sort: "name" });
    expect(byName.map((p) => p.name)).toEqual(["Alpha 100%_done", "zebra"]);
    // Newest change first.
    expect((await dashboardProjects(user.id)).map((p) => p.name)).toEqual(["Alpha 100%_done", "zebra"]);
  });

  it("pages the activity log 20 at a time, newest first", async () => {
    const user = await buildUser();
    const { id } = await createProject(user.actor, { workspaceId: user.workspaceId, name: "Busy" });
    for (let n = 1; n <= 22; n++) await updateProject(user.actor, { projectId: id, description: `step ${n}` });
    const internal = (await projectForMember(user.id, id)).project.id;
    const first = await projectActivity(internal, 1);
    const second = await projectActivity(internal, 2);
    expect([first.items.length, second.items.length, first.pages]).toEqual([20, 3, 2]);
    expect(first.items[0]?.data).toMatchObject({ changes: { description: { to: "step 22" } } });
    expect(second.items.at(-1)?.verb).toBe("project.created");
    expect(first.items[0]?.actor).toBe(user.fullName);
  });

  it("deletes a workspace only for its owner, by its exact name, with its projects", async () => {
    const owner = await buildUser();
    const admin = await buildUser();
    const created = await createWorkspace(owner.actor, { name: "Temporary" });
    await addMember(created.id, admin.id, "admin");
    await renameWorkspace(admin.actor, { workspaceId: created.id, name: "Temp" });
    const { id } = await createProject(owner.actor, { workspaceId: created.id, name: "Inside" });
    await expect(deleteWorkspace(admin.actor, { workspaceId: created.id, confirmName: "Temp" })).rejects.toThrow(
      ForbiddenError,
    );
    await expect(deleteWorkspace(owner.actor, { workspaceId: created.id, confirmName: "Temporary" })).rejects.toThrow(
      FieldError,
    );
    await deleteWorkspace(owner.actor, { workspaceId: created.id, confirmName: "Temp" });
    expect(await database.db.select().from(workspaces).where(eq(workspaces.publicId, created.id))).toEqual([]);
    expect(await database.db.select().from(projects).where(eq(projects.publicId, id))).toEqual([]);
    const logged = await database.db
      .select()
      .from(activity)
      .where(and(eq(activity.verb, "workspace.deleted"), eq(activity.subjectId, created.id)));
    expect(logged).toHaveLength(1);
  });
});
