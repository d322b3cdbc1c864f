// `npm run bench:triage -- <checkout> [--forms]`: the List's triage of 12 tasks in a real
// browser (Debian's Chromium headless shell, JavaScript on), timed and with its requests
// counted: each task gets priority High, its assignee, a due date and a label. By default
// through the editors in place (a List cell's popover, saved on choice); with --forms as a
// build without them had to: open each task's page and post its forms (the details form for
// priority and due date, then assignees, then labels). Needs `npm run build` in the checkout;
// the seed (one member, a project of 12 tasks, a label) is written by this checkout's code.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { chromium, type Page } from "@playwright/test";

import { setDatabase } from "~/.server/db";
import { prepareDatabase } from "~/.server/boot/database";
import { openDatabase } from "~/.server/db/client";
import { createDemoUser } from "~/.server/demo/seed";
import { createProject } from "~/.server/projects/projects";
import { createLabel } from "~/.server/tasks/labels";
import { createTask } from "~/.server/tasks/tasks";
import { listWorkspaces } from "~/.server/workspaces/workspaces";
import { HEADLESS_SHELL } from "../tests/e2e/support/browsers";
import * as bench from "./bench-support";

const checkout = path.resolve(process.argv[2] ?? ".");
const forms = process.argv.includes("--forms");
const EMAIL = "triage@bench.local";
const NAME = "Tess Triage";
const TASKS = 12;
const DUE = "2027-01-15";

