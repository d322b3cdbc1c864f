import { expect, test } from "./support/console-guard";

import { signUpByRequest } from "./support/account";
import { axeScan } from "./support/axe";
import { waitForHydration } from "./support/hydration";
import { newProject } from "./support/projects";

/**
 * The project page with JavaScript on and off: views in the URL, settings (rename, a bad
 * key, archive and restore, delete by typing the name), and the activity log of it all.
 */
const usesJs = () => test.info().project.use.javaScriptEnabled !== false;

test("views live in the URL and the title names the project", async ({ page }) => {
  await signUpByRequest(page.request, { prefix: "project" });
  const url = await newProject(page, "Apollo Launch");
  await expect(page).toHaveTitle("Project APOLLO LAUNCH");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Apollo Launch");
  const views = page.getByRole("navigation", { name: "Project views" });
  await expect(views.getByRole("link", { name: "List" })).toHaveAttribute("aria-current", "page");
  await views.getByRole("link", { name: "Board" }).click();
  await expect(page).toHaveURL(`${url}?view=board`);
  await page.reload();
  await expect(views.getByRole("link", { name: "Board" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { level: 2, name: "Board" })).toBeVisible();
  if (usesJs()) expect((await axeScan(page).analyze()).violations).toEqual([]);

  await page.getByLabel("Share").click();
  await page.getByRole("link", { name: "Sharing Settings" }).click();
  await expect(page.getByLabel("Sharable link")).toHaveValue(url);
  await expect(page.getByRole("region", { name: "Who has access" })).toContainText("Owner");
  await page.getByRole("link", { name: "Back to dashboard" }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
});

test("plain links in repeated items navigate within the page's document; Ctrl+click is left to the browser", async ({
  page,
}) => {
  test.skip(!usesJs(), "client-side navigation needs the page's script");
  await signUpByRequest(page.request, { prefix: "links" });
  const url = await newProject(page, "Hopper");
  await waitForHydration(page);
  // A full page load would lose this mark; a navigation within the app keeps it.
  await page.evaluate(() => Object.assign(window, { plotlineSameDocument: true }));
  const sameDocument = () => page.evaluate(() => "plotlineSameDocument" in window);
  const sidebar = page.getByRole("navigation", { name: "App" });

  await sidebar.getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await page.getByRole("main").getByRole("link", { name: "Hopper", exact: true }).click();
  await expect(page).toHaveURL(url);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hopper");
  expect(await sameDocument()).toBe(true);

  // With Ctrl the browser opens a new tab and this one stays where it is.
  const opened = page.context().waitForEvent("page");
  await sidebar.getByRole("link", { name: "Dashboard" }).click({ modifiers: ["Control"] });
  const tab = await opened;
  await expect(tab).toHaveURL(/\/app\/dashboard$/);
  await tab.close();
  await expect(page).toHaveURL(url);
  expect(await sameDocument()).toBe(true);

  // The List view's sort links (one set per group) keep the scroll position, as Link's preventScrollReset does.
  await page.setViewportSize({ width: 1280, height: 400 });
  const review = page.getByRole("region", { name: "Review", exact: true });
  const scrolled = await review.evaluate((region) => {
    region.scrollIntoView();
    return Math.round(window.scrollY);
  });
  expect(scrolled).toBeGreaterThan(0);
  await review.getByRole("link", { name: "Title" }).evaluate((link: HTMLElement) => link.click());
  await expect(page).toHaveURL(/sort=title&dir=asc$/);
  await expect(review.getByRole("columnheader", { name: /Title/ })).toHaveAttribute("aria-sort", "ascending");
  expect(await page.evaluate(() => Math.round(window.scrollY))).toBe(scrolled);
  expect(await sameDocument()).toBe(true);
});

test("settings: rename, refuse a bad key, archive, restore, delete; the activity log shows each", async ({ page }) => {
  await signUpByRequest(page.request, { prefix: "project", fullName: "Pat Planner" });
  const url = await newProject(page, "Apollo");
  await page.goto(`${url}?view=settings`);
  const details = page.getByRole("form", { name: "Project details" });
  await details.getByLabel(/^Project name/).fill("Artemis");
  await details.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("status")).toContainText("Your changes are saved.");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Artemis");
  await expect(page).toHaveTitle("Project ARTEMIS");

  await details.getByLabel(/^Project name/).fill("Artemis II");
  await details.getByLabel(/^Key/).fill("2bad");
  await details.getByRole("button", { name: "Save Changes" }).click();
  await expect(details.getByText("Use 2–10 capital letters or digits, starting with a letter")).toBeVisible();
  await expect(details.getByLabel(/^Key/)).toHaveValue("2bad");
  await expect(details.getByLabel(/^Project name/)).toHaveValue("Artemis II");

  await page.getByRole("button", { name: "Archive Project" }).click();
  await expect(page.getByText("This project is archived and read-only.")).toBeVisible();
  await page.getByRole("button", { name: "Unarchive Project" }).click();
  await expect(page.getByRole("status")).toContainText("It is back on the dashboard.");

  // Star and unstar from the page's header. With JavaScript the button turns at once and the
  // post goes on in the background: each is waited for, or the log could be read before it.
  const starSaved = () =>
    page.waitForResponse((r) => r.request().method() === "POST" && /\/star(\.data)?(\?|$)/.test(r.url()));
  await Promise.all([starSaved(), page.getByRole("button", { name: "Star Artemis" }).click()]);
  await expect(page.getByRole("button", { name: "Unstar Artemis" })).toBeVisible();
  await Promise.all([starSaved(), page.getByRole("button", { name: "Unstar Artemis" }).click()]);
  await expect(page.getByRole("button", { name: "Star Artemis" })).toBeVisible();

  await page.getByRole("navigation", { name: "Project views" }).getByRole("link", { name: "Activity Log" }).click();
  const log = page.getByRole("list", { name: "Activity" });
  await expect(log.getByRole("listitem")).toHaveText([
    /Pat Planner unstarred the project/,
    /Pat Planner starred the project/,
    /Pat Planner restored the project from the archive/,
    /Pat Planner archived the project/,
    /Pat Planner renamed the project from Apollo to Artemis/,
    /Pat Planner created the project Apollo/,
  ]);
  if (usesJs()) expect((await axeScan(page).analyze()).violations).toEqual([]);

  await page.goto(`${url}?view=settings`);
  const remove = page.getByRole("form", { name: "Delete project" });
  await remove.getByLabel(/^Project name/).fill("Apollo");
  await remove.getByRole("button", { name: "Delete Project" }).click();
  await expect(remove.getByText("Type the project name, Artemis, to confirm.")).toBeVisible();
  await expect(remove.getByLabel(/^Project name/)).toHaveValue("Apollo");
  await remove.getByLabel(/^Project name/).fill("Artemis");
  await remove.getByRole("button", { name: "Delete Project" }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(page.getByRole("status")).toContainText("Artemis was deleted.");
  expect((await page.goto(url))?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Project Not Found");
  // The deletion stays in the workspace's log.
  await page.goto("/app/dashboard");
  await page.getByRole("navigation", { name: "App" }).getByRole("link", { name: "Workspace settings" }).click();
  await expect(page.getByRole("list", { name: "Workspace activity" })).toContainText(
    "Pat Planner deleted the project Artemis",
  );
});
