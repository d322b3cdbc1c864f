import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

import { expect, test } from "@playwright/test";

import { signUpAndSignIn } from "./support/account";
import { axeScan } from "./support/axe";
import { createProjectByRequest } from "./support/projects";

/**
 * A project's chat channel, with JavaScript on and off (@nojs): Settings → Integrations says
 * it is not set up; add a Slack channel pointing at a receiver this test runs (a refused URL
 * comes back beside the field with what was typed), send a test and read it in the delivery
 * log, see the state in Settings, turn it off, delete it. The e2e server runs with
 * WEBHOOKS_ALLOW_PRIVATE=true, so 127.0.0.1 is a target.
 */
test("set up a chat channel, send a test, see it in Settings, delete it @nojs", async ({ page, javaScriptEnabled }) => {
  const received: string[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      received.push(body);
      response.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/services/T1/B1/s3cret`;
  try {
    await signUpAndSignIn(page, { prefix: "chatch", fullName: "Chat Tester" });
    await createProjectByRequest(page.request, "Launch");
    await page.goto("/app/settings?tab=integrations");
    const workspaceCard = page.getByRole("region", { name: /Workspace/ }).first();
    await expect(workspaceCard.getByText("Not set up").first()).toBeVisible();
    await workspaceCard.getByRole("link", { name: /^Set up chat channels/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Chat channels");
    await expect(page.getByText("No chat channels yet.")).toBeVisible();

    const add = page.getByRole("form", { name: "Add a chat channel" });
    await add.getByLabel(/^Name/).fill("#launch");
    await add.getByLabel(/^Webhook URL/).fill("ftp://example.com/hook");
    await add.getByRole("button", { name: "Add Channel" }).click();
    await expect(add.getByText("The URL must start with https:// or http://.")).toBeVisible();
    await expect(add.getByLabel(/^Webhook URL/)).toHaveValue("ftp://example.com/hook");
    await expect(add.getByLabel(/^Name/)).toHaveValue("#launch");
    await add.getByLabel(/^Webhook URL/).fill(receiverUrl);
    await add.getByRole("checkbox", { name: "A message is posted in the project's chat" }).check();
    await add.getByRole("button", { name: "Add Channel" }).click();

    const list = page.getByRole("list", { name: "Chat channels" });
    const channel = list.getByRole("listitem", { name: "#launch" });
    await expect(channel).toContainText("Slack");
    await expect(channel).toContainText("Launch");
    // The URL is the receiver's credential: shown masked.
    await expect(channel).toContainText("/…cret");
    await expect(page.locator("body")).not.toContainText("s3cret");
    await expect(page.getByRole("form", { name: "Add a chat channel" }).getByLabel(/^Name/)).toHaveValue("");

    await channel.getByRole("button", { name: "Send test" }).click();
    await expect(page).toHaveURL(/\?log=/);
    const log = page.getByRole("list", { name: "Deliveries" });
    await expect(async () => {
      await page.reload();
      await expect(log).toContainText("HTTP 200", { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(log).toContainText("Chat Tester sent a test from Plotline");
    const body = JSON.parse(received[0]!) as { text: string; blocks: unknown[] };
    expect(body.text).toBe("Chat Tester sent a test from Plotline");
    expect(body.blocks.length).toBeGreaterThan(0);
    // axe runs in the page: with JavaScript off there is nothing to run it.
    if (javaScriptEnabled) expect((await axeScan(page).include("main").analyze()).violations).toEqual([]);

    await page.goto("/app/settings?tab=integrations");
    await expect(page.getByRole("region", { name: /Workspace/ }).first()).toContainText("1 set up, all working.");
    await page.goBack();

    await channel.getByRole("button", { name: "Turn off" }).click();
    await expect(channel.getByText("Off", { exact: true })).toBeVisible();
    await channel.getByText("Delete…").click();
    await channel.getByRole("button", { name: "Delete channel" }).click();
    await expect(page.getByText("No chat channels yet.")).toBeVisible();
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
