import { Readable } from "node:stream";

import { stringify } from "csv-stringify";
import { and, asc, eq, isNull, sql } from "drizzle-orm";

import { db } from "../db";
import { statuses, tasks } from "../db/schema";
import { taskKey } from "../tasks/access";
import { IMPORT_FIELD_IDS, IMPORT_FIELDS } from "~/utils/imports";

/**
 * A project's tasks as CSV, in the import's own columns (utils/imports.ts), so exporting
 * and importing the file again is a round trip: each row's key names its task, and an
 * import into the same project updates rather than duplicates. Read a page of 1,000 rows at
 * a time and written as it goes: a project of any size streams in constant memory.
 */
const PAGE = 1000;

export function projectCsv(project: { id: string; key: string }) {
  const csv = stringify({ header: true, columns: IMPORT_FIELD_IDS.map((field) => IMPORT_FIELDS[field].header) });
  void (async () => {
    try {
      let after = 0;
      for (;;) {
        const rows = await pageAfter(project.id, after);
        for (const row of rows) {
          const ready = csv.write([
            taskKey(project.key, row.number),
            row.title,
            row.description,
            row.status,
            row.priority,
            row.assignees ?? "",
            row.labels ?? "",
            row.startDate ?? "",
            row.dueDate ?? "",
            row.estimateMinutes === null ? "" : String(Math.round((row.estimateMinutes / 60) * 100) / 100),
            row.parentNumber === null ? "" : taskKey(project.key, row.parentNumber),
          ]);
          if (!ready) await new Promise((resolve) => csv.once("drain", resolve));
        }
        if (rows.length < PAGE) break;
        after = rows.at(-1)!.number;
      }
      csv.end();
    } catch (error) {
      csv.destroy(error as Error);
    }
  })();
  return Readable.toWeb(csv) as ReadableStream<Uint8Array>;
}

function pageAfter(projectId: string, after: number) {
  const parent = sql<number | null>`(select p.number from tasks p where p.id = ${tasks.parentId})`;
  return db()
    .select({
      number: tasks.number,
      title: tasks.title,
      description: tasks.description,
      status: statuses.name,
      priority: tasks.priority,
      assignees: sql<
        string | null
      >`(select string_agg(pr.email, ', ' order by pr.email) from task_assignees ta join profiles pr on pr.id = ta.user_id where ta.task_id = ${tasks.id})`,
      labels: sql<
        string | null
      >`(select string_agg(l.name, ', ' order by l.name) from task_labels tl join labels l on l.id = tl.label_id where tl.task_id = ${tasks.id})`,
      startDate: tasks.startDate,
      dueDate: tasks.dueDate,
      estimateMinutes: tasks.estimateMinutes,
      parentNumber: parent,
    })
    .from(tasks)
    .innerJoin(statuses, eq(statuses.id, tasks.statusId))
    .where(and(eq(tasks.projectId, projectId), isNull(tasks.deletedAt), sql`${tasks.number} > ${after}`))
    .orderBy(asc(tasks.number))
    .limit(PAGE);
}
