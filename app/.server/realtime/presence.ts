import { inArray } from "drizzle-orm";
import { z } from "zod";

import { db } from "../db";
import { profiles } from "../db/schema";
import { logger } from "../logger";
import { projectForMember } from "../projects/access";
import { taskForMember, taskKey } from "../tasks/access";
import type { PresenceViewer } from "../../utils/realtime";
import { connections, type Connection } from "./hub";
import { notifyChannel, onChannel, relayRunning } from "./relay";
import { onConnection } from "./stream";

/**
 * Presence: who is looking at a project, and which task each has open. Each stream
 * connection reports what its tab shows (POST /app/presence); the people viewing a project
 * go to every connection viewing it whenever that list changes. It lives in memory only: it
 * is not a change to anything, so it is neither written to the database nor recorded as
 * workspace activity, and a closed stream takes its viewer with it.
 *
 * Across processes (PostgreSQL), each process announces its own viewers of a project on
 * `plotline_presence` when they change and again every 30 s; the others keep what they heard
 * for 90 s, so the viewers of a process that died without a word fade out on their own.
 * A report that reaches a process other than the one holding its stream (several processes
 * behind one port, or a load balancer without sticky sessions) is checked there and passed
 * on `plotline_presence_reports`; the process holding the stream takes it in.
 */
const CHANNEL = "plotline_presence";
const REPORTS = "plotline_presence_reports";
export const ANNOUNCE_EVERY_MS = 30_000;
export const REMOTE_TTL_MS = 90_000;
/** The header shows a handful; past this many people a project's list is cut (and a NOTIFY stays small). */
export const MAX_VIEWERS = 50;

type Seen = PresenceViewer;
type LocalView = { project: string; workspaceId: string; viewer: Seen };
type RemoteView = { workspaceId: string; viewers: Seen[]; expires: number };

type State = {
  local: Map<Connection, LocalView>;
  /** project public id → process → what that process last announced. */
  remote: Map<string, Map<string, RemoteView>>;
  /** project → the viewers last sent to this process's connections (JSON), to send only changes. */
  sent: Map<string, string>;
  /** project → this process's viewers last announced to the others (JSON). */
  announced: Map<string, string>;
  hooked: boolean;
  timer?: NodeJS.Timeout;
};
const holder = globalThis as typeof globalThis & { __plotlinePresence?: State };
const state: State = (holder.__plotlinePresence ??= {
  local: new Map(),
  remote: new Map(),
  sent: new Map(),
  announced: new Map(),
  hooked: false,
});

/** The stream named in a report is not open in this process (closed, or served by another one). */
export class StreamNotHereError extends Error {
  constructor() {
    super("This stream is not open on this server any more; it reports again once it reconnects.");
    this.name = "StreamNotHereError";
  }
}

export type PresenceReport = { connectionId: string; project: string | null; task: string | null; idle: boolean };

/**
 * Records what one of the user's streams shows: a project they are a member of (404
 * otherwise), a task of it or none, idle or not; no project means the tab shows none.
 * Answers "relayed" when the stream is held by another process, which takes the checked
 * report in from PostgreSQL.
 */
export async function reportPresence(userId: string, report: PresenceReport): Promise<"recorded" | "relayed"> {
  const here = streamOf(userId, report.connectionId);
  if (!here && !relayRunning()) throw new StreamNotHereError();
  const checked = report.project ? await checkView(userId, report.project, report.task) : null;
  if (!here) {
    await notifyChannel(REPORTS, {
      userId,
      connectionId: report.connectionId,
      view: checked && { ...checked, idle: report.idle },
    });
    return "relayed";
  }
  if (!checked) {
    leave(here);
    return "recorded";
  }
  const [profile] = await profilesOf([userId]);
  // The stream may have closed while the checks ran: its close hook has already cleaned up.
  if (!connections().has(here)) throw new StreamNotHereError();
  record(here, { ...checked, idle: report.idle }, profile);
  return "recorded";
}

type CheckedView = { project: string; workspaceId: string; task: string | null; taskKey: string | null };

/** The membership checks a report needs (404 for a project or task the user cannot see). */
async function checkView(userId: string, project: string, taskId: string | null): Promise<CheckedView> {
  const access = await projectForMember(userId, project);
  const task = taskId ? await taskForMember(userId, taskId, project) : null;
  return {
    project,
    workspaceId: access.project.workspaceId,
    task: task ? task.task.publicId : null,
    taskKey: task ? taskKey(task.project.key, task.task.number) : null,
  };
}

