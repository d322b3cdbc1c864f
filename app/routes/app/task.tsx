import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import ArrowBack from "@mui/icons-material/ArrowBack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { data, Form, Link, redirect, useNavigation } from "react-router";

import { renderUserMarkdown } from "~/.server/content/markdown";
import { load, requireActor, run } from "~/.server/http/respond";
import { permissionsOf } from "~/.server/policies";
import { redirectWithToast } from "~/.server/toast";
import { taskForMember, taskKey, taskState } from "~/.server/tasks/access";
import { assigneeIdsOf, taskDetail } from "~/.server/tasks/queries";
import { createTask, deleteTask, moveTask, setTaskAssignees, updateTask } from "~/.server/tasks/tasks";
import { membersOf } from "~/.server/team/queries";
import { addAttachment, attachmentsOf, removeAttachment } from "~/.server/tasks/attachments";
import { labelIdsOfTask, setTaskLabels, workspaceLabels } from "~/.server/tasks/labels";
import { TaskAttachments } from "~/components/tasks/attachments";
import { TaskLabels } from "~/components/tasks/task-labels";
import { attachmentIdOf } from "~/validation/attachments";
import { parseTaskLabels } from "~/validation/labels";
import { isUuid } from "~/validation/ids";
import { Checklist } from "~/components/tasks/checklist";
import { Comments } from "~/components/tasks/comments";
import { TaskHistory } from "~/components/tasks/task-history";
import { FormErrors, FormSelectField, FormTextField, SubmitButton } from "~/components/forms/fields";
import { SectionCard } from "~/components/forms/section-card";
import { moveTaskSchema, TASK_PRIORITIES, taskFieldsSchema, taskTitle } from "~/validation/task-fields";
import type { Route } from "./+types/task";
import { checklistAction, commentAction, loadTaskSections } from "./task-sections.server";

