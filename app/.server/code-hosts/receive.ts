import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";

import { defineCommand, within, type UnitOfWork } from "../commands/command";
import { memberIdOf } from "../commands/principal";
import type { Transaction } from "../db/client";
import {
  codeHostConnections,
  codeHostDeliveries,
  projects,
  statuses,
  taskLinks,
  tasks,
  workspaceMembers,
  type CodeHostProvider,
  type TaskLinkState,
} from "../db/schema";
import { NotFoundError } from "../errors";
import { can } from "../policies";
import { taskKey } from "../tasks/access";
import { withRoomInColumn } from "../tasks/positions";
import { moveTaskCommand } from "../tasks/tasks";
import { closingKeysIn, taskKeysIn, type TaskKeyRef } from "./keys";
import { codeChangeSchema, type PullRequestChange, type PushChange } from "./providers";

/**
 * What a code host's delivery does, once its signature is checked (inbound.ts): one unit of
 * work that first notes the delivery's id (a delivery seen before does nothing more), then
 * links the pull request or commits to the tasks whose keys they name in the connection's
 * workspace, and moves the tasks a merged pull request (or a commit landed on the default
 * branch) says it fixes to their project's first Done status, through `task.move`. It runs
 * as the connection's integration principal: the member who connected it, bound to its
 * workspace, so the member's role still decides what may move and the log says "via GitHub".
 *
 * It runs inside the request, not as a job: a delivery names a handful of tasks (at most 50
 * keys, 100 commits), the host is told at once whether it was taken (its delivery log shows
 * our answer, and a failure it may send again rolls back whole and is not marked as seen).
 */
export const receiveInput = z.object({
  connectionId: z.string().min(1).max(40),
  deliveryId: z.string().min(1).max(200),
  event: z.string().max(100),
  change: codeChangeSchema,
});
export type ReceiveInput = z.input<typeof receiveInput>;

export type ReceiveOutcome = {
  duplicate: boolean;
  /** What happened, in words: the connection's page shows it as its last delivery. */
  result: string;
  linked: string[];
  moved: string[];
};

type Connection = { id: string; workspaceId: string; provider: CodeHostProvider };
type FoundTask = Awaited<ReturnType<typeof tasksByKeys>>[number];

export const receiveDeliveryCommand = defineCommand({
  name: "code_host.receive",
  input: receiveInput,
  // No workspace role governs a delivery: its signature is the right (checked before the unit
  // opens). The moves it makes are `task.move`, which weighs the connecting member's role.
  policy: null,
  around: withRoomInColumn,
  async run(uow, input): Promise<ReceiveOutcome> {
    const { tx, principal } = uow;
    const [connection] = await tx
      .select({
        id: codeHostConnections.id,
        workspaceId: codeHostConnections.workspaceId,
        provider: codeHostConnections.provider,
      })
      .from(codeHostConnections)
      .where(eq(codeHostConnections.publicId, input.connectionId));
    if (!connection || connection.workspaceId !== principal.workspaceId) throw new NotFoundError("Connection");
    const [fresh] = await tx
      .insert(codeHostDeliveries)
      .values({ connectionId: connection.id, deliveryId: input.deliveryId, event: input.event })
      .onConflictDoNothing()
      .returning({ deliveryId: codeHostDeliveries.deliveryId });
    if (!fresh) return { duplicate: true, result: "Already received: nothing done again.", linked: [], moved: [] };

    const { change } = input;
    const outcome =
      change.kind === "pull_request"
        ? await receivePullRequest(uow, connection, change)
        : change.kind === "push"
          ? await receivePush(uow, connection, change)
          : {
              result: change.kind === "ping" ? "A ping: the connection works." : `Ignored ${change.reason}.`,
              linked: [],
              moved: [],
            };
    const now = new Date();
    await tx
      .update(codeHostDeliveries)
      .set({ result: outcome.result })
      .where(
        and(eq(codeHostDeliveries.connectionId, connection.id), eq(codeHostDeliveries.deliveryId, input.deliveryId)),
      );
    await tx
      .update(codeHostConnections)
      .set({ lastDeliveryAt: now, lastDeliveryResult: outcome.result, consecutiveFailures: 0, failingSince: null })
      .where(eq(codeHostConnections.id, connection.id));
    return { duplicate: false, ...outcome };
  },
});

