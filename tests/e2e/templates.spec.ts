import { expect, test, type Page } from "@playwright/test";

import { signUpAndSignIn } from "./support/account";
import { axeScan } from "./support/axe";
import { openAppPage } from "./support/hydration";
import { newProject } from "./support/projects";

/** Project Templates with JavaScript on and off: filter, search, use one, save one and manage it. */
const usesJs = () => test.info().project.use.javaScriptEnabled !== false;

const cards = (page: Page) => page.getByRole("main").getByRole("article");

const open = (page: Page, url: string) => openAppPage(page, url, usesJs());

test("filter and search the templates, then use one and land on its project", async ({ page }) => {
  await signUpAndSignIn(page, { prefix: "tpl-use" });
  await open(page, "/app/templates");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Project Templates");
  await expect(cards(page)).toHaveCount(6);
  if (usesJs()) expect((await axeScan(page).analyze()).violations).toEqual([]);

  // Filter is a <details> menu of links: a category narrows the list on the server.
  await page.getByLabel("Filter by category").click();
  await page.getByRole("link", { name: "HR", exact: true }).click();
  await expect(page).toHaveURL(/\/app\/templates\?category=HR$/);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page)).toContainText("Onboarding Checklist");

  const search = page.getByRole("search", { name: "Search templates" });
  await search.getByLabel("Search templates").fill("agenda");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/category=HR&q=agenda$/);
  await expect(page.getByText("No templates match “agenda”.")).toBeVisible();
  await page.getByRole("link", { name: "Show all templates" }).click();
  await expect(page).toHaveURL(/\/app\/templates$/);
  await expect(search.getByLabel("Search templates")).toHaveValue("");
  await search.getByLabel("Search templates").fill("agend");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(cards(page)).toHaveCount(1);
  const agenda = cards(page).filter({ hasText: "Meeting Agenda" });

  await agenda.getByRole("link", { name: "Use Template" }).click();
  if (usesJs()) {
    await expect(page.getByRole("dialog", { name: "Use Meeting Agenda" })).toBeVisible();
  } else {
    await expect(page).toHaveURL(/\/app\/templates\/\w+\/use$/);
  }
  const form = page.getByRole("form", { name: "Use Meeting Agenda" });
  await expect(form.getByLabel(/^Project name/)).toHaveValue("Meeting Agenda");
  await expect(form.getByLabel(/^Start date/)).toHaveValue(new Date().toISOString().slice(0, 10));
  // A blank name is refused beside the field, the start date kept.
  await form.getByLabel(/^Project name/).fill("");
  await form.getByLabel(/^Start date/).fill("2026-05-04");
  await form.getByRole("button", { name: "Create Project" }).click();
  await expect(form.getByText("Enter a project name")).toBeVisible();
  await expect(form.getByLabel(/^Start date/)).toHaveValue("2026-05-04");
  await form.getByLabel(/^Project name/).fill("Weekly sync");
  await form.getByRole("button", { name: "Create Project" }).click();

  await expect(page).toHaveURL(/\/app\/project\/[A-Za-z0-9]{10}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Weekly sync");
  await expect(page.getByRole("status")).toContainText("Weekly sync is ready with 11 tasks.");
  await page.goto(`${page.url()}?view=list`);
  const view = page.locator("#project-view");
  await expect(view.getByRole("link", { name: /Set the goal and invite people/ })).toBeVisible();
  await expect(view.getByText("Follow up on action items")).toBeVisible();
});

test("save a project as a template, find it under My Templates, edit and delete it", async ({ page }) => {
  await signUpAndSignIn(page, { prefix: "tpl-save" });
  const projectUrl = await newProject(page, "Launch Day");
  await open(page, `${projectUrl}?view=settings`);
  await page.getByRole("region", { name: "Save as template" }).getByRole("link", { name: "Save as Template" }).click();
  await expect(page).toHaveURL(/\/save-template$/);

  const save = page.getByRole("form", { name: "Save as template" });
  await expect(save.getByLabel(/^Template name/)).toHaveValue("Launch Day");
  await save.getByLabel(/^Template name/).fill("Launch checklist");
  await save.getByLabel(/^Description/).fill("Everything for a launch day");
  await save.getByLabel(/^Category/).selectOption("Business");
  await save.getByRole("button", { name: "Save Template" }).click();
  await expect(page).toHaveURL(/\/app\/templates\/[A-Za-z0-9]{10}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Launch checklist");
  await expect(page.getByRole("list", { name: "Statuses" })).toContainText("In Progress");
  const templateUrl = page.url();

  await open(page, "/app/templates");
  await page.getByRole("link", { name: "My Templates" }).click();
  await expect(page).toHaveURL(/\?mine=1$/);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page)).toContainText("Launch checklist");
  await cards(page).getByRole("link", { name: "Details" }).click();
  await expect(page).toHaveURL(templateUrl);

  await page.getByRole("link", { name: "Edit" }).click();
  const edit = page.getByRole("form", { name: "Edit template" });
  await edit.getByLabel(/^Template name/).fill("");
  await edit.getByRole("button", { name: "Save Template" }).click();
  await expect(edit.getByText("Enter a template name")).toBeVisible();
  await edit.getByLabel(/^Template name/).fill("Launch runbook");
  await edit.getByRole("button", { name: "Save Template" }).click();
  await expect(page.getByRole("status")).toContainText("Launch runbook is up to date.");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Launch runbook");

  await page.getByRole("link", { name: "Delete" }).click();
  await page.getByRole("form", { name: "Delete template" }).getByRole("button", { name: "Delete Template" }).click();
  await expect(page).toHaveURL(/\/app\/templates\?mine=1$/);
  await expect(page.getByText("You have not saved any templates yet.")).toBeVisible();
  expect((await page.goto(templateUrl))?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Template Not Found");
});
