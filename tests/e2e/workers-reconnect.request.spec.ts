import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { expect, request as playwrightRequest, test } from "@playwright/test";
import { POSTGRES_URL, withPostgres } from "../setup/postgres";
import { uniqueEmail, type ReceivedMail } from "./support/mailbox";
import { freePort } from "./support/server-process";

/**
 * The app (JOBS_IN_APP=false) and a separate `npm run worker` on a PostgreSQL database of
 * their own lose every connection at once (`pg_terminate_backend`, as when PostgreSQL
 * restarts or a proxy drops them). Nobody restarts anything: a contact form posted right
 * after is answered, its mail goes out through the worker to the in-test SMTP server, both
 * processes said they lost the database and got it back, and both are still running (the
 * worker used to exit with code 0 and no word). Needs PostgreSQL, as the cluster spec.
 */
const root = path.resolve(import.meta.dirname, "../..");

test("the app and a separate worker reconnect after their database connections are terminated", async () => {
  test.setTimeout(90_000);
  const smtpUrl = process.env.E2E_SMTP_URL;
  const mailbox = process.env.E2E_MAILBOX_URL;
  if (!smtpUrl || !mailbox) throw new Error("E2E_SMTP_URL is not set: run the tests with npm run test:e2e");

  const name = `plotline_reconnect_${randomBytes(4).toString("hex")}`;
  await withPostgres((client) => client.query(`create database ${name}`));
  const databaseUrl = new URL(POSTGRES_URL);
  databaseUrl.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "plotline-reconnect-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const common = {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl.toString(),
    SMTP_URL: smtpUrl,
    LOG_LEVEL: "info",
  };
  const processes: Logged[] = [];
  try {
    const app = logged(
      spawn(process.execPath, ["server.js"], {
        cwd: root,
        env: { ...common, PORT: String(port), APP_URL: url, JOBS_IN_APP: "false", AUTH_PASSWORD_HASH_COST: "4" },
      }),
    );
    processes.push(app);
    await until(() => app.output.includes("Plotline is ready"), "the app started", app);
    // After the app: it migrates, and a worker never does.
    const worker = logged(
      spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], { cwd: root, env: common }),
    );
    processes.push(worker);

    // The worker's heartbeat shows in the app's /healthz.
    const health = async () => (await (await fetch(`${url}/healthz`)).json()) as { jobs: { workers?: number } };
    await until(async () => (await health()).jobs.workers === 1, "the worker's heartbeat reached /healthz", worker);

    const relays = await sessions(name, "plotline-relay");
    expect(relays, "each process LISTENs on a connection of its own").toBe(2);
    const terminated = await withTerminated(name);
    expect(terminated, "the pools' connections and both relays were cut").toBeGreaterThanOrEqual(4);

    const email = uniqueEmail("reconnect");
    const api = await playwrightRequest.newContext({ baseURL: url });
    const response = await api.post("/company/contact", {
      form: { fullName: "Ada Lovelace", email, subject: "Still there?", message: "After the cut.", topic: "general" },
      maxRedirects: 0,
    });
    await api.dispose();
    expect(response.status()).toBe(302);

    let mails: ReceivedMail[] = [];
    await until(async () => {
      mails = (await (await fetch(`${mailbox}/messages?to=${encodeURIComponent(email)}`)).json()) as ReceivedMail[];
      return mails.length > 0;
    }, "the contact mail arrived");
    expect(mails.map((mail) => mail.subject)).toEqual(["We received your message: Still there?"]);

    for (const [who, child] of [
      ["app", app],
      ["worker", worker],
    ] as const) {
      await until(
        () => child.messages().includes("database connection restored"),
        `the ${who} logged the reconnect`,
        child,
      );
      const said = child.messages();
      expect(
        said.filter((message) => message.startsWith("database connection lost, retrying in ")),
        who,
      ).toHaveLength(1);
      expect(child.process.exitCode, `the ${who} is still running`).toBeNull();
    }
    // Both listen again: the relays are back.
    await until(async () => (await sessions(name, "plotline-relay")) === 2, "both relays LISTEN again");
  } finally {
    await Promise.all(processes.map((child) => child.stop()));
    fs.rmSync(dataDir, { recursive: true, force: true });
    await withPostgres((client) => client.query(`drop database if exists ${name} with (force)`));
  }
});

type Logged = ReturnType<typeof logged>;

/** A child process whose output is kept, with its JSON log lines' messages. */
function logged(child: ChildProcess) {
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += String(chunk)));
  child.stderr!.on("data", (chunk: Buffer) => (output += String(chunk)));
  return {
    process: child,
    get output() {
      return output;
    },
    messages: () =>
      output
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => String((JSON.parse(line) as { msg?: unknown }).msg)),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

async function sessions(database: string, application: string) {
  let count = 0;
  await withPostgres(async (client) => {
    const { rows } = await client.query<{ count: number }>(
      "select count(*)::int as count from pg_stat_activity where datname = $1 and application_name = $2",
      [database, application],
    );
    count = rows[0]!.count;
  });
  return count;
}

/** Terminates every session on `database` but the caller's own; how many there were. */
async function withTerminated(database: string) {
  let count = 0;
  await withPostgres(async (client) => {
    // In the select list, so that it runs only for the rows the filter kept (never in the
    // WHERE clause, whose conditions PostgreSQL may evaluate in any order).
    const { rows } = await client.query<{ pid: number }>(
      "select pid, pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [database],
    );
    count = rows.length;
  });
  return count;
}

/** Polls `condition` until it holds, for at most 30 s; says what did not happen, with the process's output. */
async function until(condition: () => boolean | Promise<boolean>, what: string, child?: Logged) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (await condition()) return;
    if (Date.now() > deadline || (child && child.process.exitCode !== null)) {
      throw new Error(`timed out waiting until ${what}${child ? `:\n${child.output.slice(-4000)}` : ""}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
