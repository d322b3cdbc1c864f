import fs from "node:fs";
import path from "node:path";

import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";

import routes from "../../app/routes";
import { assistantIntents } from "../../app/routes/app/assistant-intents.server";
import { inviteIntents } from "../../app/routes/invite-intents.server";
import { notificationsIntents } from "../../app/routes/app/notifications-intents.server";
import { projectDeleteIntents } from "../../app/routes/app/project-delete-intents.server";
import { projectIntents } from "../../app/routes/app/project-intents.server";
import { projectNewIntents } from "../../app/routes/app/project-new-intents.server";
import { projectSaveTemplateIntents } from "../../app/routes/app/project-save-template-intents.server";
import { projectStarIntents } from "../../app/routes/app/project-star-intents.server";
import { pushIntents } from "../../app/routes/app/push-intents.server";
import { settingsIntents } from "../../app/routes/app/settings-intents.server";
import { taskIntents } from "../../app/routes/app/task-intents.server";
import { teamCalendarEventIntents } from "../../app/routes/app/team-calendar-event-intents.server";
import { teamCalendarImportIntents } from "../../app/routes/app/team-calendar-import-intents.server";
import { teamCalendarNewIntents } from "../../app/routes/app/team-calendar-new-intents.server";
import { teamIntents } from "../../app/routes/app/team-intents.server";
import { templateIntents } from "../../app/routes/app/template-intents.server";
import { templateUseIntents } from "../../app/routes/app/template-use-intents.server";
import { workspaceIntents } from "../../app/routes/app/workspace-intents.server";
import { workspaceNewIntents } from "../../app/routes/app/workspace-new-intents.server";
import { workspaceWebhooksIntents } from "../../app/routes/app/workspace-webhooks-intents.server";
import { workspaceChatChannelsIntents } from "../../app/routes/app/workspace-chat-channels-intents.server";
import { projectImportIntents } from "../../app/routes/app/project-import-intents.server";
import { projectAutomationsIntents } from "../../app/routes/app/project-automations-intents.server";
import { projectAutomationIntents } from "../../app/routes/app/project-automation-intents.server";
import { workspaceCodeHostsIntents } from "../../app/routes/app/workspace-code-hosts-intents.server";
import { workspaceExportIntents } from "../../app/routes/app/workspace-export-intents.server";
import { workspaceImportIntents } from "../../app/routes/app/workspace-import-intents.server";
import { signUpWithRequests } from "./support/api-account";

/**
 * Every action, fed the malformed input an outside probe sent (empty and non-form bodies,
 * broken multipart, NUL, huge and odd values, unknown intents, ids of 36 hyphens or zeros,
 * unpaired surrogates, an unparsable Referer), anonymously and signed in: never a 5xx, and
 * a refusal is a 4xx that says why. Requests only, against the built server; each action ×
 * each kind once.
 */

type Ids = { project: string; workspace: string; task: string; event: string; template: string };
type Target = {
  /** The URL to post to. */
  url: (ids: Ids) => string;
  /** The intents the action tells apart (each is sent with odd ids and values). */
  intents?: string[];
  /** Runs after the others: a well-formed post to it ends the session or deletes the project. */
  destructive?: boolean;
};

/**
 * Intents of an intent map the fuzz does not send, and why: signing out everywhere ends the
 * session every later request is made in (routes/auth/signout.tsx is fuzzed, destructive).
 */
const NOT_FUZZED = new Set(["settings-intents.server.ts sign-out-everywhere"]);

/**
 * Every route module that exports an action, by file (`app/routes.ts`). A new action route
 * fails the first test until it is listed here.
 */
