import { moveTaskToProjectCommand } from "~/.server/tasks/transfer";
import { archiveTaskCommand, restoreTaskCommand } from "~/.server/tasks/archive";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";

import { fetcherRefusal, formInput, intent, type IntentContext } from "~/.server/http/intents";
import { addAttachmentCommand, removeAttachmentCommand } from "~/.server/tasks/attachments";
import {
  addChecklistItemCommand,
  deleteChecklistItemCommand,
  moveChecklistItemCommand,
  renameChecklistItemCommand,
  setChecklistItemDoneCommand,
} from "~/.server/tasks/checklist";
import { addCommentCommand, deleteCommentCommand, editCommentCommand } from "~/.server/tasks/comments";
import { previewDescription } from "~/.server/tasks/description-preview";
import { setTaskFollowedCommand } from "~/.server/tasks/followers";
import { setTaskLabelsCommand } from "~/.server/tasks/labels";
import { setTaskParentCommand } from "~/.server/tasks/parent";
import { addTaskRelationCommand, removeTaskRelationCommand } from "~/.server/tasks/relations";
import {
  setRecurrenceCommand,
  skipOccurrenceCommand,
  stopRecurrenceCommand,
  updateSeriesCommand,
} from "~/.server/tasks/recurrence";
import { viewerTimeZone } from "~/.server/http/viewer";
import {
  createTaskCommand,
  deleteTaskCommand,
  moveTaskCommand,
  setTaskAssigneesCommand,
  updateTaskCommand,
} from "~/.server/tasks/tasks";
import { taskForMember } from "~/.server/tasks/access";
import { redirectWithToast } from "~/.server/toast";
import { panelReturnPath } from "~/utils/task-panel";
import { attachmentIdOf } from "~/validation/attachments";
import {
  addChecklistItemSchema,
  deleteChecklistItemSchema,
  moveChecklistItemSchema,
  renameChecklistItemSchema,
  toggleChecklistItemSchema,
} from "~/validation/checklist";
import { addCommentSchema, deleteCommentSchema, editCommentSchema } from "~/validation/comments";
import { isUuid } from "~/validation/ids";
import { parseTaskLabels } from "~/validation/labels";
import { MAX_PARENT_REFERENCE, PARENT_FORMAT_ERROR } from "~/validation/task-parent";
import {
  isRelationSide,
  MAX_RELATED_REFERENCE,
  RELATED_FORMAT_ERROR,
  RELATION_SENTENCES,
} from "~/validation/task-relations";
import { repeatFromForm } from "~/validation/recurrence";
import { timeZoneOr } from "~/utils/time-zones";
import { dayName } from "~/utils/calendar-month";
import { askIfBlocked, isBlockedRefusal } from "./blocked-completion.server";
import { descriptionText, moveTaskSchema, taskFieldsSchema, taskPatchOf, taskTitle } from "~/validation/task-fields";

/**
 * The task page's intents (app/routes/app/task.tsx, also posted from the side panel): the
 * editors in place (app/components/tasks/fields/) save through a fetcher and get data back,
 * a refusal too; a plain form comes back to the page (or the project view the panel sits
 * over) with a toast, or with what was typed and why.
 */
const ids = (context: IntentContext) => ({ projectId: context.params.projectId!, taskId: context.params.taskId! });
/** A form in the side panel comes back to the project view it sits over. */
const hereOf = (context: IntentContext) => {
  const { projectId, taskId } = ids(context);
  return panelReturnPath(context.formData.get("returnTo"), projectId) ?? `/app/project/${projectId}/task/${taskId}`;
};
const text = (context: IntentContext, name: string) => {
  const value = context.formData.get(name);
  return typeof value === "string" ? value : undefined;
};
const toast = (context: IntentContext, anchor: string, title: string, description: string) =>
  redirectWithToast(`${hereOf(context)}${anchor}`, { title, description, variant: "success" }, context.request);

/** The URL names both the project and the task: a task of another project is not found here. */
export const taskGuard = (context: IntentContext) => {
  const { projectId, taskId } = ids(context);
  return taskForMember(context.principal.userId, taskId, projectId);
};

export const taskFallback = (context: IntentContext) => redirect(hereOf(context));