/**
 * A task's own page (`/app/project/{projectId}/task/{taskId}`): shareable, and the way to
 * every field without JavaScript. Each form is a plain POST that comes back here.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.task.key} ${loaderData.task.title} · Plotline` : "Task Not Found · Plotline" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requireActor(request, context);
  const access = await load(() => taskForMember(user.id, params.taskId, params.projectId));
  const [detail, members, assigned, sections, labels, labelled, attachments] = await Promise.all([
    taskDetail(access.task, access.project),
    membersOf(access.workspace.id),
    assigneeIdsOf(access.task.id),
    loadTaskSections(access, user.id, new URL(request.url)),
    workspaceLabels(access.workspace.id),
    labelIdsOfTask(access.task.id),
    attachmentsOf(access.task.id),
  ]);
  const permissions = permissionsOf(access.role, taskState(access));
  return {
    task: {
      id: access.task.publicId,
      key: taskKey(access.project.key, access.task.number),
      title: access.task.title,
      description: access.task.description,
      // Rendered and sanitized on the server (GitHub's schema): safe to insert as HTML.
      descriptionHtml: renderUserMarkdown(access.task.description),
      priority: access.task.priority,
      startDate: access.task.startDate,
      dueDate: access.task.dueDate,
      estimateHours:
        access.task.estimateMinutes === null ? null : Math.round((access.task.estimateMinutes / 60) * 100) / 100,
      statusId: access.status.publicId,
      archived: access.task.archivedAt !== null || access.project.archivedAt !== null,
    },
    project: { id: access.project.publicId, name: access.project.name },
    ...detail,
    members: members.map((member) => ({
      id: member.userId,
      name: member.name,
      assigned: assigned.includes(member.userId),
    })),
    ...sections,
    canEdit: permissions["task.update"],
    canDelete: permissions["task.delete"],
    canComment: permissions["comment.create"],
    workspaceId: access.workspace.publicId,
    labels: labels.map((label) => ({ ...label, checked: labelled.includes(label.id) })),
    canCreateLabels: permissions["label.manage"],
    attachments,
    canAttach: permissions["attachment.create"],
    canRemoveAttachments: permissions["attachment.delete"],
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireActor(request, context);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const { projectId, taskId } = params;
  // The URL names both: a task of another project is not found here.
  await load(() => taskForMember(actor.userId, taskId, projectId));
  const here = `/app/project/${projectId}/task/${taskId}`;
  switch (intent) {
    case "update-task": {
      const submission = parseWithZod(formData, { schema: taskFieldsSchema });
      if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
      const { title, description, priority, startDate, dueDate, estimateHours } = submission.value;
      // Every field is in the form: one left empty is cleared.
      const result = await run(() =>
        updateTask(actor, {
          projectId,
          taskId,
          title,
          description: description ?? "",
          priority,
          startDate: startDate ?? null,
          dueDate: dueDate ?? null,
          estimateMinutes: estimateHours === undefined ? null : Math.round(Number(estimateHours) * 60),
        }),
      );
      if (!result.ok) {
        return data(
          { intent, result: submission.reply({ fieldErrors: { [result.field]: [result.message] } }) },
          { status: 400 },
        );
      }
      return redirectWithToast(
        here,
        { title: "Task updated", description: "Your changes are saved.", variant: "success" },
        request,
      );
    }
    case "move-task": {
      const submission = parseWithZod(formData, { schema: moveTaskSchema });
      if (submission.status !== "success") throw data("Choose one of this project's statuses.", { status: 400 });
      await run(() =>
        moveTask(actor, { projectId, taskId, statusId: submission.value.statusId, placement: { at: "end" } }),
      );
      return redirect(here);
    }
    case "set-assignees": {
      const userIds = formData.getAll("assignee").map(String);
      if (userIds.length > 100 || !userIds.every(isUuid)) {
        throw data("Choose assignees from the workspace's members.", { status: 400 });
      }
      const result = await run(() => setTaskAssignees(actor, { projectId, taskId, userIds }));
      if (!result.ok) throw data(result.message, { status: 400 });
      return redirectWithToast(
        `${here}#task-assignees`,
        { title: "Assignees saved", description: "The task's assignees are updated.", variant: "success" },
        request,
      );
    }
    case "set-labels": {
      const parsed = parseTaskLabels(formData);
      if (!parsed.ok) return data({ intent, labels: parsed.refused }, { status: 400 });
      const result = await run(() => setTaskLabels(actor, { projectId, taskId, ...parsed.value }));
      if (!result.ok) return data({ intent, labels: { ...parsed.echo, error: result.message } }, { status: 400 });
      return redirectWithToast(
        `${here}#task-labels`,
        { title: "Labels saved", description: "The task's labels are updated.", variant: "success" },
        request,
      );
    }
    case "upload-attachment": {
      const file = formData.get("file");
      if (!(file instanceof File) || file.size === 0) {
        return data({ intent, attachment: "Choose a file to attach." }, { status: 400 });
      }
      const result = await run(() => addAttachment(actor, { projectId, taskId, file }));
      if (!result.ok) return data({ intent, attachment: result.message }, { status: 400 });
      return redirectWithToast(
        `${here}#task-attachments`,
        { title: "File attached", description: `${result.value.fileName} is on the task.`, variant: "success" },
        request,
      );
    }
    case "delete-attachment": {
      const attachmentId = attachmentIdOf(formData);
      if (!attachmentId) return data({ intent, attachment: "Choose a file of this task." }, { status: 400 });
      const result = await run(() => removeAttachment(actor, { projectId, taskId, attachmentId }));
      if (!result.ok) return data({ intent, attachment: result.message }, { status: 400 });
      return redirectWithToast(
        `${here}#task-attachments`,
        { title: "File removed", description: `${result.value.fileName} was removed.`, variant: "success" },
        request,
      );
    }
    case "add-subtask": {
      const title = taskTitle.safeParse(formData.get("title"));
      if (!title.success) {
        return data(
          { intent, subtask: { title: String(formData.get("title") ?? ""), error: title.error.issues[0]!.message } },
          { status: 400 },
        );
      }
      const result = await run(() => createTask(actor, { projectId, title: title.data, parentId: taskId }));
      if (!result.ok) return data({ intent, subtask: { title: title.data, error: result.message } }, { status: 400 });
      return redirect(`${here}#subtasks`);
    }
    case "delete-task": {
      const result = await run(() => deleteTask(actor, { projectId, taskId }));
      return redirectWithToast(
        `/app/project/${projectId}?view=board`,
        {
          title: "Task deleted",
          description: `${result.ok ? result.value.key : "The task"} was deleted.`,
          variant: "success",
        },
        request,
      );
    }
    case "add-comment":
    case "edit-comment":
    case "delete-comment":
      return commentAction(intent, { actor, projectId, taskId, formData, here });
    case "add-checklist-item":
    case "rename-checklist-item":
    case "toggle-checklist-item":
    case "move-checklist-item":
    case "delete-checklist-item":
      return checklistAction(intent, { actor, projectId, taskId, formData, here });
    default:
      return redirect(here);
  }
}

export default function TaskPage({ loaderData, actionData }: Route.ComponentProps) {
  const { task, project, statuses, subtasks, parent, canEdit, canDelete } = loaderData;
  return (
    <Box sx={{ maxWidth: 880, mx: "auto" }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, mb: 3 }}>
        <IconButton
          component={Link}
          to={`/app/project/${project.id}?view=board`}
          aria-label={`Back to ${project.name}`}
        >
          <ArrowBack />
        </IconButton>
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
          <Typography component="h1" variant="h4" sx={{ overflowWrap: "anywhere" }}>
            {task.title}
          </Typography>
        </Box>
      </Box>
      {task.archived ? (
        <Alert severity="info" sx={{ mb: 3 }}>
          This task is read-only: it or its project is archived.
        </Alert>
      ) : null}
      <Stack spacing={3}>
        <SectionCard title="Status" id="task-status">
          {canEdit ? (
            <Form method="post" style={{ display: "flex", gap: 12, alignItems: "center" }}>
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
            <Form method="post">
              <input type="hidden" name="intent" value="set-assignees" />
              <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2, display: "grid", gap: 0.5 }}>
                <legend className="pl-sr-only">Assign to</legend>
                {loaderData.members.map((member) => (
                  <label key={member.id} style={{ display: "flex", gap: 8, alignItems: "center" }}>
                    <input type="checkbox" name="assignee" value={member.id} defaultChecked={member.assigned} />
                    {member.name}
                  </label>
                ))}
              </Box>
              <Button type="submit" variant="outlined">
                Save Assignees
              </Button>
            </Form>
          ) : (
            <Typography>
              {loaderData.members
                .filter((member) => member.assigned)
                .map((member) => member.name)
                .join(", ") || "Nobody yet"}
            </Typography>
          )}
        </SectionCard>
        <TaskLabels
          labels={loaderData.labels}
          canEdit={canEdit}
          canCreate={loaderData.canCreateLabels}
          workspaceId={loaderData.workspaceId}
          refused={actionData && "labels" in actionData ? actionData.labels : undefined}
        />
        <TaskAttachments
          baseUrl={`/app/project/${project.id}/task/${task.id}`}
          attachments={loaderData.attachments}
          canAttach={loaderData.canAttach}
          canRemove={loaderData.canRemoveAttachments}
          error={actionData && "attachment" in actionData ? actionData.attachment : undefined}
        />
        <SectionCard title="Details" id="task-details">
          {canEdit ? (
            <DetailsForm
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
            <AddSubtask refused={actionData && "subtask" in actionData ? actionData.subtask : undefined} />
          ) : null}
        </SectionCard>
        <Checklist
          checklist={loaderData.checklist}
          canEdit={canEdit}
          refused={actionData && "checklistRefused" in actionData ? actionData.checklistRefused : undefined}
        />
        <Comments
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
            <Form method="post">
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

type TaskData = Route.ComponentProps["loaderData"]["task"];

function DetailsForm({ task, lastResult }: { task: TaskData; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
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
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "update-task";
  return (
    <Form method="post" {...getFormProps(form)} aria-label="Task details">
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
      <dd>{task.startDate ?? "—"}</dd>
      <dt>Due date</dt>
      <dd>{task.dueDate ?? "—"}</dd>
    </Box>
  );
}

function AddSubtask({ refused }: { refused?: { title: string; error: string } }) {
  return (
    <Form method="post" style={{ display: "flex", gap: 8, flexWrap: "wrap", alignItems: "flex-start" }}>
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