function record(
  connection: Connection,
  view: CheckedView & { idle: boolean },
  profile: { name: string; avatarUrl: string | null } | undefined,
) {
  const previous = state.local.get(connection);
  const viewer: Seen = {
    userId: connection.userId,
    name: profile?.name ?? "A member",
    avatarUrl: profile?.avatarUrl ?? null,
    task: view.task,
    taskKey: view.taskKey,
    idle: view.idle,
  };
  state.local.set(connection, { project: view.project, workspaceId: view.workspaceId, viewer });
  connection.view = { projectId: view.project, taskId: viewer.task, idle: viewer.idle };
  if (previous && previous.project !== view.project) changed(previous.project);
  // A second tab of someone already listed changes nothing for the others, but needs the list.
  if (!changed(view.project)) connection.send(message(view.project, viewersOf(view.project)));
}

function streamOf(userId: string, connectionId: string) {
  for (const connection of connections()) {
    if (connection.id === connectionId && connection.userId === userId) return connection;
  }
  return null;
}

const relayedReportSchema = z.object({
  userId: z.string().max(40),
  connectionId: z.string().max(40),
  view: z
    .object({
      project: z.string().max(40),
      workspaceId: z.string().max(40),
      task: z.string().max(40).nullable(),
      taskKey: z.string().max(40).nullable(),
      idle: z.boolean(),
    })
    .nullable(),
});

/** A report checked by another process for a stream that may be held here. */
export async function receiveRelayedReport(payload: Record<string, unknown>) {
  const parsed = relayedReportSchema.safeParse(payload);
  if (!parsed.success) return;
  const { userId, connectionId, view } = parsed.data;
  const connection = streamOf(userId, connectionId);
  if (!connection) return; // closed, or held by yet another process
  if (!view) return leave(connection);
  const [profile] = await profilesOf([userId]);
  if (connections().has(connection)) record(connection, view, profile);
}

function leave(connection: Connection) {
  const previous = state.local.get(connection);
  state.local.delete(connection);
  connection.view = { projectId: null, taskId: null, idle: false };
  if (previous) changed(previous.project);
}

/**
 * Starts presence in this process: forgets a stream's viewer when it closes, hears the other
 * processes, re-announces this one's viewers and drops stale remote ones every 30 s.
 */
export function startPresence() {
  if (!state.hooked) {
    state.hooked = true;
    onConnection({ onClose: leave });
  }
  onChannel(CHANNEL, (payload) => {
    void receiveAnnouncement(payload).catch((error: unknown) =>
      logger.warn({ err: error }, "could not take in another process's presence"),
    );
  });
  onChannel(REPORTS, (payload) => {
    void receiveRelayedReport(payload).catch((error: unknown) =>
      logger.warn({ err: error }, "could not take in a presence report from another process"),
    );
  });
  clearInterval(state.timer);
  state.timer = setInterval(() => void sweep(), ANNOUNCE_EVERY_MS);
  state.timer.unref();
  return () => clearInterval(state.timer);
}

/** Re-announces this process's viewers (they expire elsewhere otherwise) and drops expired remote ones. */
export async function sweep(now = Date.now()) {
  for (const [project, processes] of state.remote) {
    let dropped = false;
    for (const [process, view] of processes) {
      if (view.expires <= now) dropped = processes.delete(process);
    }
    if (processes.size === 0) state.remote.delete(project);
    if (dropped) changed(project);
  }
  const projects = new Set([...state.local.values()].map((view) => view.project));
  for (const project of projects) await announce(project, true);
}

const announcementSchema = z.object({
  process: z.string().max(64),
  project: z.string().max(40),
  workspace: z.string().max(40),
  viewers: z
    .array(
      z.object({
        u: z.string().max(40),
        t: z.string().max(40).nullable(),
        k: z.string().max(40).nullable(),
        i: z.boolean(),
      }),
    )
    .max(MAX_VIEWERS),
});