const ACTIONS: Record<string, Target> = {
  "routes/marketing/request-demo.tsx": { url: () => "/request-demo" },
  "routes/marketing/support.tsx": { url: () => "/resources/support" },
  "routes/marketing/contact.tsx": { url: () => "/company/contact" },
  "routes/marketing/newsletter.tsx": { url: () => "/newsletter" },
  "routes/marketing/newsletter-unsubscribe.tsx": { url: () => "/newsletter/unsubscribe" },
  "routes/auth/signin.tsx": { url: () => "/auth/signin", intents: ["magic-link", "oauth"] },
  "routes/auth/signup.tsx": { url: () => "/auth/signup", intents: ["oauth"] },
  "routes/auth/forgot-password.tsx": { url: () => "/auth/forgot-password" },
  "routes/auth/reset-password.tsx": { url: () => "/auth/reset-password" },
  "routes/app/project-new.tsx": { url: () => "/app/projects/new", intents: Object.keys(projectNewIntents) },
  // Intents from the route's intent map, and a few it does not know (view names) to probe the fallback.
  "routes/app/project.tsx": {
    url: (ids) => `/app/project/${ids.project}`,
    intents: [...Object.keys(projectIntents), "sharing", "settings", "activity"],
  },
  "routes/app/task.tsx": {
    url: (ids) => `/app/project/${ids.project}/task/${ids.task}`,
    intents: Object.keys(taskIntents),
  },
  "routes/app/project-star.ts": {
    url: (ids) => `/app/project/${ids.project}/star`,
    intents: Object.keys(projectStarIntents),
  },
  "routes/app/project-save-template.tsx": {
    url: (ids) => `/app/project/${ids.project}/save-template`,
    intents: Object.keys(projectSaveTemplateIntents),
  },
  "routes/app/template.tsx": {
    url: (ids) => `/app/templates/${ids.template}`,
    intents: Object.keys(templateIntents),
  },
  "routes/app/template-use.tsx": {
    url: (ids) => `/app/templates/${ids.template}/use`,
    intents: Object.keys(templateUseIntents),
  },
  "routes/app/notifications.tsx": { url: () => "/app/notifications", intents: Object.keys(notificationsIntents) },
  "routes/app/workspace-new.tsx": { url: () => "/app/workspaces/new", intents: Object.keys(workspaceNewIntents) },
  "routes/app/workspace.tsx": {
    url: (ids) => `/app/workspaces/${ids.workspace}`,
    intents: Object.keys(workspaceIntents),
  },
  "routes/app/workspace-webhooks.tsx": {
    url: (ids) => `/app/workspaces/${ids.workspace}/webhooks`,
    intents: Object.keys(workspaceWebhooksIntents),
  },
  "routes/app/project-import.tsx": {
    url: (ids) => `/app/project/${ids.project}/import`,
    intents: Object.keys(projectImportIntents),
  },
  // An import id nobody has: every intent is refused as not found, never a 5xx.
  "routes/app/project-import-run.tsx": {
    url: (ids) => `/app/project/${ids.project}/import/${ids.task}`,
    intents: Object.keys(projectImportIntents),
  },
  "routes/app/project-automations.tsx": {
    url: (ids) => `/app/project/${ids.project}/automations`,
    intents: Object.keys(projectAutomationsIntents),
  },
  // A new rule's page: every builder intent with fuzzed forms; saving one must refuse, never 5xx.
  "routes/app/project-automation.tsx": {
    url: (ids) => `/app/project/${ids.project}/automations/new`,
    intents: Object.keys(projectAutomationIntents),
  },
  "routes/app/workspace-automations.tsx": {
    url: (ids) => `/app/workspaces/${ids.workspace}/automations`,
    intents: Object.keys(projectAutomationsIntents),
  },
  "routes/app/workspace-automation.tsx": {
    url: (ids) => `/app/workspaces/${ids.workspace}/automations/new`,
    intents: Object.keys(projectAutomationIntents),
  },
  "routes/app/workspace-chat-channels.tsx": {
    url: (ids) => `/app/workspaces/${ids.workspace}/chat-channels`,
    intents: Object.keys(workspaceChatChannelsIntents),
  },
  "routes/app/workspace-code-hosts.tsx": {
    url: (ids) => `/app/workspaces/${ids.workspace}/code-hosts`,
    intents: Object.keys(workspaceCodeHostsIntents),
  },
  "routes/app/workspace-export.tsx": {
    url: (ids) => `/app/workspaces/${ids.workspace}/export`,
    intents: Object.keys(workspaceExportIntents),
  },
  // The upload of a workspace export: odd bodies and non-zip files are refused beside the field.
  "routes/app/workspace-import.tsx": {
    url: () => "/app/workspaces/import",
    intents: Object.keys(workspaceImportIntents),
  },
  "routes/app/settings.tsx": {
    url: () => "/app/settings",
    // Signing out everywhere would end the session the fuzz runs in (NOT_FUZZED).
    intents: Object.keys(settingsIntents).filter((intent) => !NOT_FUZZED.has(`settings-intents.server.ts ${intent}`)),
  },
  "routes/app/sidebar.ts": { url: () => "/app/sidebar" },
  "routes/app/push.ts": { url: () => "/app/push", intents: Object.keys(pushIntents) },
  "routes/app/presence.ts": { url: () => "/app/presence" },
  "routes/app/team.tsx": {
    url: () => "/app/team",
    intents: Object.keys(teamIntents),
  },
  "routes/app/team-calendar-new.tsx": {
    url: () => "/app/calendar/new",
    intents: Object.keys(teamCalendarNewIntents),
  },
  "routes/app/team-calendar-event.tsx": {
    url: (ids) => `/app/calendar/event/${ids.event}`,
    intents: Object.keys(teamCalendarEventIntents),
  },
  "routes/app/team-calendar-import.tsx": {
    url: () => "/app/calendar/import",
    intents: Object.keys(teamCalendarImportIntents),
  },
  "routes/app/assistant.tsx": { url: () => "/app/assistant", intents: Object.keys(assistantIntents) },
  "routes/app/assistant-stream.ts": { url: () => "/app/assistant/stream" },
  "routes/invite.tsx": { url: () => "/invite/not-a-real-invitation-token", intents: Object.keys(inviteIntents) },
  "routes/api/set-theme.ts": { url: () => "/action/set-theme" },
  "routes/not-found.ts": { url: () => "/no-such-page/anywhere" },
  "routes/app/project-delete.tsx": {
    url: (ids) => `/app/project/${ids.project}/delete`,
    intents: Object.keys(projectDeleteIntents),
    destructive: true,
  },
  "routes/auth/signout.tsx": { url: () => "/auth/signout", destructive: true },
  // The auth service reads JSON and answers in Supabase's format: fuzzed on its own below.
  "routes/api/auth-v1.ts": { url: () => "/auth/v1/signup" },
};
/** Actions that read JSON, not forms: fuzzed apart. */
const OWN_FORMATS = new Set(["routes/api/auth-v1.ts"]);

