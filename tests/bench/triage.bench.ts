import { expect, test, type Page } from "@playwright/test";

import { signUpByRequest } from "../e2e/support/account";
import { openAppPage } from "../e2e/support/hydration";
import { createProjectByRequest } from "../e2e/support/projects";
import { chooseIn, popover, propertyForm } from "../e2e/support/task-fields";

/**
 * Triage from the List (issue 30): set priority, assignee, due date and a label on 12 tasks,
 * timed, with every request the browser made counted. With JavaScript by the List's cells
 * (one popover, saved on choice); without, by each task's page and its property forms, one
 * POST and one page load per property (what every change took before the editors in place).
 * `npm run bench:triage`; figures in BENCHMARKS.md.
 */
const TASKS = 12;

async function setUp(page: Page) {
  await signUpByRequest(page.request, { prefix: "triage", fullName: "Tri Age" });
  const url = await createProjectByRequest(page.request, "Triage");
  const workspace = (await (await page.request.get("/app/dashboard")).text()).match(
    /\/app\/workspaces\/([A-Za-z0-9]{10})/,
  )![1];
  await page.request.post(`/app/workspaces/${workspace}`, {
    form: { intent: "create-label", name: "Bug", color: "rose" },
  });
  const html = await (await page.request.get(`${url}?view=list`)).text();
  const statusId = html.match(/name="statusId" value="([A-Za-z0-9]{6,20})"/)![1]!;
  for (let index = 1; index <= TASKS; index += 1) {
    await page.request.post(url, { form: { intent: "create-task", statusId, title: `Triage ${index}`, view: "list" } });
  }
  return url;
}

function counter(page: Page) {
  const counts = { requests: 0, posts: 0, documents: 0 };
  page.on("request", (request) => {
    counts.requests += 1;
    if (request.method() === "POST") counts.posts += 1;
    if (request.resourceType() === "document") counts.documents += 1;
  });
  return counts;
}

test("triage 12 tasks from the List", async ({ page, javaScriptEnabled }) => {
  test.setTimeout(600_000);
  const url = await setUp(page);
  await openAppPage(page, `${url}?view=list`, javaScriptEnabled);
  const counts = counter(page);
  const started = Date.now();
  for (let index = 1; index <= TASKS; index += 1) {
    const row = page.getByRole("row").filter({ hasText: new RegExp(`Triage ${index}$`) });
    if (javaScriptEnabled) {
      await row.getByRole("link", { name: /^Priority of / }).click();
      await chooseIn(page, "Priority", "High");
      await row.getByRole("link", { name: /^Assignees of / }).click();
      await chooseIn(page, "Assignees", "Tri Age");
      await page.keyboard.press("Escape");
      await row.getByRole("link", { name: /^Due date of / }).click();
      await popover(page, "Due date").getByRole("button", { name: "Tomorrow" }).click();
      await row.getByRole("link", { name: /^Labels of / }).click();
      await chooseIn(page, "Labels", "Bug");
      await page.keyboard.press("Escape");
      await expect(row.locator(".pl-label")).toHaveText("Bug");
    } else {
      await row.getByRole("link", { name: /^Priority of / }).click();
      const priority = await propertyForm(page, "priority");
      await priority.getByRole("combobox", { name: "Priority" }).selectOption("high");
      await priority.getByRole("button", { name: "Save priority" }).click();
      const people = await propertyForm(page, "assigneeIds");
      await people.getByRole("checkbox").check();
      await people.getByRole("button", { name: "Save Assignees" }).click();
      const due = await propertyForm(page, "dueDate");
      await due.locator('input[type="date"]').fill("2030-01-01");
      await due.getByRole("button", { name: "Save due date" }).click();
      const labels = await propertyForm(page, "labelIds");
      await labels.getByRole("checkbox", { name: "Bug" }).check();
      await labels.getByRole("button", { name: "Save Labels" }).click();
      await expect(page.getByText("Labels saved")).toBeVisible();
      await page.goto(`${url}?view=list`);
    }
  }
  // Every change made, on the server: the List read again shows them all.
  if (javaScriptEnabled) await expect(page.locator('tr[data-task] [data-priority="high"]')).toHaveCount(TASKS);
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `triage (${javaScriptEnabled ? "JavaScript, editors in place" : "no JavaScript, property forms"}): ` +
      `${TASKS} tasks × 4 properties in ${seconds.toFixed(1)} s; ${counts.requests} requests ` +
      `(${counts.posts} POST, ${counts.documents} page loads)`,
  );
  await page.goto(`${url}?view=list`);
  await expect(page.locator("tr[data-task] .pl-label")).toHaveCount(TASKS);
});
