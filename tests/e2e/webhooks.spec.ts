import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";

import { signUpAndSignIn } from "./support/account";

/**
 * A workspace's webhooks, with JavaScript on and off (@nojs): add one pointing at a receiver
 * this test runs, keep the secret shown once, send a test and read it in the delivery log,
 * redeliver it, delete the webhook. The e2e server runs with WEBHOOKS_ALLOW_PRIVATE=true, so
 * 127.0.0.1 is a target.
 */
test("add a webhook, send a test, read the log, redeliver, delete @nojs", async ({ page }) => {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200, { "content-type": "text/plain" }).end("thanks");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks?token=t0ken`;
  try {
    await signUpAndSignIn(page, { prefix: "hooks", fullName: "Hook Tester" });
    const workspace = await page
      .locator('a[href^="/app/workspaces/"]:not([href$="/new"])')
      .first()
      .getAttribute("href");
    await page.goto(workspace!);
    await page.getByRole("link", { name: "Webhooks" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Webhooks");
    await expect(page.getByText("No webhooks yet.")).toBeVisible();

    const add = page.getByRole("form", { name: "Add a webhook" });
    // A refusal comes back beside the field, with what was typed.
    await add.getByLabel(/^Endpoint URL/).fill("ftp://example.com/hook");
    await add.getByRole("button", { name: "Add Webhook" }).click();
    await expect(add.getByText("The URL must start with https:// or http://.")).toBeVisible();
    await expect(add.getByLabel(/^Endpoint URL/)).toHaveValue("ftp://example.com/hook");
    await add.getByLabel(/^Endpoint URL/).fill(receiverUrl);
    await add.getByLabel(/^Description/).fill("The test receiver");
    await add.getByLabel("Only the events chosen below").check();
    await add.getByText("The events to choose from").click();
    await add.getByLabel("task.created").check();
    await add.getByRole("button", { name: "Add Webhook" }).click();
    const secret = (await page.getByLabel("Signing secret").textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    const list = page.getByRole("list", { name: "Webhooks" });
    await expect(list).toContainText(receiverUrl);
    await expect(list).toContainText("task.created");

    await list.getByRole("button", { name: "Send test" }).first().click();
    await expect(page).toHaveURL(/\?log=/);
    const log = page.getByRole("list", { name: "Deliveries" });
    await expect(async () => {
      await page.reload();
      await expect(log).toContainText("HTTP 200", { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(log).toContainText("webhook.test");
    await expect(log).toContainText("thanks");
    const test0 = received.find((request) => request.body.includes("webhook.test"))!;
    const verified = new Webhook(secret).verify(test0.body, {
      "webhook-id": String(test0.headers["webhook-id"]),
      "webhook-timestamp": String(test0.headers["webhook-timestamp"]),
      "webhook-signature": String(test0.headers["webhook-signature"]),
    }) as { type: string };
    expect(verified.type).toBe("webhook.test");

    await log.getByRole("button", { name: "Redeliver" }).first().click();
    await expect(async () => {
      await page.reload();
      await expect(log.getByRole("listitem")).toHaveCount(2, { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    expect(received.filter((request) => request.headers["webhook-id"] === test0.headers["webhook-id"])).toHaveLength(2);

    await page.getByText("Delete…").click();
    await page.getByRole("button", { name: "Delete webhook" }).click();
    await expect(page.getByRole("status")).toContainText("Its delivery log went with it.");
    await expect(page.getByText("No webhooks yet.")).toBeVisible();
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
