import type { Page } from "@playwright/test";

import { expect, test } from "./support/console-guard";

import { signUpByRequest } from "./support/account";
import { openAppPage } from "./support/hydration";
import { newProject } from "./support/projects";
import { chip, popover, propertyForm } from "./support/task-fields";

/**
 * Repeating tasks (issue 34), with JavaScript on and off: the Repeat property set from a
 * preset (saved on choice with JavaScript, by its button without), then a custom "2 days
 * after completion"; completing the task adds the next one to the board's first column.
 */
const usesJs = () => test.info().project.use.javaScriptEnabled !== false;

function navigations(page: Page) {
  let count = 0;
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) count += 1;
  });
  return () => count;
}

test("make a task repeat, complete it, and the next one is there @nojs", async ({ page }) => {
  test.setTimeout(90_000);
  await signUpByRequest(page.request, { prefix: "repeat", fullName: "Remy Repeat" });
  const projectUrl = await newProject(page, "Orbit Chores");
  await page.goto(`${projectUrl}?view=board`);
  const todo = page.getByRole("region", { name: "To Do", exact: true });
  await todo.getByLabel("New task in To Do").fill("Water the plants");
  await todo.getByRole("button", { name: "Add" }).click();
  await expect(todo.getByRole("link", { name: "Water the plants" })).toBeVisible();
  const taskUrl = (await todo.getByRole("link", { name: "Water the plants" }).getAttribute("href"))!;

  await openAppPage(page, taskUrl, usesJs());
  const loads = navigations(page);
  const value = page.locator("#prop-repeat-value");
  await expect(value).toHaveText("Does not repeat");

  // A preset: saved on choice with JavaScript, by the form's button without.
  let repeat = await propertyForm(page, "repeat");
  let form = repeat.getByRole("form", { name: "Repeat" });
  await form.getByRole("combobox", { name: "Repeat" }).selectOption({ label: "Daily" });
  if (!usesJs()) await form.getByRole("button", { name: "Save repeat" }).click();
  await expect(value).toHaveText("Repeats every day");

  // Custom: two days after completion.
  repeat = await propertyForm(page, "repeat");
  form = repeat.getByRole("form", { name: "Repeat" });
  await form.getByRole("combobox", { name: "Repeat" }).selectOption({ label: "Custom…" });
  await form.getByRole("radio", { name: "After completion" }).check();
  await form.getByLabel("Days after completion").fill("2");
  await form.getByRole("button", { name: "Save repeat" }).click();
  await expect(value).toHaveText("Repeats 2 days after completion");
  if (usesJs()) expect(loads(), "no page loads").toBe(0);

  // Complete it.
  if (usesJs()) {
    await chip(page, "Status").click();
    await popover(page, "Status").getByRole("option", { name: "Done", exact: true }).click();
  } else {
    const status = await propertyForm(page, "statusId");
    await status.getByRole("combobox", { name: "Status" }).selectOption({ label: "Done" });
    await status.getByRole("button", { name: "Change status" }).click();
  }
  await expect(page.locator('[data-prop="statusId"]')).toContainText("Done");

  // The next one, made by the job after the move's commit, waits in To Do.
  await expect(async () => {
    await page.goto(`${projectUrl}?view=board`);
    await expect(todo.getByRole("link", { name: "Water the plants" })).toBeVisible({ timeout: 1000 });
  }).toPass();
  const done = page.getByRole("region", { name: "Done", exact: true });
  await expect(done.getByRole("link", { name: "Water the plants" })).toBeVisible();
  const nextUrl = (await todo.getByRole("link", { name: "Water the plants" }).getAttribute("href"))!;
  expect(nextUrl).not.toBe(taskUrl);
  await page.goto(nextUrl);
  await expect(value).toHaveText("Repeats 2 days after completion");
});