/** Links the pull request to every task it names, updates the links it already has, closes what it fixes once merged. */
async function receivePullRequest(uow: UnitOfWork, connection: Connection, change: PullRequestChange) {
  const { tx } = uow;
  const externalId = `${change.repository}${change.reference}`;
  const named = await tasksByKeys(tx, connection.workspaceId, taskKeysIn(change.branch, change.title, change.body));
  // Tasks linked by an earlier event whose text no longer names them: their link still follows it.
  const earlier = await tx
    .select({ taskId: taskLinks.taskId })
    .from(taskLinks)
    .innerJoin(tasks, eq(tasks.id, taskLinks.taskId))
    .where(
      and(
        eq(taskLinks.provider, connection.provider),
        eq(taskLinks.externalId, externalId),
        eq(tasks.workspaceId, connection.workspaceId),
      ),
    );
  const known = new Set(named.map((task) => task.id));
  const followed = [
    ...named,
    ...(await tasksByIds(
      tx,
      connection.workspaceId,
      earlier.map((row) => row.taskId).filter((id) => !known.has(id)),
    )),
  ];
  const linked: string[] = [];
  for (const task of followed) {
    const linkOutcome = await upsertLink(uow, connection, task, {
      kind: "pr",
      externalId,
      repository: change.repository,
      url: change.url,
      title: change.title,
      number: change.number,
      state: change.state,
      branch: change.branch,
      reference: change.reference,
    });
    if (linkOutcome === "linked") linked.push(task.key);
  }
  const closes = change.state === "merged" ? closingKeysIn(change.title, change.body) : [];
  const notes: string[] = [];
  const moved = await closeTasks(uow, named, closes, notes);
  const parts = [
    `${kindName(connection.provider)} ${change.reference} (${change.state})`,
    followed.length ? `linked to ${followed.map((task) => task.key).join(", ")}` : "names no task of this workspace",
    ...(moved.length ? [`moved ${moved.join(", ")} to Done`] : []),
    ...notes,
  ];
  return { result: sentence(parts), linked, moved };
}

/** Links each commit to the tasks its message or the branch names; closes what a landed commit fixes. */
async function receivePush(uow: UnitOfWork, connection: Connection, change: PushChange) {
  const perCommit = change.commits.map((commit) => ({ commit, refs: taskKeysIn(commit.message, change.branch) }));
  const found = await tasksByKeys(uow.tx, connection.workspaceId, uniqueRefs(perCommit.flatMap((entry) => entry.refs)));
  const byKey = new Map(found.map((task) => [task.key, task]));
  // Per task, the commits newly linked in this push: one log entry each, naming the newest.
  const newlyLinked = new Map<string, { task: FoundTask; commits: PushChange["commits"] }>();
  for (const { commit, refs } of perCommit) {
    for (const ref of refs) {
      const task = byKey.get(ref.key);
      if (!task) continue;
      const outcome = await upsertLink(
        uow,
        connection,
        task,
        {
          kind: "commit",
          externalId: commit.sha,
          repository: change.repository,
          url: commit.url,
          title: firstLine(commit.message),
          number: null,
          state: null,
          branch: change.branch,
          reference: commit.sha.slice(0, 7),
        },
        { landed: change.onDefaultBranch, quiet: true },
      );
      if (outcome !== "linked") continue;
      const entry = newlyLinked.get(task.key) ?? { task, commits: [] };
      entry.commits.push(commit);
      newlyLinked.set(task.key, entry);
    }
  }
  for (const { task, commits } of newlyLinked.values()) {
    const newest = commits[commits.length - 1]!;
    await uow.record({
      verb: "task.code_linked",
      ...subjectOf(task),
      data: {
        key: task.key,
        title: task.title,
        provider: connection.provider,
        kind: "commit",
        repository: change.repository,
        reference: newest.sha.slice(0, 7),
        linkTitle: firstLine(newest.message),
        url: newest.url,
        state: null,
        ...(commits.length > 1 ? { commits: commits.length } : {}),
      },
    });
  }
  const closes = change.onDefaultBranch ? perCommit.flatMap(({ commit }) => closingKeysIn(commit.message)) : [];
  const notes: string[] = [];
  const moved = await closeTasks(uow, found, uniqueRefs(closes), notes);
  const touched = [
    ...new Set(perCommit.flatMap(({ refs }) => refs.map((ref) => ref.key)).filter((key) => byKey.has(key))),
  ];
  const parts = [
    `Push of ${change.commits.length} commit${change.commits.length === 1 ? "" : "s"} to ${change.branch}`,
    touched.length ? `linked to ${touched.join(", ")}` : "names no task of this workspace",
    ...(moved.length ? [`moved ${moved.join(", ")} to Done`] : []),
    ...notes,
  ];
  return { result: sentence(parts), linked: [...newlyLinked.keys()], moved };
}

