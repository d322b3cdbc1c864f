import base from "./playwright.config";

// `npm run bench:triage`: the triage script (tests/bench/) on the e2e server, with and without JavaScript.
export default {
  ...base,
  testDir: "tests/bench",
  testMatch: "**/*.bench.ts",
  retries: 0,
  workers: 1,
  projects: (base.projects ?? [])
    .filter((project) => project.name === "js" || project.name === "no-js")
    .map((project) => ({ ...project, grep: undefined, grepInvert: undefined })),
};
