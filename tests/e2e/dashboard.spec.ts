import { expect, test, type Page } from "./support/console-guard";

import { signUpAndSignIn, signUpByRequest } from "./support/account";
import { axeScan } from "./support/axe";
import { createProjectByRequest } from "./support/projects";

/**
 * The app shell and the dashboard, with JavaScript on (dialogs, fetchers) and off (plain
 * pages and form posts): create a project, star and unstar it, edit and delete it.
 */

const usesJs = () => test.info().project.use.javaScriptEnabled !== false;

async function createProject(page: Page, name: string) {
  await page.getByRole("main").getByRole("link", { name: "Create New Project" }).click();
  // With JavaScript a dialog opens over the dashboard; without, the same form as a page.
  const form = page.getByRole("form", { name: "Create project" });
  if (usesJs()) await expect(page.getByRole("dialog")).toBeVisible();
  else await expect(page).toHaveURL(/\/app\/projects\/new$/);
  await form.getByLabel(/^Project name/).fill(name);
  await form.getByLabel(/^Description/).fill(`All about ${name}`);
  await form.getByRole("button", { name: "Create Project" }).click();
  await expect(page).toHaveURL(/\/app\/project\/[A-Za-z0-9]{10}$/);
  await expect(page.getByRole("status")).toContainText("Project created");
}

function card(page: Page, name: string) {
  return page.getByRole("region", { name: "All Projects" }).getByRole("article", { name });
}

// What the server renders for a new account: without JavaScript the same page, step for step.
test("a new account lands on an empty dashboard in its personal workspace", { tag: "@once" }, async ({ page }) => {
  await signUpAndSignIn(page, { prefix: "dash", fullName: "Grace Hopper" });
  await expect(page).toHaveTitle("My Dashboard · Plotline");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Dashboard");
  await expect(page.getByText("No starred projects yet. Star a project to see it here!")).toBeVisible();
  const sidebar = page.getByRole("navigation", { name: "App" });
  await expect(sidebar.getByText("Grace Hopper's Workspace")).toBeVisible();
  for (const link of ["Dashboard", "Team Management", "Settings"]) {
    await expect(sidebar.getByRole("link", { name: link, exact: true })).toBeVisible();
  }
  const top = page.getByRole("navigation", { name: "Top" });
  for (const link of ["Dashboard", "Templates", "Calendar"]) {
    await expect(top.getByRole("link", { name: link, exact: true })).toBeVisible();
  }
  if (usesJs()) {
    // The welcome toast fades in: scanned mid-fade, its colours are not yet its own.
    await expect(page.getByRole("status").filter({ hasText: "Signed in successfully!" })).toHaveCSS("opacity", "1");
    expect((await axeScan(page).analyze()).violations).toEqual([]);
  }
});

