import { expect, test, type Page } from "@playwright/test";

import { signUpByRequest } from "./support/account";
import { axeScan } from "./support/axe";
import { newProject } from "./support/projects";
import { waitForHydration } from "./support/hydration";

/** The app's single-key shortcuts (JavaScript only): the list, new task, moving through tasks, search. */
const column = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const blur = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

test("shortcuts: ? lists them, c adds a task, j/k move through cards, e opens one, / searches", async ({ page }) => {
  await signUpByRequest(page.request, { prefix: "keys" });
  const projectUrl = await newProject(page, "Keyboard Board");
  await page.goto(`${projectUrl}?view=board`);
  // The shortcuts listen once the page is hydrated.
  await waitForHydration(page);

  await page.keyboard.press("?");
  const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(dialog).toContainText("Next task on the Board or List");
  expect((await axeScan(page).include('[role="dialog"]').analyze()).violations).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // c focuses the first column's quick add; the key itself is not typed into it.
  const quickAdd = column(page, "To Do").getByLabel("New task in To Do");
  await page.keyboard.press("c");
  await expect(quickAdd).toBeFocused();
  await expect(quickAdd).toHaveValue("");
  for (const title of ["First card", "Second card"]) {
    await quickAdd.fill(title);
    await quickAdd.press("Enter");
    await expect(column(page, "To Do").getByRole("link", { name: title })).toBeVisible();
  }
  // Typing in a field is never a shortcut.
  await quickAdd.fill("");
  await quickAdd.press("j");
  await expect(quickAdd).toHaveValue("j");
  await quickAdd.fill("");
  await blur(page);

  const first = page.getByRole("link", { name: "First card" });
  const second = page.getByRole("link", { name: "Second card" });
  await page.keyboard.press("j");
  await expect(first).toBeFocused();
  await page.keyboard.press("j");
  await expect(second).toBeFocused();
  await page.keyboard.press("k");
  await expect(first).toBeFocused();
  // e opens the focused task: in the side panel over the board.
  await page.keyboard.press("e");
  await expect(page).toHaveURL(/[?&]task=[A-Za-z0-9]{10}$/);
  const panel = page.getByRole("dialog", { name: "First card" });
  await expect(panel.getByRole("heading", { level: 2, name: "First card" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);

  await blur(page);
  await page.keyboard.press("/");
  await expect(page.getByRole("searchbox", { name: "Search", exact: true })).toBeFocused();
  await expect(page.getByRole("searchbox", { name: "Search", exact: true })).toHaveValue("");
});
