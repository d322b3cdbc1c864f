import type { MentionFinder } from "../content/markdown";

/**
 * @mentions in chat messages, task comments and task descriptions. The rule, the same when a
 * text is saved (to store or notify who is mentioned) and when it is shown (as chips):
 *
 * - A mention starts with `@` at the start of the text or after anything but a letter,
 *   a digit or another `@` (so `ada@example.com` is an address, not a mention).
 * - `@` followed by a member's display name (their full name, or their e-mail address
 *   when they gave no name), compared case-insensitively and ending where a letter or digit
 *   does not follow, mentions that member; the longest such name wins, so `@Ada Lovelace`
 *   beats a member called just "Ada".
 * - Otherwise `@` followed by one word mentions the member whose first name that word is,
 *   if exactly one member has that first name; a first name two members share mentions
 *   nobody (type the full name).
 * - Anything else (`@Someone` who is not a member of the workspace) stays plain text.
 */
export type MentionCandidate = { id: string; name: string };
export type MentionSpan = { start: number; end: number; userId: string };

const WORD_CHAR = /[\p{L}\p{N}]/u;
const FIRST_WORD = /^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/u;

/** Lower case, character by character, keeping the length so offsets stay those of the text. */
function fold(text: string) {
  let folded = "";
  for (const char of text) {
    const lower = char.toLowerCase();
    folded += lower.length === char.length ? lower : char;
  }
  return folded;
}

function firstNameOf(name: string) {
  return fold(name.trim().split(/\s+/)[0] ?? "");
}

/** Every mention of one of `members` in `text`, in order, with where it is. */
export function findMentions(text: string, members: readonly MentionCandidate[]): MentionSpan[] {
  if (members.length === 0 || !text.includes("@")) return [];
  const names = members
    .map((member) => ({ id: member.id, name: fold(member.name.trim()) }))
    .filter((member) => member.name.length > 0)
    .sort((a, b) => b.name.length - a.name.length);
  const firstNames = new Map<string, string | null>();
  for (const member of members) {
    const first = firstNameOf(member.name);
    if (first) firstNames.set(first, firstNames.has(first) ? null : member.id);
  }
  const folded = fold(text);
  const spans: MentionSpan[] = [];
  let at = folded.indexOf("@");
  while (at !== -1) {
    const before = at > 0 ? folded[at - 1]! : " ";
    const span = before === "@" || WORD_CHAR.test(before) ? null : mentionAt(folded, at, names, firstNames);
    if (span) spans.push(span);
    at = folded.indexOf("@", span ? span.end : at + 1);
  }
  return spans;
}

function mentionAt(
  folded: string,
  at: number,
  names: readonly { id: string; name: string }[],
  firstNames: ReadonlyMap<string, string | null>,
): MentionSpan | null {
  const start = at + 1;
  for (const member of names) {
    const end = start + member.name.length;
    if (folded.startsWith(member.name, start) && !WORD_CHAR.test(folded[end] ?? " ")) {
      return { start: at, end, userId: member.id };
    }
  }
  const word = FIRST_WORD.exec(folded.slice(start))?.[0];
  const userId = word ? firstNames.get(word) : null;
  return word && userId ? { start: at, end: start + word.length, userId } : null;
}

/** The distinct members mentioned in `text`, in order of first mention. */
export function mentionedIds(text: string, members: readonly MentionCandidate[]) {
  return [...new Set(findMentions(text, members).map((span) => span.userId))];
}

/**
 * The mention chips of a rendered text (`renderUserMarkdown`'s `mentions`): each mention of
 * one of `members` shows as `@` and their name, the reader's own (`viewerId`) marked.
 */
export function mentionChips(members: readonly MentionCandidate[], viewerId: string | null): MentionFinder {
  const names = new Map(members.map((member) => [member.id, member.name.trim()]));
  return (text) =>
    findMentions(text, members).map((span) => ({
      start: span.start,
      end: span.end,
      label: `@${names.get(span.userId) ?? ""}`,
      self: span.userId === viewerId,
    }));
}