type LinkFields = {
  kind: "pr" | "commit";
  externalId: string;
  repository: string;
  url: string;
  title: string;
  number: number | null;
  state: TaskLinkState | null;
  branch: string;
  reference: string;
};

/**
 * The task's link to the thing, made or brought up to date: "linked" when new, "changed" when
 * its state moved (both logged, unless `quiet`: a push logs once per task), "same" otherwise.
 * A new row is claimed with ON CONFLICT DO NOTHING, so two deliveries about one pull request
 * at once cannot both insert it; the second waits, then updates.
 */
async function upsertLink(
  uow: UnitOfWork,
  connection: Connection,
  task: FoundTask,
  link: LinkFields,
  options: { landed?: boolean; quiet?: boolean } = {},
): Promise<"linked" | "changed" | "same"> {
  const { tx } = uow;
  const [inserted] = await tx
    .insert(taskLinks)
    .values({
      taskId: task.id,
      connectionId: connection.id,
      provider: connection.provider,
      kind: link.kind,
      externalId: link.externalId,
      repository: link.repository,
      url: link.url,
      title: link.title,
      number: link.number,
      state: link.state,
      branch: link.branch,
    })
    .onConflictDoNothing()
    .returning({ id: taskLinks.id });
  const data = {
    key: task.key,
    title: task.title,
    provider: connection.provider,
    kind: link.kind,
    repository: link.repository,
    reference: link.reference,
    linkTitle: link.title,
    url: link.url,
  };
  if (inserted) {
    if (!options.quiet) {
      await uow.record({ verb: "task.code_linked", ...subjectOf(task), data: { ...data, state: link.state } });
    }
    return "linked";
  }
  const [existing] = await tx
    .select()
    .from(taskLinks)
    .where(
      and(
        eq(taskLinks.taskId, task.id),
        eq(taskLinks.provider, connection.provider),
        eq(taskLinks.externalId, link.externalId),
      ),
    )
    .for("update");
  if (!existing) return "same";
  // A commit keeps the branch it landed on; before that, the branch it was last pushed to.
  const branch = link.kind === "commit" && !options.landed && existing.branch ? existing.branch : link.branch;
  const next = { url: link.url, title: link.title, state: link.state, branch, connectionId: connection.id };
  const differs =
    next.url !== existing.url ||
    next.title !== existing.title ||
    next.state !== existing.state ||
    next.branch !== existing.branch ||
    next.connectionId !== existing.connectionId;
  if (!differs) return "same";
  await tx
    .update(taskLinks)
    .set({ ...next, updatedAt: new Date() })
    .where(eq(taskLinks.id, existing.id));
  if (next.state === existing.state) return "same";
  if (!options.quiet) {
    await uow.record({
      verb: "task.code_link_changed",
      ...subjectOf(task),
      data: { ...data, state: { from: existing.state, to: next.state } },
    });
  }
  return "changed";
}

/**
 * Moves each task a merged pull request or landed commit fixes to its project's first Done
 * status, through `task.move` as the connecting member. What cannot move is said in `notes`
 * (and the rest of the delivery still counts): a project with no Done status, a member who may
 * no longer edit tasks. A task already done stays where it is.
 */
