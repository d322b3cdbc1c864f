import { expect, test } from "./support/console-guard";

import { signUpByRequest } from "./support/account";
import { axeScan } from "./support/axe";
import { newProject } from "./support/projects";

/**
 * Settings → Integrations → API tokens, with JavaScript on and off: a token is created,
 * shown once (copied with JavaScript), listed by its prefix, used against the running
 * server's `/api/v1` (its last use shows), and revoked after a second step, after which the
 * API refuses it. The API's own behaviour is tests/integration/api.test.ts.
 */
const usesJs = () => test.info().project.use.javaScriptEnabled !== false;
const PATH = "/app/settings?tab=integrations";

test.describe("API tokens", { tag: "@nojs" }, () => {
  // Reading the clipboard back needs the permission from the start (playwright.config.ts).
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  test("create a token, see it once, call the API with it, revoke it", async ({ page, playwright }) => {
    await signUpByRequest(page.request, { prefix: "tokens" });
    await newProject(page, "Scripted");
    await page.goto(PATH);
    const section = page.getByRole("region", { name: "API tokens" });
    await expect(section.getByText("You have no API tokens.")).toBeVisible();
    await expect(section.getByRole("link", { name: "OpenAPI document" })).toHaveAttribute(
      "href",
      "/api/v1/openapi.json",
    );
    await expect(
      section.getByText(/curl -H "Authorization: Bearer <token>" http:\/\/.+\/api\/v1\/projects/),
    ).toBeVisible();

    // A blank name is refused beside the field; the other choices stay as they were.
    const form = page.getByRole("form", { name: "Create token" });
    await form.getByLabel(/^Name/).fill("   ");
    await form.getByLabel("Read & write").check();
    await form.getByLabel(/^Expires/).selectOption({ label: "In 30 days" });
    await form.getByRole("button", { name: "Create token" }).click();
    await expect(form.getByText("Name the token, e.g. CI or Zapier.")).toBeVisible();
    await expect(form.getByLabel("Read & write")).toBeChecked();
    await expect(form.getByLabel(/^Expires/)).toHaveValue("30");

    await form.getByLabel(/^Name/).fill("CI");
    await form.getByRole("button", { name: "Create token" }).click();
    const created = page.getByRole("region", { name: "Token “CI” created" });
    await expect(created).toContainText("it will not be shown again");
    const token = await created.getByLabel("New token").inputValue();
    expect(token).toMatch(/^plt_[\w-]{40}$/);
    if (usesJs()) {
      await created.getByRole("button", { name: "Copy" }).click();
      await expect(created.getByRole("button", { name: "Copied" })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    } else {
      await expect(created.getByRole("button", { name: "Copy" })).toHaveCount(0);
    }

    // Listed by its prefix, never whole; the form is empty again.
    const row = section.getByRole("list", { name: "API tokens" }).getByRole("listitem", { name: "CI" });
    await expect(row).toContainText(`${token.slice(0, 10)}…`);
    await expect(row).toContainText("Read & write");
    await expect(row).toContainText("Last used Never");
    await expect(row).not.toContainText(token);
    await expect(form.getByLabel(/^Name/)).toHaveValue("");
    if (usesJs()) {
      expect((await axeScan(page).include("main").analyze()).violations).toEqual([]);
    }

    // The server's API takes it (a request of its own: no session cookie), and Settings shows the use.
    const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const projects = await api.get("/api/v1/projects", { headers: { Authorization: `Bearer ${token}` } });
    expect(projects.status()).toBe(200);
    const [scripted] = (await projects.json()).items;
    expect(scripted.name).toBe("Scripted");
    const write = await api.post(`/api/v1/projects/${scripted.id}/tasks`, {
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      data: { title: "From a script" },
    });
    expect(write.status(), await write.text()).toBe(201);
    // A file goes up as multipart through the server (its attachment cap) and comes back as the app sends it.
    const task = await write.json();
    const upload = await api.post(`/api/v1/tasks/${task.id}/attachments`, {
      headers: { Authorization: `Bearer ${token}` },
      multipart: { file: { name: "build.log", mimeType: "text/plain", buffer: Buffer.from("all green") } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const download = await api.get((await upload.json()).contentUrl, { headers: { Authorization: `Bearer ${token}` } });
    expect(await download.text()).toBe("all green");
    expect(download.headers()["content-disposition"]).toMatch(/^attachment; filename="build.log"/);

    // Shown once: the page loaded again has the row, not the token.
    await page.goto(PATH);
    await expect(row).not.toContainText("Last used Never");
    await expect(row).toBeVisible();
    await expect(page.getByRole("region", { name: /created$/ })).toHaveCount(0);
    expect(await page.content()).not.toContain(token);

    // Revoking asks first, then the token leaves the list.
    await row.getByText("Revoke CI").click();
    await expect(row).toContainText("Scripts using “CI” stop working at once.");
    await row.getByRole("button", { name: "Revoke token" }).click();
    await expect(page.getByRole("status")).toContainText("Token revoked");
    await expect(row).toHaveCount(0);
    await expect(section.getByText("You have no API tokens.")).toBeVisible();
    const refused = await api.get("/api/v1/projects", { headers: { Authorization: `Bearer ${token}` } });
    expect(refused.status()).toBe(401);
    expect((await refused.json()).detail).toBe("The token was revoked.");
    await api.dispose();
  });
});
