import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from "rehype-sanitize";
import rehypeSlug from "rehype-slug";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import type { Root } from "hast";
import { unified } from "unified";
import { visit } from "unist-util-visit";

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
  .use(rehypeStringify);

export function renderUserMarkdown(markdown: string): string {
  return String(userProcessor.processSync(markdown));
}
