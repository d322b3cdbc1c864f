import { createReadStream } from "node:fs";

import { parse } from "csv-parse";

import { TASK_PRIORITIES, type Priority as TaskPriority } from "~/validation/priorities";
import { MAX_TITLE_LENGTH } from "~/validation/task-fields";
import { MAX_IMPORT_ROWS, type ImportField } from "~/utils/imports";

/**
 * Reading a CSV import: streamed with csv-parse (never the whole file in memory), a row at a
 * time, each turned into a task's fields with what is wrong with it named by its line. A
 * byte-order mark, `;` or tab separators and quoted line breaks are understood.
 */
export type ImportRow = {
  /** The line of the file the row starts on (the header is line 1). */
  line: number;
  id: string | null;
  title: string;
  description: string | null;
  status: string | null;
  priority: TaskPriority | null;
  assignees: string[] | null;
  labels: string[] | null;
  startDate: string | null | undefined;
  dueDate: string | null | undefined;
  estimateMinutes: number | null | undefined;
  parent: string | null;
  /** A Trello card's checklist and comments: added when the task is created, never again. */
  checklist?: { title: string; done: boolean }[];
  comments?: string[];
};
export type Problem = { row: number; message: string; level: "error" | "warning" };
export type Mapping = Partial<Record<ImportField, number>>;

const DESCRIPTION_MAX = 20_000;
const CELL_MAX = 100_000;

/** The file's rows as arrays of cells, with the line each starts on; the separator is sniffed from the first line. */
export async function* csvRows(file: string): AsyncGenerator<{ line: number; cells: string[] }> {
  const delimiter = await sniffDelimiter(file);
  const parser = createReadStream(file).pipe(
    parse({
      bom: true,
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: CELL_MAX * 4,
      info: true,
    }),
  );
  for await (const record of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    yield { line: record.info.lines, cells: record.record };
  }
}

/** `,`, `;` or a tab: whichever the first line has most of (spreadsheets in some locales write `;`). */
async function sniffDelimiter(file: string) {
  const stream = createReadStream(file, { start: 0, end: 64 * 1024 });
  let head = "";
  for await (const chunk of stream) head += String(chunk);
  const first = head.split(/\r?\n/, 1)[0] ?? "";
  const counts = [",", ";", "\t"].map((candidate) => [candidate, first.split(candidate).length] as const);
  return counts.sort((a, b) => b[1] - a[1])[0]![0];
}

/** The header and the first rows, for the mapping form and its preview. */
export async function headerAndSample(file: string, sample = 5) {
  let columns: string[] | null = null;
  const rows: { line: number; cells: string[] }[] = [];
  for await (const row of csvRows(file)) {
    if (!columns) columns = row.cells.map((cell) => cell.trim());
    else rows.push(row);
    if (rows.length >= sample) break;
  }
  return { columns: columns ?? [], rows };
}

const cell = (cells: string[], index: number | undefined) => (index === undefined ? undefined : (cells[index] ?? ""));
const list = (value: string) =>
  value
    .split(/[,;]/)
    .map((item) => item.trim())
    .filter(Boolean);

