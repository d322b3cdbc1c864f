import { expect, type Page } from "@playwright/test";

/** Creates a project through the New Project page (with JavaScript on or off) and returns its URL. */
export async function newProject(page: Page, name: string) {
  await page.goto("/app/projects/new");
  await page
    .getByRole("form", { name: "Create project" })
    .getByLabel(/^Project name/)
    .fill(name);
  await page.getByRole("button", { name: "Create Project" }).click();
  await expect(page).toHaveURL(/\/app\/project\/[A-Za-z0-9]{10}$/);
  return page.url();
}
