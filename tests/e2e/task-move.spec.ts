import { expect, test } from "@playwright/test";

import { signUpAndSignIn } from "./support/account";
import { openAppPage } from "./support/hydration";
import { createProjectByRequest } from "./support/projects";

/**
 * A task moved to another project of its workspace from its page, with JavaScript on and off
 * (@nojs): it opens there under its new key, and its subtask went with it.
 */
test("move a task with its subtask to another project @nojs", async ({ page, javaScriptEnabled }) => {
  await signUpAndSignIn(page, { prefix: "mover", fullName: "Mo Ver" });
  const from = await createProjectByRequest(page.request, "Website");
  await createProjectByRequest(page.request, "Support desk");
  const board = await (await page.request.get(`${from}?view=board`)).text();
  const statusId = /name="statusId"[^>]*value="([^"]+)"/.exec(board)?.[1];
  await page.request.post(`${from}?view=board`, {
    form: { intent: "create-task", statusId: statusId!, title: "Answer the refund mail" },
    maxRedirects: 0,
  });
  const cards = await (await page.request.get(`${from}?view=board`)).text();
  const taskUrl = /href="(\/app\/project\/[^"]+\/task\/[^"]+)"[^>]*>Answer the refund mail</.exec(cards)![1]!;
  await openAppPage(page, taskUrl, javaScriptEnabled);
  await page.getByRole("region", { name: "Subtasks" }).getByLabel("New subtask title").fill("Check the order");
  await page.getByRole("region", { name: "Subtasks" }).getByRole("button", { name: "Add Subtask" }).click();
  await expect(page.getByRole("region", { name: "Subtasks" }).getByText("Check the order")).toBeVisible();

  const move = page.getByRole("region", { name: "Move to another project" });
  await move.getByLabel("Project").selectOption({ label: "Support desk (SD)" });
  await move.getByRole("button", { name: "Move Task" }).click();
  await expect(page.getByText("Support desk · SD-1")).toBeVisible();
  await expect(page).not.toHaveURL(taskUrl);
  await expect(page.getByRole("region", { name: "Subtasks" }).getByText("Check the order")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Answer the refund mail");
});