/** One row as a task's fields (undefined: the column is not mapped; null: empty), or its problems. */
export function rowOf(line: number, cells: string[], mapping: Mapping): { row: ImportRow; problems: Problem[] } {
  const problems: Problem[] = [];
  const error = (message: string) => problems.push({ row: line, message, level: "error" });
  const warn = (message: string) => problems.push({ row: line, message, level: "warning" });
  const title = (cell(cells, mapping.title) ?? "").trim();
  if (!title) error("The title is empty.");
  else if (title.length > MAX_TITLE_LENGTH) error(`The title is longer than ${MAX_TITLE_LENGTH} characters.`);
  const description = cell(cells, mapping.description);
  if (description !== undefined && description.length > DESCRIPTION_MAX)
    error(`The description is longer than ${DESCRIPTION_MAX.toLocaleString("en")} characters.`);
  const rawPriority = cell(cells, mapping.priority)?.trim().toLowerCase();
  let priority: TaskPriority | null = null;
  if (rawPriority) {
    const known = PRIORITY_WORDS[rawPriority];
    if (known) priority = known;
    else warn(`The priority "${rawPriority.slice(0, 40)}" is not one of none, low, medium, high, urgent: none.`);
  }
  const date = (field: "startDate" | "dueDate", name: string) => {
    const raw = cell(cells, mapping[field]);
    if (raw === undefined) return undefined;
    const value = raw.trim();
    if (!value) return null;
    const day = isoDay(value);
    if (!day) error(`The ${name} "${value.slice(0, 40)}" is not a date: write it as YYYY-MM-DD.`);
    return day;
  };
  const startDate = date("startDate", "start date");
  const dueDate = date("dueDate", "due date");
  if (startDate && dueDate && startDate > dueDate) error("The start date is after the due date.");
  const rawEstimate = cell(cells, mapping.estimate);
  let estimateMinutes: number | null | undefined = undefined;
  if (rawEstimate !== undefined) {
    estimateMinutes = rawEstimate.trim() ? minutesOf(rawEstimate.trim()) : null;
    if (estimateMinutes === undefined)
      error(`The estimate "${rawEstimate.trim().slice(0, 40)}" is not a duration: write hours (1.5) or 1h30m.`);
  }
  const id = cell(cells, mapping.id)?.trim() || null;
  const status = cell(cells, mapping.status)?.trim() || null;
  const assignees = mapping.assignees === undefined ? null : list(cell(cells, mapping.assignees)!.toLowerCase());
  const labels = mapping.labels === undefined ? null : list(cell(cells, mapping.labels)!);
  const parent = cell(cells, mapping.parent)?.trim() || null;
  return {
    row: {
      line,
      id: id?.slice(0, 200) ?? null,
      title,
      description: description ?? null,
      status: status?.slice(0, 60) ?? null,
      priority,
      assignees,
      labels: labels?.map((label) => label.slice(0, 40)) ?? null,
      startDate,
      dueDate,
      estimateMinutes,
      parent: parent?.slice(0, 200) ?? null,
    },
    problems,
  };
}

const PRIORITY_WORDS: Record<string, TaskPriority> = {
  ...Object.fromEntries(TASK_PRIORITIES.map((priority) => [priority, priority])),
  normal: "medium",
  critical: "urgent",
  highest: "urgent",
  lowest: "low",
  "": "none",
};

/** `2026-03-01` (or an ISO date-time: its day) when it is a real day, else null. */
function isoDay(value: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(value);
  if (!match) return null;
  const day = `${match[1]}-${match[2]}-${match[3]}`;
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day ? day : null;
}

/** `1.5` (hours), `90m`, `2h`, `1h30m` → minutes; undefined when it is none of these. */
function minutesOf(value: string) {
  const text = value.toLowerCase().replace(/\s+/g, "");
  let minutes: number | undefined;
  if (/^\d+(\.\d+)?$/.test(text)) minutes = Math.round(Number(text) * 60);
  else {
    const match = /^(?:(\d+(?:\.\d+)?)h)?(?:(\d+)m)?$/.exec(text);
    if (match && (match[1] || match[2])) minutes = Math.round(Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0));
  }
  return minutes !== undefined && minutes <= 1_000_000 ? minutes : undefined;
}

/** The rows of the whole file, checked: the rows and every problem (the first 200), and whether there are too many. */
export async function checkFile(file: string, mapping: Mapping) {
  const rows: ImportRow[] = [];
  const problems: Problem[] = [];
  let header = true;
  for await (const { line, cells } of csvRows(file)) {
    if (header) {
      header = false;
      continue;
    }
    if (rows.length >= MAX_IMPORT_ROWS) {
      problems.push({
        row: line,
        message: `The file has more than ${MAX_IMPORT_ROWS.toLocaleString("en")} rows.`,
        level: "error",
      });
      break;
    }
    const checked = rowOf(line, cells, mapping);
    rows.push(checked.row);
    if (problems.length < 200) problems.push(...checked.problems);
  }
  return { rows, problems };
}
