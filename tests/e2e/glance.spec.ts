import { expect, test, type Browser, type Page } from "@playwright/test";

import { signUpByRequest } from "./support/account";
import { waitForHydration } from "./support/hydration";
import { mailTo } from "./support/mailbox";
import { createProjectByRequest } from "./support/projects";

/**
 * Readable at a glance, with JavaScript (docs/decisions/021): dates read as words ("Today",
 * "Fri", "Nov 28"), never as ISO days, on the board, the List, the task page and the
 * notifications; and the pages hydrate without a mismatch, in a time zone far from the
 * server's UTC (the root writes it to a cookie and the server renders in it from then on).
 */
const ZONE = "Pacific/Auckland";
test.use({ timezoneId: ZONE, locale: "en-US" });

const ISO_DAY = /\b\d{4}-\d{2}-\d{2}\b/;

/** Today in the browser's zone, plus `days` (YYYY-MM-DD). */
function dayFromToday(days: number) {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The console's hydration complaints (React's #418 in production, "Hydration" in development). */
function watchHydration(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    const text = message.text();
    if (/hydrat|Minified React error #(418|423|425)/i.test(text)) errors.push(`${page.url()}: ${text}`);
  });
  page.on("pageerror", (error) => {
    if (/hydrat|#418|#423|#425/i.test(error.message)) errors.push(`${page.url()}: ${error.message}`);
  });
  return errors;
}

/** Tasks made on the project page's quick add (as its form posts), dated by the task form's own post. */
async function datedTasks(page: Page, projectUrl: string, tasks: { title: string; due: number }[]) {
  const html = await (await page.request.get(`${projectUrl}?view=board`)).text();
  const statusId = /name="statusId"[^>]*value="([^"]+)"/.exec(html)?.[1];
  expect(statusId, "the board's quick add names its status").toBeTruthy();
  for (const task of tasks) {
    const created = await page.request.post(`${projectUrl}?view=board`, {
      form: { intent: "create-task", statusId: statusId!, title: task.title },
      maxRedirects: 0,
    });
    expect(created.status()).toBe(302);
  }
  const board = await (await page.request.get(`${projectUrl}?view=board`)).text();
  for (const task of tasks) {
    const href = new RegExp(`href="(/app/project/[^"]+/task/[^"]+)"[^>]*>${task.title}<`).exec(board)?.[1];
    expect(href, `the card of ${task.title}`).toBeTruthy();
    const saved = await page.request.post(href!, {
      form: { intent: "update-task", title: task.title, priority: "medium", dueDate: dayFromToday(task.due) },
      maxRedirects: 0,
    });
    expect(saved.status()).toBe(302);
  }
}

const TASKS = [
  { title: "Book the venue", due: 0, shown: "Today" },
  { title: "Print the flyers", due: 1, shown: "Tomorrow" },
  { title: "Call the caterer", due: -1, shown: "Yesterday" },
  { title: "Send the invites", due: 3, shown: /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat)$/ },
  { title: "Plan next year", due: 400, shown: /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/ },
];

async function projectWithDates(page: Page, name: string) {
  const projectUrl = new URL(await createProjectByRequest(page.request, name), "http://x").pathname;
  await datedTasks(page, projectUrl, TASKS);
  return projectUrl;
}

async function expectNoIsoDay(page: Page, where: string) {
  const text = await page.locator("main").innerText();
  expect(text.match(ISO_DAY)?.[0], `an ISO date shown on ${where}`).toBeUndefined();
}

async function memberWithInvitation(browser: Browser, owner: Page) {
  const member = await (await browser.newContext({ timezoneId: ZONE, locale: "en-US" })).newPage();
  const { email } = await signUpByRequest(member.request, { prefix: "glance-member", fullName: "Max Member" });
  const team = await (await owner.request.get("/app/team")).text();
  const workspaceId = /name="workspaceId"[^>]*value="([^"]+)"/.exec(team)?.[1];
  const invited = await owner.request.post("/app/team", {
    form: { intent: "invite", workspaceId: workspaceId!, email, role: "editor" },
    maxRedirects: 0,
  });
  expect(invited.status()).toBe(302);
  // They had an account: the invitation is in their notifications as well as their mail.
  const invitation = (await mailTo(email, 2)).find((mail) => /\/invite\/\S+/.test(mail.text));
  const link = invitation?.text.match(/https?:\/\/\S+\/invite\/\S+/)?.[0];
  expect((await member.request.post(link!, { form: { intent: "accept" }, maxRedirects: 0 })).status()).toBe(302);
  return member;
}

