import { describe, expect, it } from "vitest";

import { createProject } from "~/.server/projects/projects";
import * as project from "~/routes/app/project";
import { engines, useTestDatabase } from "../setup/database";
import { addMember, buildUser } from "../setup/factories";
import { callAction } from "../setup/route-harness";

/**
 * What the intent dispatcher answers when a guard refuses: before there is a form to
 * answer with, so the plain answers (a fetcher's `{ intent, error }`, else the 404 page),
 * never the intent's own `refused`, which may expect a parsed form.
 */
describe.each(engines)("the intent dispatcher on %s", (engine) => {
  useTestDatabase(engine);

  it("answers a guard's refusal of a fetcher with data, and of a plain form with the 404 page", async () => {
    const owner = await buildUser();
    const outsider = await buildUser();
    const { id: projectId } = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Private" });
    const cover = (via: Record<string, string>) =>
      callAction(project.action, {
        user: outsider,
        path: `/app/project/${projectId}`,
        params: { projectId },
        form: { intent: "cover", ...via, cover: new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "c.png") },
      });
    const fetched = await cover({ via: "fetcher" });
    expect(fetched.status).toBe(404);
    expect(fetched.data).toEqual({
      intent: "cover",
      error: "This project no longer exists, or you no longer have access to it.",
    });
    expect((await cover({})).status).toBe(404);
  });

  it("answers a viewer's status change by fetcher with the policy's 403, not the form's own refusal", async () => {
    const owner = await buildUser();
    const viewer = await buildUser();
    await addMember(owner.workspaceId, viewer.id, "viewer");
    const { id: projectId } = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Shared" });
    const outcome = await callAction(project.action, {
      user: viewer,
      path: `/app/project/${projectId}`,
      params: { projectId },
      form: { intent: "status-create", via: "fetcher", name: "Blocked", color: "rose", category: "active" },
    });
    expect(outcome.status).toBe(403);
    expect(outcome.data).toEqual({
      intent: "status-create",
      error: "Viewers cannot change the project's statuses. Ask a workspace admin for editor access.",
    });
  });
});