type RouteEntry = { file: string; children?: RouteEntry[] };
const flatten = (entries: RouteEntry[]): string[] =>
  entries.flatMap((entry) => [entry.file, ...flatten(entry.children ?? [])]);

/** The route modules that export an action, read from the route map and the files themselves. */
function routeFilesWithActions() {
  const files = [...new Set(flatten(routes as RouteEntry[]))];
  return files.filter((file) =>
    /export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b/.test(
      fs.readFileSync(path.join(import.meta.dirname, "../../app", file), "utf8"),
    ),
  );
}

type Post = { headers?: Record<string, string>; data?: string | Buffer };
/** `perIntent`: sent once per intent of the action (the body carries it), else once. */
type Kind = { name: string; post: (intent?: string) => Post; perIntent?: boolean };

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const form = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join("&");

/** Bodies that are not forms, or not parsable ones: refused by the root middleware, whoever asks. */
const MALFORMED: Kind[] = [
  { name: "empty body", post: () => ({ data: Buffer.alloc(0) }) },
  { name: "text/plain", post: () => ({ headers: { "Content-Type": "text/plain" }, data: "intent=delete" }) },
  { name: "JSON", post: () => ({ headers: { "Content-Type": "application/json" }, data: '{"intent":"delete"}' }) },
  {
    name: "multipart without boundary",
    post: () => ({ headers: { "Content-Type": "multipart/form-data" }, data: "--x\r\n\r\nintent\r\n--x--" }),
  },
  {
    name: "truncated multipart",
    post: () => ({
      headers: { "Content-Type": "multipart/form-data; boundary=fuzz" },
      data: '--fuzz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nprof',
    }),
  },
  { name: "NUL in a value", post: () => ({ headers: FORM, data: "intent=a%00b&name=x" }) },
  { name: "NUL in a name", post: () => ({ headers: FORM, data: "in%00tent=x" }) },
];
const REFUSAL = /only accepts forms|could not be read|not allowed \(NUL\)|Choose light, dark or system/;

