import type { Marked } from "./views";

/**
 * Highlights come from `ts_headline` with two control characters as its markers. They are
 * stripped from the text before it reaches `ts_headline` (`withoutMarkers`), so every
 * marker in its answer is one it put there, whatever the user wrote; the answer is then cut
 * into runs (`splitMarks`) that the page renders as text and `<mark>` elements.
 */
export const MARK_START = "\u0001";
export const MARK_END = "\u0002";

/** `ts_headline` options: the whole text, matches marked (names and titles). */
export const WHOLE = `StartSel=${MARK_START}, StopSel=${MARK_END}, HighlightAll=true`;
/** `ts_headline` options: the best short passage around the matches (descriptions, comments). */
export const EXCERPT = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxFragments=2, MaxWords=18, MinWords=6, FragmentDelimiter=" … "`;

/** The characters `translate(text, MARKERS, '')` removes before highlighting. */
export const MARKERS = MARK_START + MARK_END;

/**
 * A headline as runs, plain at even indexes and matched at odd ones (the first may be "").
 * With `original`, the plain characters are taken from it instead, in order: for a text
 * highlighted in a form with its separators turned to spaces (an e-mail address). If the
 * two do not line up, the original is returned unmarked.
 */
export function splitMarks(headline: string, original?: string): Marked {
  const runs: string[] = [""];
  let at = 0;
  for (const char of headline) {
    if (char === MARK_START) {
      if (runs.length % 2 === 1) runs.push("");
    } else if (char === MARK_END) {
      if (runs.length % 2 === 0) runs.push("");
    } else {
      runs[runs.length - 1] += original === undefined ? char : original.slice(at, at + char.length);
      at += char.length;
    }
  }
  if (original !== undefined && at !== original.length) return [original];
  // An empty marked run (a marker pair around nothing) carries no text: drop it with its neighbour's join.
  const merged: string[] = [];
  for (let i = 0; i < runs.length; i++) {
    if (i % 2 === 1 && runs[i] === "") {
      merged[merged.length - 1] += runs[i + 1] ?? "";
      i++;
    } else merged.push(runs[i]!);
  }
  if (merged.length > 1 && merged[merged.length - 1] === "") merged.pop();
  return merged;
}

/** Whether any run of a headline is marked. */
export function isMarked(marked: Marked) {
  return marked.length > 1;
}
