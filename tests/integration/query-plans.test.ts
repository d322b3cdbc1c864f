import { asc, eq, Placeholder, sql, type SQL } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { db } from "~/.server/db";
import { queryRows } from "~/.server/db/client";
import { projects, statuses } from "~/.server/db/schema";
import { createProject } from "~/.server/projects/projects";
import { parseSearchQuery } from "~/.server/search/parse";
import { tasksByTextQuery } from "~/.server/search/search";
import { calendarQueries, UNDATED_PAGE } from "~/.server/tasks/calendar";
import { LIST_PAGE, listOptions, listStatementOf } from "~/.server/tasks/list";
import { listPage, parseListQuery } from "~/.server/tasks/list-params";
import { boardColumns, boardQueries, COLUMN_PAGE } from "~/.server/tasks/queries";
import { createTask } from "~/.server/tasks/tasks";
import { engines, useTestDatabase } from "../setup/database";
import { buildUser } from "../setup/factories";

/**
 * What the board's statements read in a project of 4,000 tasks, from PostgreSQL's own
 * account (EXPLAIN ANALYZE): each column's page is a range of `tasks_column_page_idx`
 * that stops at the page, never a scan of the project's tasks, and the counts read that
 * index alone. A plan that turns into a scan of the project (a dropped index, a query
 * rewritten with a window over the project) fails here.
 */
