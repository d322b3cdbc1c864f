import { expect, type Page } from "@playwright/test";

/**
 * Loads an app page and, with JavaScript, waits until it is hydrated: a click before that
 * follows the link the server rendered (a page instead of a dialog) or is lost. The account
 * menu's Keyboard shortcuts item is rendered with hydration (keyboard-shortcuts.tsx).
 */
export async function openAppPage(page: Page, url: string, javaScriptEnabled: boolean) {
  await page.goto(url);
  if (javaScriptEnabled) await waitForHydration(page);
}

export async function waitForHydration(page: Page) {
  await expect(page.getByRole("button", { name: "Keyboard shortcuts ?", includeHidden: true })).toBeAttached();
}

/**
 * The public site's pages load their scripts on the reader's first interaction (decision
 * 039): press a key nobody types with, then wait until the page is hydrated.
 */
export async function hydratePublicPage(page: Page) {
  await page.keyboard.press("Shift");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
}
