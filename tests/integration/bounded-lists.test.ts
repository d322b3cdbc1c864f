import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { setDatabase } from "~/.server/db";
import { createProject, setProjectArchived, setProjectStarred } from "~/.server/projects/projects";
import { dashboardPage, dashboardProjects, sidebarPage } from "~/.server/projects/queries";
import { initSecrets } from "~/.server/secrets";
import { createWorkspace } from "~/.server/workspaces/workspaces";
import { createTestDatabase, engines, type TestDatabase } from "../setup/database";
import { buildUser } from "../setup/factories";

/**
 * The dashboard's and the sidebar's bounded reads (docs/decisions/009) give the same rows,
 * in the same order, as reading everything and cutting it, with the right totals.
 */
describe.each(engines)("bounded project lists on %s", (engine) => {
  let database: TestDatabase;

  beforeAll(async () => {
    initSecrets(fs.mkdtempSync(path.join(os.tmpdir(), "plotline-secrets-")));
    database = await createTestDatabase(engine);
    setDatabase(database);
  });

  afterAll(async () => {
    setDatabase(undefined);
    await database?.drop();
  });

  it("pages the dashboard and caps the sidebar per workspace", async () => {
    const user = await buildUser();
    const stranger = await buildUser();
    await createProject(stranger.actor, { workspaceId: stranger.workspaceId, name: "Not Mine" });
    const side = await createWorkspace(user.actor, { name: "Side Work" });
    const names = ["delta", "Alpha", "charlie", "Bravo"];
    const ids: Record<string, string> = {};
    for (const name of names) ids[name] = (await createProject(user.actor, { workspaceId: user.workspaceId, name })).id;
    ids.echo = (await createProject(user.actor, { workspaceId: side.id, name: "echo" })).id;
    ids.gone = (await createProject(user.actor, { workspaceId: side.id, name: "gone" })).id;
    await setProjectArchived(user.actor, { projectId: ids.gone!, archived: true });
    for (const name of ["charlie", "echo", "delta"]) {
      await setProjectStarred(user.actor, { projectId: ids[name]!, starred: true });
    }

    for (const sort of ["modified", "name"] as const) {
      const all = await dashboardProjects(user.id, { sort });
      const page = await dashboardPage(user.id, { sort, limit: 2 });
      expect(page.projects.items).toEqual(all.slice(0, 2));
      expect(page.projects.total).toBe(5);
      expect(page.starred.items).toEqual(all.filter((p) => p.starred).slice(0, 2));
      expect(page.starred.total).toBe(3);
    }
    // The workspace filter narrows the list, not the starred section.
    const filtered = await dashboardPage(user.id, { sort: "name", workspaceId: side.id, limit: 10 });
    expect(filtered.projects.items.map((p) => p.name)).toEqual(["echo"]);
    expect(filtered.starred.total).toBe(3);
    const archived = await dashboardPage(user.id, { archived: true, limit: 10 });
    expect(archived.projects.items.map((p) => p.name)).toEqual(["gone"]);
    expect(archived.starred).toEqual({ items: [], total: 0 });

    const sidebar = await sidebarPage(user.id, 2);
    // Per workspace, by name: the sidebar lists each workspace's own.
    const listed = (workspaceId: string) =>
      sidebar.projects.filter((p) => p.workspaceId === workspaceId).map((p) => [p.name, p.inWorkspace]);
    expect(listed(user.workspaceId)).toEqual([
      ["Alpha", 4],
      ["Bravo", 4],
    ]);
    expect(listed(side.id)).toEqual([["echo", 1]]);
    expect(sidebar.projects).toHaveLength(3);
    expect(sidebar.starred.map((p) => p.name)).toEqual(["charlie", "delta"]);
    expect(sidebar.starredTotal).toBe(3);
  });
});
