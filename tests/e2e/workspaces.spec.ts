import { expect, test } from "@playwright/test";

import { signUpAndSignIn } from "./support/account";
import { axeScan } from "./support/axe";

/** Workspaces, search and notifications with JavaScript on and off. */
const usesJs = () => test.info().project.use.javaScriptEnabled !== false;

test("create, rename and delete a workspace", async ({ page }) => {
  await signUpAndSignIn(page, { prefix: "ws", fullName: "Wanda Works" });
  await page.getByRole("navigation", { name: "App" }).getByRole("link", { name: "New workspace" }).click();
  await expect(page).toHaveURL(/\/app\/workspaces\/new$/);
  const create = page.getByRole("form", { name: "Create workspace" });
  await create.getByRole("button", { name: "Create Workspace" }).click();
  await expect(create.getByText("Enter a workspace name")).toBeVisible();
  await create.getByLabel(/^Workspace name/).fill("Acme Corp");
  await create.getByRole("button", { name: "Create Workspace" }).click();
  await expect(page).toHaveURL(/\/app\/workspaces\/[A-Za-z0-9]{10}$/);
  const url = page.url();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Acme Corp");
  await expect(page.getByRole("navigation", { name: "App" })).toContainText("Acme Corp");
  if (usesJs()) expect((await axeScan(page).analyze()).violations).toEqual([]);

  const rename = page.getByRole("form", { name: "Rename workspace" });
  await rename.getByLabel(/^Workspace name/).fill("   ");
  await rename.getByRole("button", { name: "Rename" }).click();
  await expect(rename.getByText("Enter a workspace name")).toBeVisible();
  await rename.getByLabel(/^Workspace name/).fill("Acme Inc");
  await rename.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByRole("status")).toContainText("It is now called Acme Inc.");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Acme Inc");
  await expect(page.getByRole("list", { name: "Workspace activity" })).toContainText(
    "Wanda Works renamed the workspace from Acme Corp to Acme Inc",
  );

  const remove = page.getByRole("form", { name: "Delete workspace" });
  await remove.getByLabel(/^Workspace name/).fill("Acme");
  await remove.getByRole("button", { name: "Delete Workspace" }).click();
  await expect(remove.getByText("Type the workspace name, Acme Inc, to confirm.")).toBeVisible();
  await expect(remove.getByLabel(/^Workspace name/)).toHaveValue("Acme");
  await remove.getByLabel(/^Workspace name/).fill("Acme Inc");
  await remove.getByRole("button", { name: "Delete Workspace" }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(page.getByRole("status")).toContainText("Acme Inc and its projects were deleted.");
  expect((await page.goto(url))?.status()).toBe(404);
  expect((await page.goto("/app/workspaces/zzzzzzzzzz"))?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Workspace Not Found");
});

test("search finds projects by name; notifications start empty", async ({ page }) => {
  await signUpAndSignIn(page, { prefix: "search" });
  await page.goto("/app/projects/new");
  await page
    .getByRole("form", { name: "Create project" })
    .getByLabel(/^Project name/)
    .fill("Website Redesign");
  await page.getByRole("button", { name: "Create Project" }).click();
  await expect(page).toHaveURL(/\/app\/project\//);

  await page.goto("/app/search?q=redesign");
  await expect(page.getByRole("status").filter({ hasText: "1 result for “redesign”" })).toBeVisible();
  await page
    .getByRole("main")
    .getByRole("link", { name: /Website Redesign/ })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Website Redesign");
  await page.goto("/app/search?q=nothing-like-this");
  await expect(page.getByRole("status").filter({ hasText: "No results for “nothing-like-this”" })).toBeVisible();
  if (usesJs()) expect((await axeScan(page).analyze()).violations).toEqual([]);

  await page.getByLabel("Notifications").click();
  await expect(page.getByRole("banner").getByText("You're all caught up")).toBeVisible();
  await page.getByRole("link", { name: "View all notifications" }).click();
  await expect(page).toHaveURL(/\/app\/notifications$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Notifications");
  await expect(page.getByRole("main").getByText("You're all caught up")).toBeVisible();
});
