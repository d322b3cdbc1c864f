import { moveTargets } from "~/.server/tasks/transfer";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import { Link, type ShouldRevalidateFunctionArgs } from "react-router";

import { mentionChips } from "~/.server/chat/mentions";
import { renderUserMarkdown } from "~/.server/content/markdown";
import { load, requireActor } from "~/.server/http/respond";
import { todayFor } from "~/.server/http/viewer";
import { permissionsOf } from "~/.server/policies";

import { taskForMember, taskKey, taskState } from "~/.server/tasks/access";
import { assigneeIdsOf, taskDetail } from "~/.server/tasks/queries";

import { membersOf } from "~/.server/team/queries";
import { attachmentsOf } from "~/.server/tasks/attachments";

import { labelIdsOfTask, workspaceLabels } from "~/.server/tasks/labels";
import { isFollowing } from "~/.server/tasks/followers";
import { taskCodeLinks } from "~/.server/code-hosts/connections";
import { isBlocked, relationsOf } from "~/.server/tasks/relations";
import { taskRepeat } from "~/.server/tasks/recurrence";

import { ArrowBack } from "~/components/icons/material";

import { TaskPageBody } from "~/components/tasks/task-page-body";

import type { Route } from "./+types/task";
import { loadTaskSections } from "./task-sections.server";
import { taskFallback, taskGuard, taskIntents } from "./task-intents.server";
import { intentAction } from "~/.server/http/intents";
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
  const today = todayFor(request);
  const [
    detail,
    members,
    assigned,
    sections,
    labels,
    labelled,
    attachments,
    following,
    codeLinks,
    relations,
    blocked,
    repeat,
    targets,
  ] = await Promise.all([
    taskDetail(access.task, access.project),
    workspaceMembers,
    assigneeIdsOf(access.task.id),
    loadTaskSections(access, user.id, new URL(request.url), workspaceMembers.then(asMentionCandidates)),
    workspaceLabels(access.workspace.id),
    labelIdsOfTask(access.task.id),
    attachmentsOf(access.task.id),
    isFollowing(access.task.id, user.id),
    taskCodeLinks(access.task.id),
    relationsOf(access.task.id),
    isBlocked(access.task.id),
    taskRepeat(access.task, today),
    moveTargets(access.task),
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
      // Archived itself (a rule's tidy-up, or by hand), so it can be restored here; not its project.
      archivedItself: access.task.archivedAt !== null && access.project.archivedAt === null,
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
    today,
    ...sections,
    canEdit: permissions["task.update"],
    canDelete: permissions["task.delete"],
    canArchive: permissions["task.archive"] && access.project.archivedAt === null,
    // Other projects of the workspace it may move to (a subtask moves with its parent).
    moveTargets: permissions["task.update"] && access.project.archivedAt === null ? targets : [],
    canComment: permissions["comment.create"],
    workspaceId: access.workspace.publicId,
    labels: labels.map((label) => ({ ...label, checked: labelled.includes(label.id) })),
    canCreateLabels: permissions["label.manage"],
    attachments,
    canAttach: permissions["attachment.create"],
    canRemoveAttachments: permissions["attachment.delete"],
    following,
    canFollow: permissions["task.follow"],
    codeLinks,
    // Its relations to other tasks of the workspace, and whether an open one blocks it (task-relations.tsx).
    relations,
    blocked,
    // How it repeats, and the Repeat editor's choices for its day (task-repeat.tsx).
    repeat,
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

/** Every write of the page is an intent of task-intents.server.ts, run as its command. */
export const action = intentAction(taskIntents, { fallback: taskFallback, guard: taskGuard });

export default function TaskPage({ loaderData, actionData }: Route.ComponentProps) {
  const { project } = loaderData;
  // Its relations show other projects' tasks: a change to one of them names this project too.
  useLiveRevalidation((event) => event.project === project.id || Boolean(event.related?.includes(project.id)));
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