/** Another process's viewers of one project (names and pictures read here: a NOTIFY carries 8,000 bytes at most). */
export async function receiveAnnouncement(payload: Record<string, unknown>, now = Date.now()) {
  const parsed = announcementSchema.safeParse(payload);
  if (!parsed.success) return;
  const { process, project, workspace, viewers } = parsed.data;
  const known = new Map((await profilesOf(viewers.map((viewer) => viewer.u))).map((p) => [p.id, p]));
  const seen = viewers.flatMap((viewer): Seen[] => {
    const profile = known.get(viewer.u);
    if (!profile) return [];
    const { name, avatarUrl } = profile;
    return [{ userId: viewer.u, name, avatarUrl, task: viewer.t, taskKey: viewer.k, idle: viewer.i }];
  });
  const processes = state.remote.get(project) ?? new Map<string, RemoteView>();
  if (seen.length === 0) processes.delete(process);
  else processes.set(process, { workspaceId: workspace, viewers: seen, expires: now + REMOTE_TTL_MS });
  if (processes.size === 0) state.remote.delete(project);
  else state.remote.set(project, processes);
  changed(project);
}

/**
 * After anything that may change who views `project`: sends the new list to this process's
 * connections viewing it and tells the other processes, each only if it changed. Answers
 * whether the list changed.
 */
function changed(project: string) {
  const viewers = viewersOf(project);
  const text = JSON.stringify(viewers);
  const before = state.sent.get(project);
  if (viewers.length === 0) state.sent.delete(project);
  else state.sent.set(project, text);
  void announce(project, false);
  if (before === text || (before === undefined && viewers.length === 0)) return false;
  const update = message(project, viewers);
  for (const connection of viewing(project)) connection.send(update);
  return true;
}

/** This process's connections on `project`, still members of its workspace. */
function viewing(project: string) {
  const found: Connection[] = [];
  for (const [connection, view] of state.local) {
    if (view.project === project && connection.workspaces.has(view.workspaceId)) found.push(connection);
  }
  return found;
}

function localViewers(project: string) {
  return merge(viewing(project).map((connection) => state.local.get(connection)!.viewer));
}

/** Everyone on `project`, here and in the other processes: one entry a person. */
export function viewersOf(project: string): PresenceViewer[] {
  const remote = [...(state.remote.get(project)?.values() ?? [])].flatMap((view) => view.viewers);
  return merge([...localViewers(project), ...remote]);
}

/** One entry a person, active if any of their tabs is (with that tab's task); active first, then by name. */
function merge(viewers: Seen[]) {
  const people = new Map<string, Seen>();
  for (const viewer of viewers) {
    const known = people.get(viewer.userId);
    if (!known || (known.idle && !viewer.idle) || (known.idle === viewer.idle && !known.task && viewer.task)) {
      people.set(viewer.userId, viewer);
    }
  }
  return [...people.values()]
    .sort((a, b) => Number(a.idle) - Number(b.idle) || a.name.localeCompare(b.name) || (a.userId < b.userId ? -1 : 1))
    .slice(0, MAX_VIEWERS);
}

function message(project: string, viewers: PresenceViewer[]) {
  return { event: "presence" as const, data: { type: "presence" as const, project, viewers } };
}

/** Tells the other processes who views `project` here (nothing without PostgreSQL). */
async function announce(project: string, force: boolean) {
  const views = viewing(project);
  const viewers = localViewers(project);
  const text = JSON.stringify(viewers);
  if (!force && (state.announced.get(project) ?? "[]") === text) return;
  if (viewers.length === 0) state.announced.delete(project);
  else state.announced.set(project, text);
  const workspace = views[0] ? state.local.get(views[0])!.workspaceId : "";
  try {
    await notifyChannel(CHANNEL, {
      project,
      workspace,
      viewers: viewers.map((viewer) => ({ u: viewer.userId, t: viewer.task, k: viewer.taskKey, i: viewer.idle })),
    });
  } catch (error) {
    logger.warn({ err: error }, "could not announce presence to the other processes");
  }
}

/** Names and pictures as other members see them (the profile), as the chat and the team page show them. */
async function profilesOf(userIds: string[]) {
  if (userIds.length === 0) return [];
  const rows = await db()
    .select({ id: profiles.id, fullName: profiles.fullName, email: profiles.email, avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(inArray(profiles.id, userIds));
  return rows.map((row) => ({
    id: row.id,
    name: row.fullName?.trim() || row.email || "A member",
    avatarUrl: row.avatarUrl,
  }));
}
