/**
 * What the description editor's toolbar and shortcuts do to its text, as pure functions: a
 * text and its selection in, one replacement out (the range it replaces, what goes there,
 * and the selection after). The editor applies the replacement as typing would
 * (`document.execCommand("insertText")`), so Ctrl+Z undoes a button like a keystroke.
 */
export type MarkdownFormat = "bold" | "italic" | "code" | "link" | "bulleted" | "numbered" | "checklist" | "quote";

/** A text and its selection (a caret when `start === end`). */
export type TextSelection = { text: string; start: number; end: number };

/** The text from `from` to `to` becomes `insert`; then `selectStart`..`selectEnd` is selected. */
export type TextEdit = { from: number; to: number; insert: string; selectStart: number; selectEnd: number };

/** The text after an edit (what the textarea will hold). */
export function applyEdit(text: string, edit: TextEdit) {
  return text.slice(0, edit.from) + edit.insert + text.slice(edit.to);
}

const INLINE: Partial<Record<MarkdownFormat, string>> = { bold: "**", italic: "_", code: "`" };

export function formatMarkdown(selection: TextSelection, format: MarkdownFormat): TextEdit {
  const marker = INLINE[format];
  if (marker) {
    if (format === "code" && selected(selection).includes("\n")) return fence(selection);
    return wrap(selection, marker);
  }
  if (format === "link") return link(selection);
  return prefixLines(selection, format as LineFormat);
}

function selected({ text, start, end }: TextSelection) {
  return text.slice(start, end);
}

/**
 * `**text**`: around the selection (its surrounding spaces stay outside), or an empty pair
 * with the caret inside. Already wrapped (inside or just outside the selection): unwrapped.
 */
function wrap({ text, start, end }: TextSelection, marker: string): TextEdit {
  // "  word " selected: the markers go around "word".
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  const inner = text.slice(start, end);
  const m = marker.length;
  if (isWrappedBy(text, start, end, marker)) {
    return { from: start - m, to: end + m, insert: inner, selectStart: start - m, selectEnd: end - m };
  }
  if (inner.length >= 2 * m && inner.startsWith(marker) && inner.endsWith(marker)) {
    const unwrapped = inner.slice(m, inner.length - m);
    return { from: start, to: end, insert: unwrapped, selectStart: start, selectEnd: start + unwrapped.length };
  }
  // Code that holds a backtick needs a longer fence: `` a`b ``.
  const [open, close] = marker === "`" && inner.includes("`") ? ["`` ", " ``"] : [marker, marker];
  return {
    from: start,
    to: end,
    insert: open + inner + close,
    selectStart: start + open.length,
    selectEnd: start + open.length + inner.length,
  };
}

/** The markers sit just outside the selection; for `_` and `` ` `` not as part of a longer run. */
function isWrappedBy(text: string, start: number, end: number, marker: string) {
  const m = marker.length;
  if (text.slice(start - m, start) !== marker || text.slice(end, end + m) !== marker) return false;
  if (start - m < 0) return false;
  // "**bold**" is not italic "_…_" nor "*…*"; an italic check must not eat half of a bold marker.
  if (m === 1 && (text[start - m - 1] === marker || text[end + m] === marker)) return false;
  return true;
}

/** Several lines as code: a fenced block on lines of its own. */
function fence({ text, start, end }: TextSelection): TextEdit {
  const inner = text.slice(start, end).replace(/\n$/, "");
  const before = start > 0 && text[start - 1] !== "\n" ? "\n" : "";
  const after = end < text.length && text[end] !== "\n" ? "\n" : "";
  const open = `${before}\`\`\`\n`;
  return {
    from: start,
    to: end,
    insert: `${open}${inner}\n\`\`\`${after}`,
    selectStart: start + open.length,
    selectEnd: start + open.length + inner.length,
  };
}

const URL = /^(https?:\/\/|mailto:)\S+$/i;

/**
 * `[text](url)` with "url" selected to type or paste over; a selected address becomes the
 * link's target with the caret in its (empty) text; nothing selected gives `[](url)`.
 */
function link({ text, start, end }: TextSelection): TextEdit {
  const inner = text.slice(start, end);
  if (URL.test(inner.trim())) {
    const insert = `[](${inner.trim()})`;
    return { from: start, to: end, insert, selectStart: start + 1, selectEnd: start + 1 };
  }
  const label = inner.replace(/\n+/g, " ");
  const insert = `[${label}](url)`;
  const url = start + label.length + 3;
  return { from: start, to: end, insert, selectStart: inner ? url : start + 1, selectEnd: inner ? url + 3 : start + 1 };
}

type LineFormat = "bulleted" | "numbered" | "checklist" | "quote";

/** Each format's marker as it is recognised at the start of a line's text (after its indentation). */
const MARKERS: Record<LineFormat, RegExp> = {
  checklist: /^[-*+] \[[ xX]\] /,
  bulleted: /^[-*+] (?!\[[ xX]\] )/,
  numbered: /^\d{1,9}[.)] /,
  quote: /^> ?/,
};

