import { expect, type APIRequestContext, type Page } from "@playwright/test";

/**
 * Creates a project in the default workspace of the New Project form by posting that form
 * (what it submits, with JavaScript on or off) and returns its path. The form on screen is
 * tested in dashboard.spec.ts and workspaces.spec.ts; specs that only need a project skip
 * rendering it.
 */
export async function createProjectByRequest(request: APIRequestContext, name: string) {
  const workspaceId = defaultWorkspace(await (await request.get("/app/projects/new")).text());
  const created = await request.post("/app/projects/new", {
    form: { name, workspaceId, description: "" },
    maxRedirects: 0,
  });
  expect(created.status(), "the New Project form redirects to the project").toBe(302);
  return created.headers()["location"] ?? "";
}

/** A new project (createProjectByRequest), opened in the page; its URL. */
export async function newProject(page: Page, name: string) {
  await page.goto(await createProjectByRequest(page.request, name));
  await expect(page).toHaveURL(/\/app\/project\/[A-Za-z0-9]{10}$/);
  return page.url();
}

/** The workspace the New Project form's select starts on (the first one the user may create projects in). */
function defaultWorkspace(html: string) {
  const select = /<select[^>]*name="workspaceId"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1];
  const options = [...(select ?? "").matchAll(/<option([^>]*)value="([^"]+)"([^>]*)>/g)];
  const chosen = options.find((option) => /\bselected\b/.test(option[1]! + option[3]!)) ?? options[0];
  const id = chosen?.[2] ?? /<input[^>]*name="workspaceId"[^>]*value="([^"]+)"/.exec(html)?.[1];
  if (!id) throw new Error("no workspace on the New Project form");
  return id;
}

/** The signed-in user's own workspace page, found from the dashboard's links. */
export async function personalWorkspaceUrl(page: Page) {
  await page.goto("/app/dashboard");
  const hrefs = await page
    .locator('a[href^="/app/workspaces/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const href = hrefs.find((candidate) => /^\/app\/workspaces\/[A-Za-z0-9]+$/.test(candidate));
  if (!href) throw new Error("no workspace link on the dashboard");
  return href;
}
