import { expect, test } from "@playwright/test";

import { signUpByRequest } from "./support/account";
import { mailTo } from "./support/mailbox";
import { newProject } from "./support/projects";
import { chip, setProperty } from "./support/task-fields";

/**
 * Notifications, live: two people in one workspace, each in their own browser. One assigns
 * a task to the other, whose open page shows a toast and the unread count on the bell
 * without a reload, and the notification on /app/notifications. The accounts, the
 * invitation and its acceptance are made by requests; only the assignment uses screens.
 */
test("an assignment reaches the assignee live: a toast, the unread bell, the Notifications page", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const owner = await (await browser.newContext()).newPage();
  const member = await (await browser.newContext()).newPage();
  await signUpByRequest(owner.request, { prefix: "assigner", fullName: "Olive Owner" });
  const { email } = await signUpByRequest(member.request, { prefix: "assignee", fullName: "Max Member" });

  // The owner invites the member, who accepts from the mailed link.
  const team = await (await owner.request.get("/app/team")).text();
  const workspaceId = /name="workspaceId"[^>]*value="([^"]+)"/.exec(team)?.[1];
  expect(workspaceId).toBeTruthy();
  const invited = await owner.request.post("/app/team", {
    form: { intent: "invite", workspaceId: workspaceId!, email, role: "editor" },
    maxRedirects: 0,
  });
  expect(invited.status()).toBe(302);
  const invitation = (await mailTo(email, 2)).find((mail) => /\/invite\/\S+/.test(mail.text));
  const link = invitation?.text.match(/https?:\/\/\S+\/invite\/\S+/)?.[0];
  expect(link).toBeTruthy();
  expect((await member.request.post(link!, { form: { intent: "accept" }, maxRedirects: 0 })).status()).toBe(302);
  // The invitation is in the member's notifications too (they had an account): read it, to start at zero.
  await member.request.post("/app/notifications", { form: { intent: "mark-all-read" }, maxRedirects: 0 });

  // The owner makes a task.
  const projectUrl = await newProject(owner, "Live Launch");
  await owner.goto(`${projectUrl}?view=board`);
  const todo = owner.getByRole("region", { name: "To Do", exact: true });
  await todo.getByLabel("New task in To Do").fill("Book the venue");
  await todo.getByRole("button", { name: "Add" }).click();
  const taskHref = await todo.getByRole("link", { name: "Book the venue" }).getAttribute("href");
  await owner.goto(taskHref!);

  // The member is on their dashboard, its stream open, nothing unread.
  const stream = member.waitForResponse((response) => response.url().includes("/app/events"));
  await member.goto("/app/dashboard");
  await stream;
  await expect(member.getByLabel("Notifications", { exact: true })).toBeVisible();

  // Assigned in place: the chip opens the members, a choice saves.
  await setProperty(owner, owner, "Assignees", "Max Member");
  await owner.keyboard.press("Escape");
  await expect(chip(owner, "Assignees")).toHaveAccessibleName(/Max Member/);

  // Without a reload: the toast, and the bell's unread count.
  const toast = member.getByRole("status").filter({ hasText: "assigned you" });
  await expect(toast).toContainText(/Olive Owner assigned you [A-Z0-9]+-1 Book the venue/);
  const bell = member.getByLabel("Notifications, 1 unread");
  await expect(bell).toBeVisible();
  await expect(bell.locator(".pl-badge")).toHaveText("1");

  await member.goto("/app/notifications?show=unread&kind=assigned");
  const rows = member.getByRole("list", { name: "Notifications" }).getByRole("listitem");
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole("link", { name: /Olive Owner assigned you .* Book the venue/ })).toHaveAttribute(
    "href",
    taskHref!,
  );

  // Opening it from the bell's menu goes to the task and marks it read.
  await bell.click();
  await member
    .getByRole("banner")
    .getByRole("link", { name: /Olive Owner assigned you .* Book the venue/ })
    .click();
  await expect(member).toHaveURL(new RegExp(`${taskHref!}$`));
  await expect(member.getByLabel("Notifications", { exact: true })).toBeVisible();
});
