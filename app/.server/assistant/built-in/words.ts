/** Word matching for titles: the same rules wherever a message is matched to a task or a template. */
const STOP_WORDS = new Set(
  (
    "a an and are as at be break by can could do down for from how i in into is it its me my of on or our " +
    "please should split subtask subtasks task tasks that the these this to up we what with you your"
  ).split(" "),
);

/** The words that carry meaning, lower-case, with a plural "s" dropped ("mockups" matches "mockup"). */
export function significantWords(text: string) {
  return [
    ...new Set(
      (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
        .filter((word) => word.length > 2 && !STOP_WORDS.has(word))
        .map((word) => (word.length > 3 && word.endsWith("s") ? word.slice(0, -1) : word)),
    ),
  ];
}

/** The share of words two titles have in common (0..1), over the longer one. */
export function resemblance(a: string[], b: string[]) {
  if (a.length === 0 || b.length === 0) return 0;
  const shared = a.filter((word) => b.includes(word)).length;
  return shared / Math.max(a.length, b.length);
}

/** A title compared as the same whatever its case and spacing. */
export function sameTitle(title: string) {
  return title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}
