import { expect, test, type Page } from "@playwright/test";

import { signUpAndSignIn } from "./support/account";
import { axeScan } from "./support/axe";
import { openAppPage, waitForHydration } from "./support/hydration";
import { createProjectByRequest } from "./support/projects";

/**
 * A project's automations, with JavaScript on and off (@nojs): a rule added from a preset in
 * one click; a rule made from scratch in the builder (a row added, a refusal kept beside the
 * form with what was chosen); the rule acting on a new task (its run in the log, the task
 * changed and the comment signed "Rule …"); the dry run; turned off (the list says so).
 */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label, exact: true }).selectOption({ label: option });
}

async function createTask(page: Page, projectUrl: string, title: string) {
  const board = await (await page.request.get(`${projectUrl}?view=board`)).text();
  const statusId = /name="statusId"[^>]*value="([^"]+)"/.exec(board)?.[1];
  const created = await page.request.post(`${projectUrl}?view=board`, {
    form: { intent: "create-task", statusId: statusId!, title },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
}

test("add a preset, build a rule, see it act and in its run log, test it, turn it off @nojs", async ({
  page,
  javaScriptEnabled,
}) => {
  await signUpAndSignIn(page, { prefix: "rules", fullName: "Rita Rules" });
  const projectUrl = await createProjectByRequest(page.request, "Operations");
  await openAppPage(page, `${projectUrl}?view=settings`, javaScriptEnabled);
  await page.getByRole("region", { name: "Automations" }).getByRole("link", { name: "Automations" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Automations");
  await expect(page.getByText("No rules yet")).toBeVisible();

  // A preset in one click.
  await page.getByRole("button", { name: "Add Overdue → notify the assignees and the admins" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Overdue → notify the assignees and the admins");
  await expect(
    page.getByText("When a task is overdue, then notify the assignees with “{key} was due on {due}.”"),
  ).toBeVisible();
  await expect(page.getByText("No runs yet.")).toBeVisible();

  // From scratch.
  await page.getByRole("link", { name: "Automations" }).first().click();
  await page.getByRole("link", { name: "New rule" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("New rule");
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByLabel("Rule name").fill("Flag urgent work");
  await choose(page, "When", "a task is created");
  await choose(page, "Condition 1", "Title or description contains …");
  const conditionText = javaScriptEnabled
    ? page.getByLabel("Words in the title or description")
    : page.getByLabel("Condition 1: text, when it takes one");
  await conditionText.fill("urgent");
  await choose(page, "Action 1", "Set priority to urgent");
  // Saving with an action whose text is missing is refused, and what was chosen stays.
  await page.getByRole("button", { name: "Add action" }).click();
  await choose(page, "Action 2", "Add a comment …");
  await page.getByRole("button", { name: "Save rule" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Fill in the action's text." }).first()).toBeVisible();
  await expect(page.getByLabel("Rule name")).toHaveValue("Flag urgent work");
  await expect(page.getByRole("combobox", { name: "Action 1", exact: true })).toHaveValue("set_priority:urgent");
  if (javaScriptEnabled) await waitForHydration(page);
  const commentText = javaScriptEnabled
    ? page.getByLabel("Comment, e.g. {key} is ready for review")
    : page.getByLabel("Action 2: text, when it takes one");
  await commentText.fill("Flagged {key} as urgent");
  await page.getByRole("button", { name: "Save rule" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Flag urgent work");
  await expect(
    page.getByText(
      "When a task is created, if its title or description contains “urgent”, then set priority to urgent and add a comment “Flagged {key} as urgent”.",
    ),
  ).toBeVisible();
  const rulePath = new URL(page.url()).pathname;

  // It acts on a new task, from the jobs table, right after the change.
  await createTask(page, projectUrl, "urgent: the login fails");
  await createTask(page, projectUrl, "Tidy the backlog");
  await expect(async () => {
    await page.goto(rulePath);
    await expect(page.getByRole("list", { name: "Runs" }).locator(":scope > li")).toHaveCount(2);
  }).toPass();
  const runs = page.getByRole("list", { name: "Runs" });
  const done = runs.locator(":scope > li").filter({ hasText: "Done" });
  await expect(done).toContainText("Priority → urgent");
  await expect(runs.locator(":scope > li").filter({ hasText: "Conditions not met" })).toHaveCount(1);
  const key = (await done.getByRole("link").textContent())!.trim();
  expect(key).toMatch(/^[A-Z0-9]+-\d+$/);
  await expect(done).toContainText(`Commented: Flagged ${key} as urgent`);
  await done.getByRole("link", { name: key }).click();
  await expect(page).toHaveURL(/\/task\//);
  await expect(page.getByRole("list", { name: "Comments" }).getByText(`Flagged ${key} as urgent`)).toBeVisible();
  // The task's creator heard of it from the rule, not from themselves.
  await expect(
    page.getByRole("banner").getByText(`Rule “Flag urgent work” commented on ${key} urgent: the login fails`).first(),
  ).toBeAttached();

  // A dry run changes nothing and says what it would do.
  await page.goto(rulePath);
  await page.getByLabel("Task key").fill(key);
  await page.getByRole("button", { name: "Test", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: `On ${key} it would` })).toContainText(
    `Commented: Flagged ${key} as urgent`,
  );
  await axeScan(page);

  // Turned off in place (a button without JavaScript).
  if (javaScriptEnabled) {
    await waitForHydration(page);
    await page.getByRole("switch", { name: "Flag urgent work is on" }).click();
    await expect(page.getByRole("switch", { name: "Flag urgent work is off" })).toBeVisible();
    await page.reload();
  } else {
    await page.getByRole("button", { name: "Turn off" }).click();
  }
  await expect(page.getByText("Off", { exact: true })).toBeVisible();
  await page.goto(`${projectUrl.replace(/\?.*$/, "")}/automations`);
  const list = page.getByRole("list", { name: "Rules", exact: true });
  await expect(list.getByRole("link")).toHaveCount(2);
  await expect(
    list.getByRole("switch", { name: "Flag urgent work is off" }).or(list.getByRole("button", { name: "Turn on" })),
  ).toBeVisible();
});
