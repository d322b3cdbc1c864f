import { expect, test } from "@playwright/test";

import { signUpByRequest } from "./support/account";
import { axeScan } from "./support/axe";
import { newProject } from "./support/projects";

/**
 * The project's Chat view, with JavaScript on (a fetcher, Enter sends, @ suggests members)
 * and off (plain posts, `?edit=` opens the edit form): post Markdown with a mention, see it
 * rendered, edit it, delete it, and find it all in the Activity Log.
 */
const usesJs = () => test.info().project.use.javaScriptEnabled !== false;

test("chat: post with **bold** and an @mention, edit it, delete it @nojs", async ({ page }) => {
  await signUpByRequest(page.request, { prefix: "chat", fullName: "Ada Lovelace" });
  const projectUrl = await newProject(page, "Orbit Chat");
  await page.goto(`${projectUrl}?view=chat`);
  const thread = page.getByRole("log", { name: "Messages" });
  await expect(thread.getByText("No messages yet. Say hello below.")).toBeVisible();
  if (usesJs()) expect((await axeScan(page).include("main").analyze()).violations).toEqual([]);

  const box = page.getByLabel("Message", { exact: true });
  if (usesJs()) {
    // Typing @ offers the members; Enter takes the highlighted one, then Enter sends.
    await box.pressSequentially("Ship it **today**, @Ad");
    const suggestions = page.getByRole("listbox", { name: "Members to mention" });
    await expect(suggestions.getByRole("option", { name: "Ada Lovelace" })).toHaveAttribute("aria-selected", "true");
    await box.press("Enter");
    await expect(box).toHaveValue("Ship it **today**, @Ada Lovelace ");
    await expect(suggestions).toBeHidden();
    await expect(page.getByText("Enter to send, Shift+Enter for a new line.")).toBeVisible();
    await box.press("Enter");
    await expect(box).toHaveValue("");
  } else {
    await box.fill("Ship it **today**, @Ada Lovelace");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page).toHaveURL(/\?view=chat#latest$/);
  }

  const message = thread.getByRole("listitem").filter({ hasText: "Ship it" });
  await expect(message.locator("strong")).toHaveText("today");
  await expect(message.locator(".pl-mention")).toHaveText("@Ada Lovelace");
  await expect(message.getByText("Ada Lovelace", { exact: true })).toBeVisible();
  await expect(message.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

  // Edit it in place: without JavaScript the link opens the form (?edit=), with it the form opens at once.
  await message.getByRole("link", { name: "Edit" }).click();
  const edit = page.getByRole("form", { name: "Edit message" });
  await edit.getByLabel("Edit message").fill("Ship it **tomorrow**");
  await edit.getByRole("button", { name: "Save" }).click();
  const edited = thread.getByRole("listitem").filter({ hasText: "Ship it" });
  await expect(edited.locator("strong")).toHaveText("tomorrow");
  await expect(edited.getByText("(edited)")).toBeVisible();
  await expect(page.getByRole("form", { name: "Edit message" })).toHaveCount(0);

  await edited.getByRole("button", { name: "Delete" }).click();
  await expect(thread.getByText("This message was deleted.")).toBeVisible();
  await expect(thread.getByText("Ship it")).toHaveCount(0);

  await page.goto(`${projectUrl}?view=activity`);
  const log = page.getByRole("main");
  await expect(log.getByText("posted in the chat: “Ship it **today**, @Ada Lovelace”")).toBeVisible();
  await expect(log.getByText("edited a chat message: “Ship it **tomorrow**”")).toBeVisible();
  await expect(log.getByText("deleted a chat message")).toBeVisible();
});
