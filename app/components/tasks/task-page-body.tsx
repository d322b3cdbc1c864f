import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";

import { Avatar, People } from "~/components/avatar";
import { DayText } from "~/components/date-text";
import { TaskAttachments } from "~/components/tasks/attachments";
import { FollowButton } from "~/components/tasks/follow-button";
import { useTaskFormTarget, useTaskSubmitting } from "~/components/tasks/task-form-target";
import { Checklist } from "~/components/tasks/checklist";
import { Comments } from "~/components/tasks/comments";
import { TaskHistory } from "~/components/tasks/task-history";
import { TaskLabels } from "~/components/tasks/task-labels";
import { FormErrors, FormSelectField, FormTextField, SubmitButton } from "~/components/forms/fields";
import { SectionCard } from "~/components/forms/section-card";
import { TASK_PRIORITIES, taskFieldsSchema } from "~/validation/task-fields";
import type { Route } from "../../routes/app/+types/task";

/** The task route's loader data, as the browser receives it (the page, or the panel's fetcher). */
export type TaskPageData = Route.ComponentProps["loaderData"];
export type TaskActionData = Route.ComponentProps["actionData"];

/**
 * The task page's content, shared by the full page and the side panel over a project view.
 * Every form names the task route as its `action`, so it posts there from either place.
 */
export function TaskPageBody({
  loaderData,
  actionData,
  headerAction,
  titleId,
  titleLevel = "h1",
}: {
  loaderData: TaskPageData;
  actionData?: TaskActionData;
  /** The page's Back link, or the panel's Close button. */
  headerAction: ReactNode;
  /** The title's id, for a dialog to be labelled by. */
  titleId?: string;
  titleLevel?: "h1" | "h2";
}) {
  const { task, project, statuses, subtasks, parent, canEdit, canDelete } = loaderData;
  const here = `/app/project/${project.id}/task/${task.id}`;
  const target = useTaskFormTarget();
  return (
    <Box sx={{ maxWidth: 880, mx: "auto" }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, mb: 3 }}>
        {headerAction}
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="textSecondary">
            {project.name} · {task.key}
            {parent ? (
              <>
                {" · subtask of "}
                <Link to={`/app/project/${project.id}/task/${parent.id}`}>{parent.key}</Link>
              </>
            ) : null}
          </Typography>
          <Typography id={titleId} component={titleLevel} variant="h4" sx={{ overflowWrap: "anywhere" }}>
            {task.title}
          </Typography>
        </Box>
        {loaderData.canFollow ? (
          <Box sx={{ ml: "auto", flexShrink: 0 }}>
            <FollowButton taskUrl={here} following={loaderData.following} />
          </Box>
        ) : null}
      </Box>
      {task.archived ? (
        <Alert severity="info" sx={{ mb: 3 }}>
          This task is read-only: it or its project is archived.
        </Alert>
      ) : null}
      <Stack spacing={3}>
        <SectionCard title="Status" id="task-status">
          {canEdit ? (
            <Form method="post" action={here} {...target} style={{ display: "flex", gap: 12, alignItems: "center" }}>
              <input type="hidden" name="intent" value="move-task" />
              <input type="hidden" name="taskId" value={task.id} />
              <label htmlFor="task-status-select">Status</label>
              <select id="task-status-select" name="statusId" defaultValue={task.statusId} key={task.statusId}>
                {statuses.map((status) => (
                  <option key={status.id} value={status.id}>
                    {status.name}
                  </option>
                ))}
              </select>
              <Button type="submit" variant="outlined">
                Change status
              </Button>
            </Form>
          ) : (
            <Typography>{statuses.find((status) => status.id === task.statusId)?.name}</Typography>
          )}
        </SectionCard>
        {task.description ? (
          <SectionCard title="Description" id="task-description">
            <Box
              className="pl-markdown"
              sx={{ overflowWrap: "anywhere", "& > :first-of-type": { mt: 0 }, "& > :last-child": { mb: 0 } }}
              dangerouslySetInnerHTML={{ __html: task.descriptionHtml }}
            />
          </SectionCard>
        ) : null}
        <SectionCard title="Assignees" id="task-assignees">
          {canEdit ? (
            <Form method="post" action={here} {...target}>
              <input type="hidden" name="intent" value="set-assignees" />
              <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2, display: "grid", gap: 0.5 }}>
                <legend className="pl-sr-only">Assign to</legend>
                {loaderData.members.map((member) => (
                  <label key={member.id} style={{ display: "flex", gap: 8, alignItems: "center" }}>
                    <input type="checkbox" name="assignee" value={member.id} defaultChecked={member.assigned} />
                    <Avatar person={member} decorative />
                    {member.name}
                  </label>
                ))}
              </Box>
              <Button type="submit" variant="outlined">
                Save Assignees
              </Button>
            </Form>
          ) : (
            <Typography component="div">
              {loaderData.members.some((member) => member.assigned) ? (
                <People people={loaderData.members.filter((member) => member.assigned)} max={8} />
              ) : (
                "Nobody yet"
              )}
            </Typography>
          )}
        </SectionCard>
        <TaskLabels
          taskUrl={here}
          labels={loaderData.labels}
          canEdit={canEdit}
          canCreate={loaderData.canCreateLabels}
          workspaceId={loaderData.workspaceId}
          refused={actionData && "labels" in actionData ? actionData.labels : undefined}
        />
        <TaskAttachments
          baseUrl={here}
          attachments={loaderData.attachments}
          canAttach={loaderData.canAttach}
          canRemove={loaderData.canRemoveAttachments}
          error={actionData && "attachment" in actionData ? actionData.attachment : undefined}
        />
        <SectionCard title="Details" id="task-details">
          {canEdit ? (
            <DetailsForm
              action={here}
              task={task}
              lastResult={actionData && "result" in actionData ? actionData.result : undefined}
            />
          ) : (
            <ReadOnlyDetails task={task} />
          )}
        </SectionCard>
        <SectionCard
          title={`Subtasks (${subtasks.filter((subtask) => subtask.done).length}/${subtasks.length})`}
          id="subtasks"
        >
          {subtasks.length > 0 ? (
            <Box component="ul" sx={{ m: 0, pl: 2.5, mb: 2 }}>
              {subtasks.map((subtask) => (
                <li key={subtask.id}>
                  <Link to={`/app/project/${project.id}/task/${subtask.id}`}>
                    {subtask.key} {subtask.title}
                  </Link>
                  {subtask.done ? " (done)" : null}
                </li>
              ))}
            </Box>
          ) : (
            <Typography color="textSecondary" sx={{ mb: 2 }}>
              No subtasks yet.
            </Typography>
          )}
          {canEdit && !parent ? (
            <AddSubtask
              action={here}
              refused={actionData && "subtask" in actionData ? actionData.subtask : undefined}
            />
          ) : null}
        </SectionCard>
        <Checklist
          taskUrl={here}
          checklist={loaderData.checklist}
          canEdit={canEdit}
          refused={actionData && "checklistRefused" in actionData ? actionData.checklistRefused : undefined}
        />
        <Comments
          taskUrl={here}
          comments={loaderData.comments}
          canComment={loaderData.canComment}
          refused={actionData && "commentRefused" in actionData ? actionData.commentRefused : undefined}
        />
        <TaskHistory history={loaderData.history} />
        {canDelete ? (
          <SectionCard title="Delete task" id="task-delete">
            <Typography color="textSecondary" sx={{ mb: 2 }}>
              The task and its subtasks disappear from every view.
            </Typography>
            <Form method="post" action={here} {...target}>
              <Button type="submit" name="intent" value="delete-task" color="error" variant="outlined">
                Delete Task
              </Button>
            </Form>
          </SectionCard>
        ) : null}
      </Stack>
    </Box>
  );
}

