import { expect, test } from "@playwright/test";

import { FULL_CHROMIUM } from "./support/browsers";

/**
 * Push notifications through the service worker (the `js` project only: no-JS runs leave
 * this spec out). In a browser context of
 * its own, with the notification permission from the start (a permission granted mid-test
 * would outlive it in the reused context), and in the full browser: the headless shell the
 * other specs run in shows no notifications.
 */
test.use({ permissions: ["notifications"], launchOptions: FULL_CHROMIUM });

test("the service worker registers under the page's security policy and shows a pushed notification", async ({
  page,
  context,
  baseURL,
}) => {
  const script = await page.request.get("/sw.js");
  expect(script.headers()["content-type"]).toMatch(/^(application|text)\/javascript/);
  await page.goto("/");
  // Chromium's DevTools protocol delivers a push message as a push service would.
  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) =>
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((entry) => entry.scopeURL === `${baseURL}/` && !entry.isDeleted);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send("ServiceWorker.enable");
  const scope = await page.evaluate(async () => {
    await navigator.serviceWorker.register("/sw.js");
    return (await navigator.serviceWorker.ready).scope;
  });
  expect(scope).toBe(`${baseURL}/`);
  const push = async (message: object) =>
    cdp.send("ServiceWorker.deliverPushMessage", {
      origin: baseURL!,
      registrationId: await registration,
      data: JSON.stringify(message),
    });
  await push({ id: "n1", title: "Ada assigned you a task", body: "Write the brief", link: "/app/my-tasks" });
  // A link to another site is not followed: the click opens the notifications page instead.
  await push({ id: "n2", title: "Elsewhere", body: "", link: "https://evil.example/phish" });
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const shown = await (await navigator.serviceWorker.ready).getNotifications();
        return shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag, link: n.data.link }));
      }),
    )
    .toEqual([
      { title: "Ada assigned you a task", body: "Write the brief", tag: "n1", link: `${baseURL}/app/my-tasks` },
      { title: "Elsewhere", body: "", tag: "n2", link: `${baseURL}/app/notifications` },
    ]);
});
