/**
 * What the user typed, turned into something PostgreSQL's full-text search can run and no
 * input can subvert: the text is bounded, cut into words of letters and digits (so no
 * tsquery operator, quote, colon or backslash ever reaches `to_tsquery`), and each word
 * becomes a prefix term, all of them ANDed. A task key ("WEB-12") is recognised for an
 * exact lookup beside the text search.
 */
export const MAX_QUERY_LENGTH = 100;
export const MAX_TERMS = 8;
/**
 * Shorter words match whole words only: a one-letter prefix would make the index scan
 * every lexeme that starts with it (docs/decisions/018-search.md).
 */
export const MIN_PREFIX_LENGTH = 2;

export type SearchQuery = {
  /** What was typed, trimmed and bounded: for the form and the headings. */
  text: string;
  /** Lower-cased words of letters and digits, without repeats, at most MAX_TERMS. */
  terms: string[];
  /** The input of `to_tsquery('simple', …)`, or null when there is no word to search. */
  tsquery: string | null;
  /** A task key among the words, for an exact lookup. */
  key: { project: string; number: number } | null;
};

const WORD = /[\p{L}\p{N}]+/gu;
/** A project key (a letter, then 1–9 letters or digits) and a task number, as a word of its own. */
const TASK_KEY = /(?<![\p{L}\p{N}-])([A-Za-z][A-Za-z0-9]{1,9})-(\d{1,9})(?![\p{L}\p{N}-])/u;

export function parseSearchQuery(raw: string | null | undefined): SearchQuery {
  // NFC first, so an accented letter typed as letter + combining mark stays one letter.
  const text = (raw ?? "").normalize("NFC").slice(0, MAX_QUERY_LENGTH).trim();
  const match = TASK_KEY.exec(text);
  const key = match ? { project: match[1]!.toUpperCase(), number: Number(match[2]) } : null;
  // A key's number is not a word of the text: the tasks' vectors hold "-12", never "12".
  const words = (match ? text.slice(0, match.index) + match[1] + text.slice(match.index + match[0].length) : text)
    .toLowerCase()
    .match(WORD);
  const terms = [...new Set(words ?? [])].slice(0, MAX_TERMS);
  const tsquery = terms.length
    ? terms.map((term) => (term.length >= MIN_PREFIX_LENGTH ? `${term}:*` : term)).join(" & ")
    : null;
  return { text, terms, tsquery, key };
}
