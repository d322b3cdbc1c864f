import { expect, test } from "./support/console-guard";

import { signUpByRequest } from "./support/account";
import { axeScan } from "./support/axe";
import { newProject } from "./support/projects";
import { chip, setDate, setProperty } from "./support/task-fields";

/**
 * With JavaScript, a task's title on the Board or the List opens the task in a side panel over
 * the view (`?task=` in the URL, so a reload reopens it); its forms save to the task and the
 * view behind shows the change. Without JavaScript the titles are links to the task's page
 * (tasks.spec.ts covers that).
 */
test("task panel: open from the board, edit the priority, close with Escape, reload, open from the list", async ({
  page,
}) => {
  await signUpByRequest(page.request, { prefix: "task-panel" });
  const projectUrl = await newProject(page, "Orbit Panel");
  await page.goto(`${projectUrl}?view=board`);
  const todo = page.getByRole("region", { name: "To Do", exact: true });
  await todo.getByLabel("New task in To Do").fill("Draft the panel copy");
  await todo.getByRole("button", { name: "Add" }).click();
  // The modal panel hides the view from the accessibility tree: the card is found by CSS.
  const card = page.locator("#project-view article").filter({ hasText: "Draft the panel copy" });
  const title = card.getByRole("link", { name: "Draft the panel copy" });
  await expect(card.locator(".pl-priority")).toHaveCount(0);

  await title.click();
  const panel = page.getByRole("dialog", { name: "Draft the panel copy" });
  await expect(panel.getByRole("heading", { level: 2, name: "Draft the panel copy" })).toBeVisible();
  await expect(page).toHaveURL(/[?&]view=board&task=[A-Za-z0-9]{10}$/);
  expect((await axeScan(page).include("[role=dialog]").analyze()).violations).toEqual([]);

  // A saved change shows in the panel and on the card behind it; a refused one goes back, with the reason.
  await setProperty(panel, page, "Priority", "High");
  await expect(chip(panel, "Priority")).toHaveAccessibleName("Priority High");
  await expect(card.locator(".pl-priority")).toHaveText(/(^|: )high$/);
  await setDate(panel, page, "Start date", "2026-02-01");
  await expect(chip(panel, "Start date").locator("time")).toHaveAttribute("datetime", "2026-02-01");
  await setDate(panel, page, "Due date", "2026-01-15");
  await expect(page.getByText("The due date cannot be before the start date.")).toBeVisible();
  await expect(chip(panel, "Due date")).toHaveAccessibleName("Due date No date");
  await expect(page).toHaveURL(/[?&]view=board&task=[A-Za-z0-9]{10}$/);
  // The popover gave the focus back to its chip, so the keyboard is still in the panel.
  await expect(chip(panel, "Due date")).toBeFocused();

  // Escape closes it and gives the focus back to the card's link.
  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]view=board$/);
  await expect(title).toBeFocused();

  // The URL reopens it, after a reload too; the Close button closes it.
  await page.goBack();
  await expect(page).toHaveURL(/[?&]task=/);
  await page.reload();
  await expect(panel.getByRole("heading", { level: 2, name: "Draft the panel copy" })).toBeVisible();
  await panel.getByRole("button", { name: "Close task" }).click();
  await expect(panel).toHaveCount(0);

  // A link to a task that is not there opens the view alone.
  await page.goto(`${projectUrl}?view=board&task=AAAAAAAAAA`);
  await expect(page).toHaveURL(/[?&]view=board$/);
  await expect(card).toBeVisible();

  // From the List view, keeping its own params.
  await page.goto(`${projectUrl}?view=list`);
  const row = page.getByRole("row").filter({ hasText: "Draft the panel copy" });
  // The rows' checkboxes come with hydration, and so does the panel. By keyboard this time.
  await expect(row.getByRole("checkbox", { name: /^Select / })).toBeVisible();
  await row.getByRole("link", { name: "Draft the panel copy" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/[?&]view=list&task=[A-Za-z0-9]{10}$/);
  await expect(chip(panel, "Priority")).toHaveAccessibleName("Priority High");
});
