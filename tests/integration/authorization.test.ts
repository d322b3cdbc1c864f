import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { queryRows } from "~/.server/db/client";
import { setDatabase } from "~/.server/db";
import { writeWithActivity } from "~/.server/activity/use-case";
import { createApiToken } from "~/.server/api-tokens/tokens";
import { postMessage } from "~/.server/chat/messages";
import { notify } from "~/.server/notifications/notifications";
import { createProject, deleteProject, setProjectArchived, setProjectStarred } from "~/.server/projects/projects";
import { savePushSubscription } from "~/.server/push/subscriptions";
import { initSecrets } from "~/.server/secrets";
import { inviteMember } from "~/.server/team/invitations";
import { addChecklistItem } from "~/.server/tasks/checklist";
import { addComment } from "~/.server/tasks/comments";
import { addAttachment } from "~/.server/tasks/attachments";
import { createLabel } from "~/.server/tasks/labels";
import { createTask } from "~/.server/tasks/tasks";
import { addTaskRelation } from "~/.server/tasks/relations";
import { askAndWait } from "~/.server/assistant/service";
import { createEvent } from "~/.server/calendar/events";
import { saveProjectAsTemplate } from "~/.server/templates/templates";
import routes from "~/routes";
import * as dashboard from "~/routes/app/dashboard";
import * as notifications from "~/routes/app/notifications";
import * as project from "~/routes/app/project";
import * as projectDelete from "~/routes/app/project-delete";
import * as projectNew from "~/routes/app/project-new";
import * as projectSaveTemplate from "~/routes/app/project-save-template";
import * as projectImport from "~/routes/app/project-import";
import * as projectImportRun from "~/routes/app/project-import-run";
import * as projectExport from "~/routes/app/project-export";
import * as assistantPage from "~/routes/app/assistant";
import * as assistantStream from "~/routes/app/assistant-stream";
import * as projectStar from "~/routes/app/project-star";
import * as push from "~/routes/app/push";
import * as search from "~/routes/app/search";
import * as settings from "~/routes/app/settings";
import * as task from "~/routes/app/task";
import * as taskAttachment from "~/routes/app/task-attachment";
import * as taskParentOptions from "~/routes/app/task-parent-options";
import * as taskRelationOptions from "~/routes/app/task-relation-options";
import * as team from "~/routes/app/team";
import * as teamCalendar from "~/routes/app/team-calendar";
import * as teamCalendarDay from "~/routes/app/team-calendar-day";
import * as teamCalendarEvent from "~/routes/app/team-calendar-event";
import * as teamCalendarImport from "~/routes/app/team-calendar-import";
import * as teamCalendarNew from "~/routes/app/team-calendar-new";
import * as templatePage from "~/routes/app/template";
import * as templateUse from "~/routes/app/template-use";
import * as templatesPage from "~/routes/app/templates";
import * as workspace from "~/routes/app/workspace";
import * as workspaceWebhooks from "~/routes/app/workspace-webhooks";
import * as workspaceChatChannels from "~/routes/app/workspace-chat-channels";
import {
  imports,
  projects,
  webhookDeliveries,
  webhookEndpoints,
  workspaceExports,
  workspaceImports,
} from "~/.server/db/schema";
import * as workspaceCodeHosts from "~/routes/app/workspace-code-hosts";
import * as workspaceExport from "~/routes/app/workspace-export";
import * as workspaceExportDownload from "~/routes/app/workspace-export-download";
import * as workspaceImportRun from "~/routes/app/workspace-import-run";
import { downloadSignature } from "~/.server/workspace-export/export";
import { createConnection } from "~/.server/code-hosts/connections";
import { overrideAllowPrivateTargets } from "~/.server/webhooks/targets";
import { createWebhook } from "~/.server/webhooks/webhooks";
import { createChatChannel } from "~/.server/chat-channels/channels";
import { createRule, versioned } from "~/.server/automations/rules";
import * as projectAutomations from "~/routes/app/project-automations";
import * as projectAutomation from "~/routes/app/project-automation";
import * as workspaceAutomations from "~/routes/app/workspace-automations";
import * as workspaceAutomation from "~/routes/app/workspace-automation";
import { createTestDatabase, engines, type TestDatabase } from "../setup/database";
import { addMember, buildUser, type TestUser } from "../setup/factories";
import { INTENT_MAPS, intentsOf } from "../setup/intent-maps";
import { callAction, callLoader, type Outcome } from "../setup/route-harness";
import { snapshot } from "../setup/snapshot";
import { PROJECT_VIEWS } from "~/validation/project-fields";

/**
 * The authorization sweep: an outsider (signed in, member of their own workspace only)
 * tries every app route and every action against another user's workspace, and a viewer
 * tries every write. Each answers 404 (outsiders never learn what exists) or 403 (a member
 * without the right), and the database is byte for byte what it was before.
 */

// The attachment planted below goes to a data directory of this file's own.
await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  process.env.DATA_DIR = mkdtempSync(`${tmpdir()}/plotline-authorization-`);
  // Web Push configured, so /app/push reaches its use cases (nothing is sent in this file).
  process.env.VAPID_PUBLIC_KEY = "authorization-test-public-key";
  process.env.VAPID_PRIVATE_KEY = "authorization-test-private-key";
});

/** Every route file under /app, so a new screen cannot slip past this test. */
const COVERED = new Set([
  "routes/app/index.ts",
  "routes/app/dashboard.tsx",
  "routes/app/project-new.tsx",
  "routes/app/project.tsx",
  "routes/app/project-star.ts",
  "routes/app/project-delete.tsx",
  "routes/app/project-save-template.tsx",
  "routes/app/templates.tsx",
  "routes/app/template.tsx",
  "routes/app/template-use.tsx",
  "routes/app/task.tsx",
  "routes/app/task-attachment.ts",
  "routes/app/task-parent-options.ts",
  "routes/app/task-relation-options.ts",
  "routes/app/search.tsx",
  "routes/app/notifications.tsx",
  "routes/app/workspace-new.tsx",
  "routes/app/workspace.tsx",
  "routes/app/workspace-webhooks.tsx",
  "routes/app/workspace-chat-channels.tsx",
  // Import into a project (its editors; an import is its uploader's alone) and its CSV export (its readers).
  "routes/app/project-import.tsx",
  "routes/app/project-import-run.tsx",
  "routes/app/project-export.ts",
  // A project's automation rules: its members read them, its editors change them.
  "routes/app/project-automations.tsx",
  "routes/app/project-automation.tsx",
  // A workspace's rules: its members read them, its owners and admins change them.
  "routes/app/workspace-automations.tsx",
  "routes/app/workspace-automation.tsx",
  "routes/app/workspace-code-hosts.tsx",
  // A workspace's export (its owners'; the download signed for one of them) and imports of
  // exports as new workspaces (an import is its uploader's alone; the upload page is anyone's).
  "routes/app/workspace-export.tsx",
  "routes/app/workspace-export-download.ts",
  "routes/app/workspace-import.tsx",
  "routes/app/workspace-import-run.tsx",
  "routes/app/team.tsx",
  // The signed-in user's own settings and preferences; the ids of others it takes (API tokens,
  // workspaces to make a token for) are swept below (API_TOKEN_INTENTS).
  "routes/app/settings.tsx",
  "routes/app/sidebar.ts",
  // The stream filters by membership: tests/integration/realtime.test.ts.
  "routes/app/events.ts",
  // Presence answers 404 for a project not the user's: tests/integration/presence.test.ts.
  "routes/app/presence.ts",
  // Only tasks assigned to the user in workspaces they are in (tests/integration/my-tasks.test.ts).
  "routes/app/my-tasks.tsx",
  // Only the actor's own browser subscriptions: an outsider's unsubscribe of the owner's is below.
  "routes/app/push.ts",
  // The team calendar: its month, day and event pages and the Add Event page.
  "routes/app/team-calendar.tsx",
  "routes/app/team-calendar-day.tsx",
  "routes/app/team-calendar-new.tsx",
  "routes/app/team-calendar-event.tsx",
  "routes/app/team-calendar-import.tsx",
  // The assistant: conversations are their user's alone (tests/integration/assistant.test.ts).
  "routes/app/assistant.tsx",
  "routes/app/assistant-stream.ts",
]);

