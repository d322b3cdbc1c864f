import { createHash } from "node:crypto";

import { CacheProvider } from "@emotion/react";
import createEmotionServer from "@emotion/server/create-instance";
import CssBaseline from "@mui/material/CssBaseline";
import GlobalStyles from "@mui/material/GlobalStyles";
import { ThemeProvider } from "@mui/material/styles";
import { renderToString } from "react-dom/server";

import { createEmotionCache } from "~/theme/emotion-cache";
import { staticStyles } from "~/theme/static-styles";
import { theme } from "~/theme/theme";

export type GlobalStylesheet = { css: string; href: string };

let built: GlobalStylesheet | undefined;

/**
 * The theme's CSS variables (both colour schemes), the baseline and the styles of what
 * every page shows (app/theme/static-styles.ts), as one stylesheet made once per process.
 * They never change between requests, yet inside the React tree MUI and emotion serialized
 * them into every page; as a file the browser keeps it (the URL carries a hash of its
 * content) and the server renders none of it.
 */
export function globalStylesheet(): GlobalStylesheet {
  if (built) return built;
  const cache = createEmotionCache();
  const { extractCriticalToChunks } = createEmotionServer(cache);
  const html = renderToString(
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme} storageManager={null} colorSchemeNode={null}>
        <CssBaseline enableColorScheme />
        <GlobalStyles styles={staticStyles} />
      </ThemeProvider>
    </CacheProvider>,
  );
  const css = extractCriticalToChunks(html)
    .styles.map((chunk) => chunk.css)
    .join("");
  const version = createHash("sha256").update(css).digest("base64url").slice(0, 12);
  built = { css, href: `/theme.css?v=${version}` };
  return built;
}
