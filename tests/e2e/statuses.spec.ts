import { expect, test } from "@playwright/test";

import { signUpByRequest } from "./support/account";
import { axeScan } from "./support/axe";
import { newProject } from "./support/projects";

/**
 * The project's workflow in Settings, with JavaScript on and off: add a status (a taken
 * name is refused beside the field, what was typed kept), rename and recategorise one, move
 * one, delete one after choosing where its tasks go; the board follows.
 */
test("statuses: add, rename, move and delete the board's columns @nojs", async ({ page }) => {
  await signUpByRequest(page.request, { prefix: "statuses" });
  const projectUrl = await newProject(page, "Workflow");
  await page.goto(`${projectUrl}?view=board`);
  const review = page.getByRole("region", { name: "Review", exact: true });
  await review.getByLabel("New task in Review").fill("Check the copy");
  await review.getByRole("button", { name: "Add" }).click();
  await expect(review.getByRole("link", { name: "Check the copy" })).toBeVisible();

  await page.goto(`${projectUrl}?view=settings`);
  const section = page.getByRole("region", { name: "Statuses" });
  const adding = section.getByRole("form", { name: "Add a status" });
  await adding.getByLabel("Name").fill("review");
  await adding.getByRole("button", { name: "Add Status" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "already has a status with this name" })).toBeVisible();
  await expect(page.getByRole("form", { name: "Add a status" }).getByLabel("Name")).toHaveValue("review");

  await page.getByRole("form", { name: "Add a status" }).getByLabel("Name").fill("Blocked");
  await page.getByRole("form", { name: "Add a status" }).getByLabel("Colour").selectOption("rose");
  await page.getByRole("form", { name: "Add a status" }).getByRole("button", { name: "Add Status" }).click();
  await expect(page.getByText("Status added")).toBeVisible();
  // Blocked was last (nothing to its right); once moved, it can go right again.
  await expect(page.getByRole("button", { name: "Move Blocked right" })).toBeDisabled();
  await page.getByRole("button", { name: "Move Blocked left" }).click();
  await expect(page.getByRole("button", { name: "Move Blocked right" })).toBeEnabled();

  const done = page.getByRole("form", { name: "Status Done" });
  await done.getByLabel("Name").fill("Shipped");
  await done.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("form", { name: "Status Shipped" })).toBeVisible();

  await page.getByRole("form", { name: "Status Review" }).locator("..").getByLabel("Move its task to").selectOption({
    label: "To Do",
  });
  await page.getByRole("button", { name: "Delete Review" }).click();
  await expect(page.getByText("Its tasks moved to To Do.")).toBeVisible();
  if (test.info().project.use.javaScriptEnabled !== false) {
    expect((await axeScan(page).include("main").analyze()).violations).toEqual([]);
  }

  await page.goto(`${projectUrl}?view=board`);
  await expect(page.locator(".pl-column h3")).toHaveText(["To Do", "In Progress", "Blocked", "Shipped"]);
  await expect(
    page.getByRole("region", { name: "To Do", exact: true }).getByRole("link", { name: "Check the copy" }),
  ).toBeVisible();
});
