import { parseWithZod } from "@conform-to/zod/v4";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import { data, Link, redirect, type ShouldRevalidateFunctionArgs } from "react-router";

import { mentionChips } from "~/.server/chat/mentions";
import { renderUserMarkdown } from "~/.server/content/markdown";
import { fetcherAnswer, load, requireActor, run, runForFetcher } from "~/.server/http/respond";
import { todayFor } from "~/.server/http/viewer";
import { permissionsOf } from "~/.server/policies";
import { redirectWithToast } from "~/.server/toast";
import { taskForMember, taskKey, taskState } from "~/.server/tasks/access";
import { assigneeIdsOf, taskDetail } from "~/.server/tasks/queries";
import { createTask, deleteTask, moveTask, setTaskAssignees, updateTask } from "~/.server/tasks/tasks";
import { membersOf } from "~/.server/team/queries";
import { addAttachment, attachmentsOf, removeAttachment } from "~/.server/tasks/attachments";
import { previewDescription } from "~/.server/tasks/description-preview";
import { labelIdsOfTask, setTaskLabels, workspaceLabels } from "~/.server/tasks/labels";
import { isFollowing, setTaskFollowed } from "~/.server/tasks/followers";
import { setTaskParent } from "~/.server/tasks/parent";
import { ArrowBack } from "~/components/icons/material";
import { attachmentIdOf } from "~/validation/attachments";
import { parseTaskLabels } from "~/validation/labels";
import { isUuid } from "~/validation/ids";
import { MAX_PARENT_REFERENCE, PARENT_FORMAT_ERROR } from "~/validation/task-parent";
import { TaskPageBody } from "~/components/tasks/task-page-body";
import { panelReturnPath } from "~/utils/task-panel";
import { descriptionText, moveTaskSchema, taskFieldsSchema, taskPatchOf, taskTitle } from "~/validation/task-fields";
import type { Route } from "./+types/task";
import { checklistAction, commentAction, loadTaskSections } from "./task-sections.server";
import { useLiveRevalidation } from "~/components/realtime/realtime-provider";
import { PresenceReporter } from "~/components/realtime/presence";

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
  // Read once: the assignee editor, the @mention suggestions and the mention chips all use them.
  const workspaceMembers = membersOf(access.workspace.id);
  const [detail, members, assigned, sections, labels, labelled, attachments, following] = await Promise.all([
    taskDetail(access.task, access.project),
    workspaceMembers,
    assigneeIdsOf(access.task.id),
    loadTaskSections(access, user.id, new URL(request.url), workspaceMembers.then(asMentionCandidates)),
    workspaceLabels(access.workspace.id),
    labelIdsOfTask(access.task.id),
    attachmentsOf(access.task.id),
    isFollowing(access.task.id, user.id),
  ]);
  const permissions = permissionsOf(access.role, taskState(access));
  return {
    task: {
      id: access.task.publicId,
      key: taskKey(access.project.key, access.task.number),
      title: access.task.title,
      description: access.task.description,
      // Rendered and sanitized on the server (GitHub's schema): safe to insert as HTML.
      descriptionHtml: renderUserMarkdown(access.task.description, {
        mentions: mentionChips(asMentionCandidates(members), user.id),
      }),
      priority: access.task.priority,
      startDate: access.task.startDate,
      dueDate: access.task.dueDate,
      estimateHours:
        access.task.estimateMinutes === null ? null : Math.round((access.task.estimateMinutes / 60) * 100) / 100,
      statusId: access.status.publicId,
      archived: access.task.archivedAt !== null || access.project.archivedAt !== null,
    },
    project: { id: access.project.publicId, name: access.project.name, key: access.project.key },
    ...detail,
    members: members.map((member) => ({
      id: member.userId,
      name: member.name,
      avatarUrl: member.avatarUrl,
      assigned: assigned.includes(member.userId),
    })),
    // The quick date picks' calendar day, in the viewer's zone.
    today: todayFor(request),
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
    following,
    canFollow: permissions["task.follow"],
  };
}

function asMentionCandidates(members: readonly { userId: string; name: string }[]) {
  return members.map((member) => ({ id: member.userId, name: member.name }));
}