const updateTask = intent({
  command: updateTaskCommand,
  parse: (context) => {
    const submission = parseWithZod(context.formData, { schema: taskFieldsSchema });
    if (submission.status === "success" && context.formData.has("title") && submission.value.title === undefined) {
      return { ok: false, field: "title", message: "Enter a task title", submission };
    }
    return formInput(submission, (value) => ({ ...ids(context), ...taskPatchOf(context.formData, value) }));
  },
  done: (_task, context) => toast(context, "", "Task updated", "Your changes are saved."),
});

const moveTask = intent({
  command: moveTaskCommand,
  parse: (context) => {
    const submission = parseWithZod(context.formData, { schema: moveTaskSchema });
    if (submission.status !== "success") {
      return { ok: false, field: "", message: "Choose one of this project's statuses." };
    }
    return {
      ok: true,
      input: {
        ...ids(context),
        statusId: submission.value.statusId,
        placement: { at: "end" as const },
        askIfBlocked: askIfBlocked(context),
      },
    };
  },
  // Completing a blocked task asks first: the editors in place (a fetcher) ask in a dialog and
  // post again with `confirmBlocked`; the page without JavaScript shows the question and a
  // "Complete anyway" form (task-relations.tsx).
  refused: (refusal, context) => {
    const { message, status } = refusal;
    if (context.viaFetcher) {
      if (isBlockedRefusal(refusal)) return data({ intent: context.intent, error: message, confirmBlocked: true }, 400);
      return fetcherRefusal(context.intent, message, status);
    }
    if (!isBlockedRefusal(refusal)) throw data(message, { status });
    const statusId = (text(context, "statusId") ?? "").slice(0, 40);
    return data({ intent: context.intent, blocked: { statusId, message } satisfies BlockedRefusal }, { status: 400 });
  },
  done: (_task, context) => redirect(hereOf(context)),
});

const setAssignees = intent({
  command: setTaskAssigneesCommand,
  parse: (context) => {
    const userIds = context.formData.getAll("assignee").map(String);
    if (userIds.length > 100 || !userIds.every(isUuid)) {
      return { ok: false, field: "", message: "Choose assignees from the workspace's members." };
    }
    return { ok: true, input: { ...ids(context), userIds } };
  },
  done: (_task, context) => toast(context, "#task-assignees", "Assignees saved", "The task's assignees are updated."),
});

const setLabels = intent({
  command: setTaskLabelsCommand,
  parse: (context) => {
    const parsed = parseTaskLabels(context.formData);
    if (!parsed.ok) return { ok: false, field: "", message: parsed.refused.error };
    return { ok: true, input: { ...ids(context), ...parsed.value } };
  },
  refused: ({ message, status }, context) =>
    context.viaFetcher
      ? fetcherRefusal(context.intent, message, status)
      : data(
          { intent: context.intent, labels: { ...parseTaskLabels(context.formData).echo, error: message } },
          { status: 400 },
        ),
  done: (_task, context) => toast(context, "#task-labels", "Labels saved", "The task's labels are updated."),
});

const setParent = intent({
  command: setTaskParentCommand,
  parse: (context) => {
    const typed = context.formData.get("parent") ?? "";
    if (typeof typed !== "string" || typed.length > MAX_PARENT_REFERENCE) {
      return { ok: false, field: "parent", message: PARENT_FORMAT_ERROR };
    }
    return { ok: true, input: { ...ids(context), parent: typed } };
  },
  refused: ({ message, status }, context) => {
    if (context.viaFetcher) return fetcherRefusal(context.intent, message, status);
    const value = (text(context, "parent") ?? "").slice(0, MAX_PARENT_REFERENCE);
    return data({ intent: context.intent, parent: { value, error: message } }, { status: 400 });
  },
  done: ({ key, parent }, context) =>
    toast(context, "", "Parent saved", parent ? `${key} is a subtask of ${parent}.` : `${key} is a top-level task.`),
});

/** What a refused relation form gets back: what was chosen and typed, and why. */
export type RelationRefusal = { relation: string; other: string; error: string };
/** A page's move refused because the task is blocked: the status it asked for, and the question. */
export type BlockedRefusal = { statusId: string; message: string };

