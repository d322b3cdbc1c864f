import type { Priority } from "~/validation/task-fields";
import { addDays, isCalendarDay } from "~/utils/calendar-month";

/**
 * The quick add's inline syntax: `Fix login @sam !high #bug due:fri` adds "Fix login",
 * assigned to Sam, high priority, labelled bug, due next Friday. One pure function, run by
 * the browser for the preview under the field and again by the server on the text as
 * posted (it never trusts the preview), so both read the text the same way.
 *
 * The rules (docs/decisions/021-quick-add-syntax.md):
 * - The text is split into words at white space; a token is a whole word. Every word that
 *   is not a token that resolves stays in the title, in order (white space collapses to one
 *   space), so `ada@example.com`, `#123` or `due:someday` are just words of the title.
 * - `@who`: a member of the project's workspace. Case, spaces, dots, hyphens, underscores
 *   and apostrophes do not count; the word is compared with the member's full name, each
 *   word of it (first name, last name) and the local part of their e-mail address. A word
 *   that is one of those of exactly one member is that member; otherwise a word that starts
 *   exactly one member's name, name word or e-mail local part is that member. Two or more
 *   candidates: it stays in the title. Several `@` tokens assign several members.
 * - `!urgent` `!high` `!medium` `!low` (also `!med`), `!1`…`!4` and `p1`…`p4` (1 is
 *   urgent): the priority.
 * - `#label`: a label of the workspace by its whole name, case-insensitive, with spaces in
 *   it written as nothing, `-` or `_` (`#needs-review`). An unknown `#tag` stays in the
 *   title: a quick add never creates a label, so a typo or an issue number (`#123`) never
 *   litters the workspace's labels. Several `#` tokens put several labels.
 * - `due:` then `today`, `tomorrow` (`tmr`), a weekday (`fri`, `friday`: the next one
 *   after today, so `due:fri` on a Friday is a week later), a month and day (`nov28`,
 *   `nov-28`, `28nov`, `november28`: this year's, or next year's once it has passed), an
 *   ISO date (`2026-12-01`), or `+3d` / `+2w` (days or weeks from today). Dates are
 *   relative to `today`, the day the server says it is (its loaders' `today`).
 * - Priority and due date take the first token that resolves; a later one stays in the title.
 */
export type QuickAddMember = {
  /** The member's user id. */
  id: string;
  /** As the app shows them: the full name, or the e-mail address when they gave none. */
  name: string;
  /** The local part of their e-mail address (`sam.lee` of `sam.lee@example.com`). */
  handle: string;
};
export type QuickAddLabel = { id: string; name: string; color: string };
export type QuickAddVocabulary = { members: readonly QuickAddMember[]; labels: readonly QuickAddLabel[] };

export type QuickAddToken =
  | { kind: "assignee"; text: string; id: string; name: string }
  | { kind: "priority"; text: string; priority: Exclude<Priority, "none"> }
  | { kind: "label"; text: string; id: string; name: string; color: string }
  | { kind: "due"; text: string; date: string };

export type QuickAdd = {
  /** What is left once the tokens are taken out; empty when there was nothing else. */
  title: string;
  priority?: Exclude<Priority, "none">;
  /** `YYYY-MM-DD`. */
  dueDate?: string;
  assigneeIds: string[];
  labelIds: string[];
  /** The tokens that resolved, in the order typed (duplicates of a member or label once). */
  tokens: QuickAddToken[];
};

/** The longest line the quick add takes: a title (at most 200 characters) with room for its tokens. */
export const MAX_QUICK_ADD_LENGTH = 300;

export const EMPTY_VOCABULARY: QuickAddVocabulary = { members: [], labels: [] };

const PRIORITY_WORDS: Record<string, Exclude<Priority, "none">> = {
  "!urgent": "urgent",
  "!high": "high",
  "!medium": "medium",
  "!med": "medium",
  "!low": "low",
  "!1": "urgent",
  "!2": "high",
  "!3": "medium",
  "!4": "low",
  p1: "urgent",
  p2: "high",
  p3: "medium",
  p4: "low",
};

