import { expect, test } from "./support/console-guard";

import { signUpByRequest } from "./support/account";
import { axeScan } from "./support/axe";
import { newProject } from "./support/projects";

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