const relationRefused = ({ message, status }: { message: string; status: 400 | 403 | 404 }, context: IntentContext) =>
  data(
    {
      intent: context.intent,
      relationRefused: {
        relation: (text(context, "relation") ?? "").slice(0, 40),
        other: (text(context, "other") ?? "").slice(0, MAX_RELATED_REFERENCE),
        error: message,
      } satisfies RelationRefusal,
    },
    { status },
  );

const addRelation = intent({
  command: addTaskRelationCommand,
  parse: (context) => {
    const relation = context.formData.get("relation");
    if (!isRelationSide(relation)) return { ok: false, field: "relation", message: "Choose how the tasks relate." };
    const other = text(context, "other") ?? "";
    if (!other.trim() || other.length > MAX_RELATED_REFERENCE) {
      return { ok: false, field: "other", message: RELATED_FORMAT_ERROR };
    }
    return { ok: true, input: { ...ids(context), relation, other } };
  },
  // In the form, beside the field, with what was typed: from a fetcher too (a 403 or 404 as well).
  refused: relationRefused,
  fetched: (added, context) => data({ intent: context.intent, ok: true as const, added: added.other.key }),
  done: (added, context) =>
    toast(
      context,
      "#task-relations",
      "Relation added",
      `${added.key} ${RELATION_SENTENCES[added.relation]} ${added.other.key}.`,
    ),
});

const removeRelation = intent({
  command: removeTaskRelationCommand,
  parse: (context) => {
    const relationId = text(context, "relationId") ?? "";
    if (!/^[A-Za-z0-9]{6,20}$/.test(relationId)) {
      return { ok: false, field: "", message: "Choose one of this task's relations." };
    }
    return { ok: true, input: { ...ids(context), relationId } };
  },
  done: (removed, context) =>
    toast(
      context,
      "#task-relations",
      "Relation removed",
      `${removed.key} no longer ${RELATION_SENTENCES[removed.relation]} ${removed.otherKey}.`,
    ),
});

const uploadAttachment = intent({
  command: addAttachmentCommand,
  parse: (context) => {
    const file = context.formData.get("file");
    if (!(file instanceof File) || file.size === 0)
      return { ok: false, field: "file", message: "Choose a file to attach." };
    return { ok: true, input: { ...ids(context), file } };
  },
  refused: ({ message, status }, context) =>
    context.viaFetcher
      ? fetcherRefusal(context.intent, message, status)
      : data({ intent: context.intent, attachment: message }, { status: 400 }),
  fetched: ({ id, fileName, image }, context) => {
    const { projectId, taskId } = ids(context);
    const url = `/app/project/${projectId}/task/${taskId}/attachment/${id}`;
    return data({ intent: context.intent, ok: true as const, attachment: { id, fileName, image, url } });
  },
  done: ({ fileName }, context) => toast(context, "#task-attachments", "File attached", `${fileName} is on the task.`),
});

const deleteAttachment = intent({
  command: removeAttachmentCommand,
  parse: (context) => {
    const attachmentId = attachmentIdOf(context.formData);
    if (!attachmentId) return { ok: false, field: "", message: "Choose a file of this task." };
    return { ok: true, input: { ...ids(context), attachmentId } };
  },
  refused: ({ message, status }, context) =>
    context.viaFetcher
      ? fetcherRefusal(context.intent, message, status)
      : data({ intent: context.intent, attachment: message }, { status: 400 }),
  done: ({ fileName }, context) => toast(context, "#task-attachments", "File removed", `${fileName} was removed.`),
});

/** Renders the description editor's text as it will show: it writes nothing. */
const previewDescriptionIntent = intent({
  command: null,
  parse: (context) => {
    const markdown = descriptionText.safeParse(context.formData.get("description") ?? "");
    if (!markdown.success) return { ok: false, field: "description", message: markdown.error.issues[0]!.message };
    return { ok: true, input: { ...ids(context), markdown: markdown.data } };
  },
  run: (context, input: { projectId: string; taskId: string; markdown: string }) =>
    previewDescription(context.principal.userId, input),
  refused: ({ message, status }, context) => fetcherRefusal(context.intent, message, status),
  fetched: (html, context) => data({ intent: context.intent, html }),
  done: (html, context) => data({ intent: context.intent, html }),
});

