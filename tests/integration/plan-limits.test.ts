import { describe, expect, it, vi } from "vitest";

import { userSettings } from "~/.server/db/schema";
import { PlanLimitError } from "~/.server/errors";
import { usageOf } from "~/.server/plans/limits";
import { createProject, deleteProject } from "~/.server/projects/projects";
import { inviteMember } from "~/.server/team/invitations";
import { createWorkspace } from "~/.server/workspaces/workspaces";
import { engines, useTestDatabase } from "../setup/database";
import { addMember, buildUser } from "../setup/factories";

// The configuration is read once, when the first module loads it: switch billing on
// before any import (vi.hoisted runs first). The file has a module graph of its own
// (vitest.config.ts), and the setup file restores the environment after it.
vi.hoisted(() => {
  process.env.BILLING_ENABLED = "true";
});

/** Plan limits, enforced only with BILLING_ENABLED=true (the default install has none). */
describe.each(engines)("plan limits on %s", (engine) => {
  const database = useTestDatabase(engine);

  it("Free: five live projects and one owned workspace, with a message that says so", async () => {
    const user = await buildUser();
    const made = [];
    for (let n = 1; n <= 5; n++)
      made.push(await createProject(user.actor, { workspaceId: user.workspaceId, name: `P${n}` }));
    await expect(createProject(user.actor, { workspaceId: user.workspaceId, name: "P6" })).rejects.toThrow(
      "The Free plan includes up to 5 projects. Upgrade the plan to create more.",
    );
    await expect(createWorkspace(user.actor, { name: "Second" })).rejects.toThrow(PlanLimitError);
    // A deleted project frees its place.
    await deleteProject(user.actor, { projectId: made[0]!.id });
    await createProject(user.actor, { workspaceId: user.workspaceId, name: "P6" });
    expect(await usageOf(user.id)).toMatchObject({
      plan: "free",
      projects: 5,
      workspaces: 1,
      enforced: true,
    });
  });

  it("Pro: unlimited projects and five workspaces", async () => {
    const user = await buildUser();
    await database().db.update(userSettings).set({ plan: "pro" });
    for (let n = 1; n <= 6; n++) await createProject(user.actor, { workspaceId: user.workspaceId, name: `P${n}` });
    for (let n = 2; n <= 5; n++) await createWorkspace(user.actor, { name: `W${n}` });
    await expect(createWorkspace(user.actor, { name: "W6" })).rejects.toThrow(PlanLimitError);
  });

  it("seats: members plus open invitations up to 10 on the Free plan", async () => {
    const owner = await buildUser();
    await database().db.update(userSettings).set({ plan: "free" });
    for (let n = 0; n < 8; n++) await addMember(owner.workspaceId, (await buildUser()).id, "viewer");
    await inviteMember(owner.actor, { workspaceId: owner.workspaceId, email: "tenth@example.com", role: "viewer" });
    await expect(
      inviteMember(owner.actor, { workspaceId: owner.workspaceId, email: "eleventh@example.com", role: "viewer" }),
    ).rejects.toThrow("Your plan includes up to 10 team members, invitations included.");
  });
});