test("dates read as words, never as ISO days, on the board, the List, the task page and the notifications", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signUpByRequest(page.request, { prefix: "glance", fullName: "Olive Owner" });
  // The first page tells the server the browser's zone (a cookie) and draws again in it.
  await page.goto("/app/dashboard");
  await waitForHydration(page);
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === "plotline-tz")?.value)
    .toBe(encodeURIComponent(ZONE));
  const projectUrl = await projectWithDates(page, "Glance Launch");

  await page.goto(`${projectUrl}?view=board`);
  await waitForHydration(page);
  for (const task of TASKS) {
    const card = page.locator("#project-view article").filter({ hasText: task.title });
    const due = card.locator(".pl-due time");
    await expect(due).toHaveText(task.shown);
    // The machine date and the full one stay one hover away.
    await expect(due).toHaveAttribute("datetime", dayFromToday(task.due));
    await expect(due).toHaveAttribute("title", /^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4}$/);
  }
  await expect(page.locator("#project-view article").filter({ hasText: "Call the caterer" })).toContainText(
    "Overdue · Yesterday",
  );
  await expectNoIsoDay(page, "the board");

  await page.goto(`${projectUrl}?view=list`);
  await waitForHydration(page);
  const row = page.getByRole("row").filter({ hasText: "Print the flyers" });
  await expect(row.locator("time")).toHaveText("Tomorrow");
  await expectNoIsoDay(page, "the List");

  const taskHref = await page.getByRole("link", { name: "Book the venue" }).getAttribute("href");
  await page.goto(taskHref!);
  await waitForHydration(page);
  // The history says when, in words ("just now"), and what changed (the day by name); it is folded.
  await page.getByText(/^History \(\d+\)$/).click();
  await expect(page.getByRole("list", { name: "Task history" }).locator("time").first()).toHaveText(/just now|minute/);
  await expectNoIsoDay(page, "the task page");

  const member = await memberWithInvitation(browser, page);
  await member.goto("/app/notifications");
  await waitForHydration(member);
  const rows = member.getByRole("list", { name: "Notifications" }).getByRole("listitem");
  await expect(rows.first()).toBeVisible();
  await expect(rows.first().locator("time")).toHaveText(/just now|minute/);
  await expectNoIsoDay(member, "the notifications");
  // The member sees the project's dates in their own zone too.
  await member.goto(`${projectUrl}?view=list`);
  await waitForHydration(member);
  await expect(member.getByRole("row").filter({ hasText: "Book the venue" }).locator("time")).toHaveText("Today");
  await member.context().close();
});

test("the dashboard, the List, the board, the task page, My Tasks and the notifications hydrate without a mismatch", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors = watchHydration(page);
  await signUpByRequest(page.request, { prefix: "hydrate", fullName: "Hana Hydrate" });
  const projectUrl = await projectWithDates(page, "Hydration Check");
  // The first visit from this zone is drawn in UTC, then again in the browser's zone.
  for (const url of [
    "/app/dashboard",
    `${projectUrl}?view=list`,
    `${projectUrl}?view=board`,
    `${projectUrl}?view=calendar`,
    "/app/my-tasks",
    "/app/notifications",
    "/app/dashboard",
  ]) {
    await page.goto(url);
    await waitForHydration(page);
  }
  const board = await (await page.request.get(`${projectUrl}?view=board`)).text();
  const taskHref = /href="(\/app\/project\/[^"]+\/task\/[^"]+)"/.exec(board)?.[1];
  await page.goto(taskHref!);
  await waitForHydration(page);
  // Let any late recoverable error reach the console.
  await page.waitForTimeout(300);
  expect(errors).toEqual([]);
});
