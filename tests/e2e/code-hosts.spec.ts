import { createRequire } from "node:module";

import { expect, test } from "@playwright/test";

import { signedDelivery } from "../setup/code-host-deliveries";
import { signUpAndSignIn } from "./support/account";
import { createProjectByRequest, personalWorkspaceUrl } from "./support/projects";

/**
 * Code hosts, with JavaScript on and off (@nojs): connect GitHub on the workspace's Code hosts
 * page, take the URL and the secret it shows, then deliver GitHub's own pull_request payloads
 * (@octokit/webhooks-examples) signed with that secret, as GitHub would: the pull request,
 * opened from the task's suggested branch, shows on the task, and once merged with "Fixes
 * KEY" the task is Done.
 */
test.use({ permissions: ["clipboard-read", "clipboard-write"] });

type Example = { action?: string; pull_request: Record<string, unknown> };
// GitHub's recorded payloads: the package's main file is JSON, which Playwright's loader imports only by require.
const githubExamples = createRequire(import.meta.url)("@octokit/webhooks-examples") as unknown;
const pullRequest = (action: "opened" | "closed") =>
  structuredClone(
    (githubExamples as unknown as { name: string; examples: Example[] }[])
      .find((group) => group.name === "pull_request")!
      .examples.find((example) => example.action === action)!,
  );

test("connect GitHub, then see a pull request from the task's branch on the task @nojs", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.use.javaScriptEnabled !== false;
  await signUpAndSignIn(page, { prefix: "codehost", fullName: "Cody Host" });
  const projectUrl = await createProjectByRequest(page.request, "Release train");
  const board = await (await page.request.get(`${projectUrl}?view=board`)).text();
  const statusId = /name="statusId"[^>]*value="([^"]+)"/.exec(board)?.[1];
  const created = await page.request.post(`${projectUrl}?view=board`, {
    form: { intent: "create-task", statusId: statusId!, title: "Ship the login page" },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  const cards = await (await page.request.get(`${projectUrl}?view=board`)).text();
  const taskUrl = /href="(\/app\/project\/[^"]+\/task\/[^"]+)"[^>]*>Ship the login page</.exec(cards)?.[1];
  expect(taskUrl).toBeTruthy();

  await page.goto(await personalWorkspaceUrl(page));
  await page.getByRole("link", { name: "Code hosts" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Code hosts");
  await expect(page.getByText("No code host is connected yet.")).toBeVisible();
  const add = page.getByRole("form", { name: "Connect a code host" });
  await add.getByLabel("GitHub").check();
  await add.getByLabel("Name (optional)").fill("acme/release");
  await add.getByRole("button", { name: "Connect" }).click();
  const shown = page.getByRole("status").filter({ hasText: "GitHub connected." });
  await expect(shown).toContainText("Pull requests");
  const hookPath = new URL(await shown.getByLabel("Payload URL").inputValue()).pathname;
  const secret = await shown.getByLabel("Secret", { exact: true }).inputValue();
  expect(hookPath).toMatch(/^\/hooks\/code\/[A-Za-z0-9]+$/);
  expect(secret.length).toBeGreaterThanOrEqual(40);
  await expect(page.getByRole("listitem", { name: "GitHub · acme/release" })).toContainText(
    "Waiting for a first delivery",
  );

  // The task suggests a branch; with JavaScript its button copies it.
  await page.goto(taskUrl!);
  const branchField = page.getByLabel("Branch name");
  const branch = await branchField.inputValue();
  const key = /Release train · ([A-Z0-9]+-\d+)/.exec((await page.locator(".pl-crumbs").textContent()) ?? "")?.[1];
  expect(branch).toBe(`${key!.toLowerCase()}-ship-the-login-page`);
  if (javaScript) {
    await page.getByRole("button", { name: "Copy branch name" }).click();
    await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(branch);
  } else {
    await expect(page.getByRole("button", { name: "Copy branch name" })).toHaveCount(0);
  }
  await expect(page.getByText("No pull requests or commits yet.")).toBeVisible();

  // GitHub delivers: the pull request opened from that branch, then merged, fixing the task.
  const send = async (payload: unknown) => {
    const delivery = await signedDelivery("github", { secret, event: "pull_request", payload });
    const answer = await page.request.post(hookPath, { data: delivery.body, headers: delivery.headers });
    expect(answer.status()).toBe(200);
    return (await answer.json()) as { linked: string[]; moved: string[] };
  };
  const opened = pullRequest("opened");
  Object.assign(opened.pull_request, { title: "Ship the login page", body: "Looks good on phones too." });
  (opened.pull_request.head as { ref: string }).ref = branch;
  expect(await send(opened)).toMatchObject({ linked: [key], moved: [] });
  const merged = pullRequest("closed");
  Object.assign(merged.pull_request, {
    title: "Ship the login page",
    body: `Fixes ${key}`,
    merged: true,
    merged_at: "2026-03-02T12:00:00Z",
  });
  (merged.pull_request.head as { ref: string }).ref = branch;
  expect(await send(merged)).toMatchObject({ moved: [key] });

  await page.reload();
  const links = page.getByRole("list", { name: "Pull requests and commits" });
  await expect(links.getByRole("listitem")).toHaveCount(1);
  await expect(links).toContainText("Merged");
  await expect(links.getByRole("link", { name: "Ship the login page" })).toHaveAttribute(
    "href",
    "https://github.com/Codertocat/Hello-World/pull/2",
  );
  await expect(links).toContainText(`Pull request #2 · Codertocat/Hello-World · ${branch}`);
  await expect(page.locator('[data-prop="statusId"]')).toContainText("Done");

  await page.goto(`${await personalWorkspaceUrl(page)}/code-hosts`);
  const connection = page.getByRole("listitem", { name: "GitHub · acme/release" });
  await expect(connection).toContainText("Working");
  await expect(connection).toContainText(`Pull request #2 (merged); linked to ${key}; moved ${key} to Done.`);
});