describe.each(engines)("query plans on %s", (engine) => {
  useTestDatabase(engine);

  type PlanNode = {
    "Node Type": string;
    "Relation Name"?: string;
    "Index Name"?: string;
    "Actual Rows": number;
    "Actual Loops": number;
    "Rows Removed by Filter"?: number;
    Plans?: PlanNode[];
  };
  const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

  /** The plan's nodes that read the tasks table, with how many rows each gave in all. */
  async function tasksReads(
    query: { toSQL(): { sql: string; params: unknown[] } },
    values: Record<string, unknown>,
    table = "tasks",
  ) {
    const { sql: text, params } = query.toSQL();
    // Values written into the text: EXPLAIN takes no parameters through every driver.
    const literal = (value: unknown) => (typeof value === "number" ? String(value) : `'${String(value)}'`);
    const inlined = text.replace(/\$(\d+)/g, (_, n: string) => {
      const param = params[Number(n) - 1];
      return literal(param instanceof Placeholder ? values[param.name] : param);
    });
    const [row] = await queryRows<{ "QUERY PLAN": unknown }>(
      db(),
      sql.raw(`explain (analyze, format json) ${inlined}`),
    );
    return readsOf(row!["QUERY PLAN"], table);
  }

  /**
   * The plan's nodes that read the tasks table or one of its indexes (a bitmap's index scan
   * names its index, not its table): rows given, and rows examined (given and filtered out).
   */
  function readsOf(plan: unknown, table = "tasks") {
    const [root] = (typeof plan === "string" ? JSON.parse(plan) : plan) as [{ Plan: PlanNode }];
    return nodesOf(root.Plan)
      .filter((node) => node["Relation Name"] === table || node["Index Name"]?.startsWith(`${table}_`))
      .map((node) => ({
        type: node["Node Type"],
        index: node["Index Name"],
        rows: node["Actual Rows"] * node["Actual Loops"],
        examined: (node["Actual Rows"] + (node["Rows Removed by Filter"] ?? 0)) * node["Actual Loops"],
      }));
  }

  /** A project of 4,001 tasks over four columns, a tenth of them subtasks and another tenth archived (not cards). */
  async function bigProject() {
    const owner = await buildUser();
    const created = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Big" });
    const [project] = await db().select().from(projects).where(eq(projects.publicId, created.id));
    const columns = await db()
      .select({ id: statuses.id })
      .from(statuses)
      .where(eq(statuses.projectId, project!.id))
      .orderBy(asc(statuses.position));
    const parent = await createTask(owner.actor, { projectId: created.id, title: "Parent" });
    const ids = sql.raw(`array[${columns.map((column) => `'${column.id}'::uuid`).join(",")}]`);
    // 4,000 more over the four columns, a tenth of each subtasks and another tenth archived (not cards).
    await queryRows(
      db(),
      sql`insert into tasks (public_id, workspace_id, project_id, number, title, status_id, position, parent_id, archived_at)
        select ${created.id} || '-' || n, ${project!.workspaceId}, ${project!.id}, n + 1, 'Task ' || n, (${ids})[1 + n % 4],
          'a' || lpad(n::text, 6, '0'),
          case when (n / 4) % 10 = 3 then (select id from tasks where public_id = ${parent.id}) end,
          case when (n / 4) % 10 = 7 then now() end
        from generate_series(1, 4000) n order by n`,
    );
    await queryRows(db(), sql`vacuum analyze tasks`);
    return { project: project!, columns, owner };
  }

  /**
   * Thirty tasks near the top of the columns blocked, each by a task far down its own column
   * (open), so the Blocked flag has blockers to find, among thousands of other relations.
   */
  async function blockSome(project: { id: string }) {
    await queryRows(
      db(),
      sql`insert into task_relations (public_id, workspace_id, from_task_id, to_task_id, kind)
        select t.public_id || '-r', t.workspace_id, b.id, t.id, 'blocks'
        from tasks t join tasks b on b.project_id = t.project_id and b.number = t.number + 3000
        where t.project_id = ${project.id} and t.number between 2 and 31`,
    );
    // And 2,900 tasks further down related to others: a table the Blocked flag must probe, not read.
    await queryRows(
      db(),
      sql`insert into task_relations (public_id, workspace_id, from_task_id, to_task_id, kind)
        select t.public_id || '-s', t.workspace_id, t.id, b.id, 'relates'
        from tasks t join tasks b on b.project_id = t.project_id and b.number = t.number + 1000
        where t.project_id = ${project.id} and t.number between 100 and 3000`,
    );
    await queryRows(db(), sql`vacuum analyze task_relations`);
  }

  /**
   * The Blocked flag's reads in a plan: each shown task's blockers through the relations'
   * `to` index, each blocker by its primary key; at most `blockers` rows of each.
   */
  async function expectBlockedFlagReads(
    query: { toSQL(): { sql: string; params: unknown[] } },
    values: Record<string, unknown>,
    blockers: number,
  ) {
    const relations = await tasksReads(query, values, "task_relations");
    expect(relations.map((read) => read.index)).toEqual(["task_relations_to_idx"]);
    expect(relations[0]!.rows).toBeLessThanOrEqual(blockers);
    const keys = (await tasksReads(query, values)).filter((read) => read.index === "tasks_pkey");
    expect(keys.map((read) => read.type)).toEqual(["Index Scan"]);
    expect(keys[0]!.rows).toBeLessThanOrEqual(blockers);
  }

  /** The same for a statement written as SQL (search): its parameters go with it. */
  async function sqlTasksReads(query: SQL) {
    const [row] = await queryRows<{ "QUERY PLAN": unknown }>(db(), sql`explain (analyze, format json) ${query}`);
    return readsOf(row!["QUERY PLAN"]);
  }

  it("the board reads each column's page through its index and its count from the status, not the project's tasks", async () => {
    const { project, columns } = await bigProject();
    const board = await boardColumns(project);
    expect(board.map((column) => column.total)).toEqual([801, 800, 800, 800]);
    expect(board.every((column) => column.cards.length === COLUMN_PAGE)).toBe(true);

    await blockSome(project);
    const pages = (await tasksReads(boardQueries.firstPages(db()), { projectId: project.id })).filter(
      (read) => read.index !== "tasks_pkey",
    );
    expect(pages.map((read) => read.index)).toEqual(["tasks_column_page_idx"]);
    // Blocked: the shown cards' blockers, by index, in the same statement.
    await expectBlockedFlagReads(boardQueries.firstPages(db()), { projectId: project.id }, 30);
    const blocked = (await boardColumns(project)).flatMap((column) => column.cards).filter((card) => card.blocked);
    expect(blocked.length).toBeGreaterThan(0);
    // The four pages' cards, and not one task more.
    expect(pages[0]!.rows).toBe(4 * COLUMN_PAGE);

    // The columns' counts are the statuses' own (kept by a trigger, decision 040): no task is read.
    expect(await tasksReads(boardQueries.statuses(db()), { projectId: project.id })).toEqual([]);

    const further = await tasksReads(boardQueries.further(db()), { statusId: columns[0]!.id, limit: 100 });
    expect(further.filter((read) => read.index !== "tasks_pkey")).toMatchObject([
      { type: "Index Scan", index: "tasks_column_page_idx", rows: COLUMN_PAGE + 100 },
    ]);
  }, 60_000);

  it("the List as it opens reads each status's page through the board's index; filtered, the same rows", async () => {
    const { project } = await bigProject();
    await blockSome(project);
    const today = "2026-11-26";
    const options = await listOptions(project);
    const statement = (search: string) =>
      listStatementOf(project, parseListQuery(new URL(`http://x/?${search}`), options).query, today);

    const reads = (await tasksReads(statement("view=list"), {})).filter((read) => read.index !== "tasks_pkey");
    const pages = reads.filter((read) => read.type !== "Index Only Scan");
    await expectBlockedFlagReads(statement("view=list"), {}, 30);
    await expectBlockedFlagReads(statement("q=a&group=priority"), {}, 30);
    expect(pages).toMatchObject([{ type: "Index Scan", index: "tasks_column_page_idx", rows: 4 * LIST_PAGE }]);
    const counts = reads.filter((read) => read.type === "Index Only Scan");
    expect(counts.map((read) => read.index)).toEqual(["tasks_column_page_idx"]);
    // Each status counted once (the cards' entries), not once for every row shown.
    expect(counts[0]!.rows).toBeLessThanOrEqual(3201);
    // Backwards, one status raised, and one status's window: still pages of the index.
    const todo = (await listPage(project, new URL("http://x/"), today)).groups[0]!.id;
    for (const search of ["sort=position&dir=desc", `more=${todo}&limit=300`, `window=${todo}&offset=200`]) {
      const scans = (await tasksReads(statement(search), {})).filter(
        (read) => read.type !== "Index Only Scan" && read.index !== "tasks_pkey",
      );
      expect(
        scans.map((read) => read.index),
        search,
      ).toEqual(["tasks_column_page_idx"]);
      expect(scans[0]!.rows, search).toBeLessThanOrEqual(search.startsWith("more") ? 600 : 4 * LIST_PAGE);
    }

    // The plain path shows what the ranked one (any filter) shows when the filter keeps every task.
    for (const search of ["", "dir=desc&sort=position", `more=${todo}&limit=300`, `window=${todo}&offset=200`]) {
      const plain = await listPage(project, new URL(`http://x/?${search}`), today);
      const ranked = await listPage(project, new URL(`http://x/?${search}&q=a`), today);
      expect(plain.groups, search).toEqual(ranked.groups);
    }
  }, 60_000);

  it("the calendar reads its month's days and its undated page through indexes; search finds a rare term by its index", async () => {
    const { project, owner } = await bigProject();
    // A tenth of the tasks due over a year from Jan 1.
    await queryRows(
      db(),
      sql`update tasks set due_date = date '2026-01-01' + (number % 365) where project_id = ${project.id} and number % 10 = 0`,
    );
    await queryRows(db(), sql`vacuum analyze tasks`);
    const [inRange] = await queryRows<{ count: number }>(
      db(),
      sql`select count(*)::int as count from tasks where project_id = ${project.id} and due_date between '2026-10-26' and '2026-12-06'`,
    );

    const month = await tasksReads(calendarQueries.month(project, "2026-10-26", "2026-12-06"), {});
    // An index scan of it, or a bitmap built from it (PGlite's choice): no more rows than are due in the range.
    expect(month.filter((read) => read.index).map((read) => read.index)).toEqual(["tasks_due_idx"]);
    expect(month.filter((read) => read.type === "Seq Scan")).toEqual([]);
    expect(Math.max(...month.map((read) => read.examined))).toBeLessThanOrEqual(inRange!.count);

    // The page (20 rows of the index) and its count (the index alone).
    const undated = await tasksReads(calendarQueries.undated(project, UNDATED_PAGE), {});
    expect(undated.map(({ type, index }) => ({ type, index }))).toEqual([
      { type: "Index Only Scan", index: "tasks_undated_idx" },
      { type: "Index Scan", index: "tasks_undated_idx" },
    ]);
    expect(undated[1]!.rows).toBe(UNDATED_PAGE);

    // A rare term: the text index finds its task, and the heap is read for it alone, not for the project.
    const rare = await sqlTasksReads(tasksByTextQuery(owner.id, parseSearchQuery("3999").tsquery!, 10));
    expect(rare.filter((read) => read.type === "Seq Scan")).toEqual([]);
    expect(rare.some((read) => read.index === "tasks_search_idx")).toBe(true);
    expect(Math.max(...rare.map((read) => read.examined))).toBeLessThanOrEqual(20);
  }, 60_000);
});