/**
 * A deleted task has nothing left to load: the side panel's fetcher, still mounted while the
 * deletion redirects to the board, must not reload it (a 404 would replace the board).
 */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get("intent") === "delete-task") return false;
  return defaultShouldRevalidate;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireActor(request, context);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const { projectId, taskId } = params;
  // The URL names both: a task of another project is not found here.
  await load(() => taskForMember(actor.userId, taskId, projectId));
  // A form in the side panel comes back to the project view it sits over.
  const here = panelReturnPath(formData.get("returnTo"), projectId) ?? `/app/project/${projectId}/task/${taskId}`;
  // The editors in place (app/components/tasks/fields/) save through a fetcher: data back, a refusal too.
  const viaFetcher = formData.get("via") === "fetcher";
  switch (intent) {
    case "update-task": {
      const submission = parseWithZod(formData, { schema: taskFieldsSchema });
      const refuse = (field: string, message: string) =>
        viaFetcher
          ? data({ intent, error: message }, { status: 400 })
          : data({ intent, result: submission.reply({ fieldErrors: { [field]: [message] } }) }, { status: 400 });
      if (submission.status !== "success") {
        const [field, messages] = Object.entries(submission.error ?? {})[0] ?? ["", ["These changes are not valid."]];
        return refuse(field, messages?.[0] ?? "These changes are not valid.");
      }
      // A title sent empty reaches the schema as missing: it is refused, not ignored.
      if (formData.has("title") && submission.value.title === undefined) return refuse("title", "Enter a task title");
      const patch = taskPatchOf(formData, submission.value);
      const update = () => updateTask(actor, { projectId, taskId, ...patch });
      if (viaFetcher) return fetcherAnswer(intent, await runForFetcher(update));
      const result = await run(update);
      if (!result.ok) return refuse(result.field, result.message);
      return redirectWithToast(
        here,
        { title: "Task updated", description: "Your changes are saved.", variant: "success" },
        request,
      );
    }
    case "move-task": {
      const submission = parseWithZod(formData, { schema: moveTaskSchema });
      if (submission.status !== "success") {
        if (viaFetcher) return data({ intent, error: "Choose one of this project's statuses." }, { status: 400 });
        throw data("Choose one of this project's statuses.", { status: 400 });
      }
      const move = () =>
        moveTask(actor, { projectId, taskId, statusId: submission.value.statusId, placement: { at: "end" } });
      if (viaFetcher) return fetcherAnswer(intent, await runForFetcher(move));
      await run(move);
      return redirect(here);
    }
    case "set-assignees": {
      const userIds = formData.getAll("assignee").map(String);
      if (userIds.length > 100 || !userIds.every(isUuid)) {
        if (viaFetcher)
          return data({ intent, error: "Choose assignees from the workspace's members." }, { status: 400 });
        throw data("Choose assignees from the workspace's members.", { status: 400 });
      }
      const assign = () => setTaskAssignees(actor, { projectId, taskId, userIds });
      if (viaFetcher) return fetcherAnswer(intent, await runForFetcher(assign));
      const result = await run(assign);
      if (!result.ok) throw data(result.message, { status: 400 });
      return redirectWithToast(
        `${here}#task-assignees`,
        { title: "Assignees saved", description: "The task's assignees are updated.", variant: "success" },
        request,
      );
    }
    case "set-labels": {
      const parsed = parseTaskLabels(formData);
      if (!parsed.ok) {
        if (viaFetcher) return data({ intent, error: parsed.refused.error }, { status: 400 });
        return data({ intent, labels: parsed.refused }, { status: 400 });
      }
      const label = () => setTaskLabels(actor, { projectId, taskId, ...parsed.value });
      if (viaFetcher) return fetcherAnswer(intent, await runForFetcher(label));
      const result = await run(label);
      if (!result.ok) return data({ intent, labels: { ...parsed.echo, error: result.message } }, { status: 400 });
      return redirectWithToast(
        `${here}#task-labels`,
        { title: "Labels saved", description: "The task's labels are updated.", variant: "success" },
        request,
      );
    }
    case "set-parent": {
      // A key typed by hand ("WEB-3") without JavaScript, the chosen task's id from the popover; empty for none.
      const typed = formData.get("parent") ?? "";
      const parent = typeof typed === "string" ? typed : "";
      const refuse = (message: string) =>
        viaFetcher
          ? data({ intent, error: message }, { status: 400 })
          : data({ intent, parent: { value: parent.slice(0, MAX_PARENT_REFERENCE), error: message } }, { status: 400 });
      if (typeof typed !== "string" || parent.length > MAX_PARENT_REFERENCE) return refuse(PARENT_FORMAT_ERROR);
      const set = () => setTaskParent(actor, { projectId, taskId, parent });
      if (viaFetcher) return fetcherAnswer(intent, await runForFetcher(set));
      const result = await run(set);
      if (!result.ok) return refuse(result.message);
      const { key, parent: parentKey } = result.value;
      return redirectWithToast(
        here,
        {
          title: "Parent saved",
          description: parentKey ? `${key} is a subtask of ${parentKey}.` : `${key} is a top-level task.`,
          variant: "success",
        },
        request,
      );
    }
    case "upload-attachment": {
      const file = formData.get("file");
      if (!(file instanceof File) || file.size === 0) {
        if (viaFetcher) return data({ intent, error: "Choose a file to attach." }, { status: 400 });
        return data({ intent, attachment: "Choose a file to attach." }, { status: 400 });
      }
      const attach = () => addAttachment(actor, { projectId, taskId, file });
      if (viaFetcher) {
        // The description editor (a pasted or dropped file) and the files list with JavaScript:
        // the new file's address, for the editor to link or show it.
        const result = await runForFetcher(attach);
        if (!result.ok) return data({ intent, error: result.message }, { status: result.status });
        const { id, fileName, image } = result.value;
        const url = `/app/project/${projectId}/task/${taskId}/attachment/${id}`;
        return data({ intent, ok: true as const, attachment: { id, fileName, image, url } });
      }
      const result = await run(attach);
      if (!result.ok) return data({ intent, attachment: result.message }, { status: 400 });
      return redirectWithToast(
        `${here}#task-attachments`,
        { title: "File attached", description: `${result.value.fileName} is on the task.`, variant: "success" },
        request,
      );
    }
    case "preview-description": {
      // The description editor's Preview tab: the text rendered as it would be saved, nothing written.
      const markdown = descriptionText.safeParse(formData.get("description") ?? "");
      if (!markdown.success) return data({ intent, error: markdown.error.issues[0]!.message }, { status: 400 });
      const render = () => previewDescription(actor.userId, { projectId, taskId, markdown: markdown.data });
      if (viaFetcher) {
        const result = await runForFetcher(render);
        if (!result.ok) return data({ intent, error: result.message }, { status: result.status });
        return data({ intent, html: result.value });
      }
      // Not the editor's own request: a refusal is its page, like any other intent's.
      const result = await run(render);
      return data({ intent, html: result.ok ? result.value : "" });
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
      if (!title.success && viaFetcher) return data({ intent, error: title.error.issues[0]!.message }, { status: 400 });
      if (!title.success) {
        return data(
          { intent, subtask: { title: String(formData.get("title") ?? ""), error: title.error.issues[0]!.message } },
          { status: 400 },
        );
      }
      const create = () => createTask(actor, { projectId, title: title.data, parentId: taskId });
      // The inline add with JavaScript: no navigation, the row shows while it is saved.
      if (viaFetcher) return fetcherAnswer(intent, await runForFetcher(create));
      const result = await run(create);
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
    case "follow-task": {
      const following = formData.get("following");
      if (following !== "true" && following !== "false") {
        throw data("Choose to follow or unfollow the task.", { status: 400 });
      }
      const result = await run(() => setTaskFollowed(actor, { projectId, taskId, following: following === "true" }));
      if (!result.ok) throw data(result.message, { status: 400 });
      return redirectWithToast(
        here,
        result.value.following
          ? {
              title: "Following",
              description: `You will hear about comments and status changes on ${result.value.key}.`,
              variant: "success",
            }
          : {
              title: "Unfollowed",
              description: `You will no longer hear about ${result.value.key}.`,
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
      return checklistAction(intent, { actor, projectId, taskId, formData, here, viaFetcher });
    default:
      return redirect(here);
  }
}

export default function TaskPage({ loaderData, actionData }: Route.ComponentProps) {
  const { project } = loaderData;
  useLiveRevalidation((event) => event.project === project.id);
  return (
    <Box sx={{ maxWidth: 880, mx: "auto" }}>
      <PresenceReporter projectId={project.id} taskId={loaderData.task.id} />
      <TaskPageBody
        loaderData={loaderData}
        actionData={actionData}
        headerAction={
          <IconButton
            component={Link}
            to={`/app/project/${project.id}?view=board`}
            aria-label={`Back to ${project.name}`}
          >
            <ArrowBack />
          </IconButton>
        }
      />
    </Box>
  );
}
