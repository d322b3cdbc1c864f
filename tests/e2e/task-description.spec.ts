import { expect, test, type Locator, type Page } from "./support/console-guard";

import { signUpByRequest } from "./support/account";
import { axeScan } from "./support/axe";
import { openAppPage } from "./support/hydration";
import { pngImage } from "./support/images";
import { newProject } from "./support/projects";

/**
 * A task's description and files. With JavaScript: the Markdown toolbar and its shortcuts
 * format the selection (and undo takes it back), Preview shows the server's rendering, a
 * pasted picture and a dropped file become attachments put in the text, the picture shows
 * in the saved description after a reload; the files list shows thumbnails and uploads on
 * choice. Without JavaScript the "Edit title and description" form and the upload form do
 * the same work.
 */
const ATTACHMENT = /\/app\/project\/[A-Za-z0-9]+\/task\/[A-Za-z0-9]+\/attachment\/[A-Za-z0-9]+/;

async function newTask(page: Page, title: string) {
  const projectUrl = await newProject(page, "Descriptions");
  await page.goto(`${projectUrl}?view=board`);
  const todo = page.getByRole("region", { name: "To Do", exact: true });
  await todo.getByLabel("New task in To Do").fill(title);
  await todo.getByRole("button", { name: "Add" }).click();
  return (await todo.getByRole("link", { name: title }).getAttribute("href"))!;
}

/** Counts the main frame's navigations from now on. */
function navigations(page: Page) {
  let count = 0;
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) count += 1;
  });
  return () => count;
}

/** Whether an image has loaded (a refused or broken one has no natural width). */
async function loadedWidth(image: Locator) {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
  return image.evaluate((img: HTMLImageElement) => img.naturalWidth);
}

/** Selects `part` of the textarea's text, as a person dragging over it would. */
async function select(area: Locator, part: string) {
  await area.evaluate((textarea: HTMLTextAreaElement, text) => {
    const start = textarea.value.indexOf(text);
    textarea.focus();
    textarea.setSelectionRange(start, start + text.length);
  }, part);
}

