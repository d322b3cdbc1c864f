import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Typography from "@mui/material/Typography";
import { styled } from "@mui/material/styles";
import { Link } from "react-router";

import { TimeAgo } from "~/components/date-text";
import { RUN_OUTCOME_LABELS, type RunOutcome } from "~/utils/automations";

/**
 * A rule's run log, newest first: when, on which task, what set it off, and what it changed
 * or why it did not (conditions not met, refused, loop stopped, paused, failed).
 */
export type RunItem = {
  id: string;
  at: string;
  outcome: string;
  taskId: string | null;
  taskKey: string | null;
  /** The task's project (public id), for its link; null once the task is gone. */
  projectId: string | null;
  cause: string;
  changes: string[];
  error: string | null;
  depth: number;
};

const OUTCOME_COLORS: Record<RunOutcome, "success" | "default" | "warning" | "error"> = {
  done: "success",
  skipped: "default",
  loop_stopped: "warning",
  refused: "error",
  paused: "warning",
  failed: "error",
};

export function RunLog({ runs, olderHref }: { runs: RunItem[]; olderHref: string | null }) {
  if (runs.length === 0) {
    return <Typography color="textSecondary">No runs yet. They show here as soon as the rule is set off.</Typography>;
  }
  return (
    <>
      <Runs aria-label="Runs">
        {runs.map((run) => (
          <Run key={run.id}>
            <Meta>
              <Chip
                size="small"
                label={RUN_OUTCOME_LABELS[run.outcome as RunOutcome] ?? run.outcome}
                color={OUTCOME_COLORS[run.outcome as RunOutcome] ?? "default"}
                variant={run.outcome === "done" ? "outlined" : "filled"}
              />
              {run.taskKey && run.taskId && run.projectId ? (
                <Link to={`/app/project/${run.projectId}/task/${run.taskId}`} className="pl-run-task">
                  {run.taskKey}
                </Link>
              ) : run.taskKey ? (
                <span className="pl-run-task">{run.taskKey}</span>
              ) : null}
              <Typography variant="body2" color="textSecondary" component="span">
                {run.cause}
                {run.depth > 1 ? ` · set off by another rule (step ${run.depth})` : ""} · <TimeAgo at={run.at} />
              </Typography>
            </Meta>
            {run.error ? (
              <Typography
                variant="body2"
                color={run.outcome === "refused" || run.outcome === "failed" ? "error" : "textSecondary"}
              >
                {run.error}
              </Typography>
            ) : null}
            {run.changes.length > 0 ? (
              <ul className="pl-run-changes">
                {run.changes.map((change, index) => (
                  <Typography component="li" variant="body2" key={index}>
                    {change}
                  </Typography>
                ))}
              </ul>
            ) : null}
          </Run>
        ))}
      </Runs>
      {olderHref ? (
        <Box component={Link} to={olderHref} sx={{ display: "inline-block", mt: 2 }}>
          Older runs
        </Box>
      ) : null}
    </>
  );
}

const Runs = styled("ol")({ listStyle: "none", margin: 0, padding: 0 });

const Run = styled("li")(({ theme }) => ({
  display: "grid",
  "& .pl-run-task": { fontWeight: 600 },
  "& .pl-run-changes": { margin: 0, paddingLeft: theme.spacing(2.5) },
  gap: theme.spacing(0.5),
  padding: theme.spacing(1.5, 0),
  borderBottom: `1px solid ${theme.vars.palette.divider}`,
  "&:last-of-type": { borderBottom: 0 },
}));

const Meta = styled("div")(({ theme }) => ({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: theme.spacing(1),
}));
