import { expect, test } from "./support/console-guard";

import { signUpByRequest } from "./support/account";
import { newProject } from "./support/projects";
import { pickUpByKeyboard } from "./support/keyboard-drag";
import { chip, setDate, setProperty } from "./support/task-fields";

/**
 * One task's life across the views, with JavaScript: created on the board, edited in the
 * side panel, dragged with the keyboard, found in the List, the Calendar and the Mind Map,
 * commented on and completed from the panel. (Each view's own spec checks it in depth,
 * axe included; without JavaScript tasks.spec.ts and task-detail.spec.ts walk the same
 * path by plain forms.)
 */
test("a task from creation to done, across the board, the panel, the list, the calendar and the mind map", async ({
  page,
}) => {
  await signUpByRequest(page.request, { prefix: "journey" });
  const projectUrl = await newProject(page, "Journey");
  const today = new Date().toISOString().slice(0, 10);

  // Create it on the board.
  await page.goto(`${projectUrl}?view=board`);
  const todo = page.getByRole("region", { name: "To Do", exact: true });
  await todo.getByLabel("New task in To Do").fill("Book the launch venue");
  await todo.getByRole("button", { name: "Add" }).click();
  const card = page.locator("#project-view article").filter({ hasText: "Book the launch venue" });
  await expect(card).toBeVisible();

  // Edit it in the panel: due today, high priority.
  await card.getByRole("link", { name: "Book the launch venue" }).click();
  const panel = page.getByRole("dialog", { name: "Book the launch venue" });
  await setProperty(panel, page, "Priority", "High");
  await setDate(panel, page, "Due date", today);
  await expect(card.locator(".pl-priority")).toHaveText(/(^|: )high$/);
  await expect(chip(panel, "Due date").locator("time")).toHaveAttribute("datetime", today);
  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);

  // Drag it to In Progress with the keyboard.
  const grip = page.getByRole("button", { name: /^Drag \S+ Book the launch venue$/ });
  // Each key waits for the board's announcement of the one before: a key pressed before the
  // drag has started is lost.
  const live = page.locator("[id^=DndLiveRegion]");
  await pickUpByKeyboard(grip);
  await expect(live).toHaveText(/^Picked up .+ It is in To Do/);
  await page.keyboard.press("ArrowRight");
  await expect(live).toHaveText(/ is over In Progress/);
  await page.keyboard.press("Space");
  await expect(live).toHaveText(/^Moved .+ to In Progress/);
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
  await expect(
    page.getByRole("region", { name: "In Progress", exact: true }).getByRole("link", { name: "Book the launch venue" }),
  ).toBeVisible();

  // The other views see it where it now is.
  await page.goto(`${projectUrl}?view=list`);
  await expect(
    page.getByRole("region", { name: "In Progress", exact: true }).getByRole("link", { name: "Book the launch venue" }),
  ).toBeVisible();
  await page.goto(`${projectUrl}?view=calendar`);
  const dayName = new Date(`${today}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
  // A day's cell is named by its date, then what it holds.
  const cell = page.getByRole("cell", { name: new RegExp(`^${dayName}( |$)`) });
  await expect(cell.getByRole("link", { name: /Book the launch venue/ })).toBeVisible();
  await page.goto(`${projectUrl}?view=mindmap`);
  await expect(
    page.getByRole("region", { name: "Outline" }).getByRole("link", { name: /Book the launch venue/ }),
  ).toBeVisible();

  // Comment on it and complete it from the panel, over the board.
  await page.goto(`${projectUrl}?view=board`);
  await expect(grip).toBeVisible(); // hydrated: a click opens the panel
  await card.getByRole("link", { name: "Book the launch venue" }).click();
  await panel.getByLabel("Add a comment").fill("Two venues **shortlisted**.");
  await panel.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(panel.getByRole("region", { name: /^Comments/ }).getByText("shortlisted")).toHaveJSProperty(
    "tagName",
    "STRONG",
  );
  await setProperty(panel, page, "Status", "Done");
  await expect(
    page
      .locator("#project-view")
      .getByRole("region", { name: "Done", exact: true, includeHidden: true })
      .locator("article[data-done]"),
  ).toContainText("Book the launch venue");
});
