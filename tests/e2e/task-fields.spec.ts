import { expect, test, type Page } from "./support/console-guard";

import { signUpByRequest } from "./support/account";
import { mailTo, uniqueEmail } from "./support/mailbox";
import { axeScan } from "./support/axe";
import { openAppPage } from "./support/hydration";
import { newProject } from "./support/projects";
import { chip, chooseIn, popover, setDate, setProperty } from "./support/task-fields";

/**
 * With JavaScript a task's properties are edited where they are shown and saved on choice:
 * on the task page (mouse and keyboard), in a List cell and on a Board card, with no page
 * navigation and no Save button; a refusal puts the old value back with the server's reason.
 * (Without JavaScript the same properties post their own forms: tasks.spec.ts.)
 */
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the editors in place need JavaScript");

/** Counts the main frame's navigations from now on: an edit in place makes none. */
function navigations(page: Page) {
  let count = 0;
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) count += 1;
  });
  return () => count;
}

async function projectWithTasks(page: Page, name: string, titles: string[]) {
  const url = await newProject(page, name);
  await openAppPage(page, `${url}?view=list`, true);
  const todo = page.getByRole("region", { name: "To Do", exact: true });
  for (const title of titles) {
    await todo.getByLabel("New task in To Do").fill(title);
    await todo.getByLabel("New task in To Do").press("Enter");
    await expect(todo.getByRole("link", { name: title, exact: true })).toBeVisible();
  }
  return url;
}