/** A line as its indentation, the format's marker (if it has it) and the text after. */
function splitLine(line: string, format: LineFormat) {
  const indent = /^[ \t]*/.exec(line)![0];
  const body = line.slice(indent.length);
  const marker = MARKERS[format].exec(body)?.[0] ?? null;
  return { indent, marker, rest: marker === null ? body : body.slice(marker.length) };
}
const LISTS: LineFormat[] = ["checklist", "bulleted", "numbered"];

function prefixOf(format: LineFormat, index: number) {
  switch (format) {
    case "bulleted":
      return "- ";
    case "numbered":
      return `${index + 1}. `;
    case "checklist":
      return "- [ ] ";
    case "quote":
      return "> ";
  }
}

/**
 * A list or a quote over every line the selection touches: each line gets the prefix (a
 * list of another kind is switched, numbers count up), or, when every line already has it,
 * loses it. A caret stays where it was in its text; a selection covers the changed lines.
 */
function prefixLines({ text, start, end }: TextSelection, format: LineFormat): TextEdit {
  const from = text.lastIndexOf("\n", start - 1) + 1;
  // A selection that ends at the start of a line does not take that line in.
  const last = end > start && text[end - 1] === "\n" ? end - 1 : end;
  const lineEnd = text.indexOf("\n", last);
  const to = lineEnd === -1 ? text.length : lineEnd;
  const lines = text.slice(from, to).split("\n");
  const filled = lines.filter((line) => line.trim() !== "");
  const removing = filled.length > 0 && filled.every((line) => splitLine(line, format).marker !== null);
  let counted = 0;
  const changed = lines.map((old) => {
    const { indent, rest } = splitLine(old, format);
    if (removing) return { old, indent, marker: "", rest };
    if (old.trim() === "" && lines.length > 1) return { old, indent: old, marker: "", rest: "" };
    let body = rest;
    // Switching between kinds of list: the other kind's marker goes.
    if (format !== "quote") {
      for (const list of LISTS) body = body.replace(MARKERS[list], "");
    }
    return { old, indent, marker: prefixOf(format, counted++), rest: body };
  });
  const insert = changed.map((line) => line.indent + line.marker + line.rest).join("\n");
  if (start === end) {
    // A caret keeps its place in the line's text, never inside the new marker.
    const line = changed[0]!;
    const column = start - from;
    const oldMarker = line.old.length - line.indent.length - line.rest.length;
    const at =
      column < line.indent.length
        ? column
        : Math.max(line.indent.length + line.marker.length, column - oldMarker + line.marker.length);
    return { from, to, insert, selectStart: from + at, selectEnd: from + at };
  }
  return { from, to, insert, selectStart: from, selectEnd: from + insert.length };
}

/**
 * Enter inside a list item or a quote: the next line starts the same way (numbers count up,
 * a checklist item starts unticked). Enter on an item with nothing after its marker ends the
 * list instead (the marker goes). Null when the line is not one (a plain new line).
 */
export function continueList({ text, start, end }: TextSelection): TextEdit | null {
  if (start !== end) return null;
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  const line = text.slice(lineStart, start);
  for (const format of ["checklist", "bulleted", "numbered", "quote"] as const) {
    const { indent, marker, rest: typed } = splitLine(line, format);
    if (marker === null) continue;
    const lineEnd = text.indexOf("\n", start);
    const after = text.slice(start, lineEnd === -1 ? text.length : lineEnd);
    if (typed.trim() === "" && after.trim() === "") {
      // An empty item: Enter ends the list.
      return { from: lineStart, to: start, insert: "", selectStart: lineStart, selectEnd: lineStart };
    }
    const next =
      format === "numbered"
        ? `${Number.parseInt(marker, 10) + 1}${marker.includes(")") ? ")" : "."} `
        : format === "quote"
          ? marker
          : prefixOf(format, 0);
    const insert = `\n${indent}${next}`;
    return { from: start, to: start, insert, selectStart: start + insert.length, selectEnd: start + insert.length };
  }
  return null;
}

/** Markdown that names a file: `![name](url)` for a picture, `[name](url)` for anything else. */
export function fileMarkdown(name: string, url: string, image: boolean) {
  const label = name.replace(/([\\[\]])/g, "\\$1").replace(/\s+/g, " ");
  return `${image ? "!" : ""}[${label}](${url.replace(/[()\s]/g, encodeURIComponent)})`;
}

/** What stands in the text while a file uploads (replaced by `fileMarkdown`, or removed). */
export function uploadingMarkdown(name: string, image: boolean) {
  return `${image ? "!" : ""}[Uploading ${name.replace(/([\\[\]])/g, "\\$1").replace(/\s+/g, " ")}…]()`;
}
