import { expect, test, type Locator, type Page } from "@playwright/test";

import { signUpByRequest } from "./support/account";
import { newProject } from "./support/projects";
import { pickUpByKeyboard } from "./support/keyboard-drag";

/**
 * The Board's drag and drop (JavaScript only; the "Move to" select without it is in
 * tasks.spec.ts): a card dragged with the mouse to another column and within its column,
 * kept after a reload; one moved with the keyboard and announced; a refused move put back
 * with its reason.
 */
const column = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const titles = (page: Page, name: string) => column(page, name).locator(".pl-task-title");
const handle = (page: Page, title: string) => page.getByRole("button", { name: new RegExp(`^Drag \\S+ ${title}$`) });

const card = (page: Page, title: string) => page.getByRole("article").filter({ hasText: title });

/**
 * Drags the card by its handle so that the card's centre comes to `to`, at `y` (a fraction
 * of `to`'s height): press, past the drag threshold, then in steps, release.
 */
async function drag(page: Page, title: string, to: Locator, y = 0.5) {
  const box = (await card(page, title).boundingBox())!;
  const grip = (await handle(page, title).boundingBox())!;
  const end = (await to.boundingBox())!;
  const from = { x: grip.x + grip.width / 2, y: grip.y + grip.height / 2 };
  const offset = { x: from.x - (box.x + box.width / 2), y: from.y - (box.y + box.height / 2) };
  const target = { x: end.x + end.width / 2 + offset.x, y: end.y + end.height * y + offset.y };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 8, from.y + 8, { steps: 4 });
  await page.mouse.move(target.x, target.y, { steps: 20 });
  await page.mouse.move(target.x, target.y + 1);
  await page.mouse.up();
}

// Wide enough for the four columns side by side, so no drag scrolls the board sideways.
test.use({ viewport: { width: 1680, height: 1000 } });

test("board drag and drop: mouse across and within columns, keyboard, a refused move goes back", async ({ page }) => {
  await signUpByRequest(page.request, { prefix: "board-dnd" });
  const projectUrl = await newProject(page, "Orbit Drag");
  await page.goto(`${projectUrl}?view=board`);
  for (const title of ["Alpha", "Bravo", "Charlie"]) {
    await column(page, "To Do").getByLabel("New task in To Do").fill(title);
    await column(page, "To Do").getByRole("button", { name: "Add" }).click();
    await expect(titles(page, "To Do").last()).toHaveText(title);
  }
  const saved = () => expect(page.locator("[aria-busy=true]")).toHaveCount(0);
  // The server's board has no drag and drop markup (dnd-kit's generated ids would not match).
  const html = await (await page.request.get(`${projectUrl}?view=board`)).text();
  expect(html).toContain("Charlie");
  expect(html).not.toMatch(/DndDescribedBy|DndLiveRegion|class="pl-drag"|aria-roledescription/);

  // Mouse: Alpha to the empty Review column, then Charlie above Bravo.
  await drag(page, "Alpha", column(page, "Review").getByRole("list"));
  await expect(titles(page, "Review")).toHaveText(["Alpha"]);
  await expect(column(page, "Review").getByLabel("1 tasks")).toBeVisible();
  await expect(column(page, "To Do").getByLabel("2 tasks")).toBeVisible();
  await drag(page, "Charlie", card(page, "Bravo"), 0.2);
  await expect(titles(page, "To Do")).toHaveText(["Charlie", "Bravo"]);
  await saved();
  await page.reload();
  await expect(titles(page, "To Do")).toHaveText(["Charlie", "Bravo"]);
  await expect(titles(page, "Review")).toHaveText(["Alpha"]);

  // Keyboard: pick Bravo up from its handle, one column to the right, drop; each step announced.
  const bravo = handle(page, "Bravo");
  const key = (await bravo.getAttribute("aria-label"))!.split(" ")[1]!;
  const live = page.locator("[id^=DndLiveRegion]");
  await pickUpByKeyboard(bravo);
  await expect(live).toHaveText(`Picked up ${key}, Bravo. It is in To Do, position 2 of 2.`);
  await page.keyboard.press("ArrowRight");
  await expect(live).toHaveText(`${key} is over In Progress, position 1 of 1.`);
  await page.keyboard.press("Space");
  await expect(live).toHaveText(`Moved ${key} to In Progress, position 1 of 1.`);
  await expect(titles(page, "In Progress")).toHaveText(["Bravo"]);
  await expect(bravo).toBeFocused();
  await saved();

  // Charlie is deleted by another request before this page has heard of it (its live stream
  // is cut, as on a flaky network: realtime.spec.ts shows the board updating live), so the
  // page still shows it, and its move is refused.
  const taskUrl = (await card(page, "Charlie").locator(".pl-task-title").getAttribute("href"))!;
  await page.route("**/app/events*", (route) => route.abort());
  await page.reload();
  await expect(handle(page, "Charlie")).toBeVisible();
  const deleted = await page.request.post(taskUrl, { form: { intent: "delete-task" }, maxRedirects: 0 });
  expect(deleted.status()).toBe(302);
  await drag(page, "Charlie", column(page, "Done").getByRole("list"));
  await expect(page.getByRole("alert")).toContainText(
    "could not be moved. This task no longer exists, or you no longer have access to it.",
  );
  await expect(titles(page, "Done")).toHaveCount(0);
  // Read again: the board shows the server's truth.
  await expect(titles(page, "To Do")).toHaveCount(0);
  await expect(column(page, "To Do").getByLabel("0 tasks")).toBeVisible();
});
