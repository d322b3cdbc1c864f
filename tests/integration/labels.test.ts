import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { db } from "~/.server/db";
import { activity } from "~/.server/db/schema";
import { FieldError, ForbiddenError, NotFoundError } from "~/.server/errors";
import { createProject } from "~/.server/projects/projects";
import {
  createLabel,
  deleteLabel,
  labelIdsOfTask,
  setTaskLabels,
  updateLabel,
  workspaceLabels,
} from "~/.server/tasks/labels";
import { taskForMember } from "~/.server/tasks/access";
import { boardColumns } from "~/.server/tasks/queries";
import { createTask } from "~/.server/tasks/tasks";
import { workspaceForMember } from "~/.server/workspaces/membership";
import { LABEL_COLOR_ORDER, nextLabelColor, parseTaskLabels } from "~/validation/labels";
import * as workspaceRoute from "~/routes/app/workspace";
import { engines, useTestDatabase } from "../setup/database";
import { addMember, buildUser } from "../setup/factories";
import { callAction } from "../setup/route-harness";

/** Labels: unique per workspace whatever the case, only the workspace's own on its tasks, logged. */
describe.each(engines)("labels on %s", (engine) => {
  useTestDatabase(engine);

  async function setup() {
    const owner = await buildUser({ fullName: "Olive Owner" });
    const project = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Website" });
    const task = await createTask(owner.actor, { projectId: project.id, title: "Fix the header" });
    return { owner, project, task };
  }

  async function lastActivity(verb: string) {
    const [row] = await db().select().from(activity).where(eq(activity.verb, verb)).orderBy(desc(activity.createdAt));
    return row;
  }

  const internalTaskId = async (userId: string, taskId: string) => (await taskForMember(userId, taskId)).task.id;

  it("keeps names unique in a workspace whatever their case, and logs each change", async () => {
    const { owner } = await setup();
    const bug = await createLabel(owner.actor, { workspaceId: owner.workspaceId, name: "  Bug ", color: "rose" });
    expect(bug.name).toBe("Bug");
    expect(await lastActivity("label.created")).toMatchObject({ data: { name: "Bug", color: "rose" } });

    const taken = await createLabel(owner.actor, { workspaceId: owner.workspaceId, name: "bug", color: "blue" }).catch(
      (error: unknown) => error,
    );
    expect(taken).toBeInstanceOf(FieldError);
    expect(taken).toMatchObject({ field: "name", message: "A label with this name already exists in this workspace." });

    // Another workspace may use the same name.
    const other = await buildUser();
    await expect(
      createLabel(other.actor, { workspaceId: other.workspaceId, name: "BUG", color: "teal" }),
    ).resolves.toBeTruthy();

    const idea = await createLabel(owner.actor, { workspaceId: owner.workspaceId, name: "Idea", color: "amber" });
    await expect(
      updateLabel(owner.actor, { workspaceId: owner.workspaceId, labelId: idea.id, name: "BUG", color: "amber" }),
    ).rejects.toThrow("already exists");
    // Its own name in another case is a rename, not a clash.
    await updateLabel(owner.actor, { workspaceId: owner.workspaceId, labelId: bug.id, name: "BUG", color: "purple" });
    expect(await lastActivity("label.updated")).toMatchObject({
      data: { name: "BUG", changes: { name: { from: "Bug", to: "BUG" }, color: { from: "rose", to: "purple" } } },
    });
    const workspace = await workspaceForMember(owner.id, owner.workspaceId);
    expect(await workspaceLabels(workspace.id)).toEqual([
      { id: bug.id, name: "BUG", color: "purple" },
      { id: idea.id, name: "Idea", color: "amber" },
    ]);
  });

  it("lets editors manage labels, not viewers, and nobody outside the workspace", async () => {
    const { owner } = await setup();
    const viewer = await buildUser();
    const editor = await buildUser();
    const outsider = await buildUser();
    await addMember(owner.workspaceId, viewer.id, "viewer");
    await addMember(owner.workspaceId, editor.id, "editor");
    const label = await createLabel(editor.actor, { workspaceId: owner.workspaceId, name: "Design", color: "indigo" });
    await expect(
      createLabel(viewer.actor, { workspaceId: owner.workspaceId, name: "Nope", color: "indigo" }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    await expect(
      deleteLabel(viewer.actor, { workspaceId: owner.workspaceId, labelId: label.id }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    await expect(
      updateLabel(outsider.actor, { workspaceId: owner.workspaceId, labelId: label.id, name: "Mine", color: "rose" }),
    ).rejects.toBeInstanceOf(NotFoundError);
    // A label id of another workspace is not found through this one.
    await expect(
      deleteLabel(outsider.actor, { workspaceId: outsider.workspaceId, labelId: label.id }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it("puts exactly the chosen labels on a task, logs added and removed by name, and shows them on the card", async () => {
    const { owner, project, task } = await setup();
    const bug = await createLabel(owner.actor, { workspaceId: owner.workspaceId, name: "Bug", color: "rose" });
    const ui = await createLabel(owner.actor, { workspaceId: owner.workspaceId, name: "UI", color: "teal" });
    await setTaskLabels(owner.actor, { projectId: project.id, taskId: task.id, labelIds: [bug.id, ui.id, bug.id] });
    expect(await lastActivity("task.labels_changed")).toMatchObject({
      data: { key: task.key, added: ["Bug", "UI"], removed: [] },
    });
    await setTaskLabels(owner.actor, {
      taskId: task.id,
      labelIds: [ui.id],
      newLabel: { name: "Urgent fix", color: "amber" },
    });
    const changed = await lastActivity("task.labels_changed");
    expect(changed?.data).toMatchObject({ added: ["Urgent fix"], removed: ["Bug"] });
    expect((await labelIdsOfTask(await internalTaskId(owner.id, task.id))).length).toBe(2);

    const columns = await boardColumns({ id: (await taskForMember(owner.id, task.id)).project.id, key: project.key });
    expect(columns[0]!.cards[0]!.labels).toEqual([
      { name: "UI", color: "teal" },
      { name: "Urgent fix", color: "amber" },
    ]);

    // The same set again changes and logs nothing.
    const before = (await db().select().from(activity)).length;
    const urgent = (await workspaceLabels((await taskForMember(owner.id, task.id)).task.workspaceId)).find(
      (label) => label.name === "Urgent fix",
    );
    await setTaskLabels(owner.actor, { taskId: task.id, labelIds: [urgent!.id, ui.id] });
    expect((await db().select().from(activity)).length).toBe(before);
  });

  it("refuses another workspace's label on a task, and a viewer's change", async () => {
    const { owner, project, task } = await setup();
    const mine = await createLabel(owner.actor, { workspaceId: owner.workspaceId, name: "Mine", color: "blue" });
    const other = await buildUser();
    const theirs = await createLabel(other.actor, { workspaceId: other.workspaceId, name: "Theirs", color: "rose" });
    const refused = await setTaskLabels(owner.actor, {
      projectId: project.id,
      taskId: task.id,
      labelIds: [mine.id, theirs.id],
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(FieldError);
    expect(refused).toMatchObject({ message: "Choose labels of this workspace." });
    expect(await labelIdsOfTask(await internalTaskId(owner.id, task.id))).toEqual([]);

    const viewer = await buildUser();
    await addMember(owner.workspaceId, viewer.id, "viewer");
    await expect(setTaskLabels(viewer.actor, { taskId: task.id, labelIds: [mine.id] })).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    // The other workspace's owner cannot reach the task at all.
    await expect(setTaskLabels(other.actor, { taskId: task.id, labelIds: [theirs.id] })).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it("deleting a label takes it off every task and says on how many it was", async () => {
    const { owner, project, task } = await setup();
    const second = await createTask(owner.actor, { projectId: project.id, title: "Fix the footer" });
    const bug = await createLabel(owner.actor, { workspaceId: owner.workspaceId, name: "Bug", color: "rose" });
    const keep = await createLabel(owner.actor, { workspaceId: owner.workspaceId, name: "Keep", color: "green" });
    await setTaskLabels(owner.actor, { taskId: task.id, labelIds: [bug.id, keep.id] });
    await setTaskLabels(owner.actor, { taskId: second.id, labelIds: [bug.id] });
    await deleteLabel(owner.actor, { workspaceId: owner.workspaceId, labelId: bug.id });
    expect(await labelIdsOfTask(await internalTaskId(owner.id, task.id))).toEqual([keep.id]);
    expect(await labelIdsOfTask(await internalTaskId(owner.id, second.id))).toEqual([]);
    expect(await lastActivity("label.deleted")).toMatchObject({ data: { name: "Bug", tasks: 2 } });
  });

  it("the workspace page's forms rename, recolour and delete, and bring a taken name back beside its field", async () => {
    const { owner } = await setup();
    const as = {
      user: owner,
      path: `/app/workspaces/${owner.workspaceId}`,
      params: { workspaceId: owner.workspaceId },
    };
    const added = await callAction(workspaceRoute.action, {
      ...as,
      form: { intent: "create-label", name: "Docs", color: "indigo" },
    });
    expect(added).toMatchObject({ status: 302, location: `/app/workspaces/${owner.workspaceId}#workspace-labels` });
    const workspace = await workspaceForMember(owner.id, owner.workspaceId);
    const [docs] = await workspaceLabels(workspace.id);
    await createLabel(owner.actor, { workspaceId: owner.workspaceId, name: "Ops", color: "slate" });

    const clash = await callAction(workspaceRoute.action, {
      ...as,
      form: { intent: "update-label", labelId: docs!.id, name: "OPS", color: "green" },
    });
    expect(clash).toMatchObject({
      status: 400,
      data: {
        label: {
          labelId: docs!.id,
          name: "OPS",
          color: "green",
          error: "A label with this name already exists in this workspace.",
        },
      },
    });
    const badColour = await callAction(workspaceRoute.action, {
      ...as,
      form: { intent: "create-label", name: "New", color: "#ff0000" },
    });
    expect(badColour).toMatchObject({ status: 400, data: { label: { labelId: null, error: "Pick a colour" } } });

    await callAction(workspaceRoute.action, {
      ...as,
      form: { intent: "update-label", labelId: docs!.id, name: "Guides", color: "green" },
    });
    expect((await workspaceLabels(workspace.id)).find((label) => label.id === docs!.id)).toMatchObject({
      name: "Guides",
      color: "green",
    });
    const deleted = await callAction(workspaceRoute.action, {
      ...as,
      form: { intent: "delete-label", labelId: docs!.id },
    });
    expect(deleted.status).toBe(302);
    expect((await workspaceLabels(workspace.id)).map((label) => label.name)).toEqual(["Ops"]);
  });

  it("gives a label created without a colour the workspace's least used one, in the palette's order", async () => {
    const { owner } = await setup();
    const workspace = await workspaceForMember(owner.id, owner.workspaceId);
    const colours = async () => (await workspaceLabels(workspace.id)).map((label) => [label.name, label.color]);
    await createLabel(owner.actor, { workspaceId: owner.workspaceId, name: "Bug" });
    await createLabel(owner.actor, { workspaceId: owner.workspaceId, name: "Feature" });
    await createLabel(owner.actor, { workspaceId: owner.workspaceId, name: "Chosen", color: "amber" });
    await createLabel(owner.actor, { workspaceId: owner.workspaceId, name: "Docs" });
    expect(Object.fromEntries(await colours())).toEqual({
      Bug: "blue",
      Feature: "green",
      Chosen: "amber",
      Docs: "rose",
    });
    expect(await lastActivity("label.created")).toMatchObject({ data: { name: "Docs", color: "rose" } });
  });

  it("picks the next label colour the same way in the form and the use case", () => {
    expect(nextLabelColor([])).toBe("blue");
    expect(nextLabelColor(["blue", "green"])).toBe("amber");
    expect(nextLabelColor(LABEL_COLOR_ORDER)).toBe("blue");
    expect(nextLabelColor([...LABEL_COLOR_ORDER, "blue", "blue", "green"])).toBe("amber");
    expect(nextLabelColor(["not-a-colour", "rose"])).toBe("blue");
    expect(
      parseTaskLabels(
        (() => {
          const data = new FormData();
          data.append("newLabel", "Later");
          data.append("newLabelColor", "");
          return data;
        })(),
      ),
    ).toMatchObject({ ok: true, value: { newLabel: { name: "Later", color: undefined } } });
  });

  it("reads the task page's form: ticked ids, an optional new label, refusals with what was sent", () => {
    const form = (entries: [string, string][]) => {
      const data = new FormData();
      for (const [name, value] of entries) data.append(name, value);
      return data;
    };
    expect(parseTaskLabels(form([["label", "Ab3dEf7hJk"]]))).toMatchObject({
      ok: true,
      value: { labelIds: ["Ab3dEf7hJk"] },
    });
    expect(
      parseTaskLabels(
        form([
          ["newLabel", " Later "],
          ["newLabelColor", "slate"],
        ]),
      ),
    ).toMatchObject({ ok: true, value: { labelIds: [], newLabel: { name: "Later", color: "slate" } } });
    expect(parseTaskLabels(form([["label", "-".repeat(36)]]))).toMatchObject({ ok: false });
    expect(
      parseTaskLabels(
        form([
          ["newLabel", "x".repeat(41)],
          ["newLabelColor", "blue"],
        ]),
      ),
    ).toMatchObject({ ok: false, refused: { error: "Keep the label under 40 characters", newLabel: "x".repeat(41) } });
    expect(
      parseTaskLabels(
        form([
          ["newLabel", "Fine"],
          ["newLabelColor", "#ff0000"],
        ]),
      ),
    ).toMatchObject({ ok: false, refused: { error: "Pick a colour" } });
  });
});
