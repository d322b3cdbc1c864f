import { expect, test, type Page } from "./support/console-guard";

import { signUpByRequest } from "./support/account";
import { axeScan } from "./support/axe";
import { newProject } from "./support/projects";
import { chooseIn } from "./support/task-fields";

/**
 * The List view's filters, grouping and bulk edit, with JavaScript on and off: the
 * filters live in the URL, the bulk bar is a plain POST that the rows' checkboxes join.
 */
const usesJs = () => test.info().project.use.javaScriptEnabled !== false;

const row = (page: Page, title: string) => page.getByRole("row").filter({ hasText: title });

test("list: bulk-set a priority, filter by priority and text, group by assignee, bulk-move two tasks @nojs", async ({
  page,
}) => {
  await signUpByRequest(page.request, { prefix: "task-list" });
  const projectUrl = await newProject(page, "Orbit Filters");
  await page.goto(`${projectUrl}?view=list`);
  const todo = page.getByRole("region", { name: "To Do", exact: true });
  for (const title of ["Alpha launch", "Beta launch", "Gamma chores", "Delta launch"]) {
    await todo.getByLabel("New task in To Do").fill(title);
    await todo.getByRole("button", { name: "Add" }).click();
    await expect(todo.getByRole("link", { name: title })).toBeVisible();
  }

  // Three of them become high priority in one bulk edit.
  const bulk = page.getByRole("form", { name: "Bulk edit" });
  for (const title of ["Alpha launch", "Beta launch", "Gamma chores"])
    await row(page, title).getByRole("checkbox").check();
  if (usesJs()) {
    // With JavaScript a property's button opens the List's popover; the choice applies at once.
    await expect(bulk.getByText("3 selected")).toBeVisible();
    await expect(bulk.getByRole("button", { name: "Apply to selected" })).toHaveCount(0);
    await bulk.getByRole("button", { name: "Set priority" }).click();
    await chooseIn(page, "Priority", "High");
  } else {
    await bulk.getByLabel("Set priority").selectOption("high");
    await bulk.getByRole("button", { name: "Apply to selected" }).click();
  }
  await expect(page.getByText("3 tasks updated")).toBeVisible();
  await expect(row(page, "Gamma chores").locator("td.pl-priority")).toHaveText(/(^|: )high$/);

  // High priority and "launch": two tasks, and the URL holds both filters.
  const filters = page.getByRole("form", { name: "Filter tasks" });
  await filters.getByLabel("Priority").selectOption("high");
  if (usesJs()) await expect(page).toHaveURL(/priority=high/);
  await filters.getByLabel("Search").fill("launch");
  if (!usesJs()) await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/priority=high/);
  await expect(page).toHaveURL(/q=launch/);
  await expect(todo.locator("td.pl-title > a:not(.pl-cell)")).toHaveText(["Alpha launch", "Beta launch"]);
  await expect(todo.getByLabel("2 tasks")).toBeVisible();

  // Grouped by assignee: nobody is assigned yet.
  await filters.getByLabel("Group by").selectOption("assignee");
  if (!usesJs()) await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/group=assignee/);
  const unassigned = page.getByRole("region", { name: "Unassigned", exact: true });
  await expect(unassigned.getByRole("columnheader", { name: "Status" })).toBeVisible();

  // Select both and move them to Done.
  for (const title of ["Alpha launch", "Beta launch"]) await row(page, title).getByRole("checkbox").check();
  if (usesJs()) {
    await expect(bulk.getByText("2 selected")).toBeVisible();
    expect((await axeScan(page).include("main").analyze()).violations).toEqual([]);
  }
  if (usesJs()) {
    await bulk.getByRole("button", { name: "Set status" }).click();
    await chooseIn(page, "Status", "Done");
  } else {
    await bulk.getByLabel("Set status").selectOption({ label: "Done" });
    await bulk.getByRole("button", { name: "Apply to selected" }).click();
  }
  await expect(page.getByText("2 tasks updated")).toBeVisible();
  await expect(page).toHaveURL(/group=assignee/);
  for (const title of ["Alpha launch", "Beta launch"]) {
    await expect(row(page, title).getByRole("cell", { name: /^(Status of \S+: )?Done$/ })).toBeVisible();
  }

  // Cleared filters, grouped by status again: Done holds them.
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).not.toHaveURL(/priority=|q=/);
  await expect(filters.getByLabel("Search")).toHaveValue("");
  await filters.getByLabel("Group by").selectOption("status");
  if (!usesJs()) await filters.getByRole("button", { name: "Apply" }).click();
  const done = page.getByRole("region", { name: "Done", exact: true });
  await expect(done.locator("td.pl-title > a:not(.pl-cell)")).toHaveText(["Alpha launch", "Beta launch"]);
  await expect(todo.locator("td.pl-title > a:not(.pl-cell)")).toHaveText(["Gamma chores", "Delta launch"]);
});