const HYPHENS = "-".repeat(36);
const ZEROS = "0".repeat(36);
const HUGE = "x".repeat(20_000);
const ID_FIELDS = [
  "id",
  "sessionId",
  "invitationId",
  "userId",
  "workspaceId",
  "projectId",
  "taskId",
  "statusId",
  "targetStatusId",
  "messageId",
  "beforeId",
  "afterId",
  "assignee",
  "commentId",
  "itemId",
  "label",
  "labelId",
  "attachmentId",
  "signature",
  "connectionId",
  "project",
  "task",
  "eventId",
  "tokenId",
  "attendeeIds",
  "parent",
];
const TEXT_FIELDS = [
  "name",
  "fullName",
  "email",
  "workEmail",
  "subject",
  "message",
  "company",
  "confirmName",
  "body",
  "title",
  "newLabel",
  "description",
  "category",
  "icon",
  "startDate",
  "file",
  "startTime",
  "endDate",
  "endTime",
  "timeZone",
  "endpoint",
  "p256dh",
  "auth",
  "parent",
];
const ids = (value: string) => Object.fromEntries(ID_FIELDS.map((field) => [field, value]));

/** Well-formed forms with odd contents: reach the actions (after sign-in, where one is needed). */
const ODD: Kind[] = [
  { name: "empty form", post: () => ({ headers: FORM, data: "" }) },
  { name: "unknown intent", post: () => ({ headers: FORM, data: form({ intent: "fuzz-no-such-intent" }) }) },
  {
    name: "36-hyphen ids",
    perIntent: true,
    post: (intent = "") => ({ headers: FORM, data: form({ intent, ...ids(HYPHENS) }) }),
  },
  {
    name: "36-zero ids",
    perIntent: true,
    post: (intent = "") => ({ headers: FORM, data: form({ intent, ...ids(ZEROS) }) }),
  },
  {
    name: "huge and odd values",
    perIntent: true,
    post: (intent = "") => ({
      headers: FORM,
      data: form({
        intent,
        ...Object.fromEntries(TEXT_FIELDS.map((field) => [field, HUGE])),
        starred: "maybe",
        open: "maybe",
        theme: "purple",
        role: "emperor",
        teamSize: "-1",
        redirectTo: "//evil.example/",
        color: "#zzz",
        // The board's moves ask for data instead of a redirect: a refusal must still be a 4xx.
        via: "fetcher",
        // The public forms' honeypot: a forged "valid from" time must not fail its decryption loudly.
        from__confirm: HYPHENS,
        website: "",
        "extra[][]": "x",
      }),
    }),
  },
  {
    name: "unpaired surrogates",
    perIntent: true,
    // %ED%A0%80 is U+D800 written as UTF-8, which no valid text contains.
    post: (intent = "") => ({
      headers: FORM,
      data: `intent=${intent}&${[...TEXT_FIELDS, ...ID_FIELDS].map((field) => `${field}=%ED%A0%80`).join("&")}`,
    }),
  },
  {
    name: "odd Referer",
    perIntent: true,
    post: (intent = "") => ({
      headers: { ...FORM, Referer: "http://[::1" },
      data: form({ intent, theme: "dark" }),
    }),
  },
];

type Outcome = { route: string; kind: string; intent?: string; status: number; body: string };

/**
 * One request, on the context's kept-alive connections (the server reads and discards a
 * refused body before it answers the next request on the same connection; sending each with
 * `Connection: close` instead left about one in twenty waiting 5 s in Playwright's client).
 * The answer comes uncompressed: only its status and text are read, and gzipping a thousand
 * rendered pages was a tenth of the server's work here.
 */
async function send(request: APIRequestContext, url: string, post: Post): Promise<APIResponse> {
  return request.post(url, {
    ...post,
    headers: { ...post.headers, "Accept-Encoding": "identity" },
    maxRedirects: 0,
    failOnStatusCode: false,
  });
}

/**
 * How many of a test's requests are in flight at once. The server is shared with the other
 * worker's tests, and a burst of a hundred page renders (every intent of the project page
 * at once) queued their requests behind it for seconds, past their assertions' timeouts; a
 * few at a time keep the server as busy and the wait of anyone else's request short.
 */
const IN_FLIGHT = 4;

