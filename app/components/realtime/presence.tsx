import { styled } from "@mui/material/styles";
import { useEffect, useState } from "react";

import { useConnectionId, useRealtime } from "~/components/realtime/realtime-provider";
import { UserAvatar } from "~/components/user-avatar";
import { visuallyHidden } from "~/components/visually-hidden";
import type { PresenceViewer } from "~/utils/realtime";

/**
 * Presence in the browser: `PresenceReporter` tells the server what this tab's stream
 * shows (a project, the task open in it, idle or not), `ProjectViewers` draws who views
 * the project. Without JavaScript there is no stream, so neither does anything.
 */
export const IDLE_AFTER_MS = 60_000;
const REPORT_EVERY_MS = 30_000;
/** Leaving waits this long, so a page that hands over to another one on the same project sends one report, not two. */
const LEAVE_AFTER_MS = 1_000;

type Report = { connectionId: string; project: string; task: string; idle: "true" | "false" };

// One tab's reports go out one after the other, so the server takes them in the order they were made.
let queue: Promise<unknown> = Promise.resolve();
let pendingLeave: ReturnType<typeof setTimeout> | undefined;

function send(report: Report) {
  queue = queue.then(() =>
    // A refused report (the stream closed meanwhile) needs nothing: the next `hello` reports again.
    fetch("/app/presence", { method: "POST", body: new URLSearchParams(report), keepalive: true }).catch(() => null),
  );
}

/**
 * Reports on mount, whenever the stream (a new `hello`), the task or idleness changes,
 * and every 30 s; a minute without pointer, keyboard or a visible tab is idle. Unmounted
 * (the page left the project), the tab shows no project any more.
 */
export function PresenceReporter({ projectId, taskId }: { projectId: string; taskId: string | null }) {
  const currentConnection = useConnectionId();
  // Open already when the page came by client-side navigation; else its `hello` comes soon.
  const [connectionId, setConnectionId] = useState(currentConnection);
  const idle = useIdle(IDLE_AFTER_MS);
  useRealtime((message) => {
    if (message.event === "hello") setConnectionId(message.data.connectionId);
  });

  useEffect(() => {
    clearTimeout(pendingLeave);
    if (!connectionId) return;
    const report = { connectionId, project: projectId, task: taskId ?? "", idle: idle ? "true" : "false" } as const;
    send(report);
    const heartbeat = setInterval(() => send(report), REPORT_EVERY_MS);
    return () => {
      clearInterval(heartbeat);
      // Cancelled by the next report (this one's dependencies changed, or another page's reporter took over).
      pendingLeave = setTimeout(() => send({ ...report, project: "", task: "" }), LEAVE_AFTER_MS);
    };
  }, [connectionId, projectId, taskId, idle]);
  return null;
}

/** Idle after `ms` without pointer or keyboard input, and at once while the tab is hidden. */
function useIdle(ms: number) {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let last = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const left = last + ms - Date.now();
      if (left <= 0) {
        timer = undefined;
        setIdle(true);
      } else timer = setTimeout(check, left);
    };
    const active = () => {
      last = Date.now();
      const hidden = document.visibilityState === "hidden";
      setIdle(hidden);
      if (!hidden && timer === undefined) timer = setTimeout(check, ms);
    };
    const inputs = ["pointerdown", "pointermove", "keydown", "wheel", "touchstart", "focus"] as const;
    for (const input of inputs) window.addEventListener(input, active, { passive: true });
    document.addEventListener("visibilitychange", active);
    active();
    return () => {
      clearTimeout(timer);
      for (const input of inputs) window.removeEventListener(input, active);
      document.removeEventListener("visibilitychange", active);
    };
  }, [ms]);
  return idle;
}

const SHOWN = 5;

const Stack = styled("ul")(({ theme }) => ({
  "--avatar-size": "32px",
  display: "flex",
  alignItems: "center",
  margin: 0,
  padding: 0,
  listStyle: "none",
  "& > li": {
    display: "flex",
    marginLeft: -8,
    borderRadius: "50%",
    border: `2px solid ${theme.vars.palette.background.default}`,
    background: theme.vars.palette.background.default,
  },
  "& > li:first-of-type": { marginLeft: 0 },
  "& > li[data-idle] > *:first-child": { opacity: 0.45, filter: "grayscale(1)" },
  "& .pl-more": {
    width: "var(--avatar-size)",
    height: "var(--avatar-size)",
    display: "grid",
    placeItems: "center",
    borderRadius: "50%",
    fontSize: 12,
    fontWeight: 600,
    color: theme.vars.palette.text.primary,
    background: theme.vars.palette.action.selected,
  },
  "& .pl-hidden": visuallyHidden,
}));

/** "Ada Lovelace — viewing WEB-12", "Ada Lovelace — idle", or the name alone. */
export function viewerLabel(viewer: PresenceViewer) {
  if (viewer.idle) return `${viewer.name} — idle`;
  return viewer.taskKey ? `${viewer.name} — viewing ${viewer.taskKey}` : viewer.name;
}

/** The people viewing the project, as the stream tells them: the first five, then "+N". */
export function ProjectViewers({ projectId }: { projectId: string }) {
  const [viewers, setViewers] = useState<PresenceViewer[]>([]);
  useRealtime((message) => {
    if (message.event === "presence" && message.data.project === projectId) setViewers(message.data.viewers);
  });
  if (viewers.length === 0) return null;
  const rest = viewers.slice(SHOWN);
  return (
    <Stack aria-label={viewers.length === 1 ? "1 person viewing" : `${viewers.length} people viewing`}>
      {viewers.slice(0, SHOWN).map((viewer) => (
        <li key={viewer.userId} title={viewerLabel(viewer)} data-idle={viewer.idle || undefined}>
          <UserAvatar user={{ id: viewer.userId, fullName: viewer.name, avatarUrl: viewer.avatarUrl }} />
          <span className="pl-hidden">{viewerLabel(viewer)}</span>
        </li>
      ))}
      {rest.length > 0 ? (
        <li title={rest.map(viewerLabel).join("\n")}>
          <span className="pl-more" aria-hidden="true">
            +{rest.length}
          </span>
          <span className="pl-hidden">and {rest.length} more</span>
        </li>
      ) : null}
    </Stack>
  );
}