async function closeTasks(uow: UnitOfWork, candidates: FoundTask[], closes: TaskKeyRef[], notes: string[]) {
  if (closes.length === 0) return [];
  const { tx, principal } = uow;
  const byKey = new Map(candidates.map((task) => [task.key, task]));
  const [member] = await tx
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(
      and(eq(workspaceMembers.workspaceId, principal.workspaceId!), eq(workspaceMembers.userId, memberIdOf(principal))),
    );
  const moved: string[] = [];
  for (const ref of closes) {
    const task = byKey.get(ref.key);
    if (!task) continue;
    if (task.statusCategory === "done") continue;
    if (!can(member?.role, "task.update")) {
      notes.push(`${task.key} was not moved: the member who connected this code host can no longer edit tasks`);
      continue;
    }
    const [done] = await tx
      .select({ publicId: statuses.publicId })
      .from(statuses)
      .where(and(eq(statuses.projectId, task.projectId), eq(statuses.category, "done")))
      .orderBy(asc(statuses.position))
      .limit(1);
    if (!done) {
      notes.push(`${task.key} was not moved: its project has no Done status`);
      continue;
    }
    await within(uow, moveTaskCommand, { taskId: task.publicId, statusId: done.publicId, placement: { at: "end" } });
    moved.push(task.key);
  }
  return moved;
}

const OPEN = [
  isNull(tasks.deletedAt),
  isNull(tasks.archivedAt),
  isNull(projects.deletedAt),
  isNull(projects.archivedAt),
];

const taskColumns = {
  id: tasks.id,
  publicId: tasks.publicId,
  number: tasks.number,
  title: tasks.title,
  workspaceId: tasks.workspaceId,
  projectId: tasks.projectId,
  projectKey: projects.key,
  statusCategory: statuses.category,
};

/**
 * The workspace's live tasks with these keys, of its live projects (another workspace's keys
 * find nothing). Archived tasks and projects are read-only: a delivery neither links nor moves them.
 */
async function tasksByKeys(tx: Transaction, workspaceId: string, refs: TaskKeyRef[]) {
  if (refs.length === 0) return [];
  const pairs = sql.join(
    refs.map((ref) => sql`(${ref.project}::text, ${ref.number}::integer)`),
    sql`, `,
  );
  const rows = await tx
    .select(taskColumns)
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .innerJoin(statuses, eq(statuses.id, tasks.statusId))
    .where(and(eq(tasks.workspaceId, workspaceId), ...OPEN, sql`(${projects.key}, ${tasks.number}) in (${pairs})`));
  // In the order the delivery names them.
  const order = new Map(refs.map((ref, index) => [ref.key, index]));
  return rows.map(withKey).sort((a, b) => order.get(a.key)! - order.get(b.key)!);
}

async function tasksByIds(tx: Transaction, workspaceId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await tx
    .select(taskColumns)
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .innerJoin(statuses, eq(statuses.id, tasks.statusId))
    .where(and(eq(tasks.workspaceId, workspaceId), inArray(tasks.id, ids), ...OPEN));
  return rows.map(withKey);
}

function withKey<T extends { projectKey: string; number: number }>(row: T) {
  return { ...row, key: taskKey(row.projectKey, row.number) };
}

function subjectOf(task: FoundTask) {
  return { subjectType: "task", subjectId: task.publicId, workspaceId: task.workspaceId, projectId: task.projectId };
}

function uniqueRefs(refs: TaskKeyRef[]) {
  return [...new Map(refs.map((ref) => [ref.key, ref])).values()];
}

const firstLine = (message: string) => message.split("\n", 1)[0]!.trim().slice(0, 200);

const kindName = (provider: CodeHostProvider) => (provider === "gitlab" ? "Merge request" : "Pull request");

const sentence = (parts: string[]) => `${parts.join("; ")}.`;

/**
 * Commands no page posts: run by a code host's signed delivery (inbound.ts). The command
 * registry's test counts them as reached, as it does the public site's forms.
 */
export const INBOUND_COMMANDS = [receiveDeliveryCommand];
