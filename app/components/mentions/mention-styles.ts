import type { CSSObject, Theme } from "@mui/material/styles";

/**
 * The @mention chips the server puts into rendered Markdown (chat messages, task comments and
 * descriptions: `<span class="pl-mention">@Sam Lee</span>`, app/.server/content/markdown.ts),
 * styled once in the theme stylesheet (app/theme/static-styles.ts) for every page that shows
 * them. A mention of the reader (`pl-mention-self`) is filled, so it stands out among others.
 */
export function mentionChipStyles(theme: Theme): CSSObject {
  const { palette } = theme.vars;
  return {
    ".pl-mention": {
      padding: "0 4px",
      borderRadius: 4,
      fontWeight: 600,
      color: palette.primary.main,
      background: `rgba(${palette.primary.mainChannel} / 0.12)`,
      // A name broken over two lines keeps its chip on both.
      boxDecorationBreak: "clone",
      WebkitBoxDecorationBreak: "clone",
    },
    ".pl-mention-self": { color: palette.primary.contrastText, background: palette.primary.main },
  };
}
