import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import { styled } from "@mui/material/styles";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useEffect } from "react";
import { Form, Link, useNavigation, useRevalidator } from "react-router";

import { SubmitButton } from "~/components/forms/fields";
import { SectionCard } from "~/components/forms/section-card";
import type { importView } from "~/.server/imports/imports";
import { IMPORT_FIELD_IDS, IMPORT_FIELDS } from "~/utils/imports";
import type { ImportRefused } from "~/routes/app/project-import-intents.server";

type Job = Awaited<ReturnType<typeof importView>>;

const plural = (count: number, noun: string) => `${count.toLocaleString("en")} ${noun}${count === 1 ? "" : "s"}`;

const Fields = styled("div")(({ theme }) => ({
  display: "grid",
  gap: theme.spacing(2),
  gridTemplateColumns: "1fr",
  [theme.breakpoints.up("sm")]: { gridTemplateColumns: "1fr 1fr" },
  [theme.breakpoints.up("md")]: { gridTemplateColumns: "1fr 1fr 1fr" },
}));
const TableBox = styled("div")({ overflowX: "auto", maxWidth: "100%" });
const Table = styled("table")(({ theme }) => ({
  borderCollapse: "collapse",
  fontSize: 14,
  minWidth: "100%",
  "& th, & td": {
    textAlign: "left",
    padding: theme.spacing(0.75, 1),
    borderBottom: `1px solid ${theme.vars.palette.divider}`,
    verticalAlign: "top",
    minWidth: 88,
    maxWidth: 280,
    overflowWrap: "break-word",
  },
  "& .wide": { minWidth: 200 },
  "& th": { fontWeight: 600, whiteSpace: "nowrap" },
  "& .problem-error": { color: theme.vars.palette.error.main },
  "& .problem-warning": { color: theme.vars.palette.warning.main },
}));

/** Which column fills which field, with the first rows as they would import, then Check or Import. */
export function ImportMapping({ job, refused }: { job: Job; refused?: ImportRefused }) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" ? navigation.formData?.get("dryRun") : null;
  const chosen = (field: string) => refused?.mapping?.[field] ?? job.mapping[field as keyof typeof job.mapping] ?? -1;
  return (
    <SectionCard title="Map the columns" id="import-mapping">
      <Form method="post" aria-label="Map the columns">
        <input type="hidden" name="intent" value="start" />
        {refused && !IMPORT_FIELD_IDS.includes(refused.field as never) ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {refused.message}
          </Alert>
        ) : null}
        <Fields>
          {IMPORT_FIELD_IDS.map((field) => (
            <TextField
              key={field}
              select
              name={field}
              label={IMPORT_FIELDS[field].label}
              defaultValue={String(chosen(field))}
              error={refused?.field === field}
              helperText={refused?.field === field ? refused.message : IMPORT_FIELDS[field].hint}
              slotProps={{ select: { native: true } }}
            >
              <option value="-1">— Not imported —</option>
              {job.columns.map((column, index) => (
                <option key={index} value={index}>
                  {column || `Column ${index + 1}`}
                </option>
              ))}
            </TextField>
          ))}
        </Fields>
        <Typography component="h3" variant="subtitle2" sx={{ mt: 3, mb: 1 }}>
          The first rows, as they would import
        </Typography>
        <Preview job={job} />
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", mt: 2 }}>
          <SubmitButton
            pending={submitting === "false"}
            pendingLabel="Starting..."
            size="medium"
            name="dryRun"
            value="false"
          >
            Import
          </SubmitButton>
          <SubmitButton
            pending={submitting === "true"}
            pendingLabel="Starting..."
            size="medium"
            variant="outlined"
            name="dryRun"
            value="true"
          >
            Check every row first
          </SubmitButton>
        </Box>
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
          A file with a problem in any row imports nothing. Importing the same file again updates the tasks it made
          instead of adding new ones.
        </Typography>
      </Form>
    </SectionCard>
  );
}