const addSubtask = intent({
  command: createTaskCommand,
  parse: (context) => {
    const title = taskTitle.safeParse(context.formData.get("title"));
    if (!title.success) return { ok: false, field: "title", message: title.error.issues[0]!.message };
    return { ok: true, input: { projectId: ids(context).projectId, title: title.data, parentId: ids(context).taskId } };
  },
  refused: ({ message, status }, context) =>
    context.viaFetcher
      ? fetcherRefusal(context.intent, message, status)
      : data(
          { intent: context.intent, subtask: { title: text(context, "title") ?? "", error: message } },
          { status: 400 },
        ),
  done: (_task, context) => redirect(`${hereOf(context)}#subtasks`),
});

const deleteTask = intent({
  command: deleteTaskCommand,
  parse: (context) => ({ ok: true, input: ids(context) }),
  done: ({ key }, context) =>
    redirectWithToast(
      `/app/project/${ids(context).projectId}?view=board`,
      { title: "Task deleted", description: `${key} was deleted.`, variant: "success" },
      context.request,
    ),
});

const archiveTask = intent({
  command: archiveTaskCommand,
  parse: (context) => ({ ok: true, input: ids(context) }),
  done: (_archived, context) =>
    redirectWithToast(
      `/app/project/${ids(context).projectId}?view=board`,
      { title: "Task archived", description: "Search still finds it; restore it from its page.", variant: "success" },
      context.request,
    ),
});

/** A refused move comes back beside the project select, with the project that was chosen. */
const moveRefused = ({ message, status }: { message: string; status: 400 | 403 | 404 }, context: IntentContext) =>
  data(
    {
      intent: context.intent,
      moveRefused: { targetProjectId: (text(context, "targetProjectId") ?? "").slice(0, 64), error: message },
    },
    { status },
  );

const moveToProject = intent({
  command: moveTaskToProjectCommand,
  parse: (context) => ({
    ok: true,
    input: { ...ids(context), targetProjectId: String(context.formData.get("targetProjectId") ?? "").slice(0, 64) },
  }),
  refused: moveRefused,
  done: (moved, context) =>
    redirectWithToast(
      `/app/project/${moved.projectId}/task/${moved.id}`,
      { title: "Task moved", description: `It is ${moved.key} now.`, variant: "success" },
      context.request,
    ),
});

const restoreTask = intent({
  command: restoreTaskCommand,
  parse: (context) => ({ ok: true, input: ids(context) }),
  done: (_restored, context) =>
    redirectWithToast(
      `/app/project/${ids(context).projectId}/task/${ids(context).taskId}`,
      { title: "Task restored", description: "It is back on the board.", variant: "success" },
      context.request,
    ),
});

const followTask = intent({
  command: setTaskFollowedCommand,
  parse: (context) => {
    const following = context.formData.get("following");
    if (following !== "true" && following !== "false") {
      return { ok: false, field: "", message: "Choose to follow or unfollow the task." };
    }
    return { ok: true, input: { ...ids(context), following: following === "true" } };
  },
  done: ({ following, key }, context) =>
    following
      ? toast(context, "", "Following", `You will hear about comments and status changes on ${key}.`)
      : toast(context, "", "Unfollowed", `You will no longer hear about ${key}.`),
});

/**
 * Back to the task page at `anchor` for a plain form (its `redirectTo` only says it is one:
 * the answer never leaves this page); `{ ok }` for a fetcher.
 */
function sectionDone(context: IntentContext, anchor: string) {
  if (!context.formData.has("redirectTo")) return data({ intent: context.intent, ok: true as const });
  return redirect(`${hereOf(context)}${anchor}`);
}

function firstError(error: Record<string, string[] | null> | null | undefined) {
  const messages = Object.values(error ?? {}).flatMap((list) => list ?? []);
  return messages[0] ?? "Check this field.";
}

/** What a refused comment form gets back: which form, what was typed, why. */
export type CommentRefusal = { intent: string; commentId?: string; body: string; error: string };
/** What a refused checklist form gets back. */
export type ChecklistRefusal = { intent: string; itemId?: string; title: string; error: string };

