import { expect, test } from "@playwright/test";

import { signUpAndSignIn } from "./support/account";
import { axeScan } from "./support/axe";
import { openAppPage } from "./support/hydration";
import { createProjectByRequest } from "./support/projects";

/**
 * A CSV import, with JavaScript on and off (@nojs): from the project's Settings, upload a
 * file, see its columns guessed and its first rows previewed with their problems, check
 * every row, import, follow the progress to the result, and find the tasks on the board;
 * the project's CSV export carries them back out.
 */
test("import a CSV file through mapping and preview, then export it @nojs", async ({ page, javaScriptEnabled }) => {
  await signUpAndSignIn(page, { prefix: "csvimp", fullName: "Import Tester" });
  const projectPath = await createProjectByRequest(page.request, "Imported");
  await openAppPage(page, `${projectPath}?view=settings`, javaScriptEnabled);
  await page.getByRole("link", { name: "Import CSV" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Import tasks");

  const upload = page.getByRole("form", { name: "Upload a CSV file" });
  await upload.getByLabel("CSV or Trello JSON file").setInputFiles({
    name: "launch.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      "Summary,State,Priority,Due date\nWrite the press release,In Progress,high,2026-12-10\nBook the venue,To Do,low,next week\n",
    ),
  });
  await upload.getByRole("button", { name: "Upload and map columns" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Import launch.csv");
  const mapping = page.getByRole("form", { name: "Map the columns" });
  await expect(mapping.getByLabel("Title")).toHaveValue("0");
  await expect(mapping.getByLabel("Due date")).toHaveValue("3");
  const preview = page.getByRole("table", { name: "Preview" });
  await expect(preview).toContainText("Write the press release");
  await expect(preview).toContainText('The due date "next week" is not a date');

  // A check of every row writes nothing and names the bad row.
  await mapping.getByRole("button", { name: "Check every row first" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Nothing was imported. Row 3" })).toBeVisible({
    timeout: 15_000,
  });
  if (javaScriptEnabled) expect((await axeScan(page).include("main").analyze()).violations).toEqual([]);

  // Without the due date column, every row imports.
  await page.getByRole("form", { name: "Map the columns" }).getByLabel("Due date").selectOption("-1");
  await page
    .getByRole("form", { name: "Map the columns" })
    .getByRole("button", { name: "Import", exact: true })
    .click();
  await expect(page.getByText("2 created, 0 updated, 0 unchanged.")).toBeVisible({ timeout: 15_000 });
  await page.getByRole("link", { name: "See the tasks" }).click();
  await page.goto(`${projectPath}?view=list`);
  await expect(page.getByText("Write the press release")).toBeVisible();
  await expect(page.getByText("Book the venue")).toBeVisible();

  const exported = await page.request.get(`${projectPath}/export.csv`);
  expect(exported.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  const text = await exported.text();
  expect(text.split("\n")[0]).toBe(
    "Key,Title,Description,Status,Priority,Assignees,Labels,Start date,Due date,Estimate (hours),Parent",
  );
  expect(text).toContain("Write the press release,,In Progress,high");
});

test("import a Trello board's JSON export", async ({ page }) => {
  await signUpAndSignIn(page, { prefix: "trello", fullName: "Trello Tester" });
  const projectPath = await createProjectByRequest(page.request, "From Trello");
  await openAppPage(page, `${projectPath}/import`, true);
  const board = {
    name: "Launch",
    lists: [{ id: "l1", name: "To Do", closed: false }],
    labels: [{ id: "b1", name: "Bug", color: "red" }],
    cards: [{ id: "c1", name: "Fix the banner", desc: "", idList: "l1", closed: false, idLabels: ["b1"] }],
    checklists: [{ id: "k1", idCard: "c1", checkItems: [{ name: "Check on mobile", state: "incomplete", pos: 1 }] }],
    actions: [],
  };
  await page.getByLabel("CSV or Trello JSON file").setInputFiles({
    name: "board.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(board)),
  });
  await page.getByRole("button", { name: "Upload and map columns" }).click();
  await expect(page.getByRole("heading", { name: "A Trello board" })).toBeVisible();
  await expect(page.getByText("1 card in 1 list")).toBeVisible();
  await page
    .getByRole("form", { name: "Import the board" })
    .getByRole("button", { name: "Import", exact: true })
    .click();
  await expect(page.getByText("1 created, 0 updated, 0 unchanged.")).toBeVisible({ timeout: 15_000 });
  await page.goto(`${projectPath}?view=list`);
  await expect(page.getByText("Fix the banner")).toBeVisible();
});
