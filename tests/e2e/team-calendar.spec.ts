import { expect, test, type Page } from "./support/console-guard";

import { signUpByRequest } from "./support/account";
import { axeScan } from "./support/axe";
import { openAppPage } from "./support/hydration";

/**
 * The team calendar (/app/calendar), with JavaScript on (Add Event is a dialog) and off (it
 * is a page): months in the URL, an event added, edited and deleted, a day opened and an
 * all-day event added from it.
 */
const usesJs = () => test.info().project.use.javaScriptEnabled !== false;

/** A day's cell, found by its date link ("February 18, 2027"). */
const cell = (page: Page, day: string) =>
  page.getByRole("cell").filter({ has: page.getByRole("link", { name: day, exact: true }) });

// A zone far from UTC: with JavaScript the browser's zone is the one the times are typed and shown in.
test.use({ viewport: { width: 1400, height: 1000 }, timezoneId: "Asia/Tokyo" });

test("team calendar: months in the URL, an event added, edited and deleted, a day opened @nojs", async ({ page }) => {
  await signUpByRequest(page.request, { prefix: "team-calendar" });

  // Previous, Next and Today are links with the month in the URL.
  await page.goto("/app/calendar?month=2027-02");
  await expect(page.getByRole("heading", { name: "February 2027", level: 1 })).toBeVisible();
  await expect(page.getByRole("columnheader")).toHaveText(["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]);
  await expect(page.getByRole("cell")).toHaveCount(35);
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/app\/calendar\?month=2027-03$/);
  await expect(page.getByRole("heading", { name: "March 2027", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Previous" }).click();
  // Each click once the page it led to is there: a second click during the navigation is lost.
  await expect(page.getByRole("heading", { name: "February 2027", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Previous" }).click();
  await expect(page).toHaveURL(/\?month=2027-01$/);
  // January 2027 starts on a Friday and has 31 days: six weeks.
  await expect(page.getByRole("cell")).toHaveCount(42);
  await page.getByRole("link", { name: "Today" }).click();
  await expect(page).toHaveURL(/\/app\/calendar$/);
  // Today's month in the viewer's zone: the browser's (Tokyo, whose month begins nine hours
  // before UTC's) once the calendar's script has told the server, UTC without JavaScript.
  const timeZone = usesJs() ? "Asia/Tokyo" : "UTC";
  const thisMonth = new Intl.DateTimeFormat("en-US", { timeZone, month: "long", year: "numeric" });
  await expect(page.getByRole("heading", { name: thisMonth.format(new Date()), level: 1 })).toBeVisible();
  await expect(page.locator('td[aria-current="date"]')).toHaveCount(1);

  // Add Event: a dialog with JavaScript, a page without; an end before the start is refused beside the field.
  // With JavaScript, a click before hydration would follow the link to the page instead.
  await openAppPage(page, "/app/calendar?month=2027-02", usesJs());
  await page.getByRole("link", { name: "Add Event" }).click();
  if (usesJs()) await expect(page.getByRole("dialog", { name: "Add Event" })).toBeVisible();
  else await expect(page.getByRole("heading", { name: "Add Event", level: 1 })).toBeVisible();
  const form = page.getByRole("form", { name: "Add event" });
  await form.getByLabel("Title").fill("Design review");
  await form.getByLabel("Start date").fill("2027-02-18");
  await form.getByLabel("Start time").fill("14:00");
  await form.getByLabel("End date").fill("2027-02-18");
  await form.getByLabel("End time").fill("13:00");
  await form.getByRole("button", { name: "Add Event" }).click();
  await expect(form.getByText("The end cannot be before the start")).toBeVisible();
  await expect(form.getByLabel("Title")).toHaveValue("Design review");
  await form.getByLabel("End time").fill("15:00");
  await form.getByRole("button", { name: "Add Event" }).click();
  await expect(page).toHaveURL(/\/app\/calendar\?month=2027-02$/);
  await expect(page.getByText("Design review on February 18, 2027.")).toBeVisible();
  const review = cell(page, "February 18, 2027").getByRole("link", { name: /Design review/ });
  await expect(review).toHaveText("2:00 PMDesign review");

  // Its page: Edit moves it to the next day, Delete takes it off the calendar.
  await review.click();
  await expect(page.getByRole("heading", { name: "Design review", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Edit" }).click();
  const edit = page.getByRole("form", { name: "Edit event" });
  await edit.getByLabel("Title").fill("Design review, moved");
  await edit.getByLabel("Start date").fill("2027-02-19");
  await edit.getByLabel("End date").fill("2027-02-19");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("heading", { name: "Design review, moved", level: 1 })).toBeVisible();
  await expect(page.getByText(/Feb 19, 2027, 2:00\s?PM/).first()).toBeVisible();
  await page.getByText("Delete", { exact: true }).click();
  await page.getByRole("button", { name: "Delete event" }).click();
  await expect(page).toHaveURL(/\/app\/calendar\?month=2027-02$/);
  await expect(page.getByText("Design review, moved is off the calendar.")).toBeVisible();
  await expect(page.getByRole("link", { name: /Design review/ })).toHaveCount(0);

  // Add Event opens on the month's first day; an event on another day needs only its start
  // date: the end follows it (moved by the form with JavaScript, by the server without).
  await openAppPage(page, "/app/calendar?month=2027-02", usesJs());
  await page.getByRole("link", { name: "Add Event" }).click();
  const another = page.getByRole("form", { name: "Add event" });
  // (The dialog loads its form: filling waits for it.)
  await another.getByLabel("Title").fill("Retro");
  await expect(another.getByLabel("End date")).toHaveValue("2027-02-01");
  await another.getByLabel("Start date").fill("2027-02-25");
  if (usesJs()) await expect(another.getByLabel("End date")).toHaveValue("2027-02-25");
  await another.getByRole("button", { name: "Add Event" }).click();
  await expect(page.getByText("Retro on February 25, 2027.")).toBeVisible();
  await expect(cell(page, "February 25, 2027").getByRole("link", { name: /Retro/ })).toHaveText("9:00 AMRetro");

  // A day opens its own page with its items and an Add Event form for that day.
  await cell(page, "February 10, 2027").getByRole("link", { name: "February 10, 2027" }).click();
  await expect(page).toHaveURL(/\/app\/calendar\/day\/2027-02-10$/);
  await expect(page.getByRole("heading", { name: "February 10, 2027", level: 1 })).toBeVisible();
  await expect(page.getByText("No events this day.")).toBeVisible();
  const add = page.getByRole("form", { name: "Add event" });
  await expect(add.getByLabel("Start date")).toHaveValue("2027-02-10");
  await add.getByLabel("Title").fill("Offsite");
  await add.getByLabel("All day").check();
  await add.getByRole("button", { name: "Add Event" }).click();
  await expect(page).toHaveURL(/\/app\/calendar\/day\/2027-02-10$/);
  await expect(
    page.getByRole("region", { name: "Events" }).getByRole("link", { name: "All dayOffsite" }),
  ).toBeVisible();
  if (usesJs()) {
    await page.goto("/app/calendar?month=2027-02");
    await expect(cell(page, "February 10, 2027").getByRole("link", { name: /Offsite/ })).toBeVisible();
    expect((await axeScan(page).include("main").analyze()).violations).toEqual([]);
  }
});