test("the description editor: toolbar, preview, a pasted picture and a dropped file, saved and shown after a reload", async ({
  page,
}) => {
  test.skip(!test.info().project.use.javaScriptEnabled, "the editor needs JavaScript");
  await signUpByRequest(page.request, { prefix: "describe" });
  const href = await newTask(page, "Write the launch note");
  await openAppPage(page, href, true);
  const navigated = navigations(page);
  const description = page.getByRole("region", { name: "Description" });

  // Bold from the toolbar, undone and done again with the shortcut; italic and a list by shortcut and button.
  await description.getByRole("button", { name: "Add a description…" }).click();
  const area = description.getByRole("textbox", { name: "Description" });
  await expect(area).toBeFocused();
  await area.fill("Ship it loud");
  await select(area, "loud");
  await description.getByRole("toolbar", { name: "Formatting" }).getByRole("button", { name: "Bold" }).click();
  await expect(area).toHaveValue("Ship it **loud**");
  await expect(area).toBeFocused();
  await page.keyboard.press("ControlOrMeta+z");
  await expect(area).toHaveValue("Ship it loud");
  await select(area, "Ship");
  await page.keyboard.press("ControlOrMeta+i");
  await expect(area).toHaveValue("_Ship_ it loud");
  await select(area, "loud");
  await page.keyboard.press("ControlOrMeta+b");
  await area.press("End");
  await area.press("Enter");
  await description.getByRole("button", { name: "Checklist item" }).click();
  await page.keyboard.type("tell the team");
  await area.press("Enter");
  await page.keyboard.type("write the post");
  await expect(area).toHaveValue("_Ship_ it **loud**\n- [ ] tell the team\n- [ ] write the post");
  await expect(description.getByRole("button", { name: "Bold" })).toHaveAttribute(
    "aria-keyshortcuts",
    "Control+B Meta+B",
  );
  expect((await axeScan(page).include("main section[aria-label=Description]").analyze()).violations).toEqual([]);

  // Preview: the server's rendering of the text as it stands, not saved yet.
  await description.getByRole("tab", { name: "Preview" }).click();
  const preview = description.getByRole("tabpanel", { name: "Preview" });
  await expect(preview.locator("strong")).toHaveText("loud");
  await expect(preview.locator("em")).toHaveText("Ship");
  await expect(preview.getByRole("checkbox")).toHaveCount(2);
  await expect(area).toBeHidden();
  expect((await axeScan(page).include("main section[aria-label=Description]").analyze()).violations).toEqual([]);
  await description.getByRole("tab", { name: "Write" }).click();
  await expect(area).toBeVisible();

  // A picture pasted at the end: "Uploading…" stands in the text until it is attached.
  // (Enter on an empty checklist item ends the list.)
  await area.press("ControlOrMeta+End");
  await area.press("Enter");
  await area.press("Enter");
  await expect(area).toHaveValue(/- \[ \] write the post\n$/);
  await area.press("Enter");
  await area.evaluate(
    (textarea: HTMLTextAreaElement, bytes: number[]) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], "launch shot.png", { type: "image/png" }));
      textarea.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    },
    [...pngImage(12, 8)],
  );
  await expect(area).toHaveValue(new RegExp(`\\n\\n!\\[launch shot\\.png\\]\\(${ATTACHMENT.source}\\)$`));
  // A file dropped on the editor: a link to it.
  await area.evaluate((textarea: HTMLTextAreaElement) => {
    textarea.setSelectionRange(textarea.value.length, textarea.value.length);
    const data = new DataTransfer();
    data.items.add(new File(["agenda"], "agenda [draft].txt", { type: "text/plain" }));
    const box = textarea.closest(".pl-editor-box")!;
    box.dispatchEvent(new DragEvent("dragover", { dataTransfer: data, bubbles: true, cancelable: true }));
    box.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
  });
  await expect(area).toHaveValue(new RegExp(` \\[agenda \\\\\\[draft\\\\\\]\\.txt\\]\\(${ATTACHMENT.source}\\)$`));
  // One over the size limit is refused before it is sent: the placeholder goes, the reason shows.
  await area.evaluate((textarea: HTMLTextAreaElement) => {
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array(25 * 1024 * 1024 + 1)], "huge.mov", { type: "video/quicktime" }));
    textarea.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(page.getByText("huge.mov was not attached")).toBeVisible();
  await expect(page.getByText("The file must be 25 MB or smaller.")).toBeVisible();
  await expect(area).not.toHaveValue(/Uploading|huge/);

  // Both files are listed, the picture as a thumbnail that loads.
  const files = page.getByRole("region", { name: "Attachments (2)" });
  await expect(files.getByRole("link", { name: "launch shot.png" })).toBeVisible();
  await expect(files.getByRole("link", { name: "agenda [draft].txt" })).toBeVisible();
  const thumbnail = files.getByRole("img", { name: "launch shot.png" });
  await expect(thumbnail).toHaveAttribute("loading", "lazy");
  expect(await loadedWidth(thumbnail)).toBe(12);

  // Saved with Ctrl+Enter: the text renders, the picture shows.
  await area.press("ControlOrMeta+Enter");
  await expect(area).toHaveCount(0);
  await expect(description.locator("strong")).toHaveText("loud");
  const picture = description.getByRole("img", { name: "launch shot.png" });
  expect(await loadedWidth(picture)).toBe(12);
  await expect(description.getByRole("link", { name: "agenda [draft].txt" })).toHaveAttribute("href", ATTACHMENT);
  expect(navigated(), "nothing navigated the page").toBe(0);

  await page.reload();
  expect(await loadedWidth(description.getByRole("img"))).toBe(12);
  await expect(description.locator("em")).toHaveText("Ship");

  // Edited again and left by a click elsewhere: saved (the editor's tabs and toolbar are not "elsewhere").
  await description.locator("em").click();
  await description.getByRole("tab", { name: "Preview" }).click();
  await description.getByRole("tab", { name: "Write" }).click();
  await select(area, "Ship");
  await description.getByRole("button", { name: "Quote" }).click();
  await expect(area).toHaveValue(/^> _Ship_ it \*\*loud\*\*\n/);
  await page.getByRole("complementary", { name: "Properties" }).click({ position: { x: 4, y: 4 } });
  await expect(area).toHaveCount(0);
  await expect(description.locator("blockquote em")).toHaveText("Ship");
  await page.reload();
  await expect(description.locator("blockquote em")).toHaveText("Ship");
});

