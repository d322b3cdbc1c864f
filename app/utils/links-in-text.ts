/**
 * Plain text cut into runs of text and web links, so a page can show the links as anchors
 * and everything else as text (React escapes both). Only http and https addresses become
 * links; a sentence's closing punctuation stays out of the address.
 */
export type TextRun = { text: string; href?: undefined } | { text: string; href: string };

const ADDRESS = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING = /[.,;:!?)\]}]+$/;

export function linksInText(text: string): TextRun[] {
  const runs: TextRun[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const found = match[0].replace(TRAILING, "");
    const href = webAddress(found);
    if (!href) continue;
    if (match.index > last) runs.push({ text: text.slice(last, match.index) });
    runs.push({ text: found, href });
    last = match.index + found.length;
  }
  if (last < text.length) runs.push({ text: text.slice(last) });
  return runs;
}

function webAddress(candidate: string) {
  try {
    const url = new URL(candidate);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}
