import { expect, test, type Page } from "@playwright/test";

import { signUpByRequest } from "./support/account";
import { openAppPage } from "./support/hydration";
import { newProject } from "./support/projects";

/** The Activity Log's filters: a GET form in the URL, with and without JavaScript. */
const usesJs = () => test.info().project.use.javaScriptEnabled !== false;

/** Without JavaScript the form is applied with its button; with it, a change applies at once. */
async function choose(page: Page, label: string, option: string) {
  const filters = page.getByRole("form", { name: "Filter activity" });
  await filters.getByLabel(label).selectOption({ label: option });
  if (!usesJs()) await filters.getByRole("button", { name: "Apply" }).click();
}

test("activity log: filter by kind and member, a bad value is left out with a notice @nojs", async ({ page }) => {
  await signUpByRequest(page.request, { prefix: "activity", fullName: "Fay Filter" });
  const projectUrl = await newProject(page, "Filtered");
  await page.goto(`${projectUrl}?view=board`);
  await page.getByLabel("New task in To Do").fill("Draft the agenda");
  await page.getByRole("region", { name: "To Do", exact: true }).getByRole("button", { name: "Add" }).click();
  await expect(page.getByRole("link", { name: "Draft the agenda" })).toBeVisible();

  // A change applies the filter once the page is hydrated (the view's code loads on demand, decision 028).
  await openAppPage(page, `${projectUrl}?view=activity`, usesJs());
  const log = page.getByRole("list", { name: "Activity" });
  await expect(log.getByRole("listitem")).toHaveCount(2);
  await choose(page, "Kind", "Tasks");
  await expect(page).toHaveURL(/kind=tasks/);
  await expect(log.getByRole("listitem")).toHaveText([/Fay Filter created \S+-1 Draft the agenda/]);
  await choose(page, "Member", "Fay Filter");
  await expect(page).toHaveURL(/actor=[0-9a-f-]{36}/);
  await expect(log.getByRole("listitem")).toHaveCount(1);
  await choose(page, "Kind", "Chat");
  await expect(page.getByText("No activity matches these filters.")).toBeVisible();

  await page.goto(`${projectUrl}?view=activity&kind=gossip&actor=nobody`);
  await expect(page.getByRole("status").filter({ hasText: "not a kind of activity" })).toBeVisible();
  await expect(page.getByText("That person is not a member of this workspace")).toBeVisible();
  await expect(log.getByRole("listitem")).toHaveCount(2);
});
