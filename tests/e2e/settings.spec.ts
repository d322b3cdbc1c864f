import { expect, KNOWN_HYDRATION_ERROR, test } from "./support/console-guard";

import { PASSWORD, signIn, signUpAndSignIn, signUpByRequest } from "./support/account";
import { axeScan } from "./support/axe";
import { openAppPage } from "./support/hydration";
import { pngImage } from "./support/images";

/** Settings with JavaScript on and off: every choice survives a reload. */
const usesJs = () => test.info().project.use.javaScriptEnabled !== false;

test("profile: name and avatar are saved; a file that is not an image is refused", async ({ page }) => {
  await signUpAndSignIn(page, { prefix: "settings", fullName: "Sam Settings" });
  await page.getByLabel("Account menu").click();
  await page.getByRole("banner").getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/app\/settings$/);
  const form = page.getByRole("form", { name: "Profile" });
  await expect(form.getByLabel("Email")).toBeDisabled();
  await form.getByLabel(/^Full Name/).fill("Samantha Settings");
  await form
    .getByLabel("Change Avatar")
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: pngImage(400, 300) });
  await form.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("status")).toContainText("Profile updated");
  await page.reload();
  await expect(form.getByLabel(/^Full Name/)).toHaveValue("Samantha Settings");
  const avatar = await form.getByRole("img", { name: "Your avatar" }).getAttribute("src");
  expect(avatar).toMatch(/^\/uploads\/avatars\/[\w-]+\.webp$/);
  const served = await page.request.get(avatar!);
  expect(served.headers()["cache-control"]).toContain("immutable");
  expect(served.headers()["content-type"]).toBe("image/webp");
  if (usesJs()) expect((await axeScan(page).analyze()).violations).toEqual([]);

  await form
    .getByLabel("Change Avatar")
    .setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("not an image") });
  await form.getByRole("button", { name: "Save Changes" }).click();
  await expect(form.getByText("Upload a PNG, JPEG, GIF or WebP image.")).toBeVisible();
  await expect(form.getByLabel(/^Full Name/)).toHaveValue("Samantha Settings");
});

test(
  "a form being saved refuses a second submission and keeps the focus on its button",
  { tag: "@once" },
  async ({ page }) => {
    await signUpByRequest(page.request, { prefix: "settings-pending" });
    await openAppPage(page, "/app/settings", true);
    const form = page.getByRole("form", { name: "Profile" });
    let posts = 0;
    await page.route("**/app/settings**", async (route) => {
      if (route.request().method() === "POST") {
        posts += 1;
        // Slow enough to try again while it is pending.
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      await route.continue();
    });
    await form.getByLabel(/^Full Name/).fill("Pat Pending");
    const button = form.getByRole("button", { name: /^(Save Changes|Saving\.\.\.)$/ });
    await button.click();
    await expect(button).toHaveText("Saving...");
    await expect(button).toBeFocused();
    await button.click({ force: true });
    await button.press("Enter");
    await expect(page.getByRole("status")).toContainText("Profile updated");
    expect(posts).toBe(1);
  },
);

test("notification and appearance choices survive a reload", async ({ page }) => {
  await signUpAndSignIn(page, { prefix: "settings" });
  await page.goto("/app/settings?tab=notifications");
  const form = page.getByRole("form", { name: "Notification preferences" });
  await expect(form.getByLabel("Email Notifications")).toBeChecked();
  await expect(form.getByLabel("Push Notifications")).not.toBeChecked();
  await expect(form.getByLabel("AI Suggestions")).toBeChecked();
  // The test server has no VAPID keys: the toggle says what is missing instead of failing later.
  await expect(form.getByLabel("Push Notifications")).toBeDisabled();
  await expect(form.getByLabel("Push Notifications")).toHaveAccessibleDescription(
    "Push notifications need VAPID keys on the server: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (npx web-push generate-vapid-keys).",
  );
  await form.getByLabel("Email Notifications").uncheck();
  await form.getByLabel("AI Suggestions").uncheck();
  await form.getByRole("button", { name: "Save Preferences" }).click();
  await expect(page.getByRole("status")).toContainText("Preferences saved");
  await page.reload();
  await expect(form.getByLabel("Email Notifications")).not.toBeChecked();
  await expect(form.getByLabel("Push Notifications")).not.toBeChecked();
  await expect(form.getByLabel("AI Suggestions")).not.toBeChecked();
  if (usesJs()) expect((await axeScan(page).analyze()).violations).toEqual([]);

  await page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: "Appearance" }).click();
  await page.getByRole("form", { name: "Appearance" }).getByLabel("Dark").check();
  await page.getByRole("button", { name: "Save Theme" }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  // With JavaScript the page turns dark before the save answers: wait for it.
  await expect(page.getByRole("status")).toContainText("Theme saved");
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect(page.getByRole("form", { name: "Appearance" }).getByLabel("Dark")).toBeChecked();

  for (const tab of ["billing", "integrations"]) {
    await page.goto(`/app/settings?tab=${tab}`);
    await expect(
      page.getByRole("heading", { level: 2, name: tab === "billing" ? "Billing" : "Integrations" }),
    ).toBeVisible();
  }
  await expect(page.getByText("Chat channels", { exact: true })).toBeVisible();
  await page.goto("/app/settings?tab=billing");
  await expect(page.getByText("Your plan: Free")).toBeVisible();
  await expect(page.getByText("Projects: 0 of 5")).toBeVisible();
});

test(
  "security: change the password with the current one, see and revoke another session",
  {
    // TO ENABLE LATER: the sessions list's relative time ("5 minutes ago") is rendered with the
    // server's clock and zone, so hydration mismatches (React #418) until that fix lands; drop
    // this annotation then, and the console guard checks this page for hydration errors again.
    annotation: { type: KNOWN_HYDRATION_ERROR, description: "relative time in Settings → Security's sessions" },
  },
  async ({ page, browser }) => {
    const { email } = await signUpAndSignIn(page, { prefix: "security" });
    // A second browser signed in to the same account.
    const other = await browser.newContext({ javaScriptEnabled: usesJs() });
    const second = await other.newPage();
    await signIn(second, email);

    await page.goto("/app/settings?tab=security");
    const sessions = page.getByRole("list", { name: "Sessions" });
    await expect(sessions.getByRole("listitem")).toHaveCount(2);
    await expect(sessions.getByRole("listitem", { name: /this device/ })).toHaveCount(1);
    if (usesJs()) expect((await axeScan(page).analyze()).violations).toEqual([]);
    await sessions.getByRole("button", { name: "Revoke" }).click();
    await expect(page.getByRole("status")).toContainText("That device must sign in again.");
    await expect(sessions.getByRole("listitem")).toHaveCount(1);
    await second.goto("/app/dashboard");
    await expect(second).toHaveURL(/\/auth\/signin/);
    await other.close();

    const form = page.getByRole("form", { name: "Change password" });
    await form.getByLabel(/^Current password/).fill("not-my-password");
    await form.getByLabel(/^New password/).fill("brand-new-pass");
    await form.getByLabel(/^Confirm new password/).fill("brand-new-pass");
    await form.getByRole("button", { name: "Change Password" }).click();
    await expect(form.getByText("That is not your current password.")).toBeVisible();
    await form.getByLabel(/^Current password/).fill(PASSWORD);
    await form.getByLabel(/^New password/).fill("brand-new-pass");
    await form.getByLabel(/^Confirm new password/).fill("brand-new-pass");
    await form.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByRole("status")).toContainText("Password changed");

    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(page).toHaveURL(/\/auth\/signin/);
    await signIn(page, email, "brand-new-pass");
  },
);
