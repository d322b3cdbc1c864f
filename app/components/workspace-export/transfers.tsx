import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import { styled } from "@mui/material/styles";
import { useEffect } from "react";
import { Link, useFetcher, useRevalidator } from "react-router";

import { DayText, TimeAgo } from "~/components/date-text";
import { SubmitButton } from "~/components/forms/fields";
import { SectionCard } from "~/components/forms/section-card";
import { useHydrated } from "~/utils/use-hydrated";
import { describeCounts, describeSize } from "~/utils/workspace-export";

/**
 * The workspace's Export and import page's parts: the owner's exports (start one, follow it,
 * download it), and an import's progress and outcome. Plain forms and links; with
 * JavaScript the export starts through a fetcher and running jobs are revalidated each
 * second (without it, the page refreshes itself while one runs).
 */
export type ExportRow = {
  id: string;
  state: keyof typeof EXPORT_STATES;
  processedRows: number;
  sizeBytes: number | null;
  counts: Record<string, number>;
  error: string | null;
  createdAt: string;
  expiresAt: string | null;
  download: string | null;
};

const EXPORT_STATES = {
  queued: "Exporting…",
  running: "Exporting…",
  done: "Ready",
  failed: "Failed",
  expired: "Expired",
  replaced: "Replaced by a newer export",
};

const ExportList = styled("ol")(({ theme }) => ({
  listStyle: "none",
  margin: 0,
  padding: 0,
  "& > li": {
    display: "grid",
    gap: theme.spacing(1),
    padding: theme.spacing(1.5, 0),
    borderTop: `1px solid ${theme.vars?.palette.divider ?? theme.palette.divider}`,
  },
  "& .export-line": {
    display: "flex",
    flexWrap: "wrap",
    alignItems: "center",
    justifyContent: "space-between",
    gap: theme.spacing(1),
  },
  "& .export-meta": { color: theme.vars?.palette.text.secondary ?? theme.palette.text.secondary },
}));

/** Revalidates the page each second while `active` (the progress of a running job). */
export function useFollowJob(active: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 1000);
    return () => clearInterval(timer);
  }, [active, revalidator]);
}

/** Refreshes the page every 2 seconds when JavaScript is off, while a job runs. */
export function RefreshWithoutScript() {
  return (
    <noscript>
      <meta httpEquiv="refresh" content="2" />
    </noscript>
  );
}

const summaryOf = (counts: Record<string, number>) =>
  describeCounts(counts, ["projects", "tasks", "comments", "attachments"]);

