import { createRequire } from "node:module";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

import { reactRouter } from "@react-router/dev/vite";
import { createLogger, defineConfig, type Alias } from "vite";

const require = createRequire(import.meta.url);
const reactRouterDist = path.join(path.dirname(require.resolve("react-router/package.json")), "dist/production");

/**
 * React Router's package maps every condition to its development build (upstream
 * remix-run/react-router#14102): its dev warnings and checks then run on every request
 * and ship to every browser. A build takes the production files instead, for the server
 * and the browser alike. Everything that imports react-router is bundled on the server
 * (below), so no module reaches the development copy through Node's resolution and the
 * app never sees two routers (decision 025).
 */
const productionReactRouter: Alias[] = [
  { find: /^react-router$/, replacement: path.join(reactRouterDist, "index.mjs") },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, "dom-export.mjs") },
];
const importsReactRouter = [
  "react-router",
  "@react-router/node",
  "@react-router/express",
  "remix-themes",
  "remix-utils",
];

/**
 * Vite's logger without two lines that are not ours to act on: React Router's plugin starts
 * its child compilers with `envFile: false` (Vite 8 warns "The `envFile` option is
 * deprecated" for each, three per build) and announces "Using Vite Environment API
 * (experimental)", which this config opts into (react-router.config.ts). Anything else,
 * warnings included, is printed as before.
 */
const logger = createLogger();
const upstreamNotes = [/The `envFile` option is deprecated/, /^Using Vite Environment API \(experimental\)$/];
const quiet = (message: string) => upstreamNotes.some((note) => note.test(stripVTControlCharacters(message)));
const customLogger = {
  ...logger,
  info: (message: string, options?: Parameters<typeof logger.info>[1]) => {
    if (!quiet(message)) logger.info(message, options);
  },
  warn: (message: string, options?: Parameters<typeof logger.warn>[1]) => {
    if (!quiet(message)) logger.warn(message, options);
  },
  warnOnce: (message: string, options?: Parameters<typeof logger.warnOnce>[1]) => {
    if (!quiet(message)) logger.warnOnce(message, options);
  },
};

/**
 * Rolldown's `[PLUGIN_TIMINGS]` report ("plugins took a significant share of the build")
 * comes whenever the machine is busy, which is no news for whoever runs `npm start`.
 */
const quietChecks = { bundlerTimings: false };

export default defineConfig(({ command }) => {
  const build = command === "build";
  return {
    // Lets two dev servers of one checkout keep separate dependency caches.
    cacheDir: process.env.VITE_CACHE_DIR ?? "node_modules/.vite",
    customLogger,
    plugins: [reactRouter()],
    resolve: { tsconfigPaths: true, alias: build ? productionReactRouter : [] },
    environments: {
      // The code every page runs (React, its DOM renderer, React Router, emotion and MUI's
      // styling core) in one chunk instead of about ten small ones shared by different sets
      // of routes: six requests fewer per page, the same bytes (issue 31, BENCHMARKS.md).
      client: {
        build: {
          rollupOptions: {
            checks: quietChecks,
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: "framework",
                    test: /node_modules[\\/](react|react-dom|scheduler|react-router|@emotion|@mui[\\/](system|styled-engine|utils|private-theming)|stylis|hoist-non-react-statics|@babel[\\/]runtime|clsx|prop-types|react-is|turbo-stream|cookie|set-cookie-parser)[\\/]/,
                  },
                ],
              },
            },
          },
        },
      },
      // The server build's entry is our Express app, which wraps React Router's handler.
      ssr: { build: { rollupOptions: { input: "./server/app.ts", checks: quietChecks } } },
    },
    // Emotion and MUI must share one instance with the server's CacheProvider, or the
    // critical CSS comes out empty in development (stack notes, pitfall 8).
    ssr: {
      optimizeDeps: { include: ["@emotion/*", "@mui/*"] },
      noExternal: ["@emotion/*", "@mui/*", ...(build ? importsReactRouter : [])],
    },
  };
});
