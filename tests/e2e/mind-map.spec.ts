import { expect, test } from "@playwright/test";

import { signUpByRequest } from "./support/account";
import { axeScan } from "./support/axe";
import { newProject } from "./support/projects";

/**
 * The Mind Map view, with JavaScript on and off: the server draws the map and its outline,
 * tasks and a subtask are added from the nodes, a branch collapses by its link (kept in the
 * URL), and a node opens its task.
 */
const usesJs = () => test.info().project.use.javaScriptEnabled !== false;

test(
  "mind map: add tasks and a subtask from the nodes, collapse a branch, open a task",
  { tag: "@nojs" },
  async ({ page }) => {
    await signUpByRequest(page.request, { prefix: "mindmap" });
    const projectUrl = await newProject(page, "Orbit Map");
    await page.goto(`${projectUrl}?view=mindmap`);
    const map = page.getByRole("application", { name: "Mind map of Orbit Map" });
    const outline = page.getByRole("region", { name: "Outline" });
    await expect(map.getByText("Orbit Map", { exact: true })).toBeVisible();
    const key = (await map.locator(".pl-mm-key").first().textContent())!.trim();

    // Two top-level tasks from the project's node, the first from the outline, the second from the map.
    await outline.getByRole("link", { name: `Add a task to ${key}` }).click();
    const form = page.getByRole("form", { name: "Add a task" });
    await form.getByRole("button", { name: "Add" }).click();
    if (!usesJs()) {
      // The browser's own check stops a blank title with JavaScript off too; the server's answer is in the fuzz.
      await expect(form.getByLabel("New task in Orbit Map")).toHaveJSProperty("validity.valueMissing", true);
    }
    await form.getByLabel("New task in Orbit Map").fill("Design the logo");
    await form.getByRole("button", { name: "Add" }).click();
    await expect(outline.getByRole("link", { name: `${key}-1 Design the logo` })).toBeVisible();
    await map.getByRole("link", { name: `Add a task to ${key}` }).click();
    await page.getByLabel("New task in Orbit Map").fill("Write the copy");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(map.getByRole("link", { name: /Write the copy/ })).toBeVisible();

    // A subtask from the first task's node; a subtask takes none of its own.
    await map.getByRole("link", { name: `Add a subtask to ${key}-1` }).click();
    await page.getByLabel(`New subtask under ${key}-1`).fill("Pick the colours");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(map.getByRole("link", { name: /Pick the colours/ })).toBeVisible();
    const design = outline.getByRole("listitem").filter({ hasText: "Design the logo" });
    await expect(design.getByRole("link", { name: `${key}-3 Pick the colours` })).toBeVisible();
    await expect(page.getByRole("link", { name: `Add a subtask to ${key}-3` })).toHaveCount(0);
    if (usesJs()) expect((await axeScan(page).include("main").analyze()).violations).toEqual([]);

    // Collapse the first task's branch: the URL keeps it, the subtask is gone from map and outline.
    await map.getByRole("link", { name: `Collapse ${key}-1` }).click();
    await expect(page).toHaveURL(/[?&]view=mindmap&collapsed=[A-Za-z0-9]{10}$/);
    await expect(page.getByRole("link", { name: /Pick the colours/ })).toHaveCount(0);
    await expect(map.getByRole("link", { name: /Write the copy/ })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("link", { name: /Pick the colours/ })).toHaveCount(0);
    await outline.getByRole("link", { name: `Expand ${key}-1 (1)` }).click();
    await expect(page).toHaveURL(/[?&]view=mindmap$/);

    // A node opens its task: in the side panel with JavaScript, its page without.
    await map.getByRole("link", { name: /Pick the colours/ }).click();
    const opened = usesJs()
      ? page.getByRole("dialog").getByRole("heading", { level: 2, name: "Pick the colours" })
      : page.getByRole("heading", { level: 1 });
    await expect(opened).toHaveText("Pick the colours");
  },
);
