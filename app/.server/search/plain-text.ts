import type { Nodes } from "mdast";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";

import { MARK_END, MARK_START } from "./highlight";

/**
 * A Markdown excerpt as the words a reader sees: `**pricing page**` → "pricing page",
 * `[the brief](https://…)` → "the brief", list markers, headings' `#`, quotes' `>`, code
 * fences and raw HTML gone. Search shows descriptions and comments this way
 * (search.ts): `ts_headline` cuts its passage from the Markdown source. The highlight
 * markers (control characters) are ordinary characters to the parser, so they stay around
 * the words they marked. A passage cut mid-construct ("page** is live") loses the
 * leftover delimiters too.
 */
const parser = unified().use(remarkParse).use(remarkGfm);

/** Nodes whose children are blocks (or cells): their texts are kept apart by a space. */
const OF_BLOCKS = new Set(["root", "blockquote", "list", "listItem", "table", "tableRow"]);

function textOf(node: Nodes): string {
  switch (node.type) {
    case "text":
    case "inlineCode":
    case "code":
      return node.value;
    case "image":
    case "imageReference":
      return node.alt ?? "";
    case "html":
      return node.value.replace(/<[^>]*>/g, "");
    case "break":
      return " ";
    case "definition":
    case "footnoteDefinition":
      return "";
    default: {
      if (!("children" in node)) return "";
      const parts = (node.children as Nodes[]).map(textOf);
      return parts.join(OF_BLOCKS.has(node.type) ? " " : "");
    }
  }
}

// A link's address is not shown: markers in it (control characters, which would also stop
// it from parsing as an address) go.
const MARKERS_IN_ADDRESS = new RegExp(`[${MARK_START}${MARK_END}]`, "g");

export function markdownToPlainText(markdown: string): string {
  const source = markdown.replace(/\]\([^)\s]*\)/g, (address) => address.replace(MARKERS_IN_ADDRESS, ""));
  const text = textOf(parser.parse(source) as Nodes);
  return (
    text
      // Delimiters of a construct the excerpt cut in two.
      .replace(/\*\*|__|~~|`+/g, "")
      .replace(/\s+/g, " ")
      .trim()
  );
}
