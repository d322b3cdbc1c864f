import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import { styled } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import { Form, Link, useNavigation } from "react-router";

import { intentAction } from "~/.server/http/intents";
import { load, requireActor } from "~/.server/http/respond";
import { templateDetails } from "~/.server/templates/queries";
import { PageFormActions, SubmitButton } from "~/components/forms/fields";
import { SectionCard } from "~/components/forms/section-card";
import { ArrowBack } from "~/components/icons/material";
import { useLiveRevalidation } from "~/components/realtime/realtime-provider";
import { TemplateFieldsForm } from "~/components/templates/template-fields-form";
import { TemplateGlyph, TemplateIconSprite } from "~/components/templates/template-icons";
import { isProjectColor, type ProjectColor } from "~/utils/projects";
import { isTemplateCategory, isTemplateIcon, type TemplateIcon } from "~/utils/template-icons";
import { updateTemplateSchema } from "~/validation/templates";
import type { Route } from "./+types/template";
import { templateFallback, templateIntents } from "./template-intents.server";

/**
 * A template's page: what it will create (statuses, labels, tasks with their subtasks and
 * days), Use Template, and for its author (or a workspace manager) Edit and Delete, each a
 * plain form reached by a link (`?edit=1`, `?delete=1` asks to confirm).
 */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.template.name ?? "Template"} · Templates · Plotline` },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requireActor(request, context);
  const details = await load(() => templateDetails(user.id, params.templateId));
  const url = new URL(request.url);
  return {
    ...details,
    editing: details.permissions.update && url.searchParams.get("edit") === "1",
    deleting: details.permissions.delete && url.searchParams.get("delete") === "1",
  };
}

/** Its forms are the intents of template-intents.server.ts, each run as its command. */
export const action = intentAction(templateIntents, { fallback: templateFallback });

export default function TemplatePage({ loaderData, actionData }: Route.ComponentProps) {
  useLiveRevalidation((event) => event.type.startsWith("template."), 500);
  const navigation = useNavigation();
  const { template, outline, permissions, editing, deleting } = loaderData;
  const href = `/app/templates/${template.id}`;
  const color: ProjectColor = isProjectColor(template.color) ? template.color : "slate";
  return (
    <Box sx={{ maxWidth: 960, mx: "auto" }}>
      <TemplateIconSprite />
      <Box sx={{ display: "flex", alignItems: "flex-start", gap: 2, mb: 3 }}>
        <IconButton component={Link} to="/app/templates" aria-label="Back to templates">
          <ArrowBack />
        </IconButton>
        <Tile data-color={color}>
          <TemplateGlyph icon={template.icon} />
        </Tile>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography component="h1" variant="h4" sx={{ overflowWrap: "anywhere" }}>
            {template.name}
          </Typography>
          <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, mt: 1 }}>
            <Chip size="small" label={template.category} />
            <Chip size="small" label={template.builtIn ? "Built-in" : `Shared in ${template.workspace}`} />
            {template.mine ? <Chip size="small" label="Saved by you" /> : null}
          </Box>
        </Box>
      </Box>
      {template.description ? (
        <Typography sx={{ mb: 3, whiteSpace: "pre-line", overflowWrap: "anywhere" }}>{template.description}</Typography>
      ) : null}
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, mb: 4 }}>
        {outline ? (
          <Button component={Link} to={`${href}/use`} variant="contained">
            Use Template
          </Button>
        ) : null}
        {permissions.update ? (
          <Button component={Link} to={`${href}?edit=1`} variant="outlined">
            Edit
          </Button>
        ) : null}
        {permissions.delete ? (
          <Button component={Link} to={`${href}?delete=1`} variant="outlined" color="error">
            Delete
          </Button>
        ) : null}
      </Box>

      <Stack spacing={3}>
        {deleting ? (
          <SectionCard title="Delete template" id="delete-template-heading" danger>
            <Alert severity="warning" sx={{ mb: 2 }}>
              Delete <strong>{template.name}</strong> for everyone in {template.workspace}? Projects already made from
              it stay as they are.
            </Alert>
            {actionData && "message" in actionData ? (
              <Alert severity="error" sx={{ mb: 2 }} role="alert">
                {actionData.message}
              </Alert>
            ) : null}
            <Form method="post" aria-label="Delete template">
              <input type="hidden" name="intent" value="delete-template" />
              <Box sx={{ display: "flex", gap: 1 }}>
                <SubmitButton
                  color="error"
                  size="medium"
                  pending={navigation.state === "submitting"}
                  pendingLabel="Deleting..."
                >
                  Delete Template
                </SubmitButton>
                <Button component={Link} to={href}>
                  Cancel
                </Button>
              </Box>
            </Form>
          </SectionCard>
        ) : null}
        {editing ? (
          <SectionCard title="Edit template" id="edit-template-heading">
            <TemplateFieldsForm
              id="edit-template"
              label="Edit template"
              schema={updateTemplateSchema}
              intent="update-template"
              defaultValue={{
                name: template.name,
                description: template.description,
                category: isTemplateCategory(template.category) ? template.category : "General",
                icon: isTemplateIcon(template.icon) ? (template.icon as TemplateIcon) : undefined,
                color,
              }}
              lastResult={
                actionData && "lastResult" in actionData && actionData.intent === "update-template"
                  ? actionData.lastResult
                  : undefined
              }
              actions={<PageFormActions cancelTo={href} label="Save Template" pendingLabel="Saving..." />}
            />
          </SectionCard>
        ) : null}
        {outline ? (
          <Outline outline={outline} />
        ) : (
          <Alert severity="error">This template's contents are damaged and it cannot be used.</Alert>
        )}
      </Stack>
    </Box>
  );
}

const Tile = styled("span")({
  display: "grid",
  placeItems: "center",
  flexShrink: 0,
  width: 56,
  height: 56,
  borderRadius: 12,
  color: "#fff",
  background: "linear-gradient(135deg, var(--pl-from), var(--pl-to))",
  "& .pl-template-icon": { width: 30, height: 30 },
});

type OutlineData = NonNullable<Route.ComponentProps["loaderData"]["outline"]>;

/** "Day 1", "Days 3–5": offsets as the days of the project, counting the start day as day 1. */
function daySpan(start: number | null, due: number | null) {
  const first = start ?? due;
  const last = due ?? start;
  if (first === null || last === null) return null;
  return first === last ? `Day ${first + 1}` : `Days ${first + 1}–${last + 1}`;
}

/** What Use Template creates, in the cheap-list pattern: one styled root, plain items. */
const OutlineList = styled("div")(({ theme }) => {
  const { palette } = theme.vars;
  return {
    "& ul, & ol": { listStyle: "none", margin: 0, padding: 0 },
    "& .pl-swatches": { display: "flex", flexWrap: "wrap", gap: 8 },
    "& .pl-swatches li": { display: "flex", alignItems: "center", gap: 6, fontSize: 14 },
    "& .pl-tasks > li": { padding: "10px 0", borderTop: `1px solid ${palette.divider}` },
    "& .pl-tasks > li:first-of-type": { borderTop: 0 },
    "& .pl-task-line": { display: "flex", flexWrap: "wrap", alignItems: "center", gap: 8 },
    "& .pl-task-title": { fontWeight: 600, overflowWrap: "anywhere" },
    "& .pl-task-meta": { color: palette.text.secondary, fontSize: 13 },
    "& .pl-subtasks": { margin: "6px 0 0 20px", color: palette.text.secondary, fontSize: 14 },
    "& .pl-subtasks li::before": { content: '"↳ " / ""' },
  };
});

function Outline({ outline }: { outline: OutlineData }) {
  const { counts } = outline;
  const labelColors = new Map(outline.labels.map((label) => [label.name.toLowerCase(), label.color]));
  return (
    <OutlineList>
      <Stack spacing={3}>
        <SectionCard title="What it creates" id="outline-heading">
          <Typography sx={{ mb: 2 }}>
            {counts.tasks} tasks, {counts.subtasks} subtasks and {counts.checklistItems} checklist items
            {counts.days > 0 ? `, spread over ${counts.days} days from the start date` : ""}. Nobody is assigned: you
            choose who does what.
          </Typography>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            Statuses
          </Typography>
          <ul className="pl-swatches" aria-label="Statuses">
            {outline.statuses.map((status) => (
              <li key={status.name} data-color={status.color}>
                <span className="pl-dot" /> {status.name}
              </li>
            ))}
          </ul>
          {outline.labels.length > 0 ? (
            <>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mt: 2, mb: 1 }}>
                Labels
              </Typography>
              <ul className="pl-swatches" aria-label="Labels">
                {outline.labels.map((label) => (
                  <li key={label.name}>
                    <span className="pl-label" data-color={label.color}>
                      {label.name}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </SectionCard>
        <SectionCard title="Tasks" id="outline-tasks-heading">
          {outline.tasks.length === 0 ? (
            <Typography color="textSecondary">This template has statuses and labels but no tasks.</Typography>
          ) : (
            <ol className="pl-tasks">
              {outline.tasks.map((task, index) => (
                <li key={index}>
                  <div className="pl-task-line">
                    <span className="pl-task-title">{task.title}</span>
                    {task.labels.map((label) => (
                      <span key={label} className="pl-label" data-color={labelColors.get(label.toLowerCase())}>
                        {label}
                      </span>
                    ))}
                  </div>
                  <div className="pl-task-meta">
                    {[
                      task.status,
                      task.priority === "none" ? null : `${task.priority} priority`,
                      daySpan(task.start, task.due),
                      task.checklist > 0 ? `${task.checklist}-item checklist` : null,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </div>
                  {task.subtasks.length > 0 ? (
                    <ul className="pl-subtasks" aria-label={`Subtasks of ${task.title}`}>
                      {task.subtasks.map((subtask, position) => (
                        <li key={position}>{subtask}</li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
          {counts.tasks > outline.tasks.length ? (
            <Typography color="textSecondary" sx={{ mt: 2 }}>
              And {counts.tasks - outline.tasks.length} more tasks.
            </Typography>
          ) : null}
        </SectionCard>
      </Stack>
    </OutlineList>
  );
}
