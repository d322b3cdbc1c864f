import { expect, test } from "@playwright/test";

import { consoleProblem } from "./support/console-guard";

/**
 * The console guard (support/console-guard.ts) knows Chromium's words for a CSP violation:
 * a <style> without the response's nonce, as remix-themes' theme switch used to insert.
 * (The guard fails a test from its fixture's teardown, which `test.fail()` cannot expect,
 * so this checks its reading of a real message.)
 */
test("the console guard reads Chromium's CSP violation as a problem, and other messages not", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the page's script makes the violation");
  await page.goto("/");
  const logged = page.waitForEvent("console", (message) => message.type() === "error");
  await page.evaluate(() => {
    const style = document.createElement("style");
    style.textContent = "body { outline: 0 }";
    document.head.append(style);
  });
  expect(consoleProblem((await logged).text())).toMatch(/^Content-Security-Policy violation: /);
  expect(consoleProblem("Minified React error #418; visit https://react.dev/errors/418?args[]=HTML")).toMatch(
    /^React hydration error: /,
  );
  expect(consoleProblem("Failed to load resource: the server responded with a status of 400 (Bad Request)")).toBeNull();
});