type TaskData = TaskPageData["task"];

function DetailsForm({
  action,
  task,
  lastResult,
}: {
  action: string;
  task: TaskData;
  lastResult?: SubmissionResult<string[]>;
}) {
  const target = useTaskFormTarget();
  const [form, fields] = useForm({
    id: "task-details",
    lastResult,
    defaultValue: {
      title: task.title,
      description: task.description,
      priority: task.priority,
      startDate: task.startDate ?? "",
      dueDate: task.dueDate ?? "",
      estimateHours: task.estimateHours === null ? "" : String(task.estimateHours),
    },
    constraint: getZodConstraint(taskFieldsSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: taskFieldsSchema }),
  });
  const pending = useTaskSubmitting("update-task");
  return (
    <Form method="post" action={action} {...target} {...getFormProps(form)} aria-label="Task details">
      <input type="hidden" name="intent" value="update-task" />
      <Stack spacing={2.5}>
        <FormErrors errors={form.errors} id={form.errorId} />
        <FormTextField meta={fields.title} label="Title" autoComplete="off" />
        <FormTextField meta={fields.description} label="Description (Markdown)" multiline minRows={4} />
        <FormSelectField
          meta={fields.priority}
          label="Priority"
          options={TASK_PRIORITIES.map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) }))}
        />
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { sm: "1fr 1fr 1fr" } }}>
          <FormTextField meta={fields.startDate} label="Start date" type="date" sx={dateSx} />
          <FormTextField meta={fields.dueDate} label="Due date" type="date" sx={dateSx} />
          <FormTextField meta={fields.estimateHours} label="Estimate (hours)" type="number" />
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

/** Date inputs always show their format, so the label stays above them. */
const dateSx = { "& .MuiInputLabel-root": { transform: "translate(14px, -9px) scale(0.75)" } };

function ReadOnlyDetails({ task }: { task: TaskData }) {
  return (
    <Box component="dl" sx={{ m: 0, display: "grid", gridTemplateColumns: "max-content 1fr", gap: 1 }}>
      <dt>Priority</dt>
      <dd>{task.priority}</dd>
      <dt>Start date</dt>
      <dd>{task.startDate ? <DayText day={task.startDate} /> : "—"}</dd>
      <dt>Due date</dt>
      <dd>{task.dueDate ? <DayText day={task.dueDate} /> : "—"}</dd>
    </Box>
  );
}

function AddSubtask({ action, refused }: { action: string; refused?: { title: string; error: string } }) {
  const target = useTaskFormTarget();
  return (
    <Form
      method="post"
      action={action}
      {...target}
      style={{ display: "flex", gap: 8, flexWrap: "wrap", alignItems: "flex-start" }}
    >
      <input type="hidden" name="intent" value="add-subtask" />
      <Box sx={{ flexGrow: 1, minWidth: 220 }}>
        <input
          id="new-subtask"
          name="title"
          aria-label="New subtask title"
          placeholder="Add a subtask…"
          maxLength={200}
          defaultValue={refused?.title}
          aria-invalid={refused ? true : undefined}
          aria-describedby={refused ? "new-subtask-error" : undefined}
          style={{ width: "100%", padding: 8, font: "inherit" }}
        />
        {refused ? (
          <Typography id="new-subtask-error" role="alert" color="error" variant="caption">
            {refused.error}
          </Typography>
        ) : null}
      </Box>
      <Button type="submit" variant="outlined">
        Add Subtask
      </Button>
    </Form>
  );
}