/** Whether the text has a word that could name a member or a label (the server reads them only then). */
export function mayNeedVocabulary(text: string) {
  return /(^|\s)[@#]\S/.test(text);
}

export function parseQuickAdd(text: string, vocabulary: QuickAddVocabulary, today: string): QuickAdd {
  const result: QuickAdd = { title: "", assigneeIds: [], labelIds: [], tokens: [] };
  const kept: string[] = [];
  const members = memberMatcher(vocabulary.members);
  const labels = labelMatcher(vocabulary.labels);
  for (const word of text.split(/\s+/)) {
    if (!word) continue;
    const token = tokenOf(word, members, labels, today);
    if (!token || !take(result, token)) kept.push(word);
  }
  result.title = kept.join(" ");
  return result;
}

/** Adds the token's value; false when its field is already set (the word stays in the title). */
function take(result: QuickAdd, token: QuickAddToken) {
  switch (token.kind) {
    case "priority":
      if (result.priority) return false;
      result.priority = token.priority;
      break;
    case "due":
      if (result.dueDate) return false;
      result.dueDate = token.date;
      break;
    case "assignee":
      if (result.assigneeIds.includes(token.id)) return true;
      result.assigneeIds.push(token.id);
      break;
    case "label":
      if (result.labelIds.includes(token.id)) return true;
      result.labelIds.push(token.id);
      break;
  }
  result.tokens.push(token);
  return true;
}

function tokenOf(
  word: string,
  members: (query: string) => QuickAddMember | null,
  labels: (query: string) => QuickAddLabel | null,
  today: string,
): QuickAddToken | null {
  const lower = word.toLowerCase();
  const priority = PRIORITY_WORDS[lower];
  if (priority) return { kind: "priority", text: word, priority };
  if (word.length > 1 && word.startsWith("@")) {
    const member = members(word.slice(1));
    return member ? { kind: "assignee", text: word, id: member.id, name: member.name } : null;
  }
  if (word.length > 1 && word.startsWith("#")) {
    const label = labels(word.slice(1));
    return label ? { kind: "label", text: word, id: label.id, name: label.name, color: label.color } : null;
  }
  if (lower.startsWith("due:") && today) {
    const date = dueDateOf(lower.slice(4), today);
    return date ? { kind: "due", text: word, date } : null;
  }
  return null;
}

/** Case and the punctuation people put inside names and handles do not count. */
function normalize(value: string) {
  return value.toLowerCase().replace(/[\s._'’-]+/g, "");
}

function memberMatcher(members: readonly QuickAddMember[]) {
  const keyed = members.map((member) => ({
    member,
    keys: [member.name, ...member.name.split(/\s+/), member.handle].map(normalize).filter(Boolean),
  }));
  return (query: string) => {
    const wanted = normalize(query);
    if (!wanted) return null;
    const exact = keyed.filter(({ keys }) => keys.includes(wanted));
    if (exact.length > 0) return exact.length === 1 ? exact[0]!.member : null;
    const prefixed = keyed.filter(({ keys }) => keys.some((key) => key.startsWith(wanted)));
    return prefixed.length === 1 ? prefixed[0]!.member : null;
  };
}

function labelMatcher(labels: readonly QuickAddLabel[]) {
  const loose = (value: string) => value.toLowerCase().replace(/[\s_-]+/g, "");
  return (query: string) => {
    const lower = query.toLowerCase();
    // The name as typed wins over a looser reading (`#a-b` when there are both "a-b" and "ab").
    const exact = labels.filter((label) => label.name.toLowerCase() === lower);
    if (exact.length === 1) return exact[0]!;
    const matched = labels.filter((label) => loose(label.name) === loose(query));
    return matched.length === 1 ? matched[0]! : null;
  };
}

const WEEKDAYS: Record<string, number> = {
  sun: 0,
  sunday: 0,
  mon: 1,
  monday: 1,
  tue: 2,
  tues: 2,
  tuesday: 2,
  wed: 3,
  wednesday: 3,
  thu: 4,
  thur: 4,
  thurs: 4,
  thursday: 4,
  fri: 5,
  friday: 5,
  sat: 6,
  saturday: 6,
};

const MONTHS: Record<string, number> = {};
[
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
].forEach((name, index) => {
  MONTHS[name] = index + 1;
  MONTHS[name.slice(0, 3)] = index + 1;
});
MONTHS.sept = 9;

/** Far enough for any plan, near enough that the year stays four digits. */
const MAX_OFFSET_DAYS = 3660;

/** The day `value` (what follows `due:`, lower case) names, counted from `today`; null if none. */
export function dueDateOf(value: string, today: string): string | null {
  if (!isCalendarDay(today)) return null;
  if (value === "today") return today;
  if (value === "tomorrow" || value === "tmr") return addDays(today, 1);
  const weekday = WEEKDAYS[value];
  if (weekday !== undefined) {
    const ahead = (weekday - weekdayOf(today) + 7) % 7 || 7;
    return addDays(today, ahead);
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return isCalendarDay(value) ? value : null;
  const offset = /^\+(\d{1,4})([dw])$/.exec(value);
  if (offset) {
    const days = Number(offset[1]) * (offset[2] === "w" ? 7 : 1);
    return days <= MAX_OFFSET_DAYS ? addDays(today, days) : null;
  }
  const monthDay = /^([a-z]+)-?(\d{1,2})$/.exec(value) ?? swapped(/^(\d{1,2})-?([a-z]+)$/.exec(value));
  const month = monthDay ? MONTHS[monthDay[1]!] : undefined;
  if (!monthDay || !month) return null;
  // This year's, or the next year's once it has passed (29 February waits for a leap year).
  const year = Number(today.slice(0, 4));
  for (let next = year; next <= year + 8; next++) {
    const candidate = isoDay(next, month, Number(monthDay[2]));
    if (isCalendarDay(candidate) && candidate >= today) return candidate;
  }
  return null;
}

function swapped(match: RegExpExecArray | null): [string, string, string] | null {
  return match ? [match[0], match[2]!, match[1]!] : null;
}

function isoDay(year: number, month: number, day: number) {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** 0 for Sunday … 6 for Saturday. */
function weekdayOf(day: string) {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

const DAY_FORMAT = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});
const DAY_FORMAT_WITH_YEAR = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** How the preview says a due date: "Today", "Tomorrow", "Fri, Nov 28", "Tue, Jan 5, 2027". */
export function describeDay(day: string, today: string) {
  if (day === today) return "Today";
  if (isCalendarDay(today) && day === addDays(today, 1)) return "Tomorrow";
  const date = new Date(`${day}T00:00:00Z`);
  return (day.slice(0, 4) === today.slice(0, 4) ? DAY_FORMAT : DAY_FORMAT_WITH_YEAR).format(date);
}
