// Plotline's HTTP server. `node server.js` serves the production build; `--dev` runs Vite
// in middleware mode with hot reload. One app process (server/http-server.js) by default;
// WEB_CONCURRENCY=N with PostgreSQL runs N of them on one port (server/cluster-primary.js).
import cluster from "node:cluster";
import process from "node:process";

import { processCount, runPrimary } from "./server/cluster-primary.js";

const dev = process.argv.includes("--dev");
// React and its server renderer pick their build from NODE_ENV when first loaded: unset, a
// plain `npm start` rendered with React's development build, about 1.5× the CPU per page.
process.env.NODE_ENV ??= dev ? "development" : "production";

let count = 1;
try {
  count = dev ? 1 : processCount();
} catch (error) {
  console.error(`Plotline could not start: ${error.message}`);
  process.exit(1);
}

if (count > 1 && cluster.isPrimary) await runPrimary(count);
else await import("./server/http-server.js");
