import { expect, test } from "@playwright/test";

import { signUpAndSignIn } from "./support/account";
import { axeScan } from "./support/axe";
import { openAppPage } from "./support/hydration";
import { createProjectByRequest, personalWorkspaceUrl } from "./support/projects";

/**
 * A workspace's export and its import, with JavaScript on and off (@nojs): from the
 * workspace's page, start an export, follow it to its download link and download the zip;
 * then import that zip as a new workspace, follow the check and the import to the result,
 * and open the new workspace with the project and task in it. A file that is not an export
 * is refused with a message.
 */
test("export a workspace, download it, and import it as a new workspace @nojs", async ({ page, javaScriptEnabled }) => {
  await signUpAndSignIn(page, { prefix: "wsexport", fullName: "Export Tester" });
  const projectUrl = await createProjectByRequest(page.request, "Exported project");
  const board = await (await page.request.get(`${projectUrl}?view=board`)).text();
  const statusId = /name="statusId"[^>]*value="([^"]+)"/.exec(board)?.[1];
  const created = await page.request.post(`${projectUrl}?view=board`, {
    form: { intent: "create-task", statusId: statusId!, title: "Carried across" },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);

  const workspaceUrl = await personalWorkspaceUrl(page);
  await openAppPage(page, workspaceUrl, javaScriptEnabled);
  const name = (await page.getByRole("heading", { level: 1 }).textContent())!;
  await page
    .getByRole("region", { name: "Export and import" })
    .getByRole("link", { name: "Export and import" })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Export and import");

  await page.getByRole("form", { name: "Export the workspace" }).getByRole("button", { name: "Start export" }).click();
  const download = page.getByRole("link", { name: /Download zip \(\d+(\.\d)? (KB|bytes|MB)\)/ });
  await expect(download).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("list", { name: "Exports" })).toContainText("1 project, 1 task, 0 comments");
  await expect(page.getByRole("list", { name: "Exports" })).toContainText("available until");
  if (javaScriptEnabled) expect((await axeScan(page).include("main").analyze()).violations).toEqual([]);
  const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
  expect(file.suggestedFilename()).toMatch(/\.zip$/);
  const zipPath = await file.path();

  await page.getByRole("link", { name: "Import a workspace" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Import a workspace");
  const upload = page.getByRole("form", { name: "Upload a workspace export" });

  // Not an export: refused beside the field, nothing started.
  await upload.getByLabel("Workspace export (.zip)").setInputFiles({
    name: "notes.zip",
    mimeType: "application/zip",
    buffer: Buffer.from("just some text"),
  });
  await upload.getByRole("button", { name: "Upload and import" }).click();
  await expect(page.getByRole("alert")).toContainText("This is not a zip file");

  await page
    .getByRole("form", { name: "Upload a workspace export" })
    .getByLabel("Workspace export (.zip)")
    .setInputFiles(zipPath);
  await page
    .getByRole("form", { name: "Upload a workspace export" })
    .getByRole("button", { name: "Upload and import" })
    .click();
  await expect(page.getByText("Imported.")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("status").filter({ hasText: "Imported." })).toContainText(/\b1 task\b/);
  if (javaScriptEnabled) expect((await axeScan(page).include("main").analyze()).violations).toEqual([]);
  await page.getByRole("link", { name: "Open the workspace" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${name} (imported)`);
  expect(page.url()).not.toContain(workspaceUrl);
  await page.getByRole("main").getByRole("link", { name: "Exported project" }).click();
  await expect(page.getByText("Carried across")).toBeVisible();
});
