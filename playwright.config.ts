import { defineConfig } from "@playwright/test";

import { HEADLESS_SHELL } from "./tests/e2e/support/browsers";

// scripts/e2e.js picks the port and a fresh data directory; these defaults serve a manual run.
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? ".tmp/e2e-manual";
const baseURL = `http://localhost:${port}`;
// Tests that use only the `request` fixture: they need no browser and run once.
const requestOnly = "**/*.request.spec.ts";
// The signed-in app's specs run whole in both modes. (`grep` sees a test's file name, its
// describe titles, its title and its tags.)
const appFlows = /(^| )(dashboard|project|settings|tasks|team|templates|workspaces)\.spec\.ts /;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // The longest flows (two browsers, two sign-ups, a mail round trip) take 15 s alone and
  // close to 30 s when both workers, the server and two Chromiums share the 2 cores of CI.
  timeout: 60_000,
  // Three workers on 2 cores: with two, the run used under half of the CPU it had (369 s of
  // CPU in a 413 s run: tests wait on page loads, the server, mail and animations), so a
  // third keeps the cores busy (on a machine loaded by other runs: 648 s with two workers,
  // 495 s with three and the lighter action fuzz, no flaky test).
  workers: 3,
  forbidOnly: Boolean(process.env.CI),
  // One retry, which records a trace (see `trace`); a test that passes only then is reported as flaky.
  retries: 1,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    // A failing test is retried once with a trace; recording one for every run costs time.
    trace: "on-first-retry",
    // Debian's Chromium headless shell (tests/e2e/support/browsers.ts).
    launchOptions: HEADLESS_SHELL,
  },
  // The browser projects reuse one context (and its page) per worker: Playwright resets it
  // between tests (cookies, storage, caches, service workers, routes, init scripts, the clock,
  // other pages; the page goes to about:blank). A fresh page's renderer cost about 0.5 s of
  // CPU before it drew anything, for every test (decision 019). A test that needs a context
  // option of its own (a time zone, permissions) gets a fresh context by `test.use`; the
  // reset does not revoke a permission granted mid-test, so grant through `test.use`.
  // Projects by purpose: every browser test once with JavaScript on; again without JavaScript
  // the app flows and the public-site tests tagged @nojs (forms that post and redirect, GET
  // filters, <details> menus: behaviour that differs or must work without scripts), except
  // the tests tagged @once, whose run without JavaScript would repeat the one with it step
  // for step (a status code the server answers alone); request-only specs once,
  // without a browser.
  projects: [
    { name: "request", testMatch: requestOnly },
    { name: "js", testIgnore: requestOnly, use: { javaScriptEnabled: true, reuseContext: true } },
    {
      name: "no-js",
      testIgnore: requestOnly,
      grep: [/@nojs/, appFlows],
      grepInvert: /@once/,
      use: { javaScriptEnabled: false, reuseContext: true },
    },
  ],
  webServer: {
    // server.js, with error-level log lines collected for scripts/e2e.js (see e2e-server.js).
    command: "node scripts/e2e-server.js",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      APP_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // The in-test SMTP server that scripts/e2e.js starts (tests read it via E2E_MAILBOX_URL).
      ...(process.env.E2E_SMTP_URL ? { SMTP_URL: process.env.E2E_SMTP_URL } : {}),
      SUPPORT_EMAIL: "team@plotline.test",
      // Every test signs up from 127.0.0.1: the suite needs more than 30 sign-ups in 5 minutes.
      AUTH_RATE_LIMIT_PER_IP: "1000",
      // bcrypt at its lowest cost: a hash at the default cost is 135 ms of CPU, for every sign-up.
      AUTH_PASSWORD_HASH_COST: "4",
      // The same goes for the per-address request tiers (every request, writes, expensive ones).
      RATE_LIMIT_REQUESTS: "100000",
      RATE_LIMIT_WRITES: "100000",
      RATE_LIMIT_EXPENSIVE: "100000",
      // tests/e2e/webhooks.spec.ts sends to a receiver on 127.0.0.1.
      WEBHOOKS_ALLOW_PRIVATE: "true",
    },
  },
});