/** `run` over `items`, at most IN_FLIGHT at a time; the results in the items' order. */
async function inTurn<T, R>(items: T[], run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const lane = async () => {
    for (let index = next++; index < items.length; index = next++) results[index] = await run(items[index]!);
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, items.length) }, lane));
  return results;
}

/**
 * Posts every kind to every action, a few requests at a time (`inTurn`), the destructive
 * actions after all the others have answered. Anonymously, intents only matter outside the
 * app: app actions answer with the sign-in redirect before they look at them.
 */
async function fuzzActions(request: APIRequestContext, kinds: Kind[], ids: Ids, signedIn: boolean) {
  const cases = (destructive: boolean) =>
    Object.entries(ACTIONS)
      .filter(([file, target]) => !OWN_FORMATS.has(file) && Boolean(target.destructive) === destructive)
      .flatMap(([file, target]) => {
        const url = target.url(ids);
        const intents = signedIn || !/^\/(app|invite)\//.test(url) ? (target.intents ?? []) : [];
        return kinds.flatMap((kind) =>
          [undefined, ...(kind.perIntent ? intents : [])].map((intent) => ({ file, url, kind, intent })),
        );
      });
  const post = async ({ file, url, kind, intent }: ReturnType<typeof cases>[number]): Promise<Outcome> => {
    const response = await send(request, url, kind.post(intent));
    return { route: file, kind: kind.name, intent, status: response.status(), body: await response.text() };
  };
  return [...(await inTurn(cases(false), post)), ...(await inTurn(cases(true), post))];
}

const describe = (outcomes: Outcome[]) =>
  outcomes.map(
    (o) => `${o.status} ${o.route} [${o.kind}${o.intent ? ` intent=${o.intent}` : ""}]: ${o.body.slice(0, 120)}`,
  );

function expectNoServerErrors(outcomes: Outcome[]) {
  const failed = outcomes.filter((o) => o.status >= 500);
  expect(describe(failed), "answers of 5xx").toEqual([]);
  // A refusal says why: a page with its message, or JSON with an error.
  const silent = outcomes.filter((o) => o.status >= 400 && o.body.trim() === "");
  expect(describe(silent), "refusals without a message").toEqual([]);
}

function expectMalformedRefused(outcomes: Outcome[]) {
  const wrong = outcomes.filter((o) => ![400, 415].includes(o.status) || !REFUSAL.test(o.body));
  expect(describe(wrong), "malformed bodies not refused with 400/415 and a message").toEqual([]);
}

