import { expect, test } from "./support/console-guard";

import { signUpByRequest } from "./support/account";
import { axeScan } from "./support/axe";
import { waitForHydration } from "./support/hydration";
import { newProject } from "./support/projects";
import { properties } from "./support/task-fields";
import { personalWorkspaceUrl } from "./support/projects";

/**
 * Fast entry: the quick add's inline syntax (`Fix login @quinn !high #bug due:tomorrow`)
 * sets the task's fields, in the List and on the Board, with JavaScript on (a preview of
 * what will be set; Enter keeps the focus in the field for the next task, `c` included) and
 * off (the same form posts and the server reads the line the same way).
 */
const usesJs = () => test.info().project.use.javaScriptEnabled !== false;

/** The server's calendar day (UTC) after today, as `due:tomorrow` counts it. */
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test("quick add: @who !priority #label due:tomorrow set the fields, in the List and on the Board @nojs", async ({
  page,
}) => {
  const js = usesJs();
  await signUpByRequest(page.request, { prefix: "quick-add", fullName: "Quinn Adder" });
  const projectUrl = await newProject(page, "Quick Adds");
  // The workspace's label, made as its page's form makes it.
  const labelAdded = await page.request.post(await personalWorkspaceUrl(page), {
    form: { intent: "create-label", name: "Bug", color: "rose" },
    maxRedirects: 0,
  });
  expect(labelAdded.status()).toBe(302);

  await page.goto(`${projectUrl}?view=list`);
  if (js) await waitForHydration(page);
  let navigations = 0;
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  });
  const todo = page.getByRole("region", { name: "To Do", exact: true });
  const quickAdd = todo.getByLabel("New task in To Do");
  const line = "Fix login @quinn !high #bug due:tomorrow";
  if (js) {
    await quickAdd.click();
    await quickAdd.pressSequentially(line);
    // What the line will set, as it is typed.
    const preview = todo.getByRole("list", { name: "The new task gets" });
    await expect(preview.getByRole("listitem")).toHaveText([
      "Assignee Quinn Adder",
      "Priority High",
      "Label Bug",
      "Due Tomorrow",
    ]);
    expect((await axeScan(page).include("main").analyze()).violations).toEqual([]);
  } else {
    await quickAdd.fill(line);
  }
  await quickAdd.press("Enter");

  const row = todo.getByRole("row").filter({ hasText: "Fix login" });
  await expect(row.getByRole("link", { name: "Fix login", exact: true })).toBeVisible();
  await expect(row.locator("td.pl-priority")).toHaveText(/(^|: )high$/);
  await expect(row.locator(".pl-label")).toHaveText("Bug");
  await expect(row.getByRole("img", { name: "Quinn Adder" })).toBeVisible();
  await expect(row.locator("td.pl-due time")).toHaveAttribute("datetime", tomorrow());

  if (js) {
    // No page load: the field kept the focus, emptied for the next task, typed straight in.
    await expect(quickAdd).toBeFocused();
    await expect(quickAdd).toHaveValue("");
    await expect(todo.getByRole("list", { name: "The new task gets" })).toHaveCount(0);
    await page.keyboard.type("Write the notes p4");
    await page.keyboard.press("Enter");
    await expect(todo.getByRole("row").filter({ hasText: "Write the notes" }).locator("td.pl-priority")).toHaveText(
      /(^|: )low$/,
    );
    await expect(quickAdd).toBeFocused();
    // `c` finds the same field from anywhere on the page.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press("c");
    await expect(quickAdd).toBeFocused();
    await page.keyboard.type("Third !urgent");
    await page.keyboard.press("Enter");
    await expect(todo.getByRole("row").filter({ hasText: "Third" }).locator("td.pl-priority")).toHaveText(
      /(^|: )urgent$/,
    );
    await expect(quickAdd).toBeFocused();
    expect(navigations, "no page loads").toBe(0);
  }

  // A line of nothing but tokens is refused beside the field, kept as typed.
  await quickAdd.fill("@quinn !low");
  await quickAdd.press("Enter");
  await expect(todo.getByRole("alert")).toHaveText("Enter a task title");
  await expect(todo.getByLabel("New task in To Do")).toHaveValue("@quinn !low");

  // The task's page has every field the line set.
  await page.goto((await row.getByRole("link", { name: "Fix login", exact: true }).getAttribute("href"))!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fix login");
  const props = properties(page);
  await expect(props.locator('[data-prop="priority"]')).toContainText("High");
  await expect(props.locator('[data-prop="dueDate"] time')).toHaveAttribute("datetime", tomorrow());
  await expect(props.locator('[data-prop="assigneeIds"]')).toContainText("Quinn Adder");
  await expect(props.locator('[data-prop="labelIds"]')).toContainText("Bug");

  // The Board's column quick add reads the same syntax.
  await page.goto(`${projectUrl}?view=board`);
  if (js) await waitForHydration(page);
  const column = page.getByRole("region", { name: "In Progress", exact: true });
  const boardAdd = column.getByLabel("New task in In Progress");
  await boardAdd.fill("Ship the fix #BUG due:+3d p2");
  await boardAdd.press("Enter");
  const card = column.getByRole("article").filter({ hasText: "Ship the fix" });
  await expect(card.locator(".pl-task-title")).toHaveText("Ship the fix");
  await expect(card.locator(".pl-label")).toHaveText("Bug");
  await expect(card.locator(".pl-priority")).toHaveText(/(^|: )high$/);
  await expect(card.locator(".pl-due time")).toHaveAttribute("datetime", inDays(3));
  if (js) await expect(boardAdd).toBeFocused();
});