/** A Trello board waiting to import: its lists (statuses to be) and cards, then Check or Import. */
export function TrelloBoard({ job }: { job: Job }) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" ? navigation.formData?.get("dryRun") : null;
  const board = job.board!;
  return (
    <SectionCard title="A Trello board" id="import-board">
      <Form method="post" aria-label="Import the board">
        <input type="hidden" name="intent" value="start" />
        <Typography>
          {plural(board.cards, "card")} in {plural(board.lists.length, "list")}
          {board.archived > 0 ? ` (${board.archived} archived cards are skipped)` : ""}. Each list becomes the status of
          the same name (a list the project lacks goes to its first status); checklists, labels, dates and comments come
          along.
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
          Lists: {board.lists.join(", ") || "none"}.
        </Typography>
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", mt: 2 }}>
          <SubmitButton
            pending={submitting === "false"}
            pendingLabel="Starting..."
            size="medium"
            name="dryRun"
            value="false"
          >
            Import
          </SubmitButton>
          <SubmitButton
            pending={submitting === "true"}
            pendingLabel="Starting..."
            size="medium"
            variant="outlined"
            name="dryRun"
            value="true"
          >
            Check every card first
          </SubmitButton>
        </Box>
      </Form>
    </SectionCard>
  );
}

function Preview({ job }: { job: Job }) {
  const rows = job.preview ?? [];
  if (rows.length === 0) return <Typography color="textSecondary">The file has no rows under its header.</Typography>;
  return (
    <TableBox>
      <Table aria-label="Preview">
        <thead>
          <tr>
            <th>Line</th>
            <th className="wide">Title</th>
            <th>Status</th>
            <th>Priority</th>
            <th>Assignees</th>
            <th>Due</th>
            <th className="wide">Problems</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ line, row, problems }) => (
            <tr key={line}>
              <td>{line}</td>
              <td>{row.title || "—"}</td>
              <td>{row.status ?? "First status"}</td>
              <td>{row.priority ?? "None"}</td>
              <td>{row.assignees?.join(", ") || "—"}</td>
              <td>{row.dueDate ?? "—"}</td>
              <td>
                {problems.length === 0
                  ? "None"
                  : problems.map((problem, index) => (
                      <div key={index} className={`problem-${problem.level}`}>
                        {problem.message}
                      </div>
                    ))}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableBox>
  );
}

/** The job's progress; the page follows it (a refresh without JavaScript, a revalidation with it). */
export function ImportProgress({ job }: { job: Job }) {
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 1000);
    return () => clearInterval(timer);
  }, [revalidator]);
  const value = job.totalRows ? Math.round((job.processedRows / job.totalRows) * 100) : null;
  return (
    <SectionCard title={job.state === "checking" ? "Checking every row…" : "Importing…"} id="import-progress">
      <noscript>
        <meta httpEquiv="refresh" content="2" />
      </noscript>
      <LinearProgress
        variant={value === null ? "indeterminate" : "determinate"}
        value={value ?? undefined}
        aria-label="Import progress"
      />
      <Typography sx={{ mt: 1 }} role="status">
        {job.totalRows === null
          ? "Reading the file…"
          : `${job.processedRows.toLocaleString("en")} of ${job.totalRows.toLocaleString("en")} rows`}
      </Typography>
    </SectionCard>
  );
}

export function ImportResult({ job, projectId }: { job: Job; projectId: string }) {
  const checked = job.state === "checked";
  return (
    <Alert severity="success" role="status">
      <Typography sx={{ fontWeight: 600 }}>
        {checked ? "Every row checked: nothing was written." : "Imported."}
      </Typography>
      <Typography>
        {checked
          ? `Importing would create ${job.created.toLocaleString("en")} tasks and update up to ${job.updated.toLocaleString("en")}.`
          : `${job.created.toLocaleString("en")} created, ${job.updated.toLocaleString("en")} updated, ${job.unchanged.toLocaleString("en")} unchanged.`}
      </Typography>
      {checked ? null : (
        <Button component={Link} to={`/app/project/${projectId}`} size="small" sx={{ mt: 1 }} variant="outlined">
          See the tasks
        </Button>
      )}
    </Alert>
  );
}

export function ImportProblems({ job }: { job: Job }) {
  return (
    <SectionCard title={job.state === "failed" ? "Not imported" : "Warnings"} id="import-problems">
      {job.error ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {job.error}
        </Alert>
      ) : null}
      {job.problems.length > 0 ? (
        <TableBox>
          <Table aria-label="Problems">
            <thead>
              <tr>
                <th>Line</th>
                <th>Problem</th>
              </tr>
            </thead>
            <tbody>
              {job.problems.map((problem, index) => (
                <tr key={index}>
                  <td>{problem.row}</td>
                  <td className={`problem-${problem.level}`}>{problem.message}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableBox>
      ) : null}
      {job.problemCount > job.problems.length ? (
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
          And {job.problemCount - job.problems.length} more.
        </Typography>
      ) : null}
    </SectionCard>
  );
}
