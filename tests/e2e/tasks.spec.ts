import { expect, test, type Page } from "./support/console-guard";

import { signUpByRequest } from "./support/account";
import { axeScan } from "./support/axe";
import { newProject } from "./support/projects";
import { chip, chooseIn, popover, properties, propertyForm, setDate, setProperty } from "./support/task-fields";

/**
 * Tasks on the Board view and their own page, with JavaScript on and off: quick add in a
 * column (a blank title is refused beside the field), the "Move to" select, the task page's
 * fields and subtasks, the card's due date and progress, delete.
 */
const usesJs = () => test.info().project.use.javaScriptEnabled !== false;

const column = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

test("board: add, move, edit on the task page, add a subtask, see it on the card, delete", async ({ page }) => {
  await signUpByRequest(page.request, { prefix: "tasks" });
  const projectUrl = await newProject(page, "Orbit Board");
  await page.goto(`${projectUrl}?view=board`);
  for (const name of ["To Do", "In Progress", "Review", "Done"]) {
    await expect(column(page, name).getByRole("heading", { name })).toBeVisible();
  }

  // A blank title is refused beside the field.
  const todo = column(page, "To Do");
  await todo.getByRole("button", { name: "Add" }).click();
  await expect(column(page, "To Do").getByRole("alert")).toHaveText("Enter a task title");

  await column(page, "To Do").getByLabel("New task in To Do").fill("Write the launch brief");
  await column(page, "To Do").getByRole("button", { name: "Add" }).click();
  const card = column(page, "To Do").getByRole("article").filter({ hasText: "Write the launch brief" });
  await expect(card).toBeVisible();
  await expect(column(page, "To Do").getByLabel("New task in To Do")).toHaveValue("");
  const key = (await card.locator(".pl-task-key").textContent())!.trim();
  expect(key).toMatch(/^[A-Z][A-Z0-9]+-1$/);
  await expect(column(page, "To Do").getByLabel("1 tasks")).toBeVisible();
  if (usesJs()) expect((await axeScan(page).include("main").analyze()).violations).toEqual([]);

  // Move it: with the card's select without JavaScript; with it, `s` on the focused card.
  if (usesJs()) {
    await expect(card.getByLabel(`Move ${key} to`)).toHaveCount(0);
    await card.getByRole("link", { name: "Write the launch brief" }).focus();
    await page.keyboard.press("s");
    await chooseIn(page, "Status", "Review");
  } else {
    await card.getByLabel(`Move ${key} to`).selectOption({ label: "Review" });
    await card.getByRole("button", { name: "Move" }).click();
  }
  await expect(column(page, "Review").getByRole("article").filter({ hasText: "Write the launch brief" })).toBeVisible();
  await expect(column(page, "To Do").getByRole("article")).toHaveCount(0);

  // Its own page: fields, then a subtask.
  // (With JavaScript the title opens the side panel instead: task-panel.spec.ts.)
  await page.goto(
    (await column(page, "Review").getByRole("link", { name: "Write the launch brief" }).getAttribute("href"))!,
  );
  await expect(page).toHaveURL(/\/task\/[A-Za-z0-9]{10}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Write the launch brief");
  const text = "Cover **scope** and <script>alert(1)</script>dates";
  if (usesJs()) {
    // Each property saves on choice; the description is edited where it is shown.
    await setProperty(page, page, "Priority", "High");
    await page.getByRole("button", { name: "Add a description…" }).click();
    await page.getByRole("textbox", { name: "Description" }).fill(text);
    await page.keyboard.press("Control+Enter");
    await setDate(page, page, "Due date", "2026-01-15");
    await setDate(page, page, "Start date", "2026-02-01");
    await expect(page.getByText("The due date cannot be before the start date.")).toBeVisible();
    await expect(chip(page, "Start date")).toHaveAccessibleName("Start date No date");
    await setDate(page, page, "Start date", "2026-01-02");
    await expect(chip(page, "Start date").locator("time")).toHaveAttribute("datetime", "2026-01-02");
    await expect(chip(page, "Due date").locator("time")).toHaveAttribute("datetime", "2026-01-15");
  } else {
    // Each property is its own small form; title and description share one.
    const priority = await propertyForm(page, "priority");
    await priority.getByRole("combobox", { name: "Priority" }).selectOption("high");
    await priority.getByRole("button", { name: "Save priority" }).click();
    await expect(page.getByText("Task updated")).toBeVisible();
    await page.getByText("Edit title and description").click();
    const details = page.getByRole("form", { name: "Task details" });
    await details.getByLabel("Description (Markdown)").fill(text);
    await details.getByRole("button", { name: "Save Changes" }).click();
    const due = await propertyForm(page, "dueDate");
    await due.locator('input[type="date"]').fill("2026-01-15");
    await due.getByRole("button", { name: "Save due date" }).click();
    let start = await propertyForm(page, "startDate");
    await start.locator('input[type="date"]').fill("2026-02-01");
    await start.getByRole("button", { name: "Save start date" }).click();
    // The refusal is said beside the date the rule names, its form open.
    await expect(properties(page).getByText("The due date cannot be before the start date.")).toBeVisible();
    start = await propertyForm(page, "startDate");
    await start.locator('input[type="date"]').fill("2026-01-02");
    await start.getByRole("button", { name: "Save start date" }).click();
    await expect(page.getByText("Task updated")).toBeVisible();
    await expect((await propertyForm(page, "dueDate")).locator('input[type="date"]')).toHaveValue("2026-01-15");
  }
  await expect(properties(page).locator('[data-prop="priority"]')).toContainText("High");
  const description = page.getByRole("region", { name: "Description" });
  await expect(description.locator("strong")).toHaveText("scope");
  await expect(description.locator("script")).toHaveCount(0);

  // Assign it to myself (the only member).
  if (usesJs()) {
    await chip(page, "Assignees").click();
    await popover(page, "Assignees").getByRole("option").first().click();
    await page.keyboard.press("Escape");
    await expect(chip(page, "Assignees")).not.toHaveAccessibleName("Assignees Unassigned");
  } else {
    const assignees = await propertyForm(page, "assigneeIds");
    await assignees.getByRole("checkbox").check();
    await assignees.getByRole("button", { name: "Save Assignees" }).click();
    await expect(page.getByText("Assignees saved")).toBeVisible();
    await expect((await propertyForm(page, "assigneeIds")).getByRole("checkbox")).toBeChecked();
  }

  await page.getByLabel("New subtask title").fill("Outline the sections");
  await page.getByRole("button", { name: "Add Subtask" }).click();
  await expect(
    page
      .getByRole("region", { name: /^Subtasks/ })
      .getByRole("listitem")
      .filter({ hasText: /-2Outline the sections/ }),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Subtasks" }).getByText("0 of 1 done")).toBeVisible();
  if (usesJs()) expect((await axeScan(page).include("main").analyze()).violations).toEqual([]);

  // The card shows the progress and, past its due date, that it is overdue.
  await page.getByRole("link", { name: "Back to Orbit Board" }).click();
  const moved = column(page, "Review").getByRole("article").filter({ hasText: "Write the launch brief" });
  await expect(moved.locator(".pl-due")).toContainText(/Overdue · Jan 15(, 2026)?$/);
  await expect(moved.getByLabel("0 of 1 subtasks done")).toBeVisible();
  await expect(moved.getByText("high")).toBeVisible();
  await expect(moved.getByRole("img")).toHaveCount(1);

  // The dashboard counts it as mine and overdue; the figure opens the list, the list the task.
  await page.goto("/app/dashboard");
  const myWork = page.getByRole("list", { name: "My tasks" });
  await expect(myWork.getByRole("link", { name: "My open tasks 1" })).toBeVisible();
  await expect(myWork.getByRole("link", { name: "Due this week 0" })).toBeVisible();
  await myWork.getByRole("link", { name: "Overdue 1" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Overdue");
  await page.getByRole("link", { name: `${key} Write the launch brief` }).click();

  // Delete it from its page: gone from the board.
  await page.getByRole("button", { name: "Delete Task" }).click();
  await expect(page.getByText(`${key} was deleted.`)).toBeVisible();
  await expect(page).toHaveURL(/view=board/);
  await expect(column(page, "Review").getByRole("article")).toHaveCount(0);

  // The project's Activity Log tells the story, field by field.
  await page.goto(`${projectUrl}?view=activity`);
  const log = page.getByRole("main");
  await expect(log.getByText(`created ${key} Write the launch brief`)).toBeVisible();
  await expect(log.getByText(`moved ${key} Write the launch brief from To Do to Review`)).toBeVisible();
  // One entry per change: each property was saved on its own.
  await expect(log.getByText(/priority set to high$/)).toBeVisible();
  await expect(log.getByText(/description edited$/)).toBeVisible();
  await expect(log.getByText(/due date set to January 15, 2026$/)).toBeVisible();
  await expect(log.getByText(/start date set to January 2, 2026$/)).toBeVisible();
  await expect(log.getByText(new RegExp(`assigned .+ to ${key} Write the launch brief`))).toBeVisible();
  await expect(log.getByText(`deleted ${key} Write the launch brief`)).toBeVisible();
});

// Answered by the server alone: scripts change nothing here.
test("a task id that is not one of the project's tasks is not found", { tag: "@once" }, async ({ page }) => {
  await signUpByRequest(page.request, { prefix: "tasks-404" });
  const projectUrl = await newProject(page, "Lonely Board");
  const response = await page.goto(`${projectUrl}/task/AAAAAAAAAA`);
  expect(response?.status()).toBe(404);
});

test("list: a table per status, sorted by a header link kept in the URL, quick add under each", async ({ page }) => {
  await signUpByRequest(page.request, { prefix: "tasks-list" });
  const projectUrl = await newProject(page, "Orbit List");
  await page.goto(projectUrl);
  const todo = page.getByRole("region", { name: "To Do", exact: true });
  for (const [title, due] of [
    ["Later task", "2026-12-20"],
    ["Sooner task", "2026-12-01"],
    ["Undated task", ""],
  ]) {
    await todo.getByLabel("New task in To Do").fill(title!);
    await todo.getByRole("button", { name: "Add" }).click();
    await expect(todo.getByRole("link", { name: title })).toBeVisible();
    if (due && usesJs()) {
      // The row's due date cell opens the date editor in place.
      await todo.getByRole("row").filter({ hasText: title }).locator("td.pl-due").click();
      const input = popover(page, "Due date").getByLabel("Pick a date (Enter to set)");
      await input.fill(due);
      await input.press("Enter");
      await expect(todo.getByRole("row").filter({ hasText: title }).locator("td.pl-due time")).toBeVisible();
    } else if (due) {
      // Without JavaScript the task's page has the due date's form.
      await todo.getByRole("link", { name: title, exact: true }).click();
      const form = await propertyForm(page, "dueDate");
      await form.locator('input[type="date"]').fill(due);
      await form.getByRole("button", { name: "Save due date" }).click();
      await expect(page.getByText("Task updated")).toBeVisible();
      await page.goto(projectUrl);
    }
  }
  const titles = todo.locator("td.pl-title > a:not(.pl-cell)");
  await expect(titles).toHaveText(["Later task", "Sooner task", "Undated task"]);
  await todo.getByRole("link", { name: "Due", exact: true }).click();
  await expect(page).toHaveURL(/\?view=list&sort=due&dir=asc$/);
  await expect(todo.getByRole("columnheader", { name: /Due/ })).toHaveAttribute("aria-sort", "ascending");
  await expect(titles).toHaveText(["Sooner task", "Later task", "Undated task"]);
  await todo.getByRole("link", { name: /^Due( [↑↓])?$/ }).click();
  await expect(page).toHaveURL(/sort=due&dir=desc$/);
  await expect(titles).toHaveText(["Later task", "Sooner task", "Undated task"]);
  if (usesJs()) expect((await axeScan(page).include("main").analyze()).violations).toEqual([]);
});
