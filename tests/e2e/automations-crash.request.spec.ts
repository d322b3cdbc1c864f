import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { expect, request as playwrightRequest, test } from "@playwright/test";

import { signUpByRequest } from "./support/account";
import { createProjectByRequest } from "./support/projects";
import { freePort } from "./support/server-process";

/**
 * A rule's run survives a crash between the change that sets it off and the run: the app
 * runs with its job worker off (JOBS_IN_APP=false) once the rule is saved, so the change commits with its planned
 * run waiting in the jobs table; the process is killed with SIGKILL; started again on the
 * same embedded database (worker on), it runs the rule, once: one comment, one run logged.
 */
const root = path.resolve(import.meta.dirname, "../..");

test("a rule set off just before a kill -9 runs once after the restart", async () => {
  test.setTimeout(120_000);
  const template = process.env.E2E_TEMPLATE_DIR;
  const smtpUrl = process.env.E2E_SMTP_URL;
  if (!template || !smtpUrl) throw new Error("E2E_TEMPLATE_DIR is not set: run the tests with npm run test:e2e");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "plotline-rule-crash-"));
  fs.cpSync(template, path.join(dataDir, "pglite"), { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const start = (jobsInApp: boolean) =>
    spawn(process.execPath, ["server.js"], {
      cwd: root,
      stdio: "ignore",
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        APP_URL: url,
        DATA_DIR: dataDir,
        SMTP_URL: smtpUrl,
        LOG_LEVEL: "error",
        AUTH_PASSWORD_HASH_COST: "4",
        JOBS_IN_APP: String(jobsInApp),
      },
    });
  // First with its worker, for the sign-up's confirmation mail.
  let server: ChildProcess = start(true);
  const client = await playwrightRequest.newContext({ baseURL: url });
  const restart = async (jobsInApp: boolean, signal: NodeJS.Signals = "SIGTERM") => {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill(signal);
    await exited;
    server = start(jobsInApp);
    await untilUp(url, server);
  };
  try {
    await untilUp(url, server);
    await signUpByRequest(client, { prefix: "crash", fullName: "Crash Tester" });
    const projectUrl = await createProjectByRequest(client, "Crash course");
    const saved = await client.post(`${projectUrl}/automations/new`, {
      form: {
        intent: "create",
        name: "Say hello",
        trigger: "task_created",
        match: "all",
        condition: "",
        conditionText: "",
        action: "comment",
        actionText: "Hello from the rule",
        timeZone: "UTC",
      },
      maxRedirects: 0,
    });
    expect(saved.status()).toBe(302);
    const rulePath = saved.headers()["location"]!;
    await restart(false);
    const board = await (await client.get(`${projectUrl}?view=board`)).text();
    const statusId = /name="statusId"[^>]*value="([^"]+)"/.exec(board)?.[1];
    const created = await client.post(`${projectUrl}?view=board`, {
      form: { intent: "create-task", statusId: statusId!, title: "Survive the crash" },
      maxRedirects: 0,
    });
    expect(created.status()).toBe(302);
    // The run is planned, not run: no worker in this process.
    expect(await (await client.get(rulePath)).text()).toContain("No runs yet.");

    await restart(true, "SIGKILL");

    await expect(async () => {
      const page = await (await client.get(rulePath)).text();
      expect(page).toContain("Commented: Hello from the rule");
    }).toPass({ timeout: 30_000 });
    const cards = await (await client.get(`${projectUrl}?view=board`)).text();
    const taskUrl = /href="(\/app\/project\/[^"]+\/task\/[^"]+)"[^>]*>Survive the crash</.exec(cards)?.[1];
    const task = await (await client.get(taskUrl!)).text();
    expect(task, "the comment is there once").toContain("Comments (1)");
    const runs = await (await client.get(rulePath)).text();
    expect(runs.match(/>Commented: Hello from the rule</g)?.length, "one run logged").toBe(1);
  } finally {
    await client.dispose();
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

async function untilUp(url: string, child: ChildProcess) {
  await expect(async () => {
    expect(child.exitCode, "the server is running").toBeNull();
    expect((await fetch(`${url}/healthz`)).ok).toBe(true);
  }).toPass({ timeout: 60_000 });
}
