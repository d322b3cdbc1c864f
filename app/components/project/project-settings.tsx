import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Form, Link, useNavigation } from "react-router";

import { ConfirmByNameForm } from "~/components/forms/confirm-by-name-form";
import { FormErrors, FormTextField, SubmitButton } from "~/components/forms/fields";
import { SectionCard } from "~/components/forms/section-card";
import { CalendarFeedControls } from "~/components/settings/calendar-feed";
import { PROJECT_COLOR_NAMES, PROJECT_COLORS } from "~/utils/projects";
import { deleteProjectSchema, projectSettingsSchema } from "~/validation/project-fields";
import { CoverForm } from "./cover-form";
import { StatusSettings, type StatusRefusal } from "./status-settings";
import type { ProjectPageData } from "./types";

/**
 * The project's Settings view: details (name, description, key, colour), cover, statuses,
 * archive, and delete confirmed by typing the name. What the role may not change is read-only.
 */
export function ProjectSettings({
  data,
  lastResult,
  statusRefusal,
}: {
  data: ProjectPageData;
  lastResult?: { intent: string; result: SubmissionResult<string[]> };
  statusRefusal?: StatusRefusal;
}) {
  const { project, permissions } = data;
  const editable = permissions["project.update"] && !project.archived;
  return (
    <Stack spacing={3}>
      <SectionCard title="Details" id="settings-details">
        {editable ? (
          <DetailsForm data={data} lastResult={lastResult?.intent === "update" ? lastResult.result : undefined} />
        ) : (
          <Typography color="textSecondary">
            {project.archived
              ? "This project is archived. Restore it to change its details."
              : "Viewers cannot edit projects. Ask a workspace admin for editor access."}
          </Typography>
        )}
      </SectionCard>
      {editable ? (
        <SectionCard title="Cover image" id="settings-cover-image">
          <CoverForm project={project} lastResult={lastResult?.intent === "cover" ? lastResult.result : undefined} />
        </SectionCard>
      ) : null}
      {data.statuses ? <StatusSettings statuses={data.statuses} refused={statusRefusal} /> : null}
      {data.calendarFeed ? (
        <SectionCard title="Calendar feed" id="settings-calendar-feed">
          <CalendarFeedControls
            feed={data.calendarFeed}
            what={`${project.name}'s tasks with due dates and its team events`}
          />
        </SectionCard>
      ) : null}
      <SectionCard title="Automations" id="settings-automations">
        <Typography color="textSecondary" sx={{ mb: 2 }}>
          Rules that do the routine: when a task changes (or falls due, or on a schedule) and it matches, move it,
          assign it, comment, notify people or call a webhook. Every run is logged.
        </Typography>
        <Button component={Link} to={`/app/project/${project.id}/automations`} variant="outlined">
          Automations
        </Button>
      </SectionCard>
      <SectionCard title="Import and export" id="settings-import-export">
        <Typography color="textSecondary" sx={{ mb: 2 }}>
          Export the tasks as a CSV file for a spreadsheet or another tool. Importing a CSV file adds its rows as tasks;
          importing the same file again updates them instead of adding them twice.
        </Typography>
        <Stack direction="row" sx={{ gap: 1, flexWrap: "wrap" }}>
          <Button component="a" href={`/app/project/${project.id}/export.csv`} variant="outlined" download>
            Export CSV
          </Button>
          {permissions["task.create"] && !project.archived ? (
            <Button component={Link} to={`/app/project/${project.id}/import`} variant="outlined">
              Import CSV
            </Button>
          ) : null}
        </Stack>
      </SectionCard>
      {data.canSaveTemplate ? (
        <SectionCard title="Save as template" id="settings-save-template">
          <Typography color="textSecondary" sx={{ mb: 2 }}>
            Reuse this project's statuses, tasks, subtasks, checklists, labels and dates in new projects. Everyone in{" "}
            {project.workspace.name} can use the template; assignees, comments and files are not copied.
          </Typography>
          <Button component={Link} to={`/app/project/${project.id}/save-template`} variant="outlined">
            Save as Template
          </Button>
        </SectionCard>
      ) : null}
      {permissions["project.archive"] ? (
        <SectionCard title={project.archived ? "Restore" : "Archive"} id="settings-archive">
          <Typography color="textSecondary" sx={{ mb: 2 }}>
            {project.archived
              ? "Bring the project back to the dashboard and the sidebar, and make it editable again."
              : "Archived projects leave the dashboard and the sidebar and become read-only. You can restore them at any time."}
          </Typography>
          <Form method="post">
            <Button type="submit" name="intent" value={project.archived ? "unarchive" : "archive"} variant="outlined">
              {project.archived ? "Unarchive Project" : "Archive Project"}
            </Button>
          </Form>
        </SectionCard>
      ) : null}
      {permissions["project.delete"] ? (
        <ConfirmByNameForm
          id="delete-project"
          title="Delete project"
          warning={
            <>
              The project disappears for everyone in its workspace. Type <strong>{project.name}</strong> to confirm.
            </>
          }
          fieldLabel="Project name"
          submitLabel="Delete Project"
          schema={deleteProjectSchema}
          lastResult={lastResult?.intent === "delete" ? lastResult.result : undefined}
        />
      ) : null}
    </Stack>
  );
}