/** Requests in flight per page, the live event stream aside (it stays open). */
const inFlight = new WeakMap<Page, Set<unknown>>();

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "plotline-bench-triage-"));
  let child: ChildProcess | undefined;
  try {
    const { projectId, titles } = await seed(path.join(work, "data"));
    const port = await bench.freePort();
    const base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ["server.js"], {
      cwd: checkout,
      env: { ...process.env, DATA_DIR: path.join(work, "data"), PORT: String(port), APP_URL: base, ...bench.UNLIMITED },
      stdio: ["ignore", "ignore", "inherit"],
    });
    await bench.untilUp(base);
    const cookie = await bench.signIn(base, EMAIL);
    const browser = await chromium.launch(HEADLESS_SHELL);
    try {
      const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
      await context.addCookies(
        cookie.split("; ").map((pair) => {
          const [name, ...value] = pair.split("=");
          return { name: name!, value: value.join("="), url: base };
        }),
      );
      const page = await context.newPage();
      const list = `/app/project/${projectId}?view=list`;
      track(page);
      await page.goto(list);
      await hydrated(page);
      const requests: string[] = [];
      page.on("request", (request) => requests.push(`${request.method()} ${request.resourceType()}`));
      const started = performance.now();
      for (const title of titles) await (forms ? triageByForms(page, list, title) : triageInPlace(page, title));
      await settled(page);
      const elapsed = performance.now() - started;
      const counted = [...requests];
      // Every save landed: the List, read afresh, shows all of them.
      await page.goto(list);
      await verify(page, titles);
      report(elapsed, counted);
    } finally {
      await browser.close();
    }
  } finally {
    if (child) await bench.stop(child);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** The account, its project of TASKS tasks and a "bug" label, written by this checkout's use cases. */
async function seed(dataDir: string) {
  fs.mkdirSync(dataDir, { recursive: true });
  process.env.DATA_DIR = dataDir;
  const handle = await openDatabase({ dataDir });
  await prepareDatabase(handle);
  setDatabase(handle);
  try {
    const user = await createDemoUser(EMAIL, bench.PASSWORD, NAME);
    const actor = { userId: user.id, ip: null };
    const [workspace] = await listWorkspaces(user.id);
    const project = await createProject(actor, { workspaceId: workspace!.id, name: "Inbox" });
    await createLabel(actor, { workspaceId: workspace!.id, name: "bug" });
    const titles = Array.from({ length: TASKS }, (_, n) => `Report ${n + 1} from support`);
    for (const title of titles) await createTask(actor, { projectId: project.id, title });
    return { projectId: project.id, titles };
  } finally {
    setDatabase(undefined);
    await handle.close();
  }
}

const row = (page: Page, title: string) => page.getByRole("row").filter({ hasText: title });

/** Opens a cell's popover and picks an option by typing part of it. */
async function choose(page: Page, title: string, cell: string, cellClass: string, option: string) {
  await row(page, title).locator(cellClass).click();
  const dialog = page.getByRole("dialog", { name: cell, exact: true });
  await dialog.getByRole("combobox").fill(option);
  await dialog.getByRole("option", { name: option, exact: true }).click();
}

/** The editors in place: four choices in the row's cells, each saved on choice. */
async function triageInPlace(page: Page, title: string) {
  await choose(page, title, "Priority", "td.pl-priority", "High");
  await choose(page, title, "Assignees", "td.pl-assignees", NAME);
  await page.keyboard.press("Escape");
  await choose(page, title, "Labels", ".pl-labels", "bug");
  await page.keyboard.press("Escape");
  await row(page, title).locator("td.pl-due").click();
  const input = page.getByRole("dialog", { name: "Due date", exact: true }).getByLabel("Pick a date (Enter to set)");
  await input.fill(DUE);
  await input.press("Enter");
  await page.getByRole("dialog", { name: "Due date", exact: true }).waitFor({ state: "detached" });
  // Each choice is on screen at once; the next task starts when none is still on its way.
  await settled(page);
}

/** Without the editors in place: the task's page and three forms, each with its Save. */
async function triageByForms(page: Page, list: string, title: string) {
  const href = await page.getByRole("link", { name: title, exact: true }).first().getAttribute("href");
  await page.goto(href!);
  await hydrated(page);
  const details = page.getByRole("form", { name: "Task details" });
  await details.getByLabel("Priority").selectOption("high");
  await details.getByLabel("Due date").fill(DUE);
  await details.getByRole("button", { name: "Save Changes" }).click();
  await settled(page);
  const assignees = page.locator("form").filter({ has: page.getByRole("button", { name: "Save Assignees" }) });
  await assignees.getByLabel(NAME).check();
  await assignees.getByRole("button", { name: "Save Assignees" }).click();
  await settled(page);
  const labels = page.getByRole("form", { name: "Task labels" });
  await labels.getByLabel("bug", { exact: true }).check();
  await labels.getByRole("button", { name: "Save Labels" }).click();
  await settled(page);
  // Back to the List for the next task, as the user would.
  await page.goto(list);
  await hydrated(page);
}

/** The account menu's Keyboard shortcuts item is rendered by hydration (tests/e2e/support/hydration.ts). */
function hydrated(page: Page) {
  return page.getByRole("button", { name: "Keyboard shortcuts ?", includeHidden: true }).waitFor({ state: "attached" });
}

function track(page: Page) {
  const open = new Set<unknown>();
  inFlight.set(page, open);
  page.on("request", (request) => {
    if (request.resourceType() !== "eventsource") open.add(request);
  });
  page.on("requestfinished", (request) => open.delete(request));
  page.on("requestfailed", (request) => open.delete(request));
}

/** Waits until the page's requests (a save, its revalidation) are all answered. */
async function settled(page: Page) {
  const open = inFlight.get(page)!;
  // A save starts its request on the next task of the event loop; give it that turn.
  await page.waitForTimeout(50);
  while (open.size > 0) await page.waitForTimeout(20);
}

/**
 * Each row shows its four values after a fresh load, or the figures would mean nothing (an
 * older build shows the assignee as a picture named by its alt text and the day as digits).
 */
async function verify(page: Page, titles: string[]) {
  for (const title of titles) {
    const cells = row(page, title);
    const text = (await cells.innerText()).toLowerCase();
    const named = await cells.locator(`[alt="${NAME}"], [title="${NAME}"], [aria-label="${NAME}"]`).count();
    const dated = await cells.locator(`time[datetime="${DUE}"]`).count();
    const missing = [
      text.includes("high") ? null : "priority",
      text.includes("bug") ? null : "label",
      named > 0 || text.includes(NAME.toLowerCase()) ? null : "assignee",
      dated > 0 || text.includes(DUE) ? null : "due date",
    ].filter(Boolean);
    if (missing.length > 0) throw new Error(`"${title}" lacks its ${missing.join(", ")} after the triage: ${text}`);
  }
}

function report(elapsed: number, requests: string[]) {
  const counts = new Map<string, number>();
  for (const request of requests) counts.set(request, (counts.get(request) ?? 0) + 1);
  const byKind = [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([kind, count]) => `${count} ${kind}`)
    .join(", ");
  console.log(
    `\n${forms ? "Forms on the task page" : "Editors in place in the List"} (${checkout}): ${TASKS} tasks × priority, assignee, due date, label`,
  );
  console.log(`| time | requests | per task | requests by kind |`);
  console.log(`|---|---|---|---|`);
  console.log(
    `| ${(elapsed / 1000).toFixed(1)} s | ${requests.length} | ${(requests.length / TASKS).toFixed(1)} | ${byKind} |`,
  );
  console.log(`\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}.`);
}

await main();