test.describe("every action, fed malformed input", () => {
  test("lists every route module that has an action", () => {
    expect(routeFilesWithActions().sort()).toEqual(Object.keys(ACTIONS).sort());
  });

  test("sends every intent of every route's intent map", async () => {
    const missing: string[] = [];
    const routesDirectory = path.join(import.meta.dirname, "../../app/routes");
    const files = fs
      .readdirSync(routesDirectory, { recursive: true, encoding: "utf8" })
      .filter((name) => name.endsWith("-intents.server.ts"));
    for (const relative of files) {
      const file = path.basename(relative);
      const exports = (await import(path.join(routesDirectory, relative))) as Record<string, unknown>;
      const stem = relative.replace("-intents.server.ts", ".");
      const route = Object.keys(ACTIONS).find((name) => name.startsWith(`routes/${stem}`));
      const sent = new Set(route ? (ACTIONS[route]!.intents ?? []) : []);
      for (const map of Object.values(exports).filter((value) => typeof value === "object" && value !== null)) {
        for (const intent of Object.keys(map as object)) {
          if (!sent.has(intent) && !NOT_FUZZED.has(`${file} ${intent}`)) missing.push(`${file} ${intent}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  test("anonymously: malformed bodies get 400/415 with a message, odd forms never a 5xx", async ({ request }) => {
    test.setTimeout(120_000);
    const fake = {
      project: "fuzz-project",
      workspace: "fuzz-workspace",
      task: "fuzz-task",
      event: "fuzz-event",
      template: "fuzz-template",
    };
    const malformed = await fuzzActions(request, MALFORMED, fake, false);
    expectNoServerErrors(malformed);
    expectMalformedRefused(malformed);
    expectNoServerErrors(await fuzzActions(request, ODD, fake, false));
  });

  // Signed in, the two halves run as two tests (each with its own account) so both workers share them.
  test("signed in: malformed bodies get 400/415 with a message", async ({ request }) => {
    test.setTimeout(120_000);
    await signUpWithRequests(request, "fuzz");
    const malformed = await fuzzActions(request, MALFORMED, await projectAndWorkspace(request), true);
    expectNoServerErrors(malformed);
    expectMalformedRefused(malformed);
  });

  test("signed in: odd forms never get a 5xx, odd ids and unknown intents a 400", async ({ request }) => {
    test.setTimeout(120_000);
    await signUpWithRequests(request, "fuzz-odd");
    const ids = await projectAndWorkspace(request);
    const odd = await fuzzActions(request, ODD, ids, true);
    expectNoServerErrors(odd);
    // Ids that are not UUIDs are refused as such, not looked up.
    for (const [route, intent] of [
      ["routes/app/notifications.tsx", "mark-read"],
      ["routes/app/settings.tsx", "revoke-session"],
      ["routes/app/settings.tsx", "revoke-api-token"],
    ]) {
      for (const kind of ["36-hyphen ids", "36-zero ids"]) {
        const outcome = odd.find((o) => o.route === route && o.intent === intent && o.kind === kind);
        expect(outcome?.status, `${route} ${intent} ${kind}`).toBe(400);
        expect(outcome?.body).toContain("does not exist.");
      }
    }
    // Unknown intents are 400 where an action tells intents apart.
    for (const route of ["routes/app/notifications.tsx", "routes/app/settings.tsx", "routes/app/team.tsx"]) {
      const outcome = odd.find((o) => o.route === route && o.kind === "unknown intent" && !o.intent);
      expect(outcome?.status, route).toBe(400);
      expect(outcome?.body).toContain("Unknown action");
    }
  });

  test("the auth service answers malformed JSON with a 4xx in its own format", async ({ request }) => {
    const { email, password } = await signUpWithRequests(request, "fuzz-auth");
    const signedIn = await request.post("/auth/v1/token?grant_type=password", { data: { email, password } });
    expect(signedIn.status()).toBe(200);
    const accessToken = ((await signedIn.json()) as { access_token: string }).access_token;

    const endpoints: { method: "POST" | "PUT"; path: string; bearer?: boolean }[] = [
      { method: "POST", path: "/auth/v1/signup" },
      { method: "POST", path: "/auth/v1/token?grant_type=password" },
      { method: "POST", path: "/auth/v1/token?grant_type=refresh_token" },
      { method: "POST", path: "/auth/v1/token?grant_type=pkce" },
      { method: "POST", path: "/auth/v1/otp" },
      { method: "POST", path: "/auth/v1/verify" },
      { method: "POST", path: "/auth/v1/recover" },
      { method: "POST", path: "/auth/v1/resend" },
      { method: "PUT", path: "/auth/v1/user", bearer: true },
      { method: "POST", path: "/auth/v1/logout?scope=fuzz", bearer: true },
    ];
    const JSON_TYPE = { "Content-Type": "application/json" };
    const bodies: { name: string; post: Post; code?: string }[] = [
      { name: "empty body", post: { data: Buffer.alloc(0) } },
      { name: "not JSON", post: { headers: JSON_TYPE, data: "{" }, code: "bad_json" },
      { name: "text/plain", post: { headers: { "Content-Type": "text/plain" }, data: "hello" }, code: "bad_json" },
      { name: "a JSON array", post: { headers: JSON_TYPE, data: "[1,2]" }, code: "bad_json" },
      { name: "NUL in a key", post: { headers: JSON_TYPE, data: '{"da\\u0000ta":{}}' }, code: "validation_failed" },
      {
        name: "NUL in a value",
        post: { headers: JSON_TYPE, data: `{"email":"a\\u0000@x.io","data":{"full_name":"a\\u0000"}}` },
        code: "validation_failed",
      },
      {
        name: "unpaired surrogate",
        post: { headers: JSON_TYPE, data: '{"email":"\\ud800@x.io","data":{"full_name":"\\ud800"}}' },
        code: "validation_failed",
      },
      {
        name: "huge and odd values",
        post: {
          headers: JSON_TYPE,
          data: JSON.stringify({
            email: `${HUGE}@x.io`,
            password: HUGE,
            type: "fuzz",
            token_hash: HYPHENS,
            auth_code: HYPHENS,
            code_verifier: ZEROS,
            refresh_token: ZEROS,
            code_challenge: "x",
            code_challenge_method: "md5",
            data: { full_name: HUGE, avatar_url: "https://tracker.example/p.gif" },
          }),
        },
      },
    ];
    const outcomes = await inTurn(
      endpoints.flatMap((endpoint) => bodies.map((body) => ({ endpoint, body }))),
      async ({ endpoint, body }) => {
        const headers = {
          "X-Supabase-Api-Version": "2024-01-01",
          Connection: "close",
          ...body.post.headers,
          ...(endpoint.bearer ? { Authorization: `Bearer ${accessToken}` } : {}),
        };
        const response = await request.fetch(endpoint.path, {
          method: endpoint.method,
          headers,
          data: body.post.data,
          maxRedirects: 0,
          failOnStatusCode: false,
        });
        const json = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
        return { endpoint, body, status: response.status(), json };
      },
    );
    const wrong = outcomes.filter(
      ({ status, json, body, endpoint }) =>
        // An empty update of the user is a valid no-op, as on Supabase.
        (status < 400 && !(body.name === "empty body" && endpoint.method === "PUT")) ||
        status >= 500 ||
        (status >= 400 && (typeof json.code !== "string" || !json.message)) ||
        // Where the body is the problem, the code names it (logout reads no body).
        (body.code !== undefined && !endpoint.path.includes("logout") && json.code !== body.code),
    );
    expect(
      wrong.map(
        ({ endpoint, body, status, json }) =>
          `${status} ${endpoint.method} ${endpoint.path} [${body.name}]: ${JSON.stringify(json)}`,
      ),
    ).toEqual([]);
  });
});

/** A project of the signed-in user (created here) and their personal workspace, for the actions under them. */
async function projectAndWorkspace(request: APIRequestContext): Promise<Ids> {
  const dashboard = await (await request.get("/app/dashboard")).text();
  const workspace = [...dashboard.matchAll(/\/app\/workspaces\/([\w-]+)/g)]
    .map((match) => match[1])
    .find((id) => id && id !== "new");
  if (!workspace) throw new Error("no workspace link on the dashboard");
  const created = await send(request, "/app/projects/new", {
    headers: FORM,
    data: form({ name: "Fuzz target", workspaceId: workspace, description: "" }),
  });
  const project = /\/app\/project\/([\w-]+)/.exec(created.headers().location ?? "")?.[1];
  if (!project) throw new Error(`the project was not created: ${created.status()} ${await created.text()}`);
  // A task on the board, through the board's quick add: its id is in the card's link.
  const board = await (await request.get(`/app/project/${project}?view=board`)).text();
  const statusId = /name="statusId" value="([\w-]+)"/.exec(board)?.[1];
  if (!statusId) throw new Error("no quick-add form on the board");
  await send(request, `/app/project/${project}`, {
    headers: FORM,
    data: form({ intent: "create-task", statusId, title: "Fuzz task" }),
  });
  const withTask = await (await request.get(`/app/project/${project}?view=board`)).text();
  const task = new RegExp(`/app/project/${project}/task/([\\w-]+)`).exec(withTask)?.[1];
  if (!task) throw new Error("the task was not created");
  // An event on the team calendar, through the Add Event form: it redirects to the month.
  await send(request, "/app/calendar/new", {
    headers: FORM,
    data: form({
      intent: "create-event",
      workspaceId: workspace,
      title: "Fuzz event",
      startDate: "2027-02-18",
      allDay: "on",
    }),
  });
  const day = await (await request.get("/app/calendar/day/2027-02-18")).text();
  const event = /\/app\/calendar\/event\/([\w-]+)/.exec(day)?.[1];
  if (!event) throw new Error("the event was not created");
  // A template of the user's own, saved from the project: its edit and delete reach the use cases.
  const saved = await send(request, `/app/project/${project}/save-template`, {
    headers: FORM,
    data: form({ name: "Fuzz template", category: "General" }),
  });
  const template = /\/app\/templates\/([\w-]+)/.exec(saved.headers().location ?? "")?.[1];
  if (!template) throw new Error(`the template was not saved: ${saved.status()} ${await saved.text()}`);
  return { project, workspace, task, event, template };
}
