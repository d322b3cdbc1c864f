import { expect, test } from "./support/console-guard";

import { signUpByRequest } from "./support/account";
import { axeScan } from "./support/axe";
import { newProject } from "./support/projects";
import { chip, popover, propertyForm, setProperty } from "./support/task-fields";
import { personalWorkspaceUrl } from "./support/projects";

/**
 * Labels and files on a task, with JavaScript on and off: a label made on the workspace
 * page (a taken name refused beside the field), ticked on the task page with a second one
 * typed in, shown in colour on the board card and the list row; a file uploaded, downloaded
 * with its bytes and name, removed.
 */
const usesJs = () => test.info().project.use.javaScriptEnabled !== false;

test("labels from the workspace page onto a card, and a file up, down and away @nojs", async ({ page }) => {
  await signUpByRequest(page.request, { prefix: "labels" });
  const projectUrl = await newProject(page, "Label Board");

  // The workspace's labels: add one; the same name in another case is refused beside the field.
  await page.goto(await personalWorkspaceUrl(page));
  let labels = page.getByRole("region", { name: /^Labels/ });
  await labels.getByLabel("Label name").fill("Bug");
  await labels.getByLabel("Label colour").selectOption("rose");
  await labels.getByRole("button", { name: "Add Label" }).click();
  await expect(page.getByText("Label added")).toBeVisible();
  labels = page.getByRole("region", { name: "Labels (1)" });
  await expect(labels.getByLabel("Name of Bug")).toHaveValue("Bug");
  await labels.getByLabel("Label name").fill("bug");
  await labels.getByRole("button", { name: "Add Label" }).click();
  await expect(labels.getByRole("alert")).toHaveText("A label with this name already exists in this workspace.");
  await expect(labels.getByLabel("Label name")).toHaveValue("bug");
  if (usesJs()) expect((await axeScan(page).include("main").analyze()).violations).toEqual([]);

  // A task on the board, then its page: tick Bug and type a second label in the same save.
  await page.goto(`${projectUrl}?view=board`);
  const todo = page.getByRole("region", { name: "To Do", exact: true });
  await todo.getByLabel("New task in To Do").fill("Fix the header");
  await todo.getByRole("button", { name: "Add" }).click();
  // The task's own page (with JavaScript the title opens it in the side panel instead).
  await page.goto((await todo.getByRole("link", { name: "Fix the header" }).getAttribute("href"))!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fix the header");
  const taskUrl = new URL(page.url()).pathname;
  if (usesJs()) {
    // The labels popover: tick Bug, then type a new one and create it there.
    await setProperty(page, page, "Labels", "Bug");
    await popover(page, "Labels").getByRole("combobox").fill("Frontend");
    await popover(page, "Labels").getByRole("option", { name: "Create label “Frontend”" }).click();
    await page.keyboard.press("Escape");
    await expect(chip(page, "Labels")).toHaveAccessibleName(/^Labels Bug ?Frontend$/);
  } else {
    const taskLabels = (await propertyForm(page, "labelIds")).getByRole("form", { name: "Task labels" });
    await taskLabels.getByRole("checkbox", { name: "Bug" }).check();
    await taskLabels.getByLabel("New label", { exact: true }).fill("Frontend");
    await taskLabels.getByLabel("New label colour").selectOption("teal");
    await taskLabels.getByRole("button", { name: "Save Labels" }).click();
    await expect(page.getByText("Labels saved")).toBeVisible();
    const saved = (await propertyForm(page, "labelIds")).getByRole("form", { name: "Task labels" });
    await expect(saved.getByRole("checkbox", { name: "Bug" })).toBeChecked();
    await expect(saved.getByRole("checkbox", { name: "Frontend" })).toBeChecked();
  }

  // A file: upload, see it listed, download its exact bytes under its name, remove it.
  const files = page.getByRole("region", { name: /^Attachments/ });
  await files.getByLabel(/^File/).setInputFiles({
    name: "notes é.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("launch notes\n"),
  });
  // With JavaScript the choice is the upload (no button); without, the form posts.
  if (usesJs()) await expect(files.getByRole("button", { name: "Upload File" })).toHaveCount(0);
  else await files.getByRole("button", { name: "Upload File" }).click();
  const attached = page.getByRole("region", { name: "Attachments (1)" });
  await expect(attached).toBeVisible();
  const link = attached.getByRole("link", { name: "notes é.txt" });
  await expect(link).toBeVisible();
  await expect(attached.getByText(/^13 B · .+ · just now$/)).toBeVisible();
  if (usesJs()) expect((await axeScan(page).include("main").analyze()).violations).toEqual([]);
  const href = (await link.getAttribute("href"))!;
  expect(href).toMatch(new RegExp(`^${taskUrl}/attachment/[A-Za-z0-9]{10}$`));
  const download = await page.request.get(href);
  expect(download.status()).toBe(200);
  expect((await download.body()).toString()).toBe("launch notes\n");
  expect(download.headers()["content-disposition"]).toBe(
    `attachment; filename="notes _.txt"; filename*=UTF-8''notes%20%C3%A9.txt`,
  );
  expect(download.headers()["x-content-type-options"]).toBe("nosniff");
  await attached.getByRole("button", { name: "Remove notes é.txt" }).click();
  await expect(page.getByText("File removed")).toBeVisible();
  await expect(page.getByRole("region", { name: "Attachments (0)" }).getByText("No files yet.")).toBeVisible();
  expect((await page.request.get(href)).status()).toBe(404);

  // The card and the list row show both labels in their colours.
  await page.goto(`${projectUrl}?view=board`);
  const card = page.getByRole("article").filter({ hasText: "Fix the header" });
  await expect(card.locator(".pl-label")).toHaveText(["Bug", "Frontend"]);
  await expect(page.locator('article .pl-label:text-is("Bug")')).toHaveCSS("background-color", "rgb(225, 29, 72)");
  // Teal as picked in the form; the popover picks a colour for the name.
  if (!usesJs()) {
    await expect(page.locator('article .pl-label:text-is("Frontend")')).toHaveCSS(
      "background-color",
      "rgb(13, 148, 136)",
    );
  }
  await page.goto(`${projectUrl}?view=list`);
  await expect(page.locator("td.pl-title .pl-label")).toHaveText(["Bug", "Frontend"]);
  await expect(page.locator('td .pl-label:text-is("Bug")')).toHaveCSS("background-color", "rgb(225, 29, 72)");

  // The Activity Log tells it.
  await page.goto(`${projectUrl}?view=activity`);
  const log = page.getByRole("main");
  if (usesJs()) {
    // Saved on choice: one change per label.
    await expect(log.getByText(/labelled [A-Z0-9]+-1 Fix the header Bug$/)).toBeVisible();
    await expect(log.getByText(/labelled [A-Z0-9]+-1 Fix the header Frontend$/)).toBeVisible();
  } else {
    await expect(log.getByText(/labelled [A-Z0-9]+-1 Fix the header Bug and Frontend$/)).toBeVisible();
  }
  await expect(log.getByText(/attached notes é\.txt to [A-Z0-9]+-1 Fix the header$/)).toBeVisible();
  await expect(log.getByText(/removed notes é\.txt from [A-Z0-9]+-1 Fix the header$/)).toBeVisible();
});