// The thread's fetcher (comments.tsx) puts every refusal back in the box, a 403 too.
const commentRefused = ({ message, status }: { message: string; status: 400 | 403 | 404 }, context: IntentContext) =>
  data(
    {
      intent: context.intent,
      commentRefused: {
        intent: context.intent,
        commentId: text(context, "commentId"),
        body: text(context, "body") ?? "",
        error: message,
      } satisfies CommentRefusal,
    },
    { status },
  );

const addComment = intent({
  command: addCommentCommand,
  parse: (context) => {
    const submission = parseWithZod(context.formData, { schema: addCommentSchema });
    if (submission.status !== "success") return { ok: false, field: "body", message: firstError(submission.error) };
    return { ok: true, input: { ...ids(context), body: submission.value.body } };
  },
  refused: commentRefused,
  done: (comment, context) => sectionDone(context, `#comment-${comment.id}`),
});

const editComment = intent({
  command: editCommentCommand,
  parse: (context) => {
    const submission = parseWithZod(context.formData, { schema: editCommentSchema });
    if (submission.status !== "success") return { ok: false, field: "body", message: firstError(submission.error) };
    return { ok: true, input: { ...ids(context), ...submission.value } };
  },
  refused: commentRefused,
  done: (_comment, context) => sectionDone(context, `#comment-${text(context, "commentId")}`),
});

const deleteComment = intent({
  command: deleteCommentCommand,
  parse: (context) => {
    const submission = parseWithZod(context.formData, { schema: deleteCommentSchema });
    if (submission.status !== "success")
      return { ok: false, field: "", message: "Choose one of this task's comments." };
    return { ok: true, input: { ...ids(context), commentId: submission.value.commentId } };
  },
  done: (_comment, context) => sectionDone(context, "#comments"),
});

/** A checklist form's own refusal (bad title, taken): beside its field, with what was typed. */
const checklistRefused = ({ message, status }: { message: string; status: 400 | 403 | 404 }, context: IntentContext) =>
  context.viaFetcher
    ? fetcherRefusal(context.intent, message, status)
    : data(
        {
          intent: context.intent,
          checklistRefused: {
            intent: context.intent,
            itemId: text(context, "itemId"),
            title: text(context, "title") ?? "",
            error: message,
          } satisfies ChecklistRefusal,
        },
        { status: 400 },
      );
const UNKNOWN_ITEM = { ok: false as const, field: "", message: "Choose one of this task's checklist items." };

const addChecklistItem = intent({
  command: addChecklistItemCommand,
  parse: (context) => {
    const submission = parseWithZod(context.formData, { schema: addChecklistItemSchema });
    if (submission.status !== "success") return { ok: false, field: "title", message: firstError(submission.error) };
    return { ok: true, input: { ...ids(context), title: submission.value.title } };
  },
  refused: checklistRefused,
  done: (_item, context) => sectionDone(context, "#new-checklist-item"),
});

const renameChecklistItem = intent({
  command: renameChecklistItemCommand,
  parse: (context) => {
    const submission = parseWithZod(context.formData, { schema: renameChecklistItemSchema });
    if (submission.status !== "success") return { ok: false, field: "title", message: firstError(submission.error) };
    return { ok: true, input: { ...ids(context), ...submission.value } };
  },
  refused: checklistRefused,
  done: (item, context) => sectionDone(context, `#item-${item.id}`),
});

const toggleChecklistItem = intent({
  command: setChecklistItemDoneCommand,
  parse: (context) => {
    const submission = parseWithZod(context.formData, { schema: toggleChecklistItemSchema });
    if (submission.status !== "success") return UNKNOWN_ITEM;
    const { itemId, done } = submission.value;
    return { ok: true, input: { ...ids(context), itemId, done: done === "on" } };
  },
  done: (item, context) => sectionDone(context, `#item-${item.id}`),
});

