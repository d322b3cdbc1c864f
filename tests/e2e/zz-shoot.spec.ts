import { test } from "@playwright/test";

import { signUpAndSignIn } from "./support/account";
import { createProjectByRequest } from "./support/projects";
import { waitForHydration } from "./support/hydration";

// Temporary: screenshots for review (not committed).
test("shoot automations", async ({ page, browser }) => {
  await signUpAndSignIn(page, { prefix: "shoot", fullName: "Shoot Er" });
  const projectUrl = await createProjectByRequest(page.request, "Website relaunch");
  const base = `${projectUrl}/automations`;
  const board = await (await page.request.get(`${projectUrl}?view=board`)).text();
  const statusId = /name="statusId"[^>]*value="([^"]+)"/.exec(board)?.[1];
  for (const title of ["urgent: login fails on Safari", "Write the launch post"])
    await page.request.post(`${projectUrl}?view=board`, { form: { intent: "create-task", statusId: statusId!, title }, maxRedirects: 0 });
  await page.goto(base);
  await page.getByRole("button", { name: /^Add Overdue/ }).click();
  await page.goto(base);
  await page.getByRole("button", { name: /^Add Moved to Done/ }).click();
  await page.waitForTimeout(1500);
  const cookies = await page.context().cookies();
  const ruleUrl = page.url();
  for (const [w, h, tag] of [[1440, 900, "desk"], [390, 844, "phone"]] as const) {
    for (const theme of ["light", "dark"]) {
      const context = await browser.newContext({ viewport: { width: w, height: h } });
      await context.addCookies([...cookies, { name: "vite-ui-theme", value: theme, url: new URL(ruleUrl).origin }]);
      const p = await context.newPage();
      await p.goto(base);
      await waitForHydration(p);
      await p.screenshot({ path: `/work/notes/shots/list-${tag}-${theme}.png`, fullPage: true });
      await p.goto(`${base}/new`);
      await waitForHydration(p);
      await p.getByRole("combobox", { name: "Condition 1", exact: true }).selectOption({ label: "Title or description contains …" });
      await p.screenshot({ path: `/work/notes/shots/new-${tag}-${theme}.png`, fullPage: true });
      await p.goto(ruleUrl);
      await waitForHydration(p);
      await p.screenshot({ path: `/work/notes/shots/rule-${tag}-${theme}.png`, fullPage: true });
      await context.close();
    }
  }
});
