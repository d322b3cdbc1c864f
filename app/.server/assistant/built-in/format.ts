import type { Proposal } from "../types";

/** What an answer says, line by line, and the changes it proposes, if any. */
export type Reply = { lines: string[]; proposal?: Proposal };

/** "1 task", "3 tasks". */
export function count(n: number, noun: string, plural = `${noun}s`) {
  return `${n} ${n === 1 ? noun : plural}`;
}

/** "a, b and c". */
export function listOf(items: string[]) {
  return items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** Whole days from `from` to `to` (YYYY-MM-DD). */
export function daysBetween(from: string, to: string) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** "Ana Owner" or "Ana Owner and Bo" or "nobody". */
export function whoIsOn(assignees: { name: string }[]) {
  return assignees.length ? listOf(assignees.map((person) => person.name)) : "nobody";
}

/** A percentage, rounded, of a total that may be zero. */
export function percent(part: number, total: number) {
  return total === 0 ? 0 : Math.round((part / total) * 100);
}

/** The first `max` characters of a text, cut at a word, on one line. */
export function excerpt(text: string, max: number) {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max / 2)).trimEnd()}…`;
}
