import { expect, type Locator, type Page } from "@playwright/test";

/**
 * The task page's properties (app/components/tasks/task-page-body.tsx), on the page or in the
 * side panel: with JavaScript each is a chip named by the property and its value ("Priority
 * High") that opens a popover and saves on choice; without, a `<details>` around its own form.
 */
export const properties = (scope: Page | Locator) => scope.getByRole("complementary", { name: "Properties" });

/** A property's chip (JavaScript), by the property's name: "Priority", "Due date". */
export function chip(scope: Page | Locator, property: string) {
  return properties(scope).getByRole("button", { name: new RegExp(`^${property}\\b`) });
}

/** The popover a chip opened. */
export const popover = (page: Page, property: string) => page.getByRole("dialog", { name: property, exact: true });

/** Chooses an option of a list property (status, priority, assignees, labels) by typing part of it. */
export async function chooseIn(page: Page, property: string, option: string) {
  const dialog = popover(page, property);
  await dialog.getByRole("combobox").fill(option);
  await dialog.getByRole("option", { name: option, exact: true }).click();
}

/** Opens a chip's popover and chooses there (JavaScript). */
export async function setProperty(scope: Page | Locator, page: Page, property: string, option: string) {
  await chip(scope, property).click();
  await chooseIn(page, property, option);
}

/** Sets a date property through its popover's date input (JavaScript). */
export async function setDate(scope: Page | Locator, page: Page, property: "Due date" | "Start date", day: string) {
  await chip(scope, property).click();
  const input = popover(page, property).getByLabel("Pick a date (Enter to set)");
  await input.fill(day);
  await input.press("Enter");
  await expect(popover(page, property)).toHaveCount(0);
}

/** Opens a property's own form (without JavaScript): its `<details>`. */
export async function propertyForm(scope: Page | Locator, field: string) {
  const details = properties(scope).locator(`[data-prop="${field}"] details`);
  if ((await details.getAttribute("open")) === null) await details.locator("summary").click();
  return details;
}
