/**
 * Task keys in what a code host sends: a branch (`web-42-fix-login`, `feature/WEB-42`), a
 * commit message, a pull request's title or body. A key is a project key (a letter, then 1–9
 * letters or digits, any case) and a number, standing apart from letters and digits on
 * either side (a hyphen, slash or underscore may touch it: branches are made so). Which keys
 * are real tasks is the workspace's to say (receive.ts looks them up there): `UTF-8` is a
 * key only in a workspace with a project UTF.
 */
export type TaskKeyRef = { project: string; number: number; key: string };

/** At most this many keys are read from one delivery: a push of many commits names many. */
export const MAX_KEYS_PER_DELIVERY = 50;

const KEY = /(?<![\p{L}\p{N}])([A-Za-z][A-Za-z0-9]{1,9})-(\d{1,9})(?![\p{L}\p{N}])/gu;

/**
 * GitHub's closing keywords (close, closes, closed, fix, fixes, fixed, resolve, resolves,
 * resolved), any case, optionally followed by a colon, then one key or several joined by
 * commas or "and": `Fixes WEB-42`, `closes: web-3, WEB-4 and WEB-5`.
 */
const CLOSING =
  /(?<![\p{L}\p{N}])(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?):?\s+((?:[A-Za-z][A-Za-z0-9]{1,9}-\d{1,9})(?:\s*(?:,|\band\b)\s*[A-Za-z][A-Za-z0-9]{1,9}-\d{1,9})*)/giu;

function refOf(project: string, number: string): TaskKeyRef {
  const upper = project.toUpperCase();
  const n = Number(number);
  return { project: upper, number: n, key: `${upper}-${n}` };
}

/** Every key in the texts, each once, in order of appearance. */
export function taskKeysIn(...texts: Array<string | null | undefined>): TaskKeyRef[] {
  const found = new Map<string, TaskKeyRef>();
  for (const text of texts) {
    if (!text) continue;
    for (const match of text.matchAll(KEY)) {
      const ref = refOf(match[1]!, match[2]!);
      if (!found.has(ref.key)) found.set(ref.key, ref);
      if (found.size >= MAX_KEYS_PER_DELIVERY) return [...found.values()];
    }
  }
  return [...found.values()];
}

/** The keys a text says it closes (`Fixes WEB-42`), each once. */
export function closingKeysIn(...texts: Array<string | null | undefined>): TaskKeyRef[] {
  const found = new Map<string, TaskKeyRef>();
  for (const text of texts) {
    if (!text) continue;
    for (const match of text.matchAll(CLOSING)) {
      for (const ref of taskKeysIn(match[1])) if (!found.has(ref.key)) found.set(ref.key, ref);
    }
  }
  return [...found.values()];
}
