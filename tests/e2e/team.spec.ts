import { expect, test, type Page } from "@playwright/test";

import { PASSWORD, signUpAndSignIn } from "./support/account";
import { axeScan } from "./support/axe";
import { mailTo, uniqueEmail } from "./support/mailbox";

/**
 * Team management end to end, with JavaScript on and off: invite by e-mail (the mail
 * reaches the in-test SMTP server), the invitee signs up from the link and accepts, then
 * the owner changes their role and removes them, after which the project is gone for them.
 */
const usesJs = () => test.info().project.use.javaScriptEnabled !== false;

function memberRow(page: Page, email: string) {
  return page
    .getByRole("table", { name: /Members/ })
    .getByRole("row")
    .filter({ hasText: email });
}

test("invite, sign up from the mail, accept, change the role, remove", async ({ page, browser }) => {
  await signUpAndSignIn(page, { prefix: "owner", fullName: "Olive Owner" });
  // A project in the owner's workspace, for the invitee to open and later lose.
  await page.goto("/app/projects/new");
  await page
    .getByRole("form", { name: "Create project" })
    .getByLabel(/^Project name/)
    .fill("Launch Plan");
  await page.getByRole("button", { name: "Create Project" }).click();
  await expect(page).toHaveURL(/\/app\/project\/[A-Za-z0-9]{10}$/);
  const projectUrl = page.url();

  await page.goto("/app/team");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Team Management");
  const invitee = uniqueEmail("invitee");
  const invite = page.getByRole("form", { name: "Invite a member" });
  await expect(invite.getByLabel(/^Role/)).toHaveValue("editor");
  await invite.getByLabel(/^Email/).fill(invitee);
  await invite.getByLabel(/^Role/).selectOption("viewer");
  await invite.getByRole("button", { name: "Invite Member" }).click();
  await expect(page.getByRole("status")).toContainText(`We e-mailed an invitation to ${invitee}.`);
  await expect(page.getByRole("listitem", { name: `Invitation to ${invitee}` })).toContainText("Viewer");

  // Inviting the same address again is a form error, not a second invitation.
  await invite.getByLabel(/^Email/).fill(invitee);
  await invite.getByRole("button", { name: "Invite Member" }).click();
  await expect(invite.getByText(`${invitee} has already been invited`)).toBeVisible();
  if (usesJs()) {
    // After a refusal the form checks again as one types: Conform finds the form by its id,
    // which must not be the section's (#invite, the Share menu's link), or each key throws.
    const pageErrors: string[] = [];
    const onError = (error: Error) => pageErrors.push(error.message);
    page.on("pageerror", onError);
    await invite.getByLabel(/^Email/).fill("not-an-address");
    await expect(invite.getByText("Enter a valid email address")).toBeVisible();
    page.off("pageerror", onError);
    expect(pageErrors).toEqual([]);
  }

  const [mail] = await mailTo(invitee);
  expect(mail?.subject).toBe("Olive Owner invited you to Olive Owner's Workspace on Plotline");
  const link = mail?.text.match(/https?:\/\/\S+\/invite\/\S+/)?.[0];
  expect(link).toBeTruthy();

  // The invitee: a fresh browser, no account yet.
  const guest = await browser.newContext({ javaScriptEnabled: usesJs() });
  const other = await guest.newPage();
  await other.goto(link!);
  await expect(other.getByRole("heading", { level: 1 })).toHaveText("Join Olive Owner's Workspace");
  await other.getByRole("link", { name: "Create account" }).click();
  const signUp = other.getByRole("form", { name: "Sign up with email and password" });
  await signUp.getByLabel(/^Full name/).fill("Ivy Invitee");
  await signUp.getByLabel(/^Email/).fill(invitee);
  await signUp.getByLabel(/^Password/).fill(PASSWORD);
  await signUp.getByLabel(/^Confirm password/).fill(PASSWORD);
  await signUp.getByRole("button", { name: "Create Account" }).click();
  await expect(other).toHaveURL(/\/auth\/signin/);
  const confirmation = (await mailTo(invitee, 2)).find((received) => received.subject.startsWith("Confirm"));
  const confirm = confirmation?.text.match(/https?:\/\/\S+\/auth\/v1\/verify\?\S+/)?.[0];
  await other.goto(confirm!);
  // Confirming signs in and comes back to the invitation.
  await expect(other).toHaveURL(/\/invite\//);
  await other.getByRole("button", { name: "Accept invitation" }).click();
  await expect(other).toHaveURL(/\/app\/team\?workspace=/);
  await expect(other.getByRole("status")).toContainText("You joined as Viewer.");
  expect((await other.goto(projectUrl))?.status()).toBe(200);
  await expect(other.getByRole("heading", { level: 1 })).toHaveText("Launch Plan");
  // They work in the workspace they joined: signing up through the invitation made no empty one of their own.
  await expect(other.getByText("Olive Owner's Workspace").first()).toBeVisible();
  await expect(other.getByText("Ivy Invitee's Workspace")).toHaveCount(0);

  // The owner sees the new member, changes the role, then removes them.
  await page.goto("/app/team");
  await expect(memberRow(page, invitee)).toContainText("Ivy Invitee");
  await expect(memberRow(page, invitee)).toContainText("Viewer");
  await memberRow(page, invitee).getByLabel("Actions for Ivy Invitee").click();
  await memberRow(page, invitee).getByLabel("Role", { exact: true }).selectOption("editor");
  await memberRow(page, invitee).getByRole("button", { name: "Change Role" }).click();
  await expect(page.getByRole("status")).toContainText("The member is now Editor.");
  await expect(memberRow(page, invitee)).toContainText("Editor");
  if (usesJs()) expect((await axeScan(page).analyze()).violations).toEqual([]);

  await memberRow(page, invitee).getByLabel("Actions for Ivy Invitee").click();
  await memberRow(page, invitee).getByText("Remove Member").click();
  await memberRow(page, invitee).getByRole("button", { name: "Remove", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("Ivy Invitee no longer has access.");
  await expect(memberRow(page, invitee)).toHaveCount(0);

  // Removed: the project answers 404 on the next request; the app still opens (on no workspace).
  const response = await other.goto(projectUrl);
  expect(response?.status()).toBe(404);
  await other.goto("/app/dashboard");
  await expect(other.getByRole("heading", { level: 1 })).toHaveText("My Dashboard");
  await guest.close();
});