/**
 * The pages' intents, from their intent maps (tests/setup/intent-maps.ts):
 * a new intent is swept without editing this file. Some are told apart by the policy of the
 * command they run, where the rule differs: every member talks in the chat and follows.
 */
const policyOf = (route: string, intent: string) => INTENT_MAPS[route]![intent]!.command?.policy ?? "read";
const PROJECT_ALL = intentsOf("routes/app/project");
/** The Chat view's writes: every member may post, so these are swept on their own. */
const CHAT_INTENTS = PROJECT_ALL.filter((intent) => policyOf("routes/app/project", intent).startsWith("message."));
/**
 * The member's own calendar feed of the project: every member who sees it may make one, an
 * archived project's too (reading it in a calendar app changes nothing), so these are swept
 * on their own: not found for outsiders and for a deleted project.
 */
const FEED_INTENTS = PROJECT_ALL.filter((intent) => policyOf("routes/app/project", intent) === "calendar_feed.manage");
const PROJECT_INTENTS = PROJECT_ALL.filter(
  (intent) => !CHAT_INTENTS.includes(intent) && !FEED_INTENTS.includes(intent),
);
/** Importing an .ics file into a workspace's calendar: its editors only. */
const IMPORT_INTENTS = intentsOf("routes/app/team-calendar-import");
const TASK_INTENTS = intentsOf("routes/app/task");
/** Following is the member's own subscription: viewers follow too (see the viewer's test). */
const FOLLOW_INTENTS = TASK_INTENTS.filter((intent) => policyOf("routes/app/task", intent) === "task.follow");
/** What an archived project still allows (to members with the role for it); every other intent changes it. */
const WHILE_ARCHIVED = ["archive", "unarchive", "delete"];
const WORKSPACE_INTENTS = intentsOf("routes/app/workspace");
/** The webhooks page's writes: the workspace's owners and admins only. */
const WEBHOOK_INTENTS = intentsOf("routes/app/workspace-webhooks");
/** The chat channels page's writes: the workspace's owners and admins only. */
const CHAT_CHANNEL_INTENTS = intentsOf("routes/app/workspace-chat-channels");
/** The code hosts page's writes: the workspace's owners and admins only. */
const CODE_HOST_INTENTS = intentsOf("routes/app/workspace-code-hosts");
/** The Export and import page's writes: starting an export, the workspace's owners only. */
const EXPORT_INTENTS = intentsOf("routes/app/workspace-export");
const TEAM_INTENTS = intentsOf("routes/app/team");
/** A project's rules: its editors change them (and grow or test a rule's form). */
const RULES_INTENTS = intentsOf("routes/app/project-automations");
const RULE_INTENTS = intentsOf("routes/app/project-automation");
/** The event page's writes: its creator's, or a workspace manager's. */
const EVENT_INTENTS = intentsOf("routes/app/team-calendar-event");
const TEMPLATE_INTENTS = intentsOf("routes/app/template");
/** Settings → Integrations: a token is made for one of the maker's workspaces and revoked by its owner only. */
const API_TOKEN_INTENTS = ["create-api-token", "revoke-api-token"];
/** Valid template form fields, so only the permission can refuse them. */
const templateFields = { name: "Hacked", description: "", category: "General", startDate: "2026-05-01" };

const OWNER_PUSH_ENDPOINT = "https://push.example.com/send/owner-browser";

/** A valid one-event calendar file, so only the permission can refuse an import. */
const icsFile = () =>
  new File(
    [
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//y//EN\r\nBEGIN:VEVENT\r\nUID:planted@example.com\r\nSUMMARY:Planted\r\nDTSTART:20270218T100000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
    ],
    "planted.ics",
    { type: "text/calendar" },
  );