export function ExportSection({ exports, refused }: { exports: ExportRow[]; refused?: string }) {
  const fetcher = useFetcher<{ intent: string; error?: string }>();
  const hydrated = useHydrated();
  const running = exports.some((row) => row.state === "queued" || row.state === "running");
  useFollowJob(running);
  const starting = fetcher.state !== "idle";
  const error = fetcher.data?.error ?? refused;
  return (
    <SectionCard title="Export this workspace" id="workspace-export">
      {running ? <RefreshWithoutScript /> : null}
      <Typography sx={{ mb: 2 }}>
        A zip of everything in the workspace: its projects, statuses, labels, tasks with their subtasks, assignees,
        labels, checklists, relations and comments, the attached files, templates, calendar events, chat messages, and
        its members by e-mail and role. No passwords, tokens, secrets or webhook addresses. Import it on any Plotline
        server as a new workspace.
      </Typography>
      <fetcher.Form method="post" aria-label="Export the workspace">
        <input type="hidden" name="intent" value="export" />
        {/* With JavaScript the answer is data (a refusal shown here); without it, the page again. */}
        {hydrated ? <input type="hidden" name="via" value="fetcher" /> : null}
        {error ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        <SubmitButton pending={starting} pendingLabel="Starting..." size="medium" disabled={running}>
          {running ? "Export running…" : "Start export"}
        </SubmitButton>
      </fetcher.Form>
      {exports.length > 0 ? (
        <ExportList aria-label="Exports" sx={{ mt: 2 }}>
          {exports.map((row) => (
            <li key={row.id}>
              <div className="export-line">
                <Typography component="span" sx={{ fontWeight: 600 }}>
                  {EXPORT_STATES[row.state]}{" "}
                  <Typography component="span" className="export-meta">
                    · started <TimeAgo at={row.createdAt} />
                  </Typography>
                </Typography>
                {row.download ? (
                  <Button variant="contained" href={row.download} download>
                    Download zip{row.sizeBytes !== null ? ` (${describeSize(row.sizeBytes)})` : ""}
                  </Button>
                ) : null}
              </div>
              {row.state === "queued" || row.state === "running" ? (
                <>
                  <LinearProgress aria-label="Export progress" />
                  <Typography role="status" className="export-meta">
                    {row.processedRows.toLocaleString("en")} rows written
                  </Typography>
                </>
              ) : null}
              {row.state === "done" ? (
                <Typography className="export-meta">
                  {summaryOf(row.counts)} · available until{" "}
                  {row.expiresAt ? <DayText day={row.expiresAt.slice(0, 10)} /> : null}
                </Typography>
              ) : null}
              {row.state === "failed" && row.error ? <Typography color="error">{row.error}</Typography> : null}
            </li>
          ))}
        </ExportList>
      ) : null}
    </SectionCard>
  );
}

export function ImportSection() {
  return (
    <SectionCard title="Import a workspace" id="workspace-import">
      <Typography sx={{ mb: 2 }}>
        Made an export on another Plotline server? Import it here as a new workspace that you own. Members with an
        account on this server keep their roles and assignments.
      </Typography>
      <Button component={Link} to="/app/workspaces/import" variant="outlined">
        Import a workspace
      </Button>
    </SectionCard>
  );
}

export type ImportJob = {
  id: string;
  fileName: string;
  sizeBytes: number;
  state: "queued" | "checking" | "running" | "done" | "failed";
  totalRows: number | null;
  processedRows: number;
  counts: Record<string, number>;
  unmatched: string[];
  unmatchedCount: number;
  error: string | null;
  workspaceId: string | null;
};

export function WorkspaceImportProgress({ job }: { job: ImportJob }) {
  useFollowJob(true);
  const checking = job.state === "queued" || job.state === "checking";
  const value = checking && job.totalRows ? Math.min(100, Math.round((job.processedRows / job.totalRows) * 100)) : null;
  return (
    <SectionCard title={checking ? "Checking the file…" : "Importing…"} id="workspace-import-progress">
      <RefreshWithoutScript />
      <LinearProgress
        variant={value === null ? "indeterminate" : "determinate"}
        value={value ?? undefined}
        aria-label="Import progress"
      />
      <Typography sx={{ mt: 1 }} role="status">
        {checking
          ? job.totalRows === null
            ? "Reading the file…"
            : `${job.processedRows.toLocaleString("en")} of ${job.totalRows.toLocaleString("en")} rows checked`
          : `Writing ${(job.totalRows ?? 0).toLocaleString("en")} rows as one change: all of them, or none.`}
      </Typography>
    </SectionCard>
  );
}

export function WorkspaceImportOutcome({ job }: { job: ImportJob }) {
  if (job.state === "failed")
    return (
      <Alert severity="error" role="alert">
        <Typography sx={{ fontWeight: 600 }}>The workspace was not imported.</Typography>
        <Typography sx={{ overflowWrap: "anywhere" }}>{job.error}</Typography>
        <Button component={Link} to="/app/workspaces/import" size="small" sx={{ mt: 1 }} variant="outlined">
          Choose another file
        </Button>
      </Alert>
    );
  return (
    <Alert severity="success" role="status">
      <Typography sx={{ fontWeight: 600 }}>Imported.</Typography>
      <Typography>{describeCounts(job.counts)}.</Typography>
      {job.unmatchedCount > 0 ? (
        <Typography sx={{ mt: 1 }}>
          {job.unmatchedCount} member{job.unmatchedCount === 1 ? " has" : "s have"} no account on this server and{" "}
          {job.unmatchedCount === 1 ? "was" : "were"} left out (their assignments too; what they wrote is yours):{" "}
          {job.unmatched.join(", ")}. Invite them from Team Management.
        </Typography>
      ) : null}
      {job.workspaceId ? (
        <Button
          component={Link}
          to={`/app/workspaces/${job.workspaceId}`}
          size="small"
          sx={{ mt: 1 }}
          variant="contained"
        >
          Open the workspace
        </Button>
      ) : null}
    </Alert>
  );
}
