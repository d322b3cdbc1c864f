import { expect, test, type Page } from "@playwright/test";

import { signUpByRequest } from "./support/account";
import { axeScan } from "./support/axe";
import { waitForHydration } from "./support/hydration";
import { newProject } from "./support/projects";

/**
 * The AI assistant: the widget with JavaScript (its states, keys and streaming, a proposal
 * applied with Apply), and the assistant page without it. The default engine is the
 * built-in one, so the answers come from the project's real tasks.
 */
const usesJs = () => test.info().project.use.javaScriptEnabled !== false;

async function projectWithTask(page: Page, prefix: string, title: string) {
  await signUpByRequest(page.request, { prefix });
  const projectUrl = await newProject(page, `${prefix} Harbour`);
  const quickAdd = page.getByLabel("New task in To Do");
  await quickAdd.fill(title);
  await quickAdd.press("Enter");
  await expect(page.getByRole("link", { name: title })).toBeVisible();
  return projectUrl;
}

test("the widget: suggested prompts, Enter and Shift+Enter, Thinking..., an answer, Apply", async ({ page }) => {
  test.skip(!usesJs(), "the widget needs JavaScript; the page is tested without it");
  await projectWithTask(page, "widget", "Repaint the lighthouse");
  await waitForHydration(page);

  const fab = page.getByRole("button", { name: "Open AI Assistant" });
  await fab.click();
  const panel = page.getByRole("region", { name: "AI Assistant" });
  await expect(panel.getByText("How can I help you today?")).toBeVisible();
  const prompts = panel.locator(".pl-ai-prompt");
  await expect(prompts).toHaveCount(3);
  await expect(prompts.first()).toHaveText("Summarize the project goals and progress");

  const box = panel.getByRole("textbox", { name: "Message" });
  await expect(box).toHaveAttribute("placeholder", "Ask AI anything...");
  await expect(panel.getByText("Shift+Enter for new line. Enter to send.")).toBeVisible();
  const send = panel.getByRole("button", { name: "Send" });
  await expect(send).toBeDisabled();
  await box.fill("   ");
  await expect(send).toBeDisabled();

  // Shift+Enter adds a line; Enter sends both lines as one message.
  await box.fill("What should we do");
  await box.press("Shift+Enter");
  await box.pressSequentially("next?");
  await expect(box).toHaveValue("What should we do\nnext?");
  await box.press("Enter");
  const mine = panel.locator(".pl-ai-message[data-role=user]").first();
  await expect(mine).toContainText("What should we do\nnext?");
  const answer = panel.locator(".pl-ai-message[data-role=assistant]").last();
  await expect(answer).toContainText("Repaint the lighthouse");
  await expect(answer).toContainText("Answered by Built-in assistant");
  await expect(box).toHaveValue("");
  expect((await axeScan(page).include("#assistant-panel").analyze()).violations).toEqual([]);

  // A breakdown proposes subtasks; nothing changes until Apply.
  await box.fill("Break down Repaint the lighthouse into subtasks");
  await box.press("Enter");
  const card = panel.getByRole("region", { name: /Proposed changes/ });
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: "Apply" }).click();
  await expect(card.getByText("Applied.")).toBeVisible();

  // Escape closes the panel and gives the focus back to the button.
  await box.focus();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(fab).toBeFocused();
});

test("the widget streams and stops: Thinking... while waiting, Stop keeps what was written", async ({ page }) => {
  test.skip(!usesJs(), "the widget needs JavaScript");
  await projectWithTask(page, "stream", "Paint the hull");
  await waitForHydration(page);
  // Hold the answer back so the waiting state can be seen, then let it through.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/app/assistant/stream", async (route) => {
    await held;
    // The browser gave the request up (Stop): there is nothing left to continue.
    await route.continue().catch(() => undefined);
  });
  await page.getByRole("button", { name: "Open AI Assistant" }).click();
  const panel = page.getByRole("region", { name: "AI Assistant" });
  await panel.locator(".pl-ai-prompt").first().click();
  await expect(panel.getByText("Thinking...")).toBeVisible();
  await expect(panel.getByRole("button", { name: "Send" })).toHaveCount(0);
  await panel.getByRole("button", { name: "Stop" }).click();
  await expect(panel.locator(".pl-ai-message[data-role=assistant]").last()).toContainText("Stopped.");
  await expect(panel.getByRole("button", { name: "Send" })).toBeVisible();
  release();
});

test(
  "the assistant page answers without JavaScript, and keeps the conversation",
  { tag: "@nojs" },
  async ({ page }) => {
    test.skip(usesJs(), "the widget covers JavaScript; this is the page without it");
    const projectUrl = await projectWithTask(page, "page", "Chart the reef");
    const projectId = projectUrl.split("/").at(-1)!;
    // The floating button is a link to the page here.
    await page.getByRole("link", { name: "Open AI Assistant" }).click();
    await expect(page).toHaveURL(new RegExp(`/app/assistant\\?project=${projectId}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("AI Assistant");
    await expect(page.getByText("How can I help you today?")).toBeVisible();

    await page.getByRole("button", { name: "Summarize the project goals and progress" }).click();
    await expect(page).toHaveURL(/\/app\/assistant\?c=[A-Za-z0-9]{10}#latest$/);
    const answer = page.locator(".pl-ai-message[data-role=assistant]").last();
    await expect(answer).toContainText("Chart the reef");
    await expect(answer).toContainText("Answered by Built-in assistant");

    await page.getByLabel("Message").fill("Break down Chart the reef into subtasks");
    await page.getByRole("button", { name: "Send" }).click();
    const card = page.getByRole("region", { name: /Proposed changes/ });
    await card.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByRole("region", { name: /Proposed changes/ }).getByText("Applied.")).toBeVisible();

    const list = page.getByRole("navigation", { name: "Conversations" });
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await list.getByRole("button", { name: /Delete conversation/ }).click();
    await expect(page).toHaveURL(/\/app\/assistant$/);
    await expect(page.getByText("Your conversations will be listed here.")).toBeVisible();
  },
);
