import { expect, test } from "@playwright/test";

import { hydratePublicPage } from "./support/hydration";

test.describe("theme", { tag: "@nojs" }, () => {
  test("the theme switcher sets Dark, keeps it across reloads and mirrors it to localStorage", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveClass("light");
    if (javaScriptEnabled) await hydratePublicPage(page);
    // With JavaScript the page turns dark at once and the cookie comes with a background
    // save; without, the form's post answers with the cookie and a redirect back.
    const saved = javaScriptEnabled
      ? page.waitForResponse((response) => response.url().endsWith("/action/set-theme"))
      : null;
    await page.getByRole("button", { name: "Dark" }).click();
    await expect(page.locator("html")).toHaveClass("dark");
    await expect(page.locator("body")).toHaveCSS("background-color", "rgb(11, 16, 32)");
    expect((await saved)?.status() ?? 200).toBe(200);

    // The server renders the choice from the cookie on the next request.
    expect(await (await page.request.get("/")).text()).toContain('<html lang="en" class="dark"');
    await page.reload();
    await expect(page.locator("html")).toHaveClass("dark");
    if (javaScriptEnabled) {
      expect(await page.evaluate(() => window.localStorage.getItem("vite-ui-theme"))).toBe("dark");
    }
  });

  test("System follows prefers-color-scheme", async ({ page, javaScriptEnabled }) => {
    // Without JavaScript the server decides, from the Sec-CH-Prefers-Color-Scheme client
    // hint. Chromium sends the real OS preference there, not the emulated one, so the test
    // rewrites the hint to match what it emulates.
    let scheme: "light" | "dark" = "light";
    if (!javaScriptEnabled) {
      await page.route("**/*", (route) =>
        route.continue({ headers: { ...route.request().headers(), "sec-ch-prefers-color-scheme": scheme } }),
      );
    }
    const prefer = async (next: "light" | "dark") => {
      scheme = next;
      await page.emulateMedia({ colorScheme: next });
    };
    await prefer("dark");
    await page.goto("/");
    if (javaScriptEnabled) await hydratePublicPage(page);
    // With JavaScript the choice is saved by a background POST: the next navigation must
    // not cancel it.
    const saved = javaScriptEnabled
      ? page.waitForResponse((response) => response.url().endsWith("/action/set-theme"))
      : null;
    await page.getByRole("button", { name: "System" }).click();
    // (A redirect Chromium follows by itself is not re-routed, so no-JS checks a fresh load.)
    if (javaScriptEnabled) await expect(page.locator("html")).toHaveClass("dark");
    await saved;
    await page.goto("/");
    await expect(page.locator("html")).toHaveClass("dark");
    await expect(page.getByRole("button", { name: "System" })).toHaveAttribute("aria-pressed", "true");

    await prefer("light");
    await page.reload();
    await expect(page.locator("html")).toHaveClass("light");
  });
});
