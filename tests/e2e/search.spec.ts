import { expect, test, type Page } from "@playwright/test";

import { signUpByRequest } from "./support/account";
import { axeScan } from "./support/axe";
import { newProject } from "./support/projects";
import { waitForHydration } from "./support/hydration";

/** Search: the top bar's box and the results page (JavaScript on and off), and the command palette (on). */
const usesJs = () => test.info().project.use.javaScriptEnabled !== false;

async function projectWithTask(page: Page, prefix: string, title: string) {
  await signUpByRequest(page.request, { prefix });
  const projectUrl = await newProject(page, `${prefix} Orchard`);
  const quickAdd = page.getByLabel("New task in To Do");
  await quickAdd.fill(title);
  await quickAdd.press("Enter");
  await expect(page.getByRole("link", { name: title })).toBeVisible();
  return projectUrl;
}

test(
  "searching from the top bar finds a task by a word's start, highlighted, and opens it",
  { tag: "@nojs" },
  async ({ page }) => {
    await projectWithTask(page, "find", "Prune the <b>apricot</b> trees");
    const box = page.getByRole("banner").getByRole("searchbox", { name: "Search", exact: true });
    await expect(box).toHaveAttribute("placeholder", "Search…");
    await box.fill("apric");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/app\/search\?q=apric$/);
    await expect(page.getByRole("status").filter({ hasText: "1 result for “apric”" })).toBeVisible();

    const tasks = page.getByRole("region", { name: "Tasks (1)" });
    const result = tasks.getByRole("link", { name: /Prune the <b>apricot<\/b> trees/ });
    // The title's HTML is text; only the matched word is marked.
    await expect(result.locator("mark")).toHaveText("apricot");
    await expect(
      page.getByRole("navigation", { name: "Result types" }).getByRole("link", { name: "Tasks (1)" }),
    ).toBeVisible();
    if (usesJs()) expect((await axeScan(page).analyze()).violations).toEqual([]);

    await result.click();
    await expect(page).toHaveURL(/\/app\/project\/[A-Za-z0-9]{10}\/task\/[A-Za-z0-9]{10}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Prune the <b>apricot</b> trees");

    await page.goto("/app/search?q=zzzunheard");
    await expect(page.getByRole("status").filter({ hasText: "No results for “zzzunheard”" })).toBeVisible();
  },
);

test("the command palette: Ctrl+K, type, Enter opens the task; actions switch the theme; Escape gives the focus back", async ({
  page,
}) => {
  const projectUrl = await projectWithTask(page, "palette", "Graft the quince");
  // The shortcuts listen once the page is hydrated.
  await waitForHydration(page);

  await page.keyboard.press("Control+k");
  const palette = page.getByRole("dialog", { name: "Command palette" });
  const input = palette.getByRole("combobox", { name: "Search or run a command" });
  await expect(input).toBeFocused();
  await input.fill("quin");
  const option = palette.getByRole("option", { name: /Graft the quince/ });
  await expect(option).toBeVisible();
  await expect(palette.getByRole("listbox")).toBeVisible();
  expect((await axeScan(page).include('[role="dialog"]').analyze()).violations).toEqual([]);
  // The first option is active; Enter goes to it.
  await expect(input).toHaveAttribute("aria-activedescendant", (await option.getAttribute("id"))!);
  await input.press("Enter");
  await expect(page).toHaveURL(/\/task\/[A-Za-z0-9]{10}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Graft the quince");
  await expect(palette).toHaveCount(0);

  // An action, chosen with the arrows.
  await page.keyboard.press("Control+k");
  await input.fill("dark theme");
  await expect(palette.getByRole("option")).toHaveText([
    "Switch to the dark theme",
    "Search everything for “dark theme”",
  ]);
  const saved = page.waitForResponse((response) => response.url().endsWith("/action/set-theme"));
  await input.press("ArrowDown");
  await expect(palette.getByRole("option", { selected: true })).toHaveText("Search everything for “dark theme”");
  await input.press("ArrowUp");
  await expect(palette.getByRole("option", { selected: true })).toHaveText("Switch to the dark theme");
  await input.press("Enter");
  await expect(page.locator("html")).toHaveClass(/dark/);
  await saved;

  // Escape closes and gives the focus back to where it was.
  await page.goto(projectUrl);
  await waitForHydration(page);
  const box = page.getByRole("banner").getByRole("searchbox", { name: "Search", exact: true });
  await box.focus();
  await page.keyboard.press("Control+k");
  await expect(input).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(palette).toHaveCount(0);
  await expect(box).toBeFocused();

  // On a project's page, New task goes to its quick add.
  await page.keyboard.press("Control+k");
  await input.fill("new task");
  await input.press("Enter");
  await expect(page.getByLabel("New task in To Do")).toBeFocused();
});
