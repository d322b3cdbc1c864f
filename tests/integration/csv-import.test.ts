import { eq } from "drizzle-orm";
import { parse } from "csv-parse/sync";
import { describe, expect, it, vi } from "vitest";

import { db } from "~/.server/db";
import { imports, labels, projects, taskAssignees, tasks } from "~/.server/db/schema";
import { projectCsv } from "~/.server/imports/export";
import { importView, registerImports, uploadImport, startImportCommand } from "~/.server/imports/imports";
import { execute } from "~/.server/commands/command";
import { principalOf } from "~/.server/commands/principal";
import { runDueJobs } from "~/.server/jobs/worker";
import { createProject } from "~/.server/projects/projects";
import { projectStatuses } from "~/.server/tasks/statuses";
import { engines, useTestDatabase } from "../setup/database";
import { addMember, buildUser, type TestUser } from "../setup/factories";

// A data directory of this file's own (uploaded files are kept there), set before the configuration is read.
await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  process.env.DATA_DIR = mkdtempSync(`${tmpdir()}/plotline-imports-`);
});

const csvFile = (lines: string[], name = "tasks.csv") =>
  new File([lines.join("\n") + "\n"], name, { type: "text/csv" });
const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

describe.each(engines)("CSV import and export on %s", (engine) => {
  useTestDatabase(engine);
  registerImports();

  async function setUp() {
    const owner = await buildUser({ fullName: "Ana Lima" });
    const project = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Website" });
    const [row] = await db().select().from(projects).where(eq(projects.publicId, project.id));
    return { owner, project, projectRow: row! };
  }
  const tasksOf = (projectId: string) => db().select().from(tasks).where(eq(tasks.projectId, projectId));

  /** Uploads, starts with the guessed mapping (or `mapping`), runs the job; the import's view. */
  async function importFile(
    user: TestUser,
    projectId: string,
    file: File,
    options: { dryRun?: boolean; mapping?: Record<string, number> } = {},
  ) {
    const { id } = await uploadImport(user.actor, { projectId, file });
    const uploaded = await importView(user.actor, projectId, id);
    await execute(startImportCommand, principalOf(user.actor), {
      importId: id,
      mapping: options.mapping ?? (uploaded.mapping as Record<string, number>),
      dryRun: options.dryRun ?? false,
    });
    await runDueJobs();
    return importView(user.actor, projectId, id);
  }

  it("maps a foreign file's columns, previews its first rows, checks it, imports it, and a second import adds nothing", async () => {
    const { owner, project, projectRow } = await setUp();
    const bruno = await buildUser({ fullName: "Bruno Costa" });
    await addMember(owner.workspaceId, bruno.id, "editor");
    const file = csvFile([
      "Issue key;Summary;State;Priority;Assignee email;Tags;Due date;Estimate;Parent",
      `X-1;Plan the launch;In Progress;High;${bruno.email};launch, marketing;2026-12-01;1h30m;`,
      "X-2;Write the copy;Done;normal;nobody@example.com;Marketing;2026-12-03;2;X-1",
      'X-3;"Book the venue; with parking";Waiting;;;;;;',
    ]);
    const { id } = await uploadImport(owner.actor, { projectId: project.id, file });
    const uploaded = await importView(owner.actor, project.id, id);
    expect(uploaded.columns).toEqual([
      "Issue key",
      "Summary",
      "State",
      "Priority",
      "Assignee email",
      "Tags",
      "Due date",
      "Estimate",
      "Parent",
    ]);
    expect(uploaded.mapping).toEqual({
      id: 0,
      title: 1,
      status: 2,
      priority: 3,
      assignees: 4,
      labels: 5,
      dueDate: 6,
      estimate: 7,
      parent: 8,
    });
    expect(uploaded.preview!.map((row) => row.row.title)).toEqual([
      "Plan the launch",
      "Write the copy",
      "Book the venue; with parking",
    ]);
    expect(uploaded.preview![2]!.problems).toEqual([]);

    const checked = await importFile(owner, project.id, file, { dryRun: true });
    expect(checked).toMatchObject({ state: "checked", totalRows: 3, created: 3, updated: 0 });
    expect(await tasksOf(projectRow.id)).toHaveLength(0);

    const done = await importFile(owner, project.id, file);
    expect(done).toMatchObject({ state: "done", totalRows: 3, processedRows: 3, created: 3, updated: 0 });
    const imported = await tasksOf(projectRow.id);
    const byTitle = new Map(imported.map((task) => [task.title, task]));
    const statuses = await projectStatuses(db(), projectRow.id);
    const statusName = (id: string) => statuses.find((status) => status.id === id)!.name;
    const plan = byTitle.get("Plan the launch")!;
    expect(plan).toMatchObject({ priority: "high", dueDate: "2026-12-01", estimateMinutes: 90, importKey: "csv:X-1" });
    expect(statusName(plan.statusId)).toBe("In Progress");
    const copy = byTitle.get("Write the copy")!;
    expect(copy).toMatchObject({ priority: "medium", estimateMinutes: 120, parentId: plan.id });
    expect(copy.completedAt).toBeInstanceOf(Date);
    // An unknown status goes to the first column.
    expect(statusName(byTitle.get("Book the venue; with parking")!.statusId)).toBe(statuses[0]!.name);
    expect(await db().select().from(taskAssignees).where(eq(taskAssignees.taskId, plan.id))).toEqual([
      expect.objectContaining({ userId: bruno.id }),
    ]);
    const workspaceLabels = await db()
      .select({ name: labels.name })
      .from(labels)
      .where(eq(labels.workspaceId, projectRow.workspaceId));
    expect(workspaceLabels.map((label) => label.name).sort()).toEqual(["launch", "marketing"]);

    const again = await importFile(owner, project.id, file);
    expect(again).toMatchObject({ state: "done", created: 0, updated: 0, unchanged: 3 });
    expect(await tasksOf(projectRow.id)).toHaveLength(3);

    const changed = csvFile([
      "Issue key;Summary;State;Priority;Assignee email;Tags;Due date;Estimate;Parent",
      `X-1;Plan the launch;Done;Urgent;${bruno.email};launch, marketing;2026-12-01;1h30m;`,
      "X-2;Write the copy;Done;normal;nobody@example.com;Marketing;2026-12-03;2;X-1",
      'X-3;"Book the venue; with parking";Waiting;;;;;;',
      "X-4;Send invitations;To Do;low;;;;;",
    ]);
    expect(await importFile(owner, project.id, changed)).toMatchObject({ created: 1, updated: 1, unchanged: 2 });
    expect((await tasksOf(projectRow.id)).find((task) => task.title === "Plan the launch")!.priority).toBe("urgent");
  });

  it("imports nothing from a file with a bad row, and names the row", async () => {
    const { owner, project, projectRow } = await setUp();
    const lines = ["Title,Due date"];
    for (let n = 1; n <= 300; n++) lines.push(`Task ${n},${n === 217 ? "31/02/2026" : "2026-12-01"}`);
    lines.push(",2026-12-01");
    const failed = await importFile(owner, project.id, csvFile(lines));
    expect(failed.state).toBe("failed");
    expect(failed.error).toBe(
      'Nothing was imported. Row 218: The due date "31/02/2026" is not a date: write it as YYYY-MM-DD. (and 1 more problem below)',
    );
    expect(failed.problems.map((problem) => problem.row)).toEqual([218, 302]);
    expect(await tasksOf(projectRow.id)).toHaveLength(0);
  });

  it("imports 10,000 rows in batches with progress, and again without duplicates", async () => {
    const { owner, project, projectRow } = await setUp();
    const lines = ["ID,Title,Status,Priority"];
    for (let n = 1; n <= 10_000; n++)
      lines.push(`row-${n},Task number ${n},${n % 3 === 0 ? "Done" : "To Do"},${n % 5 === 0 ? "high" : ""}`);
    const file = csvFile(lines, "big.csv");
    const done = await importFile(owner, project.id, file);
    expect(done).toMatchObject({ state: "done", totalRows: 10_000, processedRows: 10_000, created: 10_000 });
    expect(await tasksOf(projectRow.id)).toHaveLength(10_000);
    const numbers = (await tasksOf(projectRow.id)).map((task) => task.number).sort((a, b) => a - b);
    expect(numbers[0]).toBe(1);
    expect(numbers.at(-1)).toBe(10_000);
    const again = await importFile(owner, project.id, file);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 10_000 });
    expect(await tasksOf(projectRow.id)).toHaveLength(10_000);
    const [row] = await db().select().from(imports).where(eq(imports.publicId, again.id));
    // The file goes once the import is done.
    expect(row!.storagePath).toBeNull();
  });

  it("exports the import's columns, so export → import round-trips into the same project and into another", async () => {
    const { owner, project, projectRow } = await setUp();
    const file = csvFile([
      "Title,Status,Priority,Labels,Start date,Due date,Estimate (hours),Description",
      'Design,In Progress,high,"ui, web",2026-11-01,2026-11-20,3.5,"Two lines,\nwith a comma"',
      "Build,To Do,,,,,,",
    ]);
    await importFile(owner, project.id, file);
    const text = await new Response(projectCsv({ id: projectRow.id, key: projectRow.key })).text();
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual([
      "Key",
      "Title",
      "Description",
      "Status",
      "Priority",
      "Assignees",
      "Labels",
      "Start date",
      "Due date",
      "Estimate (hours)",
      "Parent",
    ]);
    expect(rows[0]).toMatchObject({
      Title: "Design",
      Status: "In Progress",
      Labels: "ui, web",
      "Estimate (hours)": "3.5",
      Description: "Two lines,\nwith a comma",
    });

    // The same project: every row is its own task again, nothing changes.
    const same = await importFile(owner, project.id, new File([text], "export.csv"));
    expect(same).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    // Another project: the same tasks.
    const other = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Copy" });
    const [otherRow] = await db().select().from(projects).where(eq(projects.publicId, other.id));
    await importFile(owner, other.id, new File([text], "export.csv"));
    const copied = await new Response(projectCsv({ id: otherRow!.id, key: otherRow!.key })).text();
    const strip = (csv: string) =>
      (parse(csv, { columns: true }) as Record<string, string>[]).map(({ Key: _key, ...rest }) => rest);
    expect(strip(copied)).toEqual(strip(text));
    expect(quote("a,b")).toBe('"a,b"');
  });

  it("keeps an import to its uploader and the project's editors", async () => {
    const { owner, project } = await setUp();
    const viewer = await buildUser();
    await addMember(owner.workspaceId, viewer.id, "viewer");
    await expect(uploadImport(viewer.actor, { projectId: project.id, file: csvFile(["Title", "x"]) })).rejects.toThrow(
      /Viewers/,
    );
    const { id } = await uploadImport(owner.actor, { projectId: project.id, file: csvFile(["Title", "x"]) });
    const stranger = await buildUser();
    await expect(importView(stranger.actor, project.id, id)).rejects.toThrow(/not found/i);
    await expect(importView(viewer.actor, project.id, id)).rejects.toThrow(/not found/i);
  });
});