test(
  "the shell, the dashboard and a project's List and Board as served, before their scripts run, have no axe violations",
  { tag: "@once" },
  async ({ page }) => {
    await signUpByRequest(page.request, { prefix: "dash-served" });
    // Its scripts refused, the page stays as served: what a slow connection shows until hydration.
    await page.route(/\/assets\/.*\.js/, (route) => route.abort());
    await page.goto("/app/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Dashboard");
    await expect(page.getByRole("link", { name: "Open AI Assistant" })).toBeVisible();
    expect((await axeScan(page).analyze()).violations).toEqual([]);
    // A project's two main views as served: the List (a table per status, quick add) and the Board.
    const project = await createProjectByRequest(page.request, "Served Views");
    for (const view of ["list", "board"]) {
      await page.goto(`${project}?view=${view}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Served Views");
      expect((await axeScan(page).analyze()).violations, view).toEqual([]);
    }
  },
);

test("create, star, unstar, edit and delete a project from the dashboard", async ({ page }) => {
  await signUpAndSignIn(page, { prefix: "dash" });
  // An empty dashboard offers the first project (the create dialog with JavaScript, else its page).
  await page.goto("/app/dashboard");
  const empty = page.getByRole("region", { name: "All Projects" });
  await expect(empty.getByText("No projects yet. Create your first project to get started.")).toBeVisible();
  await expect(empty.getByRole("link", { name: "Create your first project" })).toHaveAttribute(
    "href",
    "/app/projects/new",
  );
  await createProject(page, "Website Redesign");
  await page.getByRole("navigation", { name: "App" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(card(page, "Website Redesign")).toContainText("Edited just now");

  // Star: the card moves into Starred Projects and the sidebar's Starred list.
  await card(page, "Website Redesign").getByRole("button", { name: "Star Website Redesign" }).click();
  const starred = page.getByRole("region", { name: "Starred Projects" });
  await expect(starred.getByRole("article", { name: "Website Redesign" })).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Starred", exact: true }).getByRole("link", { name: "Website Redesign" }),
  ).toBeVisible();
  await page.reload();
  await expect(starred.getByRole("article", { name: "Website Redesign" })).toBeVisible();

  // Unstar from the card's menu.
  await card(page, "Website Redesign").getByLabel("Actions for Website Redesign").click();
  await card(page, "Website Redesign").getByRole("button", { name: "Unstar", exact: true }).click();
  await expect(page.getByText("No starred projects yet. Star a project to see it here!")).toBeVisible();

  // Edit opens the project's settings.
  await card(page, "Website Redesign").getByLabel("Actions for Website Redesign").click();
  await card(page, "Website Redesign").getByRole("link", { name: "Edit", exact: true }).click();
  await expect(page).toHaveURL(/\/app\/project\/[A-Za-z0-9]{10}\?view=settings$/);

  // Delete, confirmed (a dialog with JavaScript, a page without).
  await page.goto("/app/dashboard");
  await card(page, "Website Redesign").getByLabel("Actions for Website Redesign").click();
  await card(page, "Website Redesign").getByRole("link", { name: "Delete", exact: true }).click();
  if (usesJs()) {
    await page.getByRole("dialog").getByRole("button", { name: "Delete Project" }).click();
  } else {
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Delete Website Redesign?");
    await page.getByRole("button", { name: "Delete Project" }).click();
  }
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(page.getByRole("status")).toContainText("Website Redesign was deleted.");
  await expect(card(page, "Website Redesign")).toHaveCount(0);
});

test("create-project errors show beside the field and keep what was typed", async ({ page }) => {
  await signUpAndSignIn(page, { prefix: "dash" });
  await page.goto("/app/projects/new");
  const form = page.getByRole("form", { name: "Create project" });
  await form.getByLabel(/^Project name/).fill("Apollo");
  await form.getByLabel(/^Key/).fill("1x");
  await form.getByRole("button", { name: "Create Project" }).click();
  await expect(form.getByText("Use 2–10 capital letters or digits, starting with a letter")).toBeVisible();
  await expect(form.getByLabel(/^Project name/)).toHaveValue("Apollo");
  // axe runs as a script inside the page.
  if (usesJs()) expect((await axeScan(page).analyze()).violations).toEqual([]);
});

test("filter by workspace, sort by name, and the sidebar stays collapsed after a reload", async ({ page }) => {
  await signUpAndSignIn(page, { prefix: "dash" });
  // Made in this order, the default order (last edited first) differs from the name order,
  // so the sort has something to change.
  await createProject(page, "alpha");
  await page.goto("/app/dashboard");
  await createProject(page, "Zeta");
  await page.goto("/app/dashboard");
  const names = page.getByRole("region", { name: "All Projects" }).getByRole("heading", { level: 3 });
  await expect(names).toHaveText(["Zeta", "alpha"]);
  await page.getByLabel("Sort by").selectOption("name");
  if (!usesJs()) await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/sort=name/);
  await expect(names).toHaveText(["alpha", "Zeta"]);

  // With JavaScript the sidebar closes at once and the choice is saved in the background:
  // the reload must not cancel the save.
  const saved = usesJs()
    ? page.waitForResponse((response) => new URL(response.url()).pathname.startsWith("/app/sidebar"))
    : null;
  await page.getByRole("button", { name: "Collapse sidebar" }).click();
  await expect(page.getByRole("complementary", { name: "Sidebar" })).toHaveCount(0);
  await saved;
  await page.reload();
  await expect(page.getByRole("complementary", { name: "Sidebar" })).toHaveCount(0);
  await page.getByRole("button", { name: "Expand sidebar" }).click();
  await expect(page.getByRole("complementary", { name: "Sidebar" })).toBeVisible();
});

test("the top bar: search, theme menu and account menu", async ({ page }) => {
  await signUpAndSignIn(page, { prefix: "dash" });
  await page.getByRole("searchbox", { name: "Search", exact: true }).fill("web");
  await page.getByRole("searchbox", { name: "Search", exact: true }).press("Enter");
  await expect(page).toHaveURL(/\/app\/search\?q=web$/);
  // The URL changes before the new page has rendered (and closed any open menu).
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search");

  await page.getByLabel("Theme").click();
  // With JavaScript the page turns dark at once and saves in the background: wait for the save.
  const saved = usesJs() ? page.waitForResponse((response) => response.url().endsWith("/action/set-theme")) : null;
  await page.getByRole("button", { name: "Dark" }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await saved;
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);

  // The public site's header has the same account menu, with a way back to the Dashboard.
  await page.goto("/pricing");
  await page.getByLabel("Account menu").click();
  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);

  await page.getByLabel("Account menu").click();
  await expect(page.getByRole("link", { name: "Settings" }).last()).toBeVisible();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("on a phone the sidebar is a drawer opened from the top bar", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signUpAndSignIn(page, { prefix: "dash", fullName: "Mae Jemison" });
  await expect(page.getByRole("complementary", { name: "Sidebar" })).toBeHidden();
  await page.getByLabel("Open navigation").click();
  const drawer = page.getByRole("navigation", { name: "App" });
  await expect(drawer.getByText("Mae Jemison's Workspace")).toBeVisible();
  await drawer.getByRole("link", { name: "Settings", exact: true }).click();
  await expect(page).toHaveURL(/\/app\/settings$/);
});