test("the task page: every property by mouse and by keyboard, saved without a navigation, kept after a reload", async ({
  page,
}) => {
  await signUpByRequest(page.request, { prefix: "fields", fullName: "Fay Fields" });
  const url = await projectWithTasks(page, "Fields", ["Ship the editor"]);
  const href = await page.getByRole("link", { name: "Ship the editor", exact: true }).getAttribute("href");
  await openAppPage(page, href!, true);
  const navigated = navigations(page);
  await expect(page.getByRole("button", { name: /^Save/ })).toHaveCount(0);

  // By mouse.
  await setProperty(page, page, "Status", "In Progress");
  await expect(chip(page, "Status")).toHaveAccessibleName("Status In Progress");
  await setProperty(page, page, "Priority", "Urgent");
  await expect(chip(page, "Priority")).toHaveAccessibleName("Priority Urgent");
  expect((await axeScan(page).include("main").analyze()).violations).toEqual([]);
  await setProperty(page, page, "Assignees", "Fay Fields");
  await expect(popover(page, "Assignees").getByRole("option", { name: "Fay Fields" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  expect((await axeScan(page).include("[role=dialog]").analyze()).violations).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(chip(page, "Assignees")).toHaveAccessibleName("Assignees Fay Fields");
  await expect(chip(page, "Assignees")).toBeFocused();
  await setDate(page, page, "Due date", "2027-03-05");
  await expect(chip(page, "Due date").locator("time")).toHaveAttribute("datetime", "2027-03-05");

  // The title and the description in place: Enter saves the one, Ctrl+Enter the other.
  await page.getByRole("button", { name: "Ship the editor" }).click();
  await page.getByRole("textbox", { name: "Title", exact: true }).fill("Ship the property editor");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ship the property editor");
  await page.getByRole("button", { name: "Add a description…" }).click();
  await page.getByRole("textbox", { name: "Description" }).fill("Chips that **save** on choice.");
  await page.keyboard.press("Control+Enter");
  await expect(page.getByRole("region", { name: "Description" }).locator("strong")).toHaveText("save");

  // By keyboard: s, p, d on the open task; type to filter, Enter to choose.
  await page.locator("body").click({ position: { x: 5, y: 400 } });
  await page.keyboard.press("s");
  await expect(popover(page, "Status")).toBeVisible();
  await page.keyboard.type("Rev");
  await page.keyboard.press("Enter");
  await expect(chip(page, "Status")).toHaveAccessibleName("Status Review");
  await expect(chip(page, "Status")).toBeFocused();
  await page.keyboard.press("p");
  await page.keyboard.type("low");
  await page.keyboard.press("Enter");
  await expect(chip(page, "Priority")).toHaveAccessibleName("Priority Low");
  await page.keyboard.press("d");
  await expect(popover(page, "Due date")).toBeVisible();
  await page.keyboard.press("Enter"); // the first quick pick, Today
  await expect(popover(page, "Due date")).toHaveCount(0);
  await page.keyboard.press("a");
  await expect(popover(page, "Assignees")).toBeVisible();
  await page.keyboard.press("Escape");
  await page.keyboard.press("l");
  await expect(popover(page, "Labels")).toBeVisible();
  await page.keyboard.press("Escape");

  // A refusal: a start date after the due date goes back, with the server's reason.
  await setDate(page, page, "Due date", "2027-03-05");
  await setDate(page, page, "Start date", "2027-04-01");
  await expect(page.getByText("The due date cannot be before the start date.")).toBeVisible();
  await expect(chip(page, "Start date")).toHaveAccessibleName("Start date No date");

  expect(navigated(), "no edit navigated the page").toBe(0);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ship the property editor");
  await expect(chip(page, "Status")).toHaveAccessibleName("Status Review");
  await expect(chip(page, "Priority")).toHaveAccessibleName("Priority Low");
  await expect(chip(page, "Assignees")).toHaveAccessibleName("Assignees Fay Fields");
  await expect(chip(page, "Due date").locator("time")).toHaveAttribute("datetime", "2027-03-05");
  await expect(chip(page, "Start date")).toHaveAccessibleName("Start date No date");
  await page.goto(`${url}?view=activity`);
  await expect(page.getByRole("main").getByText(/priority from urgent to low$/)).toBeVisible();
});

test("a List cell and a Board card edit in place, by click and by shortcut, without a navigation", async ({ page }) => {
  await signUpByRequest(page.request, { prefix: "cells", fullName: "Cal Cells" });
  const url = await projectWithTasks(page, "Cells", ["Triage the inbox", "Answer the reviews"]);
  const navigated = navigations(page);
  const row = page.getByRole("row").filter({ hasText: "Triage the inbox" });

  await row.locator("td.pl-priority").click();
  await chooseIn(page, "Priority", "High");
  await expect(row.locator("td.pl-priority")).toHaveText(/(^|: )high$/);
  await row.locator("td.pl-assignees").click();
  await chooseIn(page, "Assignees", "Cal Cells");
  await page.keyboard.press("Escape");
  await expect(row.getByRole("img", { name: "Cal Cells" })).toBeVisible();
  // A label made from the cell's popover, as on the task page.
  // The labels live in the title's cell: a click beside the title opens their editor.
  const titleCell = row.locator("td.pl-title");
  const { width, height } = (await titleCell.boundingBox())!;
  await titleCell.click({ position: { x: width - 12, y: height / 2 } });
  await popover(page, "Labels").getByRole("combobox").fill("regression");
  await popover(page, "Labels").getByRole("option", { name: "Create label “regression”" }).click();
  await page.keyboard.press("Escape");
  await expect(row.locator(".pl-label")).toHaveText(["regression"]);

  // A shortcut on the focused row (j moves to it, as the title links are the rows' focus).
  await row.getByRole("link", { name: "Triage the inbox", exact: true }).focus();
  await page.keyboard.press("d");
  await page.getByRole("button", { name: "Tomorrow" }).click();
  await expect(row.locator("td.pl-due")).toHaveText("Tomorrow");
  expect(navigated()).toBe(0);

  // The Board: the card has no Move select; a chip and `s` change it there.
  await openAppPage(page, `${url}?view=board`, true);
  const afterBoard = navigations(page);
  const card = page.locator("article").filter({ hasText: "Answer the reviews" });
  await expect(card.getByRole("combobox")).toHaveCount(0);
  await expect(card.getByRole("button", { name: "Move" })).toHaveCount(0);
  await card.getByRole("link", { name: "Answer the reviews" }).focus();
  await page.keyboard.press("s");
  await chooseIn(page, "Status", "Done");
  const done = page.getByRole("region", { name: "Done", exact: true });
  await expect(done.getByRole("link", { name: "Answer the reviews" })).toBeVisible();
  const moved = done.locator("article").filter({ hasText: "Answer the reviews" });
  await moved.getByRole("link", { name: "Answer the reviews" }).focus();
  await page.keyboard.press("p");
  await chooseIn(page, "Priority", "Medium");
  await expect(moved.locator(".pl-priority")).toHaveText(/(^|: )medium$/);
  await moved.getByRole("link", { name: /^Priority of / }).click();
  // The chip shows the choice at once; the reload below must wait for the server's answer to it.
  const savedUrgent = page.waitForResponse(
    (response) => response.request().method() === "POST" && /urgent/.test(response.request().postData() ?? ""),
  );
  await chooseIn(page, "Priority", "Urgent");
  await expect(moved.locator(".pl-priority")).toHaveText(/(^|: )urgent$/);
  expect(afterBoard()).toBe(0);
  expect((await savedUrgent).ok()).toBe(true);

  // Kept after a reload.
  await page.reload();
  await expect(page.getByRole("region", { name: "Done", exact: true }).locator("article .pl-priority")).toHaveText(
    /(^|: )urgent$/,
  );
  await openAppPage(page, `${url}?view=list`, true);
  await expect(page.getByRole("row").filter({ hasText: "Triage the inbox" }).locator("td.pl-priority")).toHaveText(
    /(^|: )high$/,
  );
});

test("a member made a viewer meanwhile: the change goes back with the server's reason", async ({ page, browser }) => {
  await signUpByRequest(page.request, { prefix: "demote-owner", fullName: "Olga Owner" });
  await projectWithTasks(page, "Demotion", ["Plan the launch"]);
  const href = await page.getByRole("link", { name: "Plan the launch", exact: true }).getAttribute("href");

  // Vera joins as an editor (the invitation's default role) and opens the task.
  const veraContext = await browser.newContext();
  const vera = await veraContext.newPage();
  const veraEmail = uniqueEmail("demote-vera");
  await signUpByRequest(vera.request, { email: veraEmail, fullName: "Vera Viewer" });
  await page.goto("/app/team");
  const invite = page.getByRole("form", { name: "Invite a member" });
  await invite.getByLabel(/^Email/).fill(veraEmail);
  await invite.getByRole("button", { name: "Invite Member" }).click();
  await expect(page.getByRole("status")).toContainText(`We e-mailed an invitation to ${veraEmail}.`);
  const invitation = (await mailTo(veraEmail, 2)).find((mail) => mail.subject.includes("invited you"));
  await vera.goto(invitation!.text.match(/https?:\/\/\S+\/invite\/\S+/)![0]);
  await vera.getByRole("button", { name: "Accept invitation" }).click();
  await expect(vera).toHaveURL(/\/app\/team\?workspace=/);
  // Her page hears no live updates, which would otherwise take her editors away at once.
  await vera.route("**/app/events**", (route) => route.abort());
  await openAppPage(vera, href!, true);
  await expect(chip(vera, "Priority")).toHaveAccessibleName("Priority No priority");

  // Olga makes her a viewer; Vera's page still shows the editors, and her change is refused.
  const row = page
    .getByRole("table", { name: /Members/ })
    .getByRole("row")
    .filter({ hasText: veraEmail });
  await row.getByLabel("Actions for Vera Viewer").click();
  await row.getByLabel("Role", { exact: true }).selectOption("viewer");
  await row.getByRole("button", { name: "Change Role" }).click();
  await expect(page.getByRole("status")).toContainText("The member is now Viewer.");
  await setProperty(vera, vera, "Priority", "Urgent");
  await expect(vera.getByRole("alert")).toContainText("Viewers cannot edit tasks.");
  // Back to None (the page may meanwhile have revalidated into its read-only form).
  await expect(vera.locator("#prop-priority-value")).toHaveText("No priority");
  await vera.reload();
  await expect(vera.locator("#prop-priority-value")).toHaveText("No priority");
  await expect(chip(vera, "Priority")).toHaveCount(0);
  await veraContext.close();
});
