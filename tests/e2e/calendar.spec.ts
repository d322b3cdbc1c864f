import { expect, test, type Page } from "@playwright/test";

import { signUpByRequest } from "./support/account";
import { axeScan } from "./support/axe";
import { newProject } from "./support/projects";
import { pickUpByKeyboard } from "./support/keyboard-drag";

/**
 * The project's Calendar view, with JavaScript on and off: months in the URL, a task on its
 * due day, the day view, a due date set from the undated list by its plain form; with
 * JavaScript, a task dragged from the undated list onto a day, still there after a reload.
 */
const usesJs = () => test.info().project.use.javaScriptEnabled !== false;

const MONTHS = "January February March April May June July August September October November December".split(" ");

/** A day's cell, found by its date link ("February 18, 2027"). */
const cell = (page: Page, day: string) =>
  page.getByRole("cell").filter({ has: page.getByRole("link", { name: day, exact: true }) });

/** A new project with undated tasks added on its board; its URL. */
async function projectWithTasks(page: Page, prefix: string, titles: string[]) {
  await signUpByRequest(page.request, { prefix });
  const projectUrl = await newProject(page, "Orbit Calendar");
  await page.goto(`${projectUrl}?view=board`);
  const todo = page.getByRole("region", { name: "To Do", exact: true });
  for (const title of titles) {
    await todo.getByLabel("New task in To Do").fill(title);
    await todo.getByRole("button", { name: "Add" }).click();
    await expect(todo.getByRole("link", { name: title })).toBeVisible();
  }
  return projectUrl;
}

// Wide enough for the undated list beside the grid, where the drag starts.
test.use({ viewport: { width: 1600, height: 1000 } });

test("calendar: months in the URL, tasks on their days, a due date set by the undated list's form @nojs", async ({
  page,
}) => {
  const projectUrl = await projectWithTasks(page, "calendar", ["Launch party", "Book the venue"]);

  // Months are in the URL; Previous, Next and Today are links.
  await page.goto(`${projectUrl}?view=calendar&month=2027-02`);
  await expect(page.getByRole("heading", { name: "February 2027" })).toBeVisible();
  await expect(page.getByRole("columnheader")).toHaveText(["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]);
  await expect(page.getByRole("cell")).toHaveCount(35);
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\?view=calendar&month=2027-03$/);
  await expect(page.getByRole("heading", { name: "March 2027" })).toBeVisible();
  await page.getByRole("link", { name: "Today" }).click();
  await expect(page).toHaveURL(/\?view=calendar$/);
  const now = new Date();
  await expect(
    page.getByRole("heading", { name: `${MONTHS[now.getUTCMonth()]} ${now.getUTCFullYear()}` }),
  ).toBeVisible();
  await expect(page.locator('td[aria-current="date"]')).toHaveCount(1);
  await page.goto(`${projectUrl}?view=calendar&month=2027-03`);
  await page.getByRole("link", { name: "Previous" }).click();
  await expect(page).toHaveURL(/\?view=calendar&month=2027-02$/);

  // An undated task gets its due date from the side list's form, and shows on that day.
  const undated = page.getByRole("region", { name: /^No due date/ });
  await expect(undated.getByRole("heading")).toHaveText("No due date (2)");
  const party = undated.getByRole("listitem").filter({ hasText: "Launch party" });
  const key = (await party.locator(".pl-cal-key").textContent())!.trim();
  await party.getByLabel(`Due date of ${key}`).fill("2027-02-18");
  await party.getByRole("button", { name: "Set due date" }).click();
  await expect(page.getByText(`${key} is due February 18, 2027.`)).toBeVisible();
  await expect(page).toHaveURL(/\?view=calendar&month=2027-02$/);
  await expect(cell(page, "February 18, 2027").getByRole("link", { name: /Launch party/ })).toBeVisible();
  await expect(undated.getByRole("heading")).toHaveText("No due date (1)");

  // The day view lists the day's tasks in full, each with its form.
  await cell(page, "February 18, 2027").getByRole("link", { name: "February 18, 2027" }).click();
  await expect(page).toHaveURL(/month=2027-02&day=2027-02-18$/);
  const day = page.getByRole("region", { name: "February 18, 2027" });
  await expect(day.getByRole("link", { name: /Launch party/ })).toBeVisible();
  await expect(day.getByLabel(`Due date of ${key}`)).toHaveValue("2027-02-18");
  if (usesJs()) expect((await axeScan(page).include("main").analyze()).violations).toEqual([]);
});

test("calendar: drag a task from the undated list onto a day, move it by keyboard, a refused move rolls back", async ({
  page,
}) => {
  const projectUrl = await projectWithTasks(page, "calendar-drag", ["Book the venue", "Launch party"]);
  await page.goto(`${projectUrl}?view=calendar&month=2027-02`);
  const undated = page.getByRole("region", { name: /^No due date/ });
  const grip = undated
    .getByRole("listitem")
    .filter({ hasText: "Book the venue" })
    .getByRole("button", { name: /^Reschedule / });
  const target = cell(page, "February 10, 2027");
  const from = (await grip.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 - 20, from.y + from.height / 2, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
  await expect(target.getByRole("link", { name: /Book the venue/ })).toBeVisible();
  await expect(undated.getByRole("heading")).toHaveText("No due date (1)");
  await page.reload();
  const venue = cell(page, "February 10, 2027").getByRole("listitem").filter({ hasText: "Book the venue" });
  await expect(venue).toBeVisible();

  // By keyboard: Space picks it up, an arrow moves it a day, Space drops it.
  // (Each key waits for the screen reader's announcement of the one before, as a user would.)
  await pickUpByKeyboard(venue.getByRole("button", { name: /^Reschedule / }));
  await expect(page.getByText(/Book the venue is over February 10, 2027\.$/)).toBeAttached();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByText(/Book the venue is over February 11, 2027\.$/)).toBeAttached();
  await page.keyboard.press("Space");
  await expect(cell(page, "February 11, 2027").getByRole("link", { name: /Book the venue/ })).toBeVisible();

  // A due date before the start date is refused: the message shows and the task goes back.
  // (The start date is set by the task page's own form, posted directly to keep the flow short.)
  const party = undated.getByRole("listitem").filter({ hasText: "Launch party" });
  const key = (await party.locator(".pl-cal-key").textContent())!.trim();
  const partyHref = await party.getByRole("link", { name: /Launch party/ }).getAttribute("href");
  const fields = { intent: "update-task", title: "Launch party", priority: "none", startDate: "2027-02-15" };
  const saved = await page.request.post(partyHref!, { form: { ...fields, dueDate: "2027-02-18" }, maxRedirects: 0 });
  expect(saved.status()).toBe(302);
  await page.reload();
  const party18 = cell(page, "February 18, 2027").getByRole("listitem").filter({ hasText: "Launch party" });
  await pickUpByKeyboard(party18.getByRole("button", { name: /^Reschedule / }));
  await expect(page.getByText(/Launch party is over February 18, 2027\.$/)).toBeAttached();
  await page.keyboard.press("ArrowUp");
  await expect(page.getByText(/Launch party is over February 11, 2027\.$/)).toBeAttached();
  await page.keyboard.press("Space");
  await expect(
    page.getByRole("alert").filter({ hasText: `${key} was not moved: The due date cannot be before the start date.` }),
  ).toBeVisible();
  await expect(party18).toBeVisible();
  await expect(cell(page, "February 11, 2027").getByRole("link", { name: /Launch party/ })).toHaveCount(0);
});