describe.each(engines)("authorization on %s", (engine) => {
  let database: TestDatabase;
  let owner: TestUser;
  let outsider: TestUser;
  let viewer: TestUser;
  let projectId: string;
  /** The owner's import into the project (a finished one: no file needed). */
  const importId = "plantedImport";
  /** The owner's finished export of their workspace, and their import of an export. */
  const exportId = "plantedExport";
  const workspaceImportId = "plantedWsImport";
  let archivedId: string;
  let deletedId: string;
  let taskId: string;
  let taskKey: string;
  let otherTaskKey: string;
  let relationId: string;
  let archivedTaskId: string;
  let deletedTaskId: string;
  let statusId: string;
  let messageId: string;
  let archivedMessageId: string;
  let deletedMessageId: string;
  /** Valid chat form fields aimed at the owner's message, so only the permission can refuse them. */
  const chatFields = () => ({ body: "Hacked", messageId });
  let commentId: string;
  let itemId: string;
  let archivedCommentId: string;
  let labelId: string;
  let attachmentId: string;
  /** Valid task form fields (the owner's comment, checklist item, label and file), so only the permission can refuse them. */
  const taskFields = () => ({
    title: "Hacked",
    priority: "high",
    statusId,
    taskId,
    dueDate: "",
    startDate: "",
    body: "Hacked",
    commentId,
    itemId,
    direction: "down",
    done: "on",
    following: "true",
    label: labelId,
    // No parent: valid for any task, so only the permission refuses it.
    parent: "",
    // A relation to the owner's other task, and the one planted between them.
    relation: "relates",
    other: otherTaskKey,
    relationId,
    // Another project to move the task to (its own: only the permission refuses first).
    targetProjectId: projectId,
    attachmentId,
    file: new File(["planted"], "planted.txt", { type: "text/plain" }),
    // A repeat preset (the Repeat editor's), valid for any task.
    preset: "FREQ=DAILY",
    timeZone: "UTC",
  });
  /** Valid workspace form fields (its name, a label of it), so only the permission can refuse them. */
  const workspaceFields = () => ({ confirmName: "Owner's Workspace", labelId, color: "rose" });
  let notificationId: string;
  let invitationId: string;
  let templateId: string;
  /** Valid team form fields aimed at the owner's people, so only the permission can refuse them. */
  const teamFields = () => ({ email: "new@example.com", role: "editor", userId: owner.id, invitationId });
  let eventId: string;
  /** The owner's API token, and valid token form fields aimed at it and their workspace. */
  let tokenId: string;
  const tokenFields = () => ({
    tokenId,
    workspaceId: owner.workspaceId,
    name: "Hacked",
    scope: "write",
    expires: "never",
  });
  /** The owner's webhook and a delivery in its log. */
  let webhookId: string;
  let deliveryId: string;
  /** Valid webhook form fields aimed at the owner's webhook, so only the permission can refuse them. */
  const webhookFields = () => ({
    url: "http://127.0.0.1:9/planted",
    scope: "all",
    enabled: "false",
    webhookId,
    deliveryId,
  });
  /** The owner's chat channel; valid form fields aimed at it, so only the permission can refuse them. */
  let chatChannelId: string;
  const chatChannelFields = () => ({
    channelId: chatChannelId,
    projectId,
    name: "#planted",
    format: "json",
    url: "http://127.0.0.1:9/planted",
    events: "task.created",
    enabled: "false",
  });
  /** The owner's code-host connection, and valid form fields aimed at it. */
  let connectionId: string;
  /** The owner's automation rule, and valid rule form fields aimed at it. */
  let ruleId: string;
  let workspaceRuleId: string;
  const ruleFields = () => ({
    ruleId,
    name: "Hacked",
    trigger: "task_created",
    action: "set_priority:high",
    actionText: "",
    enabled: "false",
    preset: "overdue-notify",
    taskKey,
  });
  const codeHostFields = () => ({ provider: "github", label: "Hacked", connectionId });
  /** The owner's conversation with the assistant, and its answer proposing subtasks. */
  let conversationId: string;
  let answerId: string;
  /** Valid event form fields in the owner's workspace, so only the permission can refuse them. */
  const eventFields = () => ({
    title: "Hacked",
    allDay: "on",
    startDate: "2027-02-18",
    timeZone: "UTC",
    workspaceId: owner.workspaceId,
    attendeeIds: viewer.id,
  });

  beforeAll(async () => {
    initSecrets(fs.mkdtempSync(path.join(os.tmpdir(), "plotline-secrets-")));
    database = await createTestDatabase(engine);
    setDatabase(database);
    owner = await buildUser({ fullName: "Owner" });
    outsider = await buildUser({ fullName: "Outsider" });
    viewer = await buildUser({ fullName: "Viewer" });
    await addMember(owner.workspaceId, viewer.id, "viewer");
    ({ id: projectId } = await createProject(owner.actor, {
      workspaceId: owner.workspaceId,
      name: "Secret Plans",
    }));
    await setProjectStarred(owner.actor, { projectId, starred: true });
    ({ id: taskId, key: taskKey } = await createTask(owner.actor, { projectId, title: "Secret task" }));
    ({ key: otherTaskKey } = await createTask(owner.actor, { projectId, title: "Secret blocker" }));
    ({ id: relationId } = await addTaskRelation(owner.actor, { taskId, relation: "blocked_by", other: otherTaskKey }));
    ({ id: commentId } = await addComment(owner.actor, { taskId, body: "Secret comment" }));
    ({ id: itemId } = await addChecklistItem(owner.actor, { taskId, title: "Secret item" }));
    await addChecklistItem(owner.actor, { taskId, title: "Second item" });
    ({ id: labelId } = await createLabel(owner.actor, {
      workspaceId: owner.workspaceId,
      name: "Secret",
      color: "teal",
    }));
    ({ id: attachmentId } = await addAttachment(owner.actor, {
      projectId,
      taskId,
      file: new File(["secret"], "secret.txt", { type: "text/plain" }),
    }));
    [{ id: statusId }] = (await queryRows<{ id: string }>(
      database.db,
      sql`select public_id as id from statuses order by position desc limit 1`,
    )) as [{ id: string }];
    ({ id: templateId } = await saveProjectAsTemplate(owner.actor, {
      projectId,
      name: "Secret Template",
      category: "General",
    }));
    ({ id: archivedId } = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Old Plans" }));
    ({ id: archivedTaskId } = await createTask(owner.actor, { projectId: archivedId, title: "Old task" }));
    ({ id: messageId } = await postMessage(owner.actor, { projectId, body: "Secret message" }));
    ({ id: archivedMessageId } = await postMessage(owner.actor, { projectId: archivedId, body: "Old message" }));
    ({ id: archivedCommentId } = await addComment(owner.actor, { taskId: archivedTaskId, body: "Old comment" }));
    await setProjectArchived(owner.actor, { projectId: archivedId, archived: true });
    ({ id: deletedId } = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Lost Plans" }));
    ({ id: deletedTaskId } = await createTask(owner.actor, { projectId: deletedId, title: "Lost task" }));
    ({ id: deletedMessageId } = await postMessage(owner.actor, { projectId: deletedId, body: "Lost message" }));
    await deleteProject(owner.actor, { projectId: deletedId });
    ({ id: invitationId } = await inviteMember(owner.actor, {
      workspaceId: owner.workspaceId,
      email: "pending@example.com",
      role: "viewer",
    }));
    await writeWithActivity(owner.actor, (tx) =>
      notify(tx, [{ userId: owner.id, kind: "test", title: "For the owner only" }]),
    );
    const [row] = await queryRows<{ id: string }>(database.db, sql`select id from notifications limit 1`);
    notificationId = row!.id;
    const asked = await askAndWait(
      owner.actor,
      { message: "Break down a task into subtasks", projectId, today: "2026-11-24" },
      new AbortController().signal,
    );
    conversationId = asked.conversationId;
    answerId = asked.answer.id;
    ({ id: eventId } = await createEvent(owner.actor, {
      workspaceId: owner.workspaceId,
      title: "Secret event",
      allDay: true,
      startDate: "2027-02-18",
      attendeeIds: [viewer.id],
    }));
    ({ id: tokenId } = await createApiToken(owner.actor, {
      workspaceId: owner.workspaceId,
      name: "Secret token",
      scope: "write",
      expiresInDays: null,
    }));
    overrideAllowPrivateTargets(true);
    ({ id: webhookId } = await createWebhook(owner.actor, {
      workspaceId: owner.workspaceId,
      url: "http://127.0.0.1:9/secret-hook",
      events: ["*"],
    }));
    ({ id: chatChannelId } = await createChatChannel(owner.actor, {
      workspaceId: owner.workspaceId,
      projectId,
      name: "#secret",
      format: "json",
      url: "http://127.0.0.1:9/secret-chat",
      events: ["task.created"],
    }));
    overrideAllowPrivateTargets(undefined);
    const [endpoint] = await database.db.select({ id: webhookEndpoints.id }).from(webhookEndpoints);
    const [ownerProject] = await database.db
      .select({ id: projects.id, workspaceId: projects.workspaceId })
      .from(projects)
      .where(eq(projects.publicId, projectId));
    await database.db.insert(imports).values({
      publicId: importId,
      workspaceId: ownerProject!.workspaceId,
      projectId: ownerProject!.id,
      userId: owner.id,
      kind: "csv",
      fileName: "secret.csv",
      sizeBytes: 10,
      columns: ["Title"],
      mapping: { title: 0 },
      state: "checked",
    });
    await database.db.insert(workspaceExports).values({
      publicId: exportId,
      workspaceId: ownerProject!.workspaceId,
      userId: owner.id,
      state: "done",
      storagePath: "exports/planted.zip",
      sizeBytes: 10,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    await database.db.insert(workspaceImports).values({
      publicId: workspaceImportId,
      userId: owner.id,
      fileName: "secret.zip",
      sizeBytes: 10,
      state: "failed",
    });
    deliveryId = "plantedDelivery";
    await database.db.insert(webhookDeliveries).values({
      publicId: deliveryId,
      endpointId: endpoint!.id,
      messageId: "msg_planted",
      verb: "task.created",
      payload: { type: "task.created", timestamp: "2026-11-26T00:00:00.000Z", data: {} },
      attempt: 1,
      statusCode: 200,
      durationMs: 5,
    });
    ({ id: ruleId } = await createRule(owner.actor, {
      projectId,
      name: "Secret rule",
      definition: versioned({
        trigger: { type: "task_created" },
        conditions: { match: "all", items: [] },
        actions: [{ kind: "set_priority", value: "low" }],
      }),
    }));
    ({ id: workspaceRuleId } = await createRule(owner.actor, {
      workspaceId: owner.workspaceId,
      name: "Secret workspace rule",
      definition: versioned({
        trigger: { type: "status_changed", to: "done" },
        conditions: { match: "all", items: [] },
        actions: [{ kind: "set_priority", value: "low" }],
      }),
    }));
    ({ id: connectionId } = await createConnection(owner.actor, {
      workspaceId: owner.workspaceId,
      provider: "gitlab",
      label: "secret/repo",
    }));
    await savePushSubscription(owner.actor, {
      endpoint: OWNER_PUSH_ENDPOINT,
      p256dh: `B${"A".repeat(86)}`,
      auth: "A".repeat(22),
    });
  });
  afterAll(async () => {
    setDatabase(undefined);
    await database?.drop();
  });

  it("covers every route under /app", () => {
    const app = routes.find((route) => route.path === "app");
    const files = (app?.children ?? []).map((route) => route.file);
    expect(files.filter((file) => !COVERED.has(file))).toEqual([]);
  });

  it("refuses an outsider everything about another workspace, and changes nothing", async () => {
    const before = await snapshot(database.db);
    const as = { user: outsider };
    const p = { projectId };
    const w = { workspaceId: owner.workspaceId };
    const outcomes: [string, Outcome][] = [];
    const record = async (label: string, outcome: Promise<Outcome>) => outcomes.push([label, await outcome]);

    await record("GET project", callLoader(project.loader, { ...as, path: `/app/project/${projectId}`, params: p }));
    for (const view of PROJECT_VIEWS) {
      await record(
        `GET project ?view=${view}`,
        callLoader(project.loader, { ...as, path: `/app/project/${projectId}?view=${view}`, params: p }),
      );
    }
    for (const intent of PROJECT_INTENTS) {
      await record(
        `POST project intent=${intent}`,
        callAction(project.action, {
          ...as,
          path: `/app/project/${projectId}`,
          params: p,
          form: {
            intent,
            name: "Hacked",
            key: "HACK",
            color: "rose",
            description: "",
            confirmName: "Secret Plans",
            category: "active",
            ...taskFields(),
            direction: "left",
          },
        }),
      );
    }
    for (const intent of CHAT_INTENTS) {
      await record(
        `POST project intent=${intent}`,
        callAction(project.action, {
          ...as,
          path: `/app/project/${projectId}?view=chat`,
          params: p,
          form: { intent, ...chatFields() },
        }),
      );
    }
    for (const intent of FEED_INTENTS) {
      await record(
        `POST project intent=${intent}`,
        callAction(project.action, { ...as, path: `/app/project/${projectId}`, params: p, form: { intent } }),
      );
    }
    const t = { projectId, taskId };
    await record(
      "GET task",
      callLoader(task.loader, { ...as, path: `/app/project/${projectId}/task/${taskId}`, params: t }),
    );
    const download = { ...t, attachmentId };
    await record(
      "GET attachment by guessing its URL",
      callLoader(taskAttachment.loader, {
        ...as,
        path: `/app/project/${projectId}/task/${taskId}/attachment/${attachmentId}`,
        params: download,
      }),
    );
    await record(
      "GET the parent's candidates",
      callLoader(taskParentOptions.loader, {
        ...as,
        path: `/app/project/${projectId}/task/${taskId}/parent-options?q=Secret`,
        params: t,
      }),
    );
    await record(
      "GET a relation's candidates",
      callLoader(taskRelationOptions.loader, {
        ...as,
        path: `/app/project/${projectId}/task/${taskId}/relation-options?q=Secret`,
        params: t,
      }),
    );
    for (const intent of TASK_INTENTS) {
      await record(
        `POST task intent=${intent}`,
        callAction(task.action, {
          ...as,
          path: `/app/project/${projectId}/task/${taskId}`,
          params: t,
          form: { intent, ...taskFields() },
        }),
      );
    }
    await record(
      "POST star",
      callAction(projectStar.action, {
        ...as,
        path: `/app/project/${projectId}/star`,
        params: p,
        form: { starred: "true" },
      }),
    );
    await record(
      "POST unstar",
      callAction(projectStar.action, {
        ...as,
        path: `/app/project/${projectId}/star`,
        params: p,
        form: { starred: "false" },
      }),
    );
    await record(
      "GET delete",
      callLoader(projectDelete.loader, { ...as, path: `/app/project/${projectId}/delete`, params: p }),
    );
    await record(
      "POST delete",
      callAction(projectDelete.action, { ...as, path: `/app/project/${projectId}/delete`, params: p }),
    );
    await record(
      "POST new project in their workspace",
      callAction(projectNew.action, {
        ...as,
        path: "/app/projects/new",
        form: { name: "Planted", workspaceId: owner.workspaceId },
      }),
    );
    await record(
      "GET workspace",
      callLoader(workspace.loader, { ...as, path: `/app/workspaces/${owner.workspaceId}`, params: w }),
    );
    for (const intent of WORKSPACE_INTENTS) {
      await record(
        `POST workspace intent=${intent}`,
        callAction(workspace.action, {
          ...as,
          path: `/app/workspaces/${owner.workspaceId}`,
          params: w,
          form: { intent, name: "Hacked", ...workspaceFields() },
        }),
      );
    }

    const webhooksPath = `/app/workspaces/${owner.workspaceId}/webhooks`;
    await record("GET webhooks", callLoader(workspaceWebhooks.loader, { ...as, path: webhooksPath, params: w }));
    await record(
      "GET webhooks log",
      callLoader(workspaceWebhooks.loader, { ...as, path: `${webhooksPath}?log=${webhookId}`, params: w }),
    );
    for (const intent of WEBHOOK_INTENTS) {
      await record(
        `POST webhooks intent=${intent}`,
        callAction(workspaceWebhooks.action, {
          ...as,
          path: webhooksPath,
          params: w,
          form: { intent, ...webhookFields() },
        }),
      );
    }
    // Their own workspace's page with the owner's webhook and delivery ids: not found either.
    for (const intent of WEBHOOK_INTENTS.filter((intent) => intent !== "create-webhook")) {
      await record(
        `POST own webhooks page intent=${intent}`,
        callAction(workspaceWebhooks.action, {
          ...as,
          path: `/app/workspaces/${outsider.workspaceId}/webhooks`,
          params: { workspaceId: outsider.workspaceId },
          form: { intent, ...webhookFields() },
        }),
      );
    }

    const importPath = `/app/project/${projectId}/import`;
    await record("GET import", callLoader(projectImport.loader, { ...as, path: importPath, params: p }));
    await record(
      "POST import upload",
      callAction(projectImport.action, {
        ...as,
        path: importPath,
        params: p,
        form: { intent: "upload", file: new File(["Title\nPlanted\n"], "planted.csv", { type: "text/csv" }) },
      }),
    );
    const importParams = { projectId, importId };
    await record(
      "GET import run",
      callLoader(projectImportRun.loader, { ...as, path: `${importPath}/${importId}`, params: importParams }),
    );
    await record(
      "POST import start",
      callAction(projectImportRun.action, {
        ...as,
        path: `${importPath}/${importId}`,
        params: importParams,
        form: { intent: "start", title: "0", dryRun: "true" },
      }),
    );
    await record(
      "GET export",
      callLoader(projectExport.loader, { ...as, path: `/app/project/${projectId}/export.csv`, params: p }),
    );

    const exportPath = `/app/workspaces/${owner.workspaceId}/export`;
    await record("GET export and import", callLoader(workspaceExport.loader, { ...as, path: exportPath, params: w }));
    for (const intent of EXPORT_INTENTS) {
      await record(
        `POST export and import intent=${intent}`,
        callAction(workspaceExport.action, { ...as, path: exportPath, params: w, form: { intent } }),
      );
    }
    // The owner's download link, signature and all, is nothing in another session.
    const exportDownload = `${exportPath}/${exportId}/download?sig=${downloadSignature(exportId, owner.id)}`;
    await record(
      "GET export download",
      callLoader(workspaceExportDownload.loader, { ...as, path: exportDownload, params: { ...w, exportId } }),
    );
    await record(
      "GET workspace import",
      callLoader(workspaceImportRun.loader, {
        ...as,
        path: `/app/workspaces/import/${workspaceImportId}`,
        params: { importId: workspaceImportId },
      }),
    );

    const chatPath = `/app/workspaces/${owner.workspaceId}/chat-channels`;
    await record("GET chat channels", callLoader(workspaceChatChannels.loader, { ...as, path: chatPath, params: w }));
    await record(
      "GET chat channels log",
      callLoader(workspaceChatChannels.loader, { ...as, path: `${chatPath}?log=${chatChannelId}`, params: w }),
    );
    for (const intent of CHAT_CHANNEL_INTENTS) {
      await record(
        `POST chat channels intent=${intent}`,
        callAction(workspaceChatChannels.action, {
          ...as,
          path: chatPath,
          params: w,
          form: { intent, ...chatChannelFields() },
        }),
      );
      // Their own workspace's page with the owner's channel: not found either. (Adding one there
      // for the owner's project is refused beside the project field: tests/integration/chat-channels.test.ts.)
      if (intent === "create-channel") continue;
      await record(
        `POST own chat channels page intent=${intent}`,
        callAction(workspaceChatChannels.action, {
          ...as,
          path: `/app/workspaces/${outsider.workspaceId}/chat-channels`,
          params: { workspaceId: outsider.workspaceId },
          form: { intent, ...chatChannelFields() },
        }),
      );
    }

    const codeHostsPath = `/app/workspaces/${owner.workspaceId}/code-hosts`;
    await record("GET code hosts", callLoader(workspaceCodeHosts.loader, { ...as, path: codeHostsPath, params: w }));
    for (const intent of CODE_HOST_INTENTS) {
      await record(
        `POST code hosts intent=${intent}`,
        callAction(workspaceCodeHosts.action, {
          ...as,
          path: codeHostsPath,
          params: w,
          form: { intent, ...codeHostFields() },
        }),
      );
    }
    // Their own workspace's page with the owner's connection id: not found either.
    for (const intent of CODE_HOST_INTENTS.filter((intent) => intent !== "create-connection")) {
      await record(
        `POST own code hosts page intent=${intent}`,
        callAction(workspaceCodeHosts.action, {
          ...as,
          path: `/app/workspaces/${outsider.workspaceId}/code-hosts`,
          params: { workspaceId: outsider.workspaceId },
          form: { intent, ...codeHostFields() },
        }),
      );
    }

    const rulesPath = `/app/project/${projectId}/automations`;
    await record("GET automations", callLoader(projectAutomations.loader, { ...as, path: rulesPath, params: p }));
    for (const ruleParam of [ruleId, "new"]) {
      await record(
        `GET rule ${ruleParam}`,
        callLoader(projectAutomation.loader, {
          ...as,
          path: `${rulesPath}/${ruleParam}`,
          params: { projectId, ruleId: ruleParam },
        }),
      );
    }
    for (const intent of RULES_INTENTS) {
      await record(
        `POST automations intent=${intent}`,
        callAction(projectAutomations.action, { ...as, path: rulesPath, params: p, form: { intent, ...ruleFields() } }),
      );
    }
    const workspaceRulesPath = `/app/workspaces/${owner.workspaceId}/automations`;
    await record(
      "GET workspace automations",
      callLoader(workspaceAutomations.loader, { ...as, path: workspaceRulesPath, params: w }),
    );
    for (const ruleParam of [workspaceRuleId, "new"]) {
      await record(
        `GET workspace rule ${ruleParam}`,
        callLoader(workspaceAutomation.loader, {
          ...as,
          path: `${workspaceRulesPath}/${ruleParam}`,
          params: { ...w, ruleId: ruleParam },
        }),
      );
    }
    for (const intent of RULES_INTENTS) {
      await record(
        `POST workspace automations intent=${intent}`,
        callAction(workspaceAutomations.action, {
          ...as,
          path: workspaceRulesPath,
          params: w,
          form: { intent, ...ruleFields(), ruleId: workspaceRuleId },
        }),
      );
    }
    for (const intent of RULE_INTENTS) {
      await record(
        `POST workspace rule intent=${intent}`,
        callAction(workspaceAutomation.action, {
          ...as,
          path: `${workspaceRulesPath}/${workspaceRuleId}`,
          params: { ...w, ruleId: workspaceRuleId },
          form: { intent, ...ruleFields(), ruleId: workspaceRuleId },
        }),
      );
    }
    for (const intent of RULE_INTENTS) {
      await record(
        `POST rule intent=${intent}`,
        callAction(projectAutomation.action, {
          ...as,
          path: `${rulesPath}/${ruleId}`,
          params: { projectId, ruleId },
          form: { intent, ...ruleFields() },
        }),
      );
    }

    await record("GET team", callLoader(team.loader, { ...as, path: `/app/team?workspace=${owner.workspaceId}` }));
    for (const intent of TEAM_INTENTS) {
      await record(
        `POST team intent=${intent}`,
        callAction(team.action, {
          ...as,
          path: "/app/team",
          form: { intent, workspaceId: owner.workspaceId, ...teamFields() },
        }),
      );
    }

    const e = { eventId };
    await record(
      "GET event",
      callLoader(teamCalendarEvent.loader, { ...as, path: `/app/calendar/event/${eventId}`, params: e }),
    );
    for (const intent of EVENT_INTENTS) {
      await record(
        `POST event intent=${intent}`,
        callAction(teamCalendarEvent.action, {
          ...as,
          path: `/app/calendar/event/${eventId}`,
          params: e,
          form: { intent, ...eventFields() },
        }),
      );
    }
    for (const intent of IMPORT_INTENTS) {
      await record(
        `POST import intent=${intent} into their workspace`,
        callAction(teamCalendarImport.action, {
          ...as,
          path: "/app/calendar/import",
          form: { intent, workspaceId: owner.workspaceId, file: icsFile() },
        }),
      );
    }
    await record(
      "POST new event in their workspace",
      callAction(teamCalendarNew.action, {
        ...as,
        path: "/app/calendar/new",
        form: { intent: "create-event", ...eventFields(), attendeeIds: outsider.id },
      }),
    );

    const tp = { templateId };
    await record(
      "GET template",
      callLoader(templatePage.loader, { ...as, path: `/app/templates/${templateId}`, params: tp }),
    );
    for (const intent of TEMPLATE_INTENTS) {
      await record(
        `POST template intent=${intent}`,
        callAction(templatePage.action, {
          ...as,
          path: `/app/templates/${templateId}`,
          params: tp,
          form: { intent, ...templateFields },
        }),
      );
    }
    await record(
      "GET use template",
      callLoader(templateUse.loader, { ...as, path: `/app/templates/${templateId}/use`, params: tp }),
    );
    for (const workspaceId of [outsider.workspaceId, owner.workspaceId]) {
      await record(
        `POST use template into ${workspaceId === owner.workspaceId ? "their" : "own"} workspace`,
        callAction(templateUse.action, {
          ...as,
          path: `/app/templates/${templateId}/use`,
          params: tp,
          form: { workspaceId, ...templateFields },
        }),
      );
    }
    await record(
      "GET save as template",
      callLoader(projectSaveTemplate.loader, { ...as, path: `/app/project/${projectId}/save-template`, params: p }),
    );
    await record(
      "POST save as template",
      callAction(projectSaveTemplate.action, {
        ...as,
        path: `/app/project/${projectId}/save-template`,
        params: p,
        form: templateFields,
      }),
    );

    await record(
      "GET conversation",
      callLoader(assistantPage.loader, { ...as, path: `/app/assistant?c=${conversationId}` }),
    );
    await record(
      "GET assistant about their project",
      callLoader(assistantPage.loader, { ...as, path: `/app/assistant?project=${projectId}` }),
    );
    const places: Record<string, string>[] = [{ conversationId }, { projectId }, { workspaceId: owner.workspaceId }];
    for (const fields of places) {
      await record(
        `POST ask in ${Object.keys(fields)[0]}`,
        callAction(assistantPage.action, {
          ...as,
          path: "/app/assistant",
          form: { intent: "ask", message: "Hi", ...fields },
        }),
      );
      await record(
        `POST stream in ${Object.keys(fields)[0]}`,
        callAction(assistantStream.action, {
          ...as,
          path: "/app/assistant/stream",
          form: { message: "Hi", ...fields },
        }),
      );
    }
    for (const intent of ["apply", "dismiss"]) {
      await record(
        `POST assistant intent=${intent}`,
        callAction(assistantPage.action, { ...as, path: "/app/assistant", form: { intent, messageId: answerId } }),
      );
    }
    await record(
      "POST assistant intent=delete",
      callAction(assistantPage.action, { ...as, path: "/app/assistant", form: { intent: "delete", conversationId } }),
    );

    for (const intent of API_TOKEN_INTENTS) {
      await record(
        `POST settings intent=${intent}`,
        callAction(settings.action, {
          ...as,
          path: "/app/settings?tab=integrations",
          form: { intent, ...tokenFields() },
        }),
      );
    }

    for (const [label, outcome] of outcomes) expect({ label, status: outcome.status }).toEqual({ label, status: 404 });

    // Reads that take no id of theirs still show nothing of theirs.
    const leaks = [
      await callLoader(dashboard.loader, { ...as, path: `/app/dashboard?workspace=${owner.workspaceId}` }),
      // The calendar filtered by their workspace shows the outsider's own workspaces instead.
      await callLoader(teamCalendar.loader, {
        ...as,
        path: `/app/calendar?month=2027-02&tasks=1&workspace=${owner.workspaceId}`,
      }),
      await callLoader(teamCalendarDay.loader, {
        ...as,
        path: `/app/calendar/day/2027-02-18?workspace=${owner.workspaceId}`,
        params: { date: "2027-02-18" },
      }),
      await callLoader(teamCalendarNew.loader, { ...as, path: `/app/calendar/new?workspace=${owner.workspaceId}` }),
      await callLoader(teamCalendarImport.loader, {
        ...as,
        path: `/app/calendar/import?workspace=${owner.workspaceId}`,
      }),
      await callLoader(templatesPage.loader, { ...as, path: "/app/templates?q=Secret" }),
      await callLoader(templatesPage.loader, { ...as, path: "/app/templates?mine=1" }),
    ];
    for (const outcome of leaks) {
      expect(outcome.status).toBe(200);
      expect(JSON.stringify(outcome.data)).not.toContain(projectId);
      expect(JSON.stringify(outcome.data)).not.toContain("Secret Plans");
      expect(JSON.stringify(outcome.data)).not.toContain("Secret event");
      expect(JSON.stringify(outcome.data)).not.toContain(templateId);
    }
    // The calendar's filter falls back to the outsider's own workspaces without echoing theirs.
    for (const outcome of [...leaks.slice(1, 4), leaks[4]!]) {
      expect(JSON.stringify(outcome.data)).not.toContain(owner.workspaceId);
    }
    // Search (whose highlights split the names) finds nothing of theirs, by word or by key, of any type.
    for (const query of ["q=Secret", "q=Secret&palette=1", "q=Secret&type=comments", `q=${taskKey}`]) {
      const outcome = await callLoader(search.loader, { ...as, path: `/app/search?${query}` });
      expect(outcome.status).toBe(200);
      const results = JSON.stringify((outcome.data as { results: unknown }).results);
      for (const leak of [projectId, taskId, commentId, templateId, "Secret"])
        expect(results, query).not.toContain(leak);
    }
    // Their Integrations tab lists their own tokens and workspaces only.
    const integrations = await callLoader(settings.loader, { ...as, path: "/app/settings?tab=integrations" });
    expect(integrations.status).toBe(200);
    for (const leak of [tokenId, "Secret token", owner.workspaceId])
      expect(JSON.stringify(integrations.data)).not.toContain(leak);
    // Marking someone else's notification read changes nothing.
    await callAction(notifications.action, {
      ...as,
      path: "/app/notifications",
      form: { intent: "mark-read", id: notificationId },
    });
    await callAction(notifications.action, { ...as, path: "/app/notifications", form: { intent: "mark-all-read" } });
    // Unsubscribing the owner's browser from push changes nothing.
    const unsubscribe = { intent: "unsubscribe", endpoint: OWNER_PUSH_ENDPOINT };
    expect((await callAction(push.action, { ...as, path: "/app/push", form: unsubscribe })).status).toBe(200);

    expect(await snapshot(database.db)).toBe(before);
  });

  it("answers a viewer's writes with 403 and a clear message, and changes nothing", async () => {
    const as = { user: viewer };
    const p = { projectId };
    // A viewer reads the project (which records their visit), then tries to change it.
    expect((await callLoader(project.loader, { ...as, path: `/app/project/${projectId}`, params: p })).status).toBe(
      200,
    );
    // Every member exports the project; another member's import is not found, not theirs to run.
    const exported = await callLoader(projectExport.loader, {
      ...as,
      path: `/app/project/${projectId}/export.csv`,
      params: p,
    });
    expect(exported.status).toBe(200);
    const started = await callAction(projectImportRun.action, {
      ...as,
      path: `/app/project/${projectId}/import/${importId}`,
      params: { projectId, importId },
      form: { intent: "start", title: "0", dryRun: "true" },
    });
    expect(started.status).toBe(404);
    // Every member downloads the task's files.
    const download = await callLoader(taskAttachment.loader, {
      ...as,
      path: `/app/project/${projectId}/task/${taskId}/attachment/${attachmentId}`,
      params: { projectId, taskId, attachmentId },
    });
    expect(download.status).toBe(200);
    const before = await snapshot(database.db);
    const writes = [
      ...PROJECT_INTENTS.map((intent) =>
        callAction(project.action, {
          ...as,
          path: `/app/project/${projectId}`,
          params: p,
          form: {
            intent,
            name: "Renamed",
            key: "REN",
            color: "rose",
            description: "",
            confirmName: "Secret Plans",
            ...taskFields(),
          },
        }),
      ),
      ...TASK_INTENTS.filter((intent) => intent !== "add-comment" && !FOLLOW_INTENTS.includes(intent)).map((intent) =>
        callAction(task.action, {
          ...as,
          path: `/app/project/${projectId}/task/${taskId}`,
          params: { projectId, taskId },
          form: { intent, ...taskFields() },
        }),
      ),
      // A viewer talks (see the last test) but edits and deletes only their own messages.
      ...["edit-message", "delete-message"].map((intent) =>
        callAction(project.action, {
          ...as,
          path: `/app/project/${projectId}`,
          params: p,
          form: { intent, ...chatFields() },
        }),
      ),
      callAction(projectDelete.action, { ...as, path: `/app/project/${projectId}/delete`, params: p }),
      callAction(projectNew.action, {
        ...as,
        path: "/app/projects/new",
        form: { name: "Mine", workspaceId: owner.workspaceId },
      }),
      // A viewer reads the team calendar (and attends), but adds, edits and deletes no event.
      callAction(teamCalendarNew.action, {
        ...as,
        path: "/app/calendar/new",
        form: { intent: "create-event", ...eventFields() },
      }),
      ...IMPORT_INTENTS.map((intent) =>
        callAction(teamCalendarImport.action, {
          ...as,
          path: "/app/calendar/import",
          form: { intent, workspaceId: owner.workspaceId, file: icsFile() },
        }),
      ),
      ...EVENT_INTENTS.map((intent) =>
        callAction(teamCalendarEvent.action, {
          ...as,
          path: `/app/calendar/event/${eventId}`,
          params: { eventId },
          form: { intent, ...eventFields() },
        }),
      ),
      ...TEAM_INTENTS.filter((intent) => intent !== "leave").map((intent) =>
        callAction(team.action, {
          ...as,
          path: "/app/team",
          form: { intent, workspaceId: owner.workspaceId, ...teamFields() },
        }),
      ),
      ...WORKSPACE_INTENTS.map((intent) =>
        callAction(workspace.action, {
          ...as,
          path: `/app/workspaces/${owner.workspaceId}`,
          params: { workspaceId: owner.workspaceId },
          form: { intent, name: "Renamed", ...workspaceFields() },
        }),
      ),
      // Webhooks are the managers': a viewer neither reads the page nor changes anything on it.
      callLoader(workspaceWebhooks.loader, {
        ...as,
        path: `/app/workspaces/${owner.workspaceId}/webhooks`,
        params: { workspaceId: owner.workspaceId },
      }),
      ...WEBHOOK_INTENTS.map((intent) =>
        callAction(workspaceWebhooks.action, {
          ...as,
          path: `/app/workspaces/${owner.workspaceId}/webhooks`,
          params: { workspaceId: owner.workspaceId },
          form: { intent, ...webhookFields() },
        }),
      ),
      // A viewer imports nothing, and another member's import is not theirs to see or run.
      callLoader(projectImport.loader, { ...as, path: `/app/project/${projectId}/import`, params: p }),
      callAction(projectImport.action, {
        ...as,
        path: `/app/project/${projectId}/import`,
        params: p,
        form: { intent: "upload", file: new File(["Title\nPlanted\n"], "planted.csv", { type: "text/csv" }) },
      }),
      // Chat channels are the managers' too.
      callLoader(workspaceChatChannels.loader, {
        ...as,
        path: `/app/workspaces/${owner.workspaceId}/chat-channels`,
        params: { workspaceId: owner.workspaceId },
      }),
      ...CHAT_CHANNEL_INTENTS.map((intent) =>
        callAction(workspaceChatChannels.action, {
          ...as,
          path: `/app/workspaces/${owner.workspaceId}/chat-channels`,
          params: { workspaceId: owner.workspaceId },
          form: { intent, ...chatChannelFields() },
        }),
      ),
      // A viewer reads a project's rules but changes none, and neither grows nor tests a rule's form.
      callLoader(projectAutomation.loader, {
        ...as,
        path: `/app/project/${projectId}/automations/new`,
        params: { projectId, ruleId: "new" },
      }),
      ...RULES_INTENTS.map((intent) =>
        callAction(projectAutomations.action, {
          ...as,
          path: `/app/project/${projectId}/automations`,
          params: p,
          form: { intent, ...ruleFields() },
        }),
      ),
      ...RULE_INTENTS.map((intent) =>
        callAction(projectAutomation.action, {
          ...as,
          path: `/app/project/${projectId}/automations/${ruleId}`,
          params: { projectId, ruleId },
          form: { intent, ...ruleFields() },
        }),
      ),
      // A workspace's rules are its managers': a viewer neither makes nor changes one.
      callLoader(workspaceAutomation.loader, {
        ...as,
        path: `/app/workspaces/${owner.workspaceId}/automations/new`,
        params: { workspaceId: owner.workspaceId, ruleId: "new" },
      }),
      ...RULE_INTENTS.map((intent) =>
        callAction(workspaceAutomation.action, {
          ...as,
          path: `/app/workspaces/${owner.workspaceId}/automations/${workspaceRuleId}`,
          params: { workspaceId: owner.workspaceId, ruleId: workspaceRuleId },
          form: { intent, ...ruleFields(), ruleId: workspaceRuleId },
        }),
      ),
      // Exports are the owner's: a viewer starts none and downloads none.
      ...EXPORT_INTENTS.map((intent) =>
        callAction(workspaceExport.action, {
          ...as,
          path: `/app/workspaces/${owner.workspaceId}/export`,
          params: { workspaceId: owner.workspaceId },
          form: { intent },
        }),
      ),
      callLoader(workspaceExportDownload.loader, {
        ...as,
        path: `/app/workspaces/${owner.workspaceId}/export/${exportId}/download?sig=${downloadSignature(exportId, viewer.id)}`,
        params: { workspaceId: owner.workspaceId, exportId },
      }),
      // Code hosts too: a viewer neither reads the page nor connects, rotates or deletes anything.
      callLoader(workspaceCodeHosts.loader, {
        ...as,
        path: `/app/workspaces/${owner.workspaceId}/code-hosts`,
        params: { workspaceId: owner.workspaceId },
      }),
      ...CODE_HOST_INTENTS.map((intent) =>
        callAction(workspaceCodeHosts.action, {
          ...as,
          path: `/app/workspaces/${owner.workspaceId}/code-hosts`,
          params: { workspaceId: owner.workspaceId },
          form: { intent, ...codeHostFields() },
        }),
      ),
      // A viewer sees the workspace's templates but saves none, edits none, and makes no project from one there.
      ...TEMPLATE_INTENTS.map((intent) =>
        callAction(templatePage.action, {
          ...as,
          path: `/app/templates/${templateId}`,
          params: { templateId },
          form: { intent, ...templateFields },
        }),
      ),
      callAction(templateUse.action, {
        ...as,
        path: `/app/templates/${templateId}/use`,
        params: { templateId },
        form: { workspaceId: owner.workspaceId, ...templateFields },
      }),
      callLoader(projectSaveTemplate.loader, { ...as, path: `/app/project/${projectId}/save-template`, params: p }),
      callAction(projectSaveTemplate.action, {
        ...as,
        path: `/app/project/${projectId}/save-template`,
        params: p,
        form: templateFields,
      }),
    ];
    for (const outcome of await Promise.all(writes)) {
      expect(outcome.status).toBe(403);
      expect(JSON.stringify(outcome.data)).toMatch(/Access Denied/);
    }
    expect(await snapshot(database.db)).toBe(before);

    // Talking about the work is not changing it: a viewer comments, then edits their own.
    const path = `/app/project/${projectId}/task/${taskId}`;
    const comment = (intent: string, fields: Record<string, string>) =>
      callAction(task.action, {
        ...as,
        path,
        params: { projectId, taskId },
        form: { intent, redirectTo: path, ...fields },
      });
    const added = await comment("add-comment", { body: "A viewer's question" });
    expect(added.status).toBe(302);
    const own = /#comment-(\w+)$/.exec(added.location ?? "")?.[1];
    expect(own).toBeTruthy();
    expect((await comment("edit-comment", { commentId: own!, body: "A better question" })).status).toBe(302);
    expect((await comment("edit-comment", { commentId, body: "Not mine" })).status).toBe(403);

    // Following is the viewer's own too: follow, then unfollow.
    for (const following of ["true", "false"]) {
      expect((await comment("follow-task", { following })).status).toBe(302);
      const [row] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from task_followers where user_id = ${viewer.id}`,
      );
      expect(row?.n).toBe(following === "true" ? 1 : 0);
    }
  });

  it("keeps an archived project read-only for everyone, its owner included, and changes nothing", async () => {
    const p = { projectId: archivedId };
    for (const view of PROJECT_VIEWS) {
      const read = await callLoader(project.loader, {
        user: owner,
        path: `/app/project/${archivedId}?view=${view}`,
        params: p,
      });
      expect({ view, status: read.status }).toEqual({ view, status: 200 });
    }
    const before = await snapshot(database.db);
    for (const user of [owner, viewer]) {
      for (const intent of PROJECT_INTENTS.filter((intent) => !WHILE_ARCHIVED.includes(intent))) {
        const outcome = await callAction(project.action, {
          user,
          path: `/app/project/${archivedId}`,
          params: p,
          form: {
            intent,
            name: "Revived",
            key: "REV",
            color: "rose",
            description: "",
            confirmName: "Old Plans",
            ...taskFields(),
            taskId: archivedTaskId,
          },
        });
        expect({ intent, status: outcome.status }).toEqual({ intent, status: 403 });
        if (user === owner) expect(JSON.stringify(outcome.data)).toContain("archived and read-only");
      }
      for (const intent of CHAT_INTENTS) {
        const outcome = await callAction(project.action, {
          user,
          path: `/app/project/${archivedId}`,
          params: p,
          form: { intent, body: "Revived", messageId: archivedMessageId },
        });
        expect({ intent, status: outcome.status }).toEqual({ intent, status: 403 });
      }
      for (const intent of TASK_INTENTS) {
        const outcome = await callAction(task.action, {
          user,
          path: `/app/project/${archivedId}/task/${archivedTaskId}`,
          params: { projectId: archivedId, taskId: archivedTaskId },
          form: { intent, ...taskFields(), taskId: archivedTaskId, commentId: archivedCommentId },
        });
        expect({ intent, status: outcome.status }).toEqual({ intent, status: 403 });
        if (user === owner) expect(JSON.stringify(outcome.data)).toContain("archived and read-only");
      }
    }
    const read = await callLoader(task.loader, {
      user: viewer,
      path: `/app/project/${archivedId}/task/${archivedTaskId}`,
      params: { projectId: archivedId, taskId: archivedTaskId },
    });
    expect(read.status).toBe(200);
    expect(await snapshot(database.db)).toBe(before);
  });

  it("answers every route about a deleted project with 404, even for its owner, and changes nothing", async () => {
    const before = await snapshot(database.db);
    const as = { user: owner };
    const p = { projectId: deletedId };
    const outcomes: [string, Outcome][] = [];
    const record = async (label: string, outcome: Promise<Outcome>) => outcomes.push([label, await outcome]);
    for (const view of PROJECT_VIEWS) {
      await record(
        `GET ?view=${view}`,
        callLoader(project.loader, { ...as, path: `/app/project/${deletedId}?view=${view}`, params: p }),
      );
    }
    for (const intent of PROJECT_INTENTS) {
      await record(
        `POST intent=${intent}`,
        callAction(project.action, {
          ...as,
          path: `/app/project/${deletedId}`,
          params: p,
          form: {
            intent,
            name: "Revived",
            key: "REV",
            color: "rose",
            description: "",
            confirmName: "Lost Plans",
            ...taskFields(),
          },
        }),
      );
    }
    for (const intent of CHAT_INTENTS) {
      await record(
        `POST intent=${intent}`,
        callAction(project.action, {
          ...as,
          path: `/app/project/${deletedId}`,
          params: p,
          form: { intent, body: "Revived", messageId: deletedMessageId },
        }),
      );
    }
    for (const intent of FEED_INTENTS) {
      await record(
        `POST intent=${intent}`,
        callAction(project.action, { ...as, path: `/app/project/${deletedId}`, params: p, form: { intent } }),
      );
    }
    for (const starred of ["true", "false"]) {
      await record(
        `POST star=${starred}`,
        callAction(projectStar.action, { ...as, path: `/app/project/${deletedId}/star`, params: p, form: { starred } }),
      );
    }
    await record(
      "GET delete",
      callLoader(projectDelete.loader, { ...as, path: `/app/project/${deletedId}/delete`, params: p }),
    );
    await record(
      "POST delete",
      callAction(projectDelete.action, { ...as, path: `/app/project/${deletedId}/delete`, params: p }),
    );
    await record(
      "GET save as template",
      callLoader(projectSaveTemplate.loader, { ...as, path: `/app/project/${deletedId}/save-template`, params: p }),
    );
    await record(
      "POST save as template",
      callAction(projectSaveTemplate.action, {
        ...as,
        path: `/app/project/${deletedId}/save-template`,
        params: p,
        form: templateFields,
      }),
    );
    // The attachment's own task under another project's URL: not found, even for its owner.
    await record(
      "GET attachment under another project",
      callLoader(taskAttachment.loader, {
        ...as,
        path: `/app/project/${archivedId}/task/${taskId}/attachment/${attachmentId}`,
        params: { projectId: archivedId, taskId, attachmentId },
      }),
    );
    const t = { projectId: deletedId, taskId: deletedTaskId };
    await record(
      "GET task",
      callLoader(task.loader, { ...as, path: `/app/project/${deletedId}/task/${deletedTaskId}`, params: t }),
    );
    await record(
      "GET the parent's candidates",
      callLoader(taskParentOptions.loader, {
        ...as,
        path: `/app/project/${deletedId}/task/${deletedTaskId}/parent-options?q=`,
        params: t,
      }),
    );
    await record(
      "GET a relation's candidates",
      callLoader(taskRelationOptions.loader, {
        ...as,
        path: `/app/project/${deletedId}/task/${deletedTaskId}/relation-options?q=`,
        params: t,
      }),
    );
    for (const intent of TASK_INTENTS) {
      await record(
        `POST task intent=${intent}`,
        callAction(task.action, {
          ...as,
          path: `/app/project/${deletedId}/task/${deletedTaskId}`,
          params: t,
          form: { intent, ...taskFields(), taskId: deletedTaskId },
        }),
      );
    }
    for (const [label, outcome] of outcomes) expect({ label, status: outcome.status }).toEqual({ label, status: 404 });
    expect(await snapshot(database.db)).toBe(before);
  });

  it("lets a viewer post in the chat: every member talks", async () => {
    const outcome = await callAction(project.action, {
      user: viewer,
      path: `/app/project/${projectId}`,
      params: { projectId },
      form: {
        intent: "post-message",
        body: "A viewer's question",
        redirectTo: `/app/project/${projectId}?view=chat#latest`,
      },
    });
    expect(outcome.status).toBe(302);
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from messages where body = ${"A viewer's question"} and author_id = ${viewer.id}`,
    );
    expect(row?.n).toBe(1);
  });
});
