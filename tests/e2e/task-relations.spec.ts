import type { Page } from "@playwright/test";

import { expect, test } from "./support/console-guard";

import { signUpByRequest } from "./support/account";
import { openAppPage } from "./support/hydration";
import { newProject } from "./support/projects";
import { chip, popover, propertyForm } from "./support/task-fields";

/**
 * Dependencies (issue 34), with JavaScript on and off: a blocker added on the task page (a
 * key of no task refused beside the field, what was typed kept), the Blocked badge on the
 * task's head and its board card, completing the blocked task asked first and confirmed, and
 * the relation removed.
 */
const usesJs = () => test.info().project.use.javaScriptEnabled !== false;

/** Counts the main frame's navigations from now on: with JavaScript, adding, completing and removing make none. */
function navigations(page: Page) {
  let count = 0;
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) count += 1;
  });
  return () => count;
}

test("task page: add a blocker, see Blocked on the board, complete it anyway, remove the relation @nojs", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpByRequest(page.request, { prefix: "relations", fullName: "Rae Relations" });
  const projectUrl = await newProject(page, "Orbit Relations");
  await page.goto(`${projectUrl}?view=board`);
  const todo = page.getByRole("region", { name: "To Do", exact: true });
  for (const title of ["Fix login", "Launch the site"]) {
    await todo.getByLabel("New task in To Do").fill(title);
    await todo.getByRole("button", { name: "Add" }).click();
    await expect(todo.getByRole("link", { name: title })).toBeVisible();
  }
  const card = (title: string) => todo.locator("article", { has: page.getByRole("link", { name: title }) });
  const blockerKey = (await card("Fix login").locator(".pl-task-key").textContent())!;
  const launchUrl = (await todo.getByRole("link", { name: "Launch the site" }).getAttribute("href"))!;
  await expect(card("Launch the site").getByText("Blocked", { exact: true })).toHaveCount(0);

  await openAppPage(page, launchUrl, usesJs());
  const loads = navigations(page);
  const head = page.locator(".pl-crumbs");
  await expect(head.getByText("Blocked", { exact: true })).toHaveCount(0);
  const relations = page.getByRole("region", { name: "Relations" });
  await expect(relations.getByText("No relations yet.")).toBeVisible();
  const form = relations.getByRole("form", { name: "Add relation" });
  // A key of no task here: refused beside the field, what was typed kept.
  await form.getByLabel("Relation").selectOption({ label: "Blocked by" });
  await form.getByLabel("Task key").fill("NOPE-99");
  await form.getByRole("button", { name: "Add Relation" }).click();
  await expect(form.getByRole("alert")).toHaveText("No task NOPE-99 in this workspace.");
  await expect(form.getByLabel("Task key")).toHaveValue("NOPE-99");
  await expect(form.getByLabel("Relation")).toHaveValue("blocked_by");

  await form.getByLabel("Task key").fill(blockerKey);
  await form.getByRole("button", { name: "Add Relation" }).click();
  const blockedBy = relations.getByRole("list", { name: "Blocked by" });
  await expect(blockedBy.getByRole("link", { name: "Fix login" })).toBeVisible();
  await expect(blockedBy).toContainText(blockerKey);
  await expect(blockedBy).toContainText("To Do");
  await expect(head.getByText("Blocked", { exact: true })).toBeVisible();
  if (usesJs()) {
    await expect(form.getByLabel("Task key")).toHaveValue("");
    expect(loads(), "no page loads").toBe(0);
  }

  // The board shows it on the card, from the board's own read.
  await page.goto(`${projectUrl}?view=board`);
  await expect(card("Launch the site").getByText("Blocked", { exact: true })).toBeVisible();
  await expect(card("Fix login").getByText("Blocked", { exact: true })).toHaveCount(0);

  // Completing it asks first: a dialog with JavaScript, the page's question without.
  await openAppPage(page, launchUrl, usesJs());
  const moreLoads = navigations(page);
  const question = `is blocked by ${blockerKey} Fix login (To Do). Complete it anyway?`;
  if (usesJs()) {
    await chip(page, "Status").click();
    await popover(page, "Status").getByRole("option", { name: "Done", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Complete a blocked task?" });
    await expect(dialog).toContainText(question);
    const completed = page.waitForResponse(
      (response) => response.request().method() === "POST" && response.url().includes(launchUrl),
    );
    await dialog.getByRole("button", { name: "Complete Anyway" }).click();
    await expect(dialog).toHaveCount(0);
    // Saved before the next change (a relation removed) and the reload after it.
    await completed;
  } else {
    const status = await propertyForm(page, "statusId");
    await status.getByRole("combobox", { name: "Status" }).selectOption({ label: "Done" });
    await status.getByRole("button", { name: "Change status" }).click();
    const alert = page.getByRole("alert").filter({ hasText: question });
    await expect(alert).toBeVisible();
    await alert.getByRole("button", { name: "Complete Anyway" }).click();
  }
  await expect(page.locator('[data-prop="statusId"]')).toContainText("Done");

  // Removed: the list empties and the badge goes.
  // With JavaScript the list empties before the server answers: the reload waits for that answer.
  const removed = usesJs()
    ? page.waitForResponse((response) => response.request().method() === "POST" && response.url().includes(launchUrl))
    : null;
  await relations.getByRole("button", { name: `Remove: is blocked by ${blockerKey}` }).click();
  await expect(relations.getByText("No relations yet.")).toBeVisible();
  if (usesJs()) expect(moreLoads(), "no page loads").toBe(0);
  await removed;
  await page.reload();
  await expect(page.locator('[data-prop="statusId"]')).toContainText("Done");
  await expect(relations.getByText("No relations yet.")).toBeVisible();
  await expect(head.getByText("Blocked", { exact: true })).toHaveCount(0);
});
