import type { ProposedChange } from "~/components/assistant/types";

/**
 * One line per proposed change, saying exactly what Apply would do: the task, each field
 * as it is and as it would be. Dates read as "Mon, Nov 30" (their calendar day, in UTC).
 */
export function describeChange(change: ProposedChange): string {
  if (change.kind === "create_rule") return `New rule in ${change.projectName}, “${change.name}”: ${change.summary}`;
  if (change.kind === "create_task") {
    const where = change.parentLabel ? `as a subtask of ${change.parentLabel}` : `in ${change.projectName}`;
    const extras = [
      change.dueDate ? `due ${dayLabel(change.dueDate)}` : null,
      change.assigneeName ? `assigned to ${change.assigneeName}` : null,
      change.priority && change.priority !== "none" ? `${change.priority} priority` : null,
    ].filter(Boolean);
    return `Create “${change.title}” ${where}${extras.length > 0 ? ` (${extras.join(", ")})` : ""}`;
  }
  const parts = [
    change.status ? `status ${change.status.from} → ${change.status.to}` : null,
    change.assignee ? `assignee ${change.assignee.from ?? "nobody"} → ${change.assignee.to ?? "nobody"}` : null,
    change.dueDate
      ? `due date ${change.dueDate.from ? dayLabel(change.dueDate.from) : "none"} → ${
          change.dueDate.to ? dayLabel(change.dueDate.to) : "none"
        }`
      : null,
  ].filter(Boolean);
  return `${change.taskLabel}: ${parts.join("; ")}`;
}

const DAY = new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" });

export function dayLabel(day: string) {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : DAY.format(date);
}