const moveChecklistItem = intent({
  command: moveChecklistItemCommand,
  parse: (context) => {
    const submission = parseWithZod(context.formData, { schema: moveChecklistItemSchema });
    if (submission.status !== "success") return UNKNOWN_ITEM;
    const { itemId, direction, toIndex } = submission.value;
    const move = toIndex === undefined ? { direction: direction ?? ("down" as const) } : { toIndex };
    return { ok: true, input: { ...ids(context), itemId, ...move } };
  },
  done: (item, context) => sectionDone(context, `#item-${item.id}`),
});

const deleteChecklistItem = intent({
  command: deleteChecklistItemCommand,
  parse: (context) => {
    const submission = parseWithZod(context.formData, { schema: deleteChecklistItemSchema });
    if (submission.status !== "success") return UNKNOWN_ITEM;
    return { ok: true, input: { ...ids(context), itemId: submission.value.itemId } };
  },
  done: (_item, context) => sectionDone(context, "#task-checklist"),
});

/** What a refused Repeat form gets back: why, beside the editor (task-repeat.tsx). */
export type RepeatRefusal = { error: string; field: string };

const repeatRefused = (
  { field, message, status }: { field: string; message: string; status: 400 | 403 | 404 },
  context: IntentContext,
) =>
  context.viaFetcher
    ? fetcherRefusal(context.intent, message, status)
    : data(
        { intent: context.intent, repeatRefused: { error: message, field } satisfies RepeatRefusal },
        { status: 400 },
      );

const setRecurrence = intent({
  command: setRecurrenceCommand,
  parse: (context) => {
    const parsed = repeatFromForm(context.formData);
    if (!parsed.ok) return parsed;
    // The zone the series reads its days in: the browser's (the form's), else the viewer's cookie.
    const timeZone = timeZoneOr(text(context, "timeZone"), viewerTimeZone(context.request));
    return { ok: true, input: { ...ids(context), rule: parsed.rule, mode: parsed.mode, timeZone } };
  },
  refused: repeatRefused,
  fetched: ({ sentence, nextOn }, context) => data({ intent: context.intent, ok: true as const, sentence, nextOn }),
  done: ({ sentence }, context) => toast(context, "#task-repeat", "Repeat saved", `${sentence}.`),
});

const stopRecurrence = intent({
  command: stopRecurrenceCommand,
  parse: (context) => ({ ok: true, input: ids(context) }),
  refused: repeatRefused,
  done: ({ key }, context) => toast(context, "#task-repeat", "Stopped repeating", `${key} will not repeat any more.`),
});

const skipOccurrence = intent({
  command: skipOccurrenceCommand,
  parse: (context) => ({ ok: true, input: ids(context) }),
  refused: repeatRefused,
  done: ({ nextOn }, context) =>
    toast(
      context,
      "#task-repeat",
      "Next one skipped",
      nextOn ? `The next one is on ${dayName(nextOn)}.` : "No more are due.",
    ),
});

const updateSeries = intent({
  command: updateSeriesCommand,
  parse: (context) => ({ ok: true, input: ids(context) }),
  refused: repeatRefused,
  done: (_task, context) =>
    toast(context, "#task-repeat", "Future repeats updated", "The next ones copy this task as it is now."),
});

export const taskIntents = {
  "update-task": updateTask,
  "move-task": moveTask,
  "set-assignees": setAssignees,
  "set-labels": setLabels,
  "set-parent": setParent,
  "add-relation": addRelation,
  "remove-relation": removeRelation,
  "upload-attachment": uploadAttachment,
  "delete-attachment": deleteAttachment,
  "preview-description": previewDescriptionIntent,
  "add-subtask": addSubtask,
  "delete-task": deleteTask,
  "archive-task": archiveTask,
  "move-to-project": moveToProject,
  "restore-task": restoreTask,
  "follow-task": followTask,
  "add-comment": addComment,
  "edit-comment": editComment,
  "delete-comment": deleteComment,
  "add-checklist-item": addChecklistItem,
  "rename-checklist-item": renameChecklistItem,
  "toggle-checklist-item": toggleChecklistItem,
  "move-checklist-item": moveChecklistItem,
  "delete-checklist-item": deleteChecklistItem,
  "set-recurrence": setRecurrence,
  "stop-recurrence": stopRecurrence,
  "skip-occurrence": skipOccurrence,
  "update-series": updateSeries,
};
