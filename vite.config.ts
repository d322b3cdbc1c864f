import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // Lets two dev servers of one checkout keep separate dependency caches.
  cacheDir: process.env.VITE_CACHE_DIR ?? "node_modules/.vite",
  plugins: [reactRouter()],
  resolve: { tsconfigPaths: true },
  environments: {
    // The server build's entry is our Express app, which wraps React Router's handler.
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  // Emotion and MUI must share one instance with the server's CacheProvider, or the
  // critical CSS comes out empty in development (stack notes, pitfall 8).
  ssr: {
    optimizeDeps: { include: ["@emotion/*", "@mui/*"] },
    noExternal: ["@emotion/*", "@mui/*"],
  },
});
