import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from "rehype-sanitize";
import rehypeSlug from "rehype-slug";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import type { ElementContent, Root } from "hast";
import { unified } from "unified";
import { SKIP, visit } from "unist-util-visit";
import type { VFile } from "vfile";

/**
 * Markdown to HTML that is safe to put in a page: raw HTML in the source is dropped, and
 * the result passes GitHub's sanitizing schema (no scripts, no event handlers, no
 * `javascript:` links). Headings get ids for hash links; code blocks keep their language.
 */
const schema: SanitizeSchema = {
  ...defaultSchema,
  // Heading ids come from rehype-slug; keep them as written rather than prefixed.
  clobberPrefix: "",
  attributes: {
    ...defaultSchema.attributes,
    code: [...(defaultSchema.attributes?.code ?? []), ["className", /^language-[\w-]+$/] as [string, RegExp]],
  },
};

/** Code blocks scroll sideways on small screens, so keyboard users must be able to focus them. */
function focusableCodeBlocks() {
  return (tree: Root) => {
    visit(tree, "element", (node) => {
      if (node.tagName === "pre") node.properties.tabIndex = 0;
    });
  };
}

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype)
  .use(rehypeSlug)
  .use(rehypeSanitize, schema)
  .use(focusableCodeBlocks)
  .use(rehypeStringify);

export function renderMarkdown(markdown: string): string {
  return String(processor.processSync(markdown));
}

/**
 * What people write in the app (task descriptions, comments): GitHub's schema as it is,
 * with its `user-content-` prefix on ids and names, so nobody's text can take the id of an
 * element of the page; links open as links, never as scripts.
 */
const userProcessor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype)
  .use(rehypeSanitize, defaultSchema)
  .use(ownImagesOnly)
  .use(namedTaskCheckboxes)
  .use(mentionChips)
  .use(rehypeStringify);

/**
 * A mention to show as a chip: where it is in a text of the rendered page, the words the
 * chip shows (`@Sam Lee`, the person's name whatever was typed) and whether it names the
 * reader, whose own mentions stand out.
 */
export type MentionChip = { start: number; end: number; label: string; self: boolean };
/** Finds the mentions in one text of the rendered page (app/.server/chat/mentions.ts). */
export type MentionFinder = (text: string) => readonly MentionChip[];

declare module "vfile" {
  interface DataMap {
    mentions: MentionFinder;
  }
}

export function renderUserMarkdown(markdown: string, options: { mentions?: MentionFinder } = {}): string {
  return String(userProcessor.processSync({ value: markdown, data: { mentions: options.mentions } }));
}

/**
 * The only pictures people's text may show: files attached to a task here (same origin, sent
 * by the download route to members only, `app/routes/app/task-attachment.ts`).
 */
export const ATTACHMENT_IMAGE_SRC = /^\/app\/project\/[A-Za-z0-9]+\/task\/[A-Za-z0-9]+\/attachment\/[A-Za-z0-9]+$/;

/**
 * Keeps the images that are the app's own attachments, loaded lazily; any other image (another
 * site's, which would learn who reads the text and when) becomes a link to it named by its
 * alternative text. Runs after sanitizing, so what it adds is ours.
 */
function ownImagesOnly() {
  return (tree: Root) => {
    visit(tree, "element", (node, index, parent) => {
      if (node.tagName !== "img") return;
      const src = typeof node.properties.src === "string" ? node.properties.src : "";
      if (ATTACHMENT_IMAGE_SRC.test(src)) {
        node.properties.loading = "lazy";
        return;
      }
      if (!parent || index === undefined) return;
      const alt = typeof node.properties.alt === "string" ? node.properties.alt : "";
      const text: ElementContent = { type: "text", value: alt || src || "image" };
      const link: ElementContent = /^https?:\/\//i.test(src)
        ? { type: "element", tagName: "a", properties: { href: src }, children: [text] }
        : text;
      parent.children.splice(index, 1, link);
      return [SKIP, index + 1];
    });
  };
}

/** The text of an element, without that of the lists nested in it. */
function ownText(node: ElementContent): string {
  if (node.type === "text") return node.value;
  if (node.type !== "element" || node.tagName === "ul" || node.tagName === "ol") return "";
  return node.children.map(ownText).join("");
}

/**
 * A checklist item's box (`- [ ] text`, shown ticked or not, never editable) is named by the
 * item's text, so a screen reader says what is done or not.
 */
function namedTaskCheckboxes() {
  return (tree: Root) => {
    visit(tree, "element", (node) => {
      if (node.tagName !== "li") return;
      // The box starts the item, or its first paragraph when the list is loose.
      const first = node.children.find((child) => child.type === "element");
      const holder = first?.type === "element" && first.tagName === "p" ? first : node;
      const box = holder.children.find(
        (child) => child.type === "element" && child.tagName === "input" && child.properties.type === "checkbox",
      );
      if (box?.type !== "element") return;
      const label = node.children.map(ownText).join("").replace(/\s+/g, " ").trim();
      box.properties.ariaLabel = label || "Checklist item";
    });
  };
}

/** Where a mention would mean nothing or change what the text is: code, and link text. */
const NO_MENTIONS = new Set(["code", "pre", "a"]);

/**
 * Turns what the file's `mentions` finds in the rendered text into
 * `<span class="pl-mention">@Name</span>` (with `pl-mention-self` for the reader), styled
 * once in the theme stylesheet. It runs after sanitizing, so the class is ours and cannot
 * be written by the author (the sanitizer drops classes people write), and the chip's words
 * are a text node, escaped when the tree is written out, whatever the name holds.
 */
function mentionChips() {
  return (tree: Root, file: VFile) => {
    const find = file.data.mentions;
    if (!find) return;
    visit(tree, (node, index, parent) => {
      if (node.type === "element" && NO_MENTIONS.has(node.tagName)) return SKIP;
      if (node.type !== "text" || !parent || index === undefined) return;
      const spans = find(node.value);
      if (spans.length === 0) return;
      const parts: ElementContent[] = [];
      let from = 0;
      for (const span of spans) {
        if (span.start > from) parts.push({ type: "text", value: node.value.slice(from, span.start) });
        parts.push({
          type: "element",
          tagName: "span",
          properties: { className: span.self ? ["pl-mention", "pl-mention-self"] : ["pl-mention"] },
          children: [{ type: "text", value: span.label }],
        });
        from = span.end;
      }
      if (from < node.value.length) parts.push({ type: "text", value: node.value.slice(from) });
      parent.children.splice(index, 1, ...parts);
      return index + parts.length;
    });
  };
}
