// `npm start`: serves the production build, building it first when the sources are newer
// (scripts/build.js; `npm install` has normally built it already). The server runs in this
// same process, so signals reach it directly.
import path from "node:path";

import { build, buildIsStale } from "./build.js";

const root = path.resolve(import.meta.dirname, "..");

if (buildIsStale()) {
  try {
    await build("the sources changed since the last build");
  } catch (error) {
    console.error(`Plotline could not start: ${error.message}`);
    process.exit(1);
  }
}

process.chdir(root);
await import("../server.js");
