/**
 * What a CSV import can fill in (issue 33), shared by the server and the mapping form. The
 * project's CSV export writes these columns under these names, so a round trip maps itself.
 */
export const IMPORT_FIELDS = {
  id: { label: "ID or key", header: "Key", hint: "Importing the file again updates the task with this ID." },
  title: { label: "Title", header: "Title", hint: "Required." },
  description: { label: "Description", header: "Description", hint: "Markdown." },
  status: { label: "Status", header: "Status", hint: "By name; others go to the first status." },
  priority: { label: "Priority", header: "Priority", hint: "None, low, medium, high or urgent." },
  assignees: { label: "Assignees", header: "Assignees", hint: "E-mail addresses of members, comma-separated." },
  labels: { label: "Labels", header: "Labels", hint: "Names, comma-separated; new ones are created." },
  startDate: { label: "Start date", header: "Start date", hint: "YYYY-MM-DD." },
  dueDate: { label: "Due date", header: "Due date", hint: "YYYY-MM-DD." },
  estimate: { label: "Estimate", header: "Estimate (hours)", hint: "Hours (1.5), or 90m, 1h30m." },
  parent: { label: "Parent", header: "Parent", hint: "The parent's key or ID (in the project or the file)." },
} as const;
export type ImportField = keyof typeof IMPORT_FIELDS;
export const IMPORT_FIELD_IDS = Object.keys(IMPORT_FIELDS) as ImportField[];

/** The largest file and the most rows an import takes. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 50_000;

/** Header words that suggest a field, for a file that is not Plotline's own export. */
const GUESSES: Record<ImportField, RegExp> = {
  id: /^(key|id|issue key|issue id|task id|external id|#)$/,
  title: /^(title|name|summary|task|task name|card name)$/,
  description: /^(description|notes|body|details|desc)$/,
  status: /^(status|state|list|column|stage)$/,
  priority: /^(priority|importance)$/,
  assignees: /^(assignees?|assigned to|owner|owners|email|assignee email)$/,
  labels: /^(labels?|tags?)$/,
  startDate: /^(start|start date|starts|start on)$/,
  dueDate: /^(due|due date|deadline|due on|end date)$/,
  estimate: /^(estimate|estimate \(hours\)|hours|time estimate|estimated hours)$/,
  parent: /^(parent|parent key|parent id|parent task)$/,
};

/** Field → column index, guessed from the header (each column used once). */
export function guessMapping(columns: readonly string[]): Partial<Record<ImportField, number>> {
  const mapping: Partial<Record<ImportField, number>> = {};
  const used = new Set<number>();
  for (const field of IMPORT_FIELD_IDS) {
    const index = columns.findIndex((column, at) => !used.has(at) && GUESSES[field].test(column.trim().toLowerCase()));
    if (index >= 0) {
      mapping[field] = index;
      used.add(index);
    }
  }
  return mapping;
}
