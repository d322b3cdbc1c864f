import { expect, test } from "./support/console-guard";

import { signUpByRequest } from "./support/account";
import { axeScan } from "./support/axe";
import { openAppPage } from "./support/hydration";
import { newProject } from "./support/projects";
import { chip, popover, properties, propertyForm } from "./support/task-fields";

/**
 * The task page's comments, checklist and history, with JavaScript on and off: a comment
 * added (a blank one refused beside the field), edited and deleted; checklist items added,
 * ticked and moved, their progress on the board card; and all of it told in History.
 */
const usesJs = () => test.info().project.use.javaScriptEnabled !== false;

test("task page: comment, edit, delete; checklist add, tick, reorder; the history tells it @nojs", async ({ page }) => {
  // One user's whole session on the page: about 40 round trips, twice the board flow's.
  test.setTimeout(120_000);
  await signUpByRequest(page.request, { prefix: "detail", fullName: "Dana Detail" });
  const projectUrl = await newProject(page, "Orbit Detail");
  await page.goto(`${projectUrl}?view=board`);
  const todo = page.getByRole("region", { name: "To Do", exact: true });
  await todo.getByLabel("New task in To Do").fill("Plan the launch");
  await todo.getByRole("button", { name: "Add" }).click();
  // The task's own page (with JavaScript the title opens it in the side panel instead).
  await page.goto((await todo.getByRole("link", { name: "Plan the launch" }).getAttribute("href"))!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Plan the launch");

  // Comments: a blank one is refused beside the field, with what was typed kept.
  const thread = page.getByRole("region", { name: /^Comments/ });
  const newComment = thread.getByLabel("Add a comment");
  await newComment.fill("   ");
  await thread.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(thread.getByRole("alert")).toHaveText("Write a comment");
  await newComment.fill("Looks **good** <script>alert(1)</script>");
  await thread.getByRole("button", { name: "Comment", exact: true }).click();
  const comments = thread.getByRole("list", { name: "Comments" }).getByRole("listitem");
  await expect(comments).toHaveCount(1);
  await expect(comments.first().locator("strong", { hasText: "good" })).toBeVisible();
  await expect(comments.first().getByText("Dana Detail")).toBeVisible();
  await expect(thread.locator(".pl-comment-body script")).toHaveCount(0);
  await expect(thread.getByLabel("Add a comment")).toHaveValue("");

  await thread.getByRole("link", { name: "Edit comment by Dana Detail" }).click();
  const edit = thread.getByLabel("Edit your comment");
  await expect(edit).toHaveValue("Looks **good** <script>alert(1)</script>");
  await edit.fill("Looks *great*");
  await thread.getByRole("button", { name: "Save Comment" }).click();
  await expect(comments.first().locator("em")).toHaveText("great");
  await expect(comments.first().getByText("(edited)")).toBeVisible();

  await thread.getByRole("button", { name: "Delete comment by Dana Detail" }).click();
  await expect(thread.getByText("No comments yet.")).toBeVisible();

  // Checklist: add three, tick one, move one up.
  const checklist = page.getByRole("region", { name: /^Checklist/ });
  for (const title of ["Book the venue", "Send invites", "Order cake"]) {
    await checklist.getByLabel("New checklist item").fill(title);
    await checklist.getByRole("button", { name: "Add Item" }).click();
    await expect(checklist.getByLabel(title, { exact: true })).toBeVisible();
  }
  await expect(checklist.getByLabel("New checklist item")).toHaveValue("");
  await checklist.getByLabel("Send invites", { exact: true }).check();
  if (!usesJs()) await checklist.getByRole("button", { name: "Save Send invites" }).click();
  await expect(checklist.getByText("1 of 3 done")).toBeVisible();
  await expect(checklist.getByLabel("Send invites", { exact: true })).toBeChecked();

  // One place up: the Up button, or with JavaScript Alt+↑ on the item (task-checklist.spec.ts has the rest).
  // A new item can be moved once the server gave it its id (its box is enabled then): a key
  // pressed before goes to the row that still has the focus.
  if (usesJs()) {
    await expect(checklist.getByLabel("Order cake", { exact: true })).toBeEnabled();
    await checklist.getByLabel("Order cake", { exact: true }).press("Alt+ArrowUp");
  } else await checklist.getByRole("button", { name: "Move Order cake up" }).click();
  const items = checklist.getByRole("list", { name: "Checklist items" }).getByRole("listitem");
  await expect(items).toContainText(["Book the venue", "Order cake", "Send invites"]);
  await expect(items).toHaveCount(3);
  await expect(checklist.locator("[aria-busy=true]")).toHaveCount(0);
  if (usesJs()) expect((await axeScan(page).include("main").analyze()).violations).toEqual([]);

  // History, newest first, in words; folded until opened.
  await page.getByText(/^History \(\d+\)$/).click();
  const history = page.getByRole("list", { name: "Task history" }).getByRole("listitem");
  const key = /[A-Z][A-Z0-9]+-1 Plan the launch/.source;
  await expect(history.first()).toContainText(new RegExp(`Dana Detail moved “Order cake” up the checklist of ${key}`));
  for (const line of [
    `completed “Send invites” on ${key}`,
    `added “Book the venue” to the checklist of ${key}`,
    `deleted a comment on ${key}`,
    `edited a comment on ${key}`,
    `commented on ${key}`,
    `created ${key}`,
  ]) {
    await expect(history.filter({ hasText: new RegExp(line) })).toHaveCount(1);
  }

  // The board card shows the checklist's progress.
  await page.getByRole("link", { name: "Back to Orbit Detail" }).click();
  await expect(todo.getByLabel("1 of 3 checklist items done")).toBeVisible();
});

test("the parent: set, changed and removed by mouse and keyboard, or through its form without JavaScript @nojs", async ({
  page,
}) => {
  // About 30 round trips and two axe scans with JavaScript.
  test.setTimeout(120_000);
  await signUpByRequest(page.request, { prefix: "parent", fullName: "Pia Parent" });
  const projectUrl = await newProject(page, "Orbit Parent");
  await page.goto(`${projectUrl}?view=board`);
  const todo = page.getByRole("region", { name: "To Do", exact: true });
  for (const title of ["Launch the site", "Write the copy", "Pick the fonts"]) {
    await todo.getByLabel("New task in To Do").fill(title);
    await todo.getByRole("button", { name: "Add" }).click();
    await expect(todo.getByRole("link", { name: title })).toBeVisible();
  }
  const hrefOf = async (title: string) => (await todo.getByRole("link", { name: title }).getAttribute("href"))!;
  const [launch, copy] = [await hrefOf("Launch the site"), await hrefOf("Write the copy")];
  await openAppPage(page, copy, usesJs());
  const key = /[A-Z][A-Z0-9]+(?=-\d+$)/.exec((await page.locator(".pl-crumbs").textContent())!.trim())![0];
  const crumbs = page.locator(".pl-crumbs");
  const subtasksOf = async (url: string) => {
    await openAppPage(page, url, usesJs());
    return page.getByRole("list", { name: "Subtasks" }).getByRole("listitem");
  };

  if (usesJs()) {
    let navigated = 0;
    page.on("framenavigated", (frame) => void (frame === page.mainFrame() && (navigated += 1)));
    await expect(chip(page, "Parent")).toHaveAccessibleName("Parent None");
    // By mouse: type part of a title, click the task.
    await chip(page, "Parent").click();
    await popover(page, "Parent").getByRole("combobox").fill("launch");
    await popover(page, "Parent")
      .getByRole("option", { name: `${key}-1 Launch the site` })
      .click();
    await expect(chip(page, "Parent")).toHaveAccessibleName(`Parent ${key}-1 Launch the site`);
    await expect(crumbs).toContainText(`subtask of ${key}-1 Launch the site`);
    expect((await axeScan(page).include("main").analyze()).violations).toEqual([]);
    // By keyboard: Enter on the chip, type a key, Enter on the first match.
    await chip(page, "Parent").focus();
    await page.keyboard.press("Enter");
    await expect(popover(page, "Parent").getByRole("option", { name: "No parent" })).toBeVisible();
    expect((await axeScan(page).include("[role=dialog]").analyze()).violations).toEqual([]);
    await page.keyboard.type(`${key}-3`);
    await expect(popover(page, "Parent").getByRole("option").first()).toHaveAccessibleName(`${key}-3 Pick the fonts`);
    await page.keyboard.press("Enter");
    await expect(chip(page, "Parent")).toHaveAccessibleName(`Parent ${key}-3 Pick the fonts`);
    await expect(chip(page, "Parent")).toBeFocused();
    // Removed by keyboard: the current parent is highlighted on opening, "No parent" is first.
    await page.keyboard.press("Enter");
    const options = popover(page, "Parent").getByRole("option");
    await expect(options.filter({ hasText: "Pick the fonts" })).toHaveClass(/Mui-focused/);
    await expect(options.first()).toHaveAccessibleName("No parent");
    await page.keyboard.press("Home");
    await expect(options.first()).toHaveClass(/Mui-focused/);
    await page.keyboard.press("Enter");
    await expect(chip(page, "Parent")).toHaveAccessibleName("Parent None");
    await expect(crumbs).not.toContainText("subtask of");
    await chip(page, "Parent").click();
    await popover(page, "Parent").getByRole("combobox").fill(`${key}-1`);
    // Shown at once; the reload below waits for the server's answer first.
    const saved = page.waitForResponse((response) => response.request().method() === "POST");
    await popover(page, "Parent")
      .getByRole("option", { name: `${key}-1 Launch the site` })
      .click();
    await expect(chip(page, "Parent")).toHaveAccessibleName(`Parent ${key}-1 Launch the site`);
    expect(navigated, "no choice navigated the page").toBe(0);
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect(chip(page, "Parent")).toHaveAccessibleName(`Parent ${key}-1 Launch the site`);

    // The parent's page lists it; it cannot become a subtask itself, and says why.
    await page.getByRole("link", { name: `Open ${key}-1 Launch the site` }).click();
    await expect(page).toHaveURL(new RegExp(`${launch}$`));
    await expect(page.getByRole("list", { name: "Subtasks" }).getByRole("listitem")).toContainText(["Write the copy"]);
    await chip(page, "Parent").click();
    await expect(popover(page, "Parent")).toContainText(
      `${key}-1 has subtasks of its own, so it cannot become a subtask.`,
    );
    await page.keyboard.press("Escape");

    // Removed by mouse: the old parent's list no longer has it.
    await openAppPage(page, copy, true);
    await chip(page, "Parent").click();
    await popover(page, "Parent").getByRole("option", { name: "No parent" }).click();
    await expect(chip(page, "Parent")).toHaveAccessibleName("Parent None");
  } else {
    // A key that is no task: refused beside the field, with what was typed kept.
    let form = await propertyForm(page, "parent");
    const field = form.getByRole("textbox", { name: "Parent task's key" });
    await field.fill(`${key}-99`);
    await form.getByRole("button", { name: "Save parent" }).click();
    form = await propertyForm(page, "parent");
    await expect(form.getByRole("alert")).toHaveText(`There is no task ${key}-99 in Orbit Parent.`);
    await expect(form.getByRole("textbox", { name: "Parent task's key" })).toHaveValue(`${key}-99`);
    await expect(form.getByRole("textbox", { name: "Parent task's key" })).toHaveAttribute("aria-invalid", "true");
    // Any case: saved, shown, and kept after a reload.
    await form.getByRole("textbox", { name: "Parent task's key" }).fill(`${key.toLowerCase()}-1`);
    await form.getByRole("button", { name: "Save parent" }).click();
    await expect(page.getByRole("status")).toContainText(`${key}-2 is a subtask of ${key}-1.`);
    await expect(properties(page).locator('[data-prop="parent"] summary')).toHaveText(`${key}-1 Launch the site`);
    await expect(crumbs).toContainText(`subtask of ${key}-1 Launch the site`);
    await page.reload();
    await expect(properties(page).locator('[data-prop="parent"] summary')).toHaveText(`${key}-1 Launch the site`);
    await expect(await subtasksOf(launch)).toContainText(["Write the copy"]);

    // Emptied: a top-level task again.
    await page.goto(copy);
    form = await propertyForm(page, "parent");
    await expect(form.getByRole("textbox", { name: "Parent task's key" })).toHaveValue(`${key}-1`);
    await form.getByRole("textbox", { name: "Parent task's key" }).fill("");
    await form.getByRole("button", { name: "Save parent" }).click();
    await expect(page.getByRole("status")).toContainText(`${key}-2 is a top-level task.`);
    await expect(properties(page).locator('[data-prop="parent"] summary')).toHaveText("None");
  }
  await expect(crumbs).not.toContainText("subtask of");
  await expect(await subtasksOf(launch)).toHaveCount(0);
  await openAppPage(page, copy, usesJs());
  await page.getByText(/^History \(\d+\)$/).click();
  await expect(page.getByRole("list", { name: "Task history" }).getByRole("listitem").first()).toContainText(
    `Pia Parent removed the parent ${key}-1 Launch the site from ${key}-2 Write the copy`,
  );
});
