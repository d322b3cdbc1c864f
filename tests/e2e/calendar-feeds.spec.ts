import { expect, test } from "./support/console-guard";

import { signUpByRequest } from "./support/account";

/**
 * Calendar feeds and .ics import (issue 33), with JavaScript on and off: an .ics file is
 * imported into the team calendar (preview, then create), the member's feed URL is made in
 * Settings → Integrations (copied with JavaScript; a read-only field without), fetched
 * without cookies as a calendar app would (the imported event is a VEVENT; 304 on its ETag),
 * and turned off (404). The feed's contents and the import's rules are
 * tests/integration/calendar-feeds.test.ts and calendar-import.test.ts.
 */
const usesJs = () => test.info().project.use.javaScriptEnabled !== false;

/** A day about a month ahead (inside the feed's window), as YYYYMMDD and YYYY-MM. */
function nextMonthDay() {
  const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  return { compact: day.replaceAll("-", ""), month: day.slice(0, 7) };
}

test.describe("calendar feeds", { tag: "@nojs" }, () => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  test("import an .ics into the team calendar, then subscribe to the feed that shows it", async ({
    page,
    playwright,
  }) => {
    await signUpByRequest(page.request, { prefix: "calfeed" });
    const day = nextMonthDay();
    const title = `Offsite ${usesJs() ? "js" : "nojs"}`;
    const file = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Example//Test//EN",
      "BEGIN:VEVENT",
      `UID:offsite-${Date.now()}@example.com`,
      `SUMMARY:${title}`,
      `DTSTART;VALUE=DATE:${day.compact}`,
      "END:VEVENT",
      "END:VCALENDAR",
      "",
    ].join("\r\n");

    await page.goto("/app/calendar");
    await page.getByRole("link", { name: "Import .ics" }).click();
    await expect(page.getByRole("heading", { name: "Import events" })).toBeVisible();
    await page.getByLabel("iCalendar file (.ics)").setInputFiles({
      name: "offsite.ics",
      mimeType: "text/calendar",
      buffer: Buffer.from(file),
    });
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByRole("region", { name: /^Preview: offsite\.ics into/ });
    await expect(preview.getByRole("status")).toHaveText("1 event in the file: 1 new.");
    await expect(preview.getByRole("list", { name: "Events in the file" })).toContainText(title);
    await preview.getByRole("button", { name: "Create 1 event" }).click();
    await expect(page).toHaveURL(new RegExp(`/app/calendar\\?month=${day.month}&workspace=`));
    await expect(page.getByText("1 event imported")).toBeVisible();
    await expect(page.getByRole("table").getByText(title)).toBeVisible();

    await page.goto("/app/settings?tab=integrations");
    const section = page.getByRole("region", { name: "Calendar feed" });
    await section.getByRole("button", { name: "Create feed URL" }).click();
    await expect(page).toHaveURL(/tab=integrations#calendar-feed$/);
    const field = section.getByLabel("Feed URL");
    const url = await field.inputValue();
    expect(url).toMatch(/\/calendar\/feed\/[\w-]{43}\.ics$/);
    await expect(field).toHaveAttribute("readonly", "");
    if (usesJs()) {
      await section.getByRole("button", { name: "Copy" }).click();
      await expect(section.getByRole("button", { name: "Copied" })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    } else {
      await expect(section.getByRole("button", { name: "Copy" })).toHaveCount(0);
    }
    await expect(section.getByRole("list", { name: "How to subscribe" })).toContainText("Google Calendar");

    // A calendar app: no cookies, just the URL.
    const app = await playwright.request.newContext();
    const feed = await app.get(url);
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    const text = await feed.text();
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(text).toContain(`SUMMARY:${title}`);
    expect(text).toContain(`DTSTART;VALUE=DATE:${day.compact}`);
    const unchanged = await app.get(url, { headers: { "If-None-Match": feed.headers()["etag"]! } });
    expect(unchanged.status()).toBe(304);

    await section.locator("summary", { hasText: "Turn off feed" }).click();
    await section.getByRole("button", { name: "Turn off feed" }).click();
    await expect(section.getByRole("button", { name: "Create feed URL" })).toBeVisible();
    expect((await app.get(url)).status()).toBe(404);
    await app.dispose();
  });
});