test("the files list: a chosen file uploads at once and a picture shows as a thumbnail", async ({ page }) => {
  test.skip(!test.info().project.use.javaScriptEnabled, "uploading on choice needs JavaScript");
  await signUpByRequest(page.request, { prefix: "thumbs" });
  const href = await newTask(page, "Collect the screenshots");
  await openAppPage(page, href, true);
  const navigated = navigations(page);
  const files = page.getByRole("region", { name: /^Attachments/ });
  await expect(files.getByRole("button", { name: "Upload File" })).toHaveCount(0);
  await files.getByLabel(/^Files/).setInputFiles([
    { name: "board.png", mimeType: "image/png", buffer: pngImage(30, 20) },
    { name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n") },
  ]);
  const listed = page.getByRole("region", { name: "Attachments (2)" });
  expect(await loadedWidth(listed.getByRole("img", { name: "board.png" }))).toBe(30);
  await expect(listed.getByRole("link", { name: "notes.pdf" })).toBeVisible();
  await expect(listed.getByRole("img")).toHaveCount(1);
  expect((await axeScan(page).include("#task-attachments").analyze()).violations).toEqual([]);
  expect(navigated()).toBe(0);

  // The picture is sent inline (to members), anything else as a download.
  const picture = await page.request.get((await listed.getByRole("link", { name: "board.png" }).getAttribute("href"))!);
  expect(picture.headers()["content-disposition"]).toMatch(/^inline; filename="board.png"/);
  expect(picture.headers()["content-type"]).toBe("image/png");
  const pdf = await page.request.get((await listed.getByRole("link", { name: "notes.pdf" }).getAttribute("href"))!);
  expect(pdf.headers()["content-disposition"]).toMatch(/^attachment; /);
});

test("without JavaScript the description form and the upload form still work @nojs", async ({ page }) => {
  test.skip(test.info().project.use.javaScriptEnabled !== false, "the forms as they are without JavaScript");
  await signUpByRequest(page.request, { prefix: "describe-nojs" });
  const href = await newTask(page, "Plan the offsite");
  await page.goto(href);

  // A picture uploaded through the form: listed with its thumbnail.
  const files = page.getByRole("region", { name: /^Attachments/ });
  await files.getByLabel(/^File/).setInputFiles({ name: "venue.png", mimeType: "image/png", buffer: pngImage(16, 9) });
  await files.getByRole("button", { name: "Upload File" }).click();
  await expect(page.getByText("File attached")).toBeVisible();
  const listed = page.getByRole("region", { name: "Attachments (1)" });
  expect(await loadedWidth(listed.getByRole("img", { name: "venue.png" }))).toBe(16);
  const url = new URL((await listed.getByRole("link", { name: "venue.png" }).getAttribute("href"))!, page.url())
    .pathname;

  // The description in the title-and-description form, with that picture in it.
  await page.getByText("Edit title and description").click();
  const form = page.getByRole("form", { name: "Task details" });
  await form.getByLabel("Description (Markdown)").fill(`The **venue**:\n\n![venue.png](${url})`);
  await form.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Task updated")).toBeVisible();
  const description = page.getByRole("region", { name: "Description" });
  await expect(description.locator("strong")).toHaveText("venue");
  expect(await loadedWidth(description.getByRole("img", { name: "venue.png" }))).toBe(16);
});
