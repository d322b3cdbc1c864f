import { test } from "./support/console-guard";

/** The console guard itself (support/console-guard.ts): a CSP violation on the page fails the test. */
test("the console guard fails a test whose page logs a CSP violation", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the page's script makes the violation");
  test.fail();
  await page.goto("/");
  const logged = page.waitForEvent("console", (message) => message.text().includes("Content Security Policy"));
  // A <style> without the response's nonce, as remix-themes' theme switch used to insert.
  await page.evaluate(() => {
    const style = document.createElement("style");
    style.textContent = "body { outline: 0 }";
    document.head.append(style);
  });
  await logged;
});
