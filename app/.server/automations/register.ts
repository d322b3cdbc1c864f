import { planJobs } from "../events/bus";
import { defineJob, definePruning } from "../jobs/registry";
import { deliverNotifications } from "../notifications/deliver";
import { postTo, succeeded } from "../webhooks/post";
import { NOTIFICATION_KINDS } from "~/utils/notification-kinds";
import { AUTOMATION_NOTIFY_JOB, AUTOMATION_WEBHOOK_JOB } from "./actions";
import { pruneRuns } from "./prune";
import { runRuleJob } from "./run";
import { AUTOMATION_SCHEDULE_JOB, runTimedTriggers } from "./timed";
import { AUTOMATION_RUN_JOB, planRuleRuns } from "./triggers";

/**
 * The automation engine's part of every process: the planner that turns committed changes
 * into rule runs, the run itself, the notifications and webhook calls rules leave behind,
 * the hourly look for due, overdue and scheduled rules, and the pruning of run logs.
 */
export function registerAutomations() {
  const undo = [
    planJobs("automations", planRuleRuns),
    defineJob(AUTOMATION_RUN_JOB, runRuleJob),
    defineJob(AUTOMATION_NOTIFY_JOB, notifyJob),
    defineJob(AUTOMATION_WEBHOOK_JOB, webhookJob, {
      retryDelayMs: (attempt) => Math.min(60_000 * 4 ** attempt, 3_600_000),
    }),
    defineJob(AUTOMATION_SCHEDULE_JOB, async (payload, job, now) => void (await runTimedTriggers(payload, job, now))),
    definePruning("automation-runs", pruneRuns),
  ];
  return () => undo.forEach((unregister) => unregister());
}

async function notifyJob(payload: Record<string, unknown>) {
  const recipients = payload.recipients as string[];
  await deliverNotifications(
    recipients.map((userId) => ({
      userId,
      kind: NOTIFICATION_KINDS.automation,
      title: String(payload.title),
      body: String(payload.body),
      link: String(payload.link),
      workspaceId: String(payload.workspaceId),
      actorId: null,
      data: { task: payload.task },
      dedupeKey: `${String(payload.dedupeKey)}:${userId}`,
    })),
  );
}

/** A rule's "call a webhook": the task as JSON, through the checked, address-pinned POST. */
async function webhookJob(payload: Record<string, unknown>) {
  const body = JSON.stringify({
    type: "automation.webhook",
    rule: { id: payload.ruleId, name: payload.rule },
    run: payload.runKey,
    task: payload.task,
  });
  const result = await postTo(
    String(payload.url),
    { headers: { "content-type": "application/json", "user-agent": "Plotline-Automations" }, body },
    "Automations",
  );
  if (!succeeded(result)) throw new Error(result.error ?? "The webhook call failed.");
}
