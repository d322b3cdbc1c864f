import fs from "node:fs";
import path from "node:path";

import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";

import { db } from "~/.server/db";
import { env } from "~/.server/env";
import { activity, attachments } from "~/.server/db/schema";
import { FieldError, ForbiddenError, NotFoundError } from "~/.server/errors";
import { MAX_ATTACHMENT_BYTES } from "~/.server/http/limits";
import { createProject } from "~/.server/projects/projects";
import { addAttachment, attachmentsOf, removeAttachment } from "~/.server/tasks/attachments";
import { taskForMember } from "~/.server/tasks/access";
import { createTask } from "~/.server/tasks/tasks";
import * as download from "~/routes/app/task-attachment";
import * as publicUploads from "~/routes/api/uploads";
import { engines, useTestDatabase } from "../setup/database";
import { addMember, buildUser, type TestUser } from "../setup/factories";
import { callLoader, contextFor } from "../setup/route-harness";

// A data directory of this file's own, set before the imports read the configuration.
await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  process.env.DATA_DIR = mkdtempSync(`${tmpdir()}/plotline-attachments-`);
});

/** Task attachments: stored privately with random names, size-capped, served to members only. */
describe.each(engines)("attachments on %s", (engine) => {
  useTestDatabase(engine);
  // Wherever the configuration puts the data directory (it is read once, on first use).
  let dataDir: string;
  beforeAll(() => {
    dataDir = env().dataDir;
  });

  const stored = () => {
    const folder = path.join(dataDir, "uploads", "attachments");
    return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
  };
  const textFile = (text: string, name: string, type = "text/plain") =>
    new File([new TextEncoder().encode(text)], name, { type });

  async function setup() {
    const owner = await buildUser({ fullName: "Olive Owner" });
    const project = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Website" });
    const task = await createTask(owner.actor, { projectId: project.id, title: "Ship it" });
    return { owner, project, task };
  }

  async function get(user: TestUser, url: string) {
    const request = new Request(`http://localhost${url}`);
    return (await download.loader({ request, params: paramsOf(url), context: contextFor(user) } as never)) as Response;
  }

  it("stores the file under a random name outside the public uploads, lists it and logs it", async () => {
    const { owner, project, task } = await setup();
    const before = stored().length;
    const added = await addAttachment(owner.actor, {
      projectId: project.id,
      taskId: task.id,
      file: textFile("launch notes", "../../Notes\u202e.txt"),
    });
    expect(added.fileName).toBe("Notes.txt");
    const files = stored();
    expect(files.length).toBe(before + 1);
    expect(files.every((name) => /^[\w-]{24}$/.test(name))).toBe(true);

    const [row] = await db().select().from(attachments).where(eq(attachments.publicId, added.id));
    expect(row).toMatchObject({ fileName: "Notes.txt", contentType: "text/plain", sizeBytes: 12 });
    expect(row!.storagePath).toMatch(/^attachments\/[\w-]{24}$/);
    const [logged] = await db()
      .select()
      .from(activity)
      .where(eq(activity.verb, "task.attachment_added"))
      .orderBy(desc(activity.createdAt));
    expect(logged?.data).toMatchObject({ key: task.key, file: "Notes.txt" });

    const internal = (await taskForMember(owner.id, task.id)).task.id;
    expect(await attachmentsOf(internal)).toEqual([
      {
        id: added.id,
        fileName: "Notes.txt",
        image: false,
        sizeBytes: 12,
        createdAt: expect.any(String),
        uploader: "Olive Owner",
      },
    ]);
    // A picture is listed as one (its thumbnail shows it); the type is the uploader's word, sent back as such.
    const picture = await addAttachment(owner.actor, {
      projectId: project.id,
      taskId: task.id,
      file: new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "shot.png", { type: "image/png" }),
    });
    expect(picture.image).toBe(true);
    expect((await attachmentsOf(internal)).map((file) => [file.fileName, file.image])).toEqual([
      ["shot.png", true],
      ["Notes.txt", false],
    ]);

    // The public /uploads/* route knows only avatars and covers: the stored path is a 404 there.
    const outside = await publicUploads.loader({ params: { "*": row!.storagePath } } as never);
    expect(outside.status).toBe(404);
  });

  it("refuses an empty file, one over 25 MB, and a viewer, writing nothing", async () => {
    const { owner, project, task } = await setup();
    const before = stored().length;
    const big = new File([new Uint8Array(MAX_ATTACHMENT_BYTES + 1)], "big.bin");
    const tooBig = await addAttachment(owner.actor, { projectId: project.id, taskId: task.id, file: big }).catch(
      (error: unknown) => error,
    );
    expect(tooBig).toBeInstanceOf(FieldError);
    expect(tooBig).toMatchObject({ field: "file", message: "The file must be 25 MB or smaller." });
    await expect(
      addAttachment(owner.actor, { taskId: task.id, file: new File([], "empty.txt") }),
    ).rejects.toBeInstanceOf(FieldError);
    const viewer = await buildUser();
    await addMember(owner.workspaceId, viewer.id, "viewer");
    await expect(addAttachment(viewer.actor, { taskId: task.id, file: textFile("x", "x.txt") })).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    expect(stored().length).toBe(before);
  });

  it("downloads for members only, as an attachment that never renders in our origin", async () => {
    const { owner, project, task } = await setup();
    const html = await addAttachment(owner.actor, {
      taskId: task.id,
      file: textFile("<script>alert(1)</script>", 'résumé "final".html', "text/html"),
    });
    const url = `/app/project/${project.id}/task/${task.id}/attachment/${html.id}`;
    const answer = await get(owner, url);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe("<script>alert(1)</script>");
    expect(answer.headers.get("Content-Type")).toBe("application/octet-stream");
    expect(answer.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect(answer.headers.get("Content-Disposition")).toBe(
      `attachment; filename="r_sum_ _final_.html"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%22final%22.html`,
    );

    const viewer = await buildUser();
    await addMember(owner.workspaceId, viewer.id, "viewer");
    expect((await get(viewer, url)).status).toBe(200);

    // An outsider guessing the URL, a task of another project, an unknown id: not found.
    const outsider = await buildUser();
    expect((await callLoader(download.loader, { user: outsider, path: url, params: paramsOf(url) })).status).toBe(404);
    const other = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Other" });
    const elsewhere = `/app/project/${other.id}/task/${task.id}/attachment/${html.id}`;
    expect(
      (await callLoader(download.loader, { user: owner, path: elsewhere, params: paramsOf(elsewhere) })).status,
    ).toBe(404);
    const otherTask = await createTask(owner.actor, { projectId: project.id, title: "Another" });
    const wrongTask = `/app/project/${project.id}/task/${otherTask.id}/attachment/${html.id}`;
    expect(
      (await callLoader(download.loader, { user: owner, path: wrongTask, params: paramsOf(wrongTask) })).status,
    ).toBe(404);
  });

  it("removes the row, logs it, then deletes the file; a viewer cannot", async () => {
    const { owner, project, task } = await setup();
    const added = await addAttachment(owner.actor, { taskId: task.id, file: textFile("bye", "bye.txt") });
    const [row] = await db().select().from(attachments).where(eq(attachments.publicId, added.id));
    const file = path.join(dataDir, "uploads", row!.storagePath);
    expect(fs.existsSync(file)).toBe(true);

    const viewer = await buildUser();
    await addMember(owner.workspaceId, viewer.id, "viewer");
    await expect(removeAttachment(viewer.actor, { taskId: task.id, attachmentId: added.id })).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    expect(fs.existsSync(file)).toBe(true);

    await removeAttachment(owner.actor, { projectId: project.id, taskId: task.id, attachmentId: added.id });
    expect(fs.existsSync(file)).toBe(false);
    expect(await db().select().from(attachments).where(eq(attachments.publicId, added.id))).toEqual([]);
    const [logged] = await db()
      .select()
      .from(activity)
      .where(eq(activity.verb, "task.attachment_removed"))
      .orderBy(desc(activity.createdAt));
    expect(logged?.data).toMatchObject({ file: "bye.txt" });
    await expect(removeAttachment(owner.actor, { taskId: task.id, attachmentId: added.id })).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });
});

function paramsOf(url: string) {
  const [, projectId, taskId, attachmentId] = /^\/app\/project\/(\w+)\/task\/(\w+)\/attachment\/(\w+)$/.exec(url)!;
  return { projectId: projectId!, taskId: taskId!, attachmentId: attachmentId! };
}
