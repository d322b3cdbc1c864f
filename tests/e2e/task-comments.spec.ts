import { expect, test, type Browser, type Page } from "./support/console-guard";

import { signUpByRequest } from "./support/account";
import { axeScan } from "./support/axe";
import { openAppPage } from "./support/hydration";
import { newProject } from "./support/projects";
import { addTeammate } from "./support/team";

/**
 * @mentions in task comments. With JavaScript, typing `@` and part of a name offers the
 * workspace's members (the chat's list: ↑/↓, Enter or Tab, Escape), and the comment is sent
 * without a navigation, shown at once, and taken back with the server's reason if refused.
 * Without JavaScript the name is typed in full and the form posts. Either way the mention
 * shows as a chip (the reader's own filled) and the mentioned member is notified.
 */
const usesJs = () => test.info().project.use.javaScriptEnabled !== false;

/** Counts the main frame's navigations from now on. */
function navigations(page: Page) {
  let count = 0;
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) count += 1;
  });
  return () => count;
}

/** A task on a new project of `page`'s user; its page's path. */
async function newTask(page: Page, project: string, title: string) {
  const projectUrl = await newProject(page, project);
  await page.goto(`${projectUrl}?view=board`);
  const todo = page.getByRole("region", { name: "To Do", exact: true });
  await todo.getByLabel("New task in To Do").fill(title);
  await todo.getByRole("button", { name: "Add" }).click();
  const href = await todo.getByRole("link", { name: title }).getAttribute("href");
  return { projectUrl, taskPath: href! };
}

async function teammateContext(browser: Browser) {
  return (await browser.newContext()).newPage();
}

test("a comment mentions a teammate: chosen from the list, shown as a chip, notified @nojs", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signUpByRequest(page.request, { prefix: "mentioner", fullName: "Samira Owner" });
  const sam = await teammateContext(browser);
  await addTeammate(page, sam, "Sam Lee");
  const { taskPath } = await newTask(page, "Orbit Mentions", "Plan the launch");
  await openAppPage(page, taskPath, usesJs());
  const thread = page.getByRole("region", { name: /^Comments/ });
  const box = thread.getByLabel("Add a comment");

  if (usesJs()) {
    const navigated = navigations(page);
    const suggestions = thread.getByRole("listbox", { name: "Members to mention" });
    // Escape closes the list and leaves the text as typed.
    await box.pressSequentially("@sa");
    await expect(suggestions).toBeVisible();
    await box.press("Escape");
    await expect(suggestions).toBeHidden();
    await expect(box).toHaveValue("@sa");
    await box.fill("");

    // "@Sa" could be either of them: the arrows move, Enter takes the highlighted one.
    await box.pressSequentially("Over to @Sa");
    const options = suggestions.getByRole("option");
    await expect(options).toHaveCount(2);
    await expect(options.nth(0)).toHaveAccessibleName("Samira Owner");
    await expect(options.nth(1)).toHaveAccessibleName("Sam Lee");
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
    expect((await axeScan(page).include("#comments").analyze()).violations).toEqual([]);
    await box.press("ArrowDown");
    await box.press("ArrowDown");
    await box.press("ArrowUp");
    const chosen = suggestions.getByRole("option", { name: "Sam Lee" });
    await expect(chosen).toHaveAttribute("aria-selected", "true");
    await expect(box).toHaveAttribute("aria-activedescendant", (await chosen.getAttribute("id"))!);
    await box.press("Enter");
    await expect(suggestions).toBeHidden();
    await expect(box).toHaveValue("Over to @Sam Lee ");
    await box.pressSequentially("please review");
    // Ctrl+Enter sends it; the box empties and keeps the focus for the next one.
    await box.press("Control+Enter");
    await expect(box).toHaveValue("");
    await expect(box).toBeFocused();
    await expect(thread.locator(".pl-comment-body .pl-mention")).toHaveText("@Sam Lee");
    expect(navigated()).toBe(0);
  } else {
    // Without the list, the name typed in full mentions just the same.
    await box.fill("Over to @Sam Lee please review");
    await thread.getByRole("button", { name: "Comment", exact: true }).click();
  }

  const comment = thread.getByRole("list", { name: "Comments" }).getByRole("listitem");
  await expect(comment).toHaveCount(1);
  await expect(comment.locator(".pl-comment-body")).toHaveText("Over to @Sam Lee please review");
  // Sam is not the reader here: a plain chip.
  await expect(comment.locator(".pl-mention")).toHaveText("@Sam Lee");
  await expect(comment.locator(".pl-mention-self")).toHaveCount(0);

  // Sam is told (by a job, just after the comment is saved), and sees the mention as theirs.
  const note = sam.getByRole("link", {
    name: /^Samira Owner mentioned you in a comment on [A-Z0-9]+-1 Plan the launch/,
  });
  await expect(async () => {
    await sam.goto("/app/notifications?kind=mentions");
    await expect(note).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await note.click();
  await expect(sam).toHaveURL(new RegExp(`${taskPath}#comment-`));
  await expect(sam.locator(".pl-comment-body .pl-mention-self")).toHaveText("@Sam Lee");
  await sam.context().close();
});

test("a comment shows at once, and a refused one goes back into the box with the reason", async ({ page }) => {
  test.skip(!usesJs(), "the comment is sent through a fetcher with JavaScript only");
  await signUpByRequest(page.request, { prefix: "optimist", fullName: "Olly Optimist" });
  const { projectUrl, taskPath } = await newTask(page, "Orbit Refusals", "Book the venue");
  // This tab does not hear the project's events (the archiving below would hide the form).
  await page.route("**/app/events**", (route) => route.abort());
  // The comment's post is held until the test has seen it shown.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.startsWith(taskPath),
    async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    },
  );
  await openAppPage(page, taskPath, true);
  const navigated = navigations(page);
  const thread = page.getByRole("region", { name: /^Comments/ });
  const box = thread.getByLabel("Add a comment");
  const comments = thread.getByRole("list", { name: "Comments" }).getByRole("listitem");

  await box.fill("First **draft** is in");
  await thread.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(box).toHaveValue("");
  const sending = comments.filter({ hasText: "Sending…" });
  await expect(sending).toContainText("First **draft** is in");
  await expect(sending).toContainText("Olly Optimist");
  release();
  await expect(sending).toHaveCount(0);
  await expect(comments.locator(".pl-comment-body strong")).toHaveText("draft");

  // The project is archived behind the page's back: the next comment is refused.
  const archived = await page.request.post(projectUrl, { form: { intent: "archive" }, maxRedirects: 0 });
  expect(archived.status()).toBe(302);
  await box.fill("Will this land?");
  await thread.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Comment not posted" })).toContainText(
    "This project is archived and read-only.",
  );
  await expect(box).toHaveValue("Will this land?");
  await expect(thread.getByRole("alert")).toHaveText(/This project is archived and read-only/);
  await expect(comments).toHaveCount(1);
  expect(navigated()).toBe(0);
});