// Once: reading the export is the costly, engine-free part; the writes are the CSV import's, tested on both.
describe.each(engines.slice(0, 1))("Trello import on %s", (engine) => {
  useTestDatabase(engine);
  registerImports();

  /** A board export shaped as Trello writes it, padded with `actions` up to `megabytes`. */
  function trelloBoard(cards: number, megabytes = 0) {
    const lists = [
      { id: "l1", name: "To Do", closed: false },
      { id: "l2", name: "Doing", closed: false },
      { id: "l3", name: "Old", closed: true },
    ];
    const labels = [
      { id: "b1", name: "Bug", color: "red" },
      { id: "b2", name: "", color: "green" },
    ];
    const board = {
      id: "board",
      name: "Launch",
      lists,
      labels,
      cards: Array.from({ length: cards }, (_, n) => ({
        id: `c${n}`,
        name: `Card ${n}`,
        desc: n === 0 ? "The **first** card" : "",
        idList: n === 1 ? "l3" : n % 2 ? "l2" : "l1",
        closed: n === 2,
        due: n === 0 ? "2026-12-24T17:00:00.000Z" : null,
        start: null,
        idLabels: n === 0 ? ["b1", "b2"] : [],
        idMembers: [],
      })),
      checklists: [
        {
          id: "k1",
          idCard: "c0",
          name: "Todo",
          checkItems: [
            { name: "Buy tape", state: "complete", pos: 2 },
            { name: "Print", state: "incomplete", pos: 1 },
          ],
        },
      ],
      actions: [
        {
          type: "commentCard",
          date: "2026-11-02T10:00:00.000Z",
          data: { text: "Looks good", card: { id: "c0" } },
          memberCreator: { fullName: "Rui" },
        },
        ...Array.from({ length: Math.ceil((megabytes * 1024 * 1024) / 350) }, (_, n) => ({
          type: "updateCard",
          date: "2026-11-01T00:00:00.000Z",
          data: { card: { id: `c${n % cards}` }, old: { desc: "x".repeat(250) } },
        })),
      ],
      members: [{ id: "m1", fullName: "Rui", username: "rui" }],
    };
    return new File([JSON.stringify(board)], "trello.json", { type: "application/json" });
  }

  // A minute and a half at most: the export is parsed in a few passes, seconds each on a loaded machine.
  it(
    "imports a 20 MB board's cards with their lists, labels, checklists and comments, once",
    { timeout: 90_000 },
    async () => {
      const owner = await buildUser();
      const project = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Board" });
      const [projectRow] = await db().select().from(projects).where(eq(projects.publicId, project.id));
      const file = trelloBoard(2000, 20);
      expect(file.size).toBeGreaterThan(20 * 1024 * 1024);
      const { id } = await uploadImport(owner.actor, { projectId: project.id, file });
      const uploaded = await importView(owner.actor, project.id, id);
      expect(uploaded).toMatchObject({
        kind: "trello",
        board: { lists: ["To Do", "Doing"], cards: 1999, archived: 1 },
      });
      await execute(startImportCommand, principalOf(owner.actor), { importId: id, mapping: {}, dryRun: false });
      await runDueJobs();
      const done = await importView(owner.actor, project.id, id);
      // Card 1 is in an archived list, card 2 archived: both skipped.
      expect(done).toMatchObject({ state: "done", totalRows: 1998, created: 1998 });
      expect(done.problems).toEqual([{ row: 0, message: "2 archived cards were skipped.", level: "warning" }]);
      const first = (await db().select().from(tasks).where(eq(tasks.projectId, projectRow!.id))).find(
        (task) => task.title === "Card 0",
      )!;
      expect(first).toMatchObject({ description: "The **first** card", dueDate: "2026-12-24", importKey: "trello:c0" });
      const { checklistItems, comments, taskLabels } = await import("~/.server/db/schema");
      const items = await db().select().from(checklistItems).where(eq(checklistItems.taskId, first.id));
      expect(items.sort((a, b) => (a.position < b.position ? -1 : 1)).map((item) => [item.title, item.done])).toEqual([
        ["Print", false],
        ["Buy tape", true],
      ]);
      const said = await db().select().from(comments).where(eq(comments.taskId, first.id));
      expect(said.map((comment) => comment.body)).toEqual(["*From Trello, by Rui on 2026-11-02:*\n\nLooks good"]);
      expect(await db().select().from(taskLabels).where(eq(taskLabels.taskId, first.id))).toHaveLength(2);

      // Again (a small board of the same cards: the 20 MB parse is the slow part): nothing new, no comment twice.
      const again = await uploadImport(owner.actor, { projectId: project.id, file: trelloBoard(20) });
      await execute(startImportCommand, principalOf(owner.actor), { importId: again.id, mapping: {}, dryRun: false });
      await runDueJobs();
      expect(await importView(owner.actor, project.id, again.id)).toMatchObject({ created: 0, unchanged: 18 });
      // JSON that is not a board is refused at the upload, beside the file field.
      await expect(
        uploadImport(owner.actor, { projectId: project.id, file: new File(['{"hello": 1}'], "x.json") }),
      ).rejects.toThrow(/not a Trello board/);
      expect(await db().select().from(comments).where(eq(comments.taskId, first.id))).toHaveLength(1);
    },
  );
});