function DetailsForm({ data, lastResult }: { data: ProjectPageData; lastResult?: SubmissionResult<string[]> }) {
  const { project } = data;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "project-settings",
    lastResult,
    defaultValue: { name: project.name, description: project.description, key: project.key, color: project.color },
    constraint: getZodConstraint(projectSettingsSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: projectSettingsSchema }),
  });
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "update";
  const color = fields.color;
  return (
    <Form method="post" {...getFormProps(form)} aria-label="Project details">
      <input type="hidden" name="intent" value="update" />
      <Stack spacing={2.5}>
        <FormErrors errors={form.errors} id={form.errorId} />
        <FormTextField meta={fields.name} label="Project name" autoComplete="off" />
        <FormTextField meta={fields.description} label="Description" multiline minRows={3} />
        <FormTextField
          meta={fields.key}
          label="Key"
          helperText="2–10 capital letters or digits that prefix task numbers, e.g. WEB"
          autoComplete="off"
        />
        <Box
          component="fieldset"
          sx={{ border: 0, p: 0, m: 0 }}
          aria-describedby={color.errors ? color.errorId : undefined}
        >
          <Typography component="legend" variant="body2" color="textSecondary" sx={{ mb: 1 }}>
            Colour
          </Typography>
          <Box key={color.key} sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
            {PROJECT_COLOR_NAMES.map((name) => (
              <Box
                component="label"
                key={name}
                sx={{
                  display: "flex",
                  alignItems: "center",
                  gap: 0.75,
                  px: 1.25,
                  py: 0.5,
                  border: 1,
                  borderColor: "divider",
                  borderRadius: 5,
                  cursor: "pointer",
                  fontSize: 14,
                  "&:has(input:checked)": { borderColor: "primary.main", fontWeight: 600 },
                  "&:has(input:focus-visible)": { outline: 2, outlineColor: "primary.main" },
                }}
              >
                <input
                  type="radio"
                  name={color.name}
                  value={name}
                  defaultChecked={color.initialValue === name}
                  style={{ position: "absolute", opacity: 0, width: 1, height: 1 }}
                />
                <Box
                  component="span"
                  aria-hidden
                  sx={{ width: 14, height: 14, borderRadius: "50%", bgcolor: PROJECT_COLORS[name].from }}
                />
                {PROJECT_COLORS[name].label}
              </Box>
            ))}
          </Box>
          {color.errors ? (
            <Typography id={color.errorId} color="error" variant="caption">
              {color.errors.join(", ")}
            </Typography>
          ) : null}
        </Box>
        <Box>
          <SubmitButton pending={pending} pendingLabel="Saving..." size="medium">
            Save Changes
          </SubmitButton>
        </Box>
      </Stack>
    </Form>
  );
}
