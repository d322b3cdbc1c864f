import { expect, test, type Page } from "@playwright/test";

import { signUpByRequest } from "./support/account";
import { axeScan } from "./support/axe";
import { openAppPage } from "./support/hydration";
import { createProjectByRequest } from "./support/projects";

/**
 * A phone (390 × 844, issue 30's item 6), with JavaScript on and off: no page is wider than
 * the screen, and the assistant's button stays on it. The List's rows stack (title first,
 * its other cells below), the team calendar shows all seven days with the chosen day's
 * items under the grid, and both pass axe's serious and critical rules at that width.
 */
const usesJs = () => test.info().project.use.javaScriptEnabled !== false;

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

/** The page is no wider than the screen, and the assistant's round button is on it. */
async function fitsThePhone(page: Page, what: string) {
  const { width, past } = await page.evaluate(() => {
    const screen = document.documentElement.clientWidth;
    // What reaches past the screen's edge, innermost first, to say why when it fails.
    const past = [...document.querySelectorAll("main *")]
      .filter((element) => element.getBoundingClientRect().right > screen + 0.5)
      .reverse()
      .slice(0, 3)
      .map((element) => `<${element.tagName.toLowerCase()} class="${element.className}">`);
    return { width: document.documentElement.scrollWidth, past };
  });
  expect(width, `${what} is no wider than the screen (past its edge: ${past.join(" ")})`).toBeLessThanOrEqual(
    PHONE.width,
  );
  const assistant = await page.getByRole("complementary", { name: "AI Assistant" }).boundingBox();
  expect(assistant, `${what} shows the assistant's button`).not.toBeNull();
  expect(assistant!.x + assistant!.width, `${what}: the assistant's button is on the screen`).toBeLessThanOrEqual(
    PHONE.width,
  );
  expect(assistant!.y + assistant!.height).toBeLessThanOrEqual(PHONE.height);
}

/** axe's serious and critical violations in the page's main area. */
async function seriousViolations(page: Page) {
  const { violations } = await axeScan(page).include("main").analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

/**
 * A new account with a project of three tasks due in February 2027, made by posting the
 * project page's own forms (the List's quick add, the Calendar's due date form); the
 * project's path and the first task's.
 */
async function projectWithDatedTasks(page: Page, prefix: string) {
  await signUpByRequest(page.request, { prefix });
  const projectPath = await createProjectByRequest(page.request, "Pocket Launch");
  const tasks = [
    ["Book the rooftop venue for the launch party", "2027-02-01"],
    ["Send the invitations", "2027-02-10"],
    ["Order the cake", "2027-02-10"],
  ] as const;
  const empty = await (await page.request.get(`${projectPath}?view=list`)).text();
  const statusId = /name="statusId" value="([^"]+)"/.exec(empty)?.[1] ?? "";
  for (const [title] of tasks) {
    const added = await page.request.post(projectPath, {
      form: { intent: "create-task", statusId, title, view: "list" },
      maxRedirects: 0,
    });
    expect(added.status(), "the quick add redirects").toBe(302);
  }
  const list = await (await page.request.get(`${projectPath}?view=list`)).text();
  const paths: string[] = [];
  for (const [title, dueDate] of tasks) {
    const taskId = new RegExp(`/task/([A-Za-z0-9]+)">${title}<`).exec(list)?.[1] ?? "";
    expect(taskId, `${title} is in the List`).not.toBe("");
    const dated = await page.request.post(projectPath, {
      form: { intent: "reschedule-task", taskId, dueDate, redirectTo: `${projectPath}?view=calendar` },
      maxRedirects: 0,
    });
    expect(dated.status(), "the due date form redirects").toBe(302);
    paths.push(`${projectPath}/task/${taskId}`);
  }
  return { projectPath, taskPath: paths[0]! };
}

test("phone: the List's rows stack, title first, and nothing is wider than the screen @nojs", async ({ page }) => {
  const { projectPath } = await projectWithDatedTasks(page, "mobile-list");
  await openAppPage(page, `${projectPath}?view=list`, usesJs());
  await fitsThePhone(page, "the List");
  const row = page.getByRole("row").filter({ hasText: "Book the rooftop venue" });
  const title = await row.locator("td.pl-title").boundingBox();
  const key = await row.locator("td.pl-key").boundingBox();
  expect(key!.y, "the key is under the title").toBeGreaterThanOrEqual(title!.y + title!.height);
  expect(title!.x + title!.width).toBeLessThanOrEqual(PHONE.width);
  await expect(row.locator("td.pl-due time")).toHaveAttribute("datetime", "2027-02-01");
  await expect(
    page.getByRole("form", { name: "Filter tasks" }).getByRole("button", { name: "Apply" }),
  ).toBeInViewport();
  // axe runs in the page: with JavaScript only.
  if (usesJs()) expect(await seriousViolations(page), "axe on the phone's List").toEqual([]);
});

test("phone: the team calendar shows seven days and the chosen day's items under the grid @nojs", async ({ page }) => {
  await projectWithDatedTasks(page, "mobile-calendar");
  await openAppPage(page, "/app/calendar?month=2027-02&tasks=1", usesJs());
  await fitsThePhone(page, "the team calendar");
  await expect(page.getByRole("columnheader")).toHaveText(["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]);
  for (const day of ["February 7, 2027", "February 13, 2027"]) {
    await expect(page.getByRole("link", { name: day, exact: true }), `${day} is on the screen`).toBeInViewport();
  }
  // As served: the month's first day (today is in another month).
  const agenda = page.getByRole("region", { name: "February 1, 2027" });
  await expect(agenda.getByRole("link", { name: /Book the rooftop venue/ })).toBeVisible();
  if (usesJs()) expect(await seriousViolations(page), "axe on the phone's team calendar").toEqual([]);

  // A tap on a day: with JavaScript its items are listed under the grid; without, its page opens.
  await page.getByRole("link", { name: "February 10, 2027", exact: true }).click();
  if (usesJs()) {
    const chosen = page.getByRole("region", { name: "February 10, 2027" });
    await expect(chosen.getByRole("link", { name: /Send the invitations/ })).toBeVisible();
    await expect(chosen.getByRole("link", { name: /Order the cake/ })).toBeVisible();
    await expect(page).toHaveURL(/\/app\/calendar\?month=2027-02&tasks=1$/);
  } else {
    await expect(page).toHaveURL(/\/app\/calendar\/day\/2027-02-10/);
    await expect(page.getByRole("link", { name: /Send the invitations/ })).toBeVisible();
  }
  await fitsThePhone(page, "the chosen day");
});

test("phone: the dashboard, Board, Calendar, task page, settings and the other pages fit the screen @nojs", async ({
  page,
}) => {
  const { projectPath, taskPath } = await projectWithDatedTasks(page, "mobile-pages");
  const pages: [string, string][] = [
    ["the dashboard", "/app/dashboard"],
    ["the Board", `${projectPath}?view=board`],
    ["the project's Calendar", `${projectPath}?view=calendar&month=2027-02`],
    ["the task page", taskPath],
    ["settings", "/app/settings"],
    ["the team page", "/app/team"],
    ["templates", "/app/templates"],
    ["notifications", "/app/notifications"],
    ["my tasks", "/app/my-tasks"],
    ["search", "/app/search?q=launch"],
  ];
  for (const [what, url] of pages) {
    await page.goto(url);
    await fitsThePhone(page, what);
  }
});
