import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { z } from "zod";

import {
  createCalendarFeedCommand,
  regenerateCalendarFeedCommand,
  revokeCalendarFeedCommand,
} from "~/.server/calendar/feeds";
import { deleteMessageCommand, editMessageCommand, postMessageCommand } from "~/.server/chat/messages";
import type { Command } from "~/.server/commands/command";
import { fetcherRefusal, formInput, intent, type IntentContext } from "~/.server/http/intents";
import { todayFor } from "~/.server/http/viewer";
import { assertProjectPermission } from "~/.server/projects/access";
import {
  deleteProjectCommand,
  setProjectArchivedCommand,
  setProjectCoverCommand,
  updateProjectCommand,
} from "~/.server/projects/projects";
import { bulkEditTasksCommand } from "~/.server/tasks/bulk";
import { quickAddTask } from "~/.server/tasks/quick-add";
import {
  createStatusCommand,
  deleteStatusCommand,
  moveStatusCommand,
  updateStatusCommand,
} from "~/.server/tasks/statuses";
import { createTaskCommand, moveTaskCommand, updateTaskCommand } from "~/.server/tasks/tasks";
import { redirectWithToast } from "~/.server/toast";
import { askIfBlocked, isBlockedRefusal } from "./blocked-completion.server";
import { dayName } from "~/utils/calendar-month";
import { mindMapHref, parseCollapsed } from "~/utils/mind-map-layout";
import { isProjectColor, type ProjectColor } from "~/utils/projects";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { deleteMessageSchema, editMessageSchema, postMessageSchema } from "~/validation/chat-fields";
import { deleteProjectSchema, projectSettingsSchema, type ProjectView } from "~/validation/project-fields";
import { deleteStatusSchema, moveStatusSchema, statusFieldsSchema, statusIdSchema } from "~/validation/status-fields";
import {
  addChildSchema,
  bulkEditSchema,
  moveTaskSchema,
  placementOf,
  quickAddSchema,
  rescheduleTaskSchema,
} from "~/validation/task-fields";

/**
 * The project page's intents (app/routes/app/project.tsx): its views' writes — the quick
 * add, the mind map's child, the board's moves, the calendar's reschedule, the list's bulk
 * edit, the chat — and its settings'. Each names its command; app/.server/http/intents.ts
 * runs it and answers the refusals.
 */
const projectIdOf = (context: IntentContext) => context.params.projectId!;
const here = (context: IntentContext, view: ProjectView) => `/app/project/${projectIdOf(context)}?view=${view}`;
const saved = { title: "Project updated", description: "Your changes are saved.", variant: "success" } as const;
const field = (context: IntentContext, name: string, max: number) =>
  String(context.formData.get(name) ?? "").slice(0, max);

const createTask = intent({
  command: createTaskCommand,
  parse: (context) =>
    formInput(parseWithZod(context.formData, { schema: quickAddSchema }), (value) => ({
      projectId: projectIdOf(context),
      statusId: value.statusId,
      title: value.title,
    })),
  // The line as typed, `@sam !high #bug due:fri` and all: parsed here again, never from the preview.
  run: (context, input) =>
    quickAddTask(context.principal, {
      projectId: input.projectId,
      statusId: input.statusId!,
      text: input.title,
      today: todayFor(context.request),
    }),
  refused: ({ message, status }, context) =>
    data(
      {
        intent: context.intent,
        quickAdd: { statusId: field(context, "statusId", 40), title: field(context, "title", 1000), error: message },
      },
      { status },
    ),
  // The field keeps its focus: data back, then the views' loaders again.
  fetched: (created, context) => data({ intent: context.intent, created: { key: created.key, title: created.title } }),
  done: (_created, context) => {
    const back = context.formData.get("view") === "list" ? "list" : "board";
    const statusId = field(context, "statusId", 40);
    return redirect(`${here(context, back)}#${back === "list" ? "group" : "column"}-${statusId}`);
  },
});

const addChild = intent({
  command: createTaskCommand,
  parse: (context) =>
    formInput(parseWithZod(context.formData, { schema: addChildSchema }), (value) => ({
      projectId: projectIdOf(context),
      title: value.title,
      parentId: value.parentId,
    })),
  refused: ({ message }, context) =>
    data(
      {
        intent: context.intent,
        addChild: {
          parentId: String(context.formData.get("parentId") ?? ""),
          title: String(context.formData.get("title") ?? ""),
          error: message,
        },
      },
      { status: 400 },
    ),
  done: (created, context) =>
    redirectWithToast(
      `/app/project/${projectIdOf(context)}${mindMapHref(parseCollapsed(String(context.formData.get("collapsed") ?? "")))}`,
      {
        title: "Task added",
        description: `${created.key} ${String(context.formData.get("title") ?? "")}`,
        variant: "success",
      },
      context.request,
    ),
});

const moveTask = intent({
  command: moveTaskCommand,
  parse: (context) => {
    const submission = parseWithZod(context.formData, { schema: moveTaskSchema });
    if (submission.status !== "success") return { ok: false, field: "", message: "This move is not valid." };
    const { taskId, statusId, beforeId, afterId } = submission.value;
    return {
      ok: true,
      input: {
        projectId: projectIdOf(context),
        taskId,
        statusId,
        placement: placementOf({ beforeId, afterId }),
        askIfBlocked: askIfBlocked(context),
      },
    };
  },
  // The board's drag and drop keeps its place on the page: data back, then revalidation.
  // Completing a blocked task asks first: the board asks in a dialog and moves it again with
  // `confirmBlocked`; without JavaScript the board shows the question and a "Complete anyway" form.
  refused: (refusal, context) => {
    const { message, status } = refusal;
    const blocked = isBlockedRefusal(refusal);
    if (context.viaFetcher) {
      return data(
        { intent: context.intent, moveError: message, ...(blocked ? { confirmBlocked: true } : {}) },
        { status },
      );
    }
    if (!blocked) throw data(message, { status });
    const move = { taskId: field(context, "taskId", 40), statusId: field(context, "statusId", 40), message };
    return data({ intent: context.intent, blockedMove: move }, { status: 400 });
  },
  fetched: (moved, context) => data({ intent: context.intent, moved: moved.id }),
  done: (moved, context) => redirect(`${here(context, "board")}#column-${moved.status}`),
});

/** The Statuses settings' forms: a refusal comes back beside the field of the form it came from. */
const statusValues = (context: IntentContext) => ({
  name: field(context, "name", 200),
  color: field(context, "color", 40),
  category: field(context, "category", 40),
});
const statusIdOf = (context: IntentContext) => String(context.formData.get("statusId") ?? "new").slice(0, 40);
const statusRefused = ({ field: name, message }: { field: string; message: string }, context: IntentContext) =>
  data(
    {
      intent: context.intent,
      status: { statusId: statusIdOf(context), field: name, message, values: statusValues(context) },
    },
    { status: 400 as const },
  );
// The right to shape the workflow first: nobody else learns anything from its validation.
const mayManageStatuses = (context: IntentContext) =>
  assertProjectPermission(context.principal.userId, projectIdOf(context), "status.manage");
const statusesSettings = (context: IntentContext) => `${here(context, "settings")}#settings-statuses`;

function safe<T>(parsed: z.ZodSafeParseResult<T>) {
  if (parsed.success) return { ok: true as const, value: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { ok: false as const, field: String(issue.path[0] ?? ""), message: issue.message };
}

const statusFields = (context: IntentContext) => {
  const fields = safe(statusFieldsSchema.safeParse(statusValues(context)));
  if (!fields.ok) return fields;
  return { ok: true as const, value: { ...fields.value, color: fields.value.color as ProjectColor } };
};

const statusCreate = intent({
  command: createStatusCommand,
  guard: mayManageStatuses,
  parse: (context) => {
    const fields = statusFields(context);
    return fields.ok ? { ok: true, input: { projectId: projectIdOf(context), ...fields.value } } : fields;
  },
  refused: statusRefused,
  done: (_status, context) =>
    redirectWithToast(
      statusesSettings(context),
      {
        title: "Status added",
        description: `${statusValues(context).name.trim()} is the board's last column.`,
        variant: "success",
      },
      context.request,
    ),
});

const statusUpdate = intent({
  command: updateStatusCommand,
  guard: mayManageStatuses,
  parse: (context) => {
    const fields = statusFields(context);
    if (!fields.ok) return fields;
    const id = safe(statusIdSchema.safeParse({ statusId: statusIdOf(context) }));
    if (!id.ok) return id;
    return { ok: true, input: { projectId: projectIdOf(context), ...fields.value, statusId: id.value.statusId } };
  },
  refused: statusRefused,
  done: (_status, context) => redirect(statusesSettings(context)),
});

const statusMove = intent({
  command: moveStatusCommand,
  guard: mayManageStatuses,
  parse: (context) => {
    const move = safe(
      moveStatusSchema.safeParse({ statusId: statusIdOf(context), direction: context.formData.get("direction") }),
    );
    return move.ok ? { ok: true, input: { projectId: projectIdOf(context), ...move.value } } : move;
  },
  refused: statusRefused,
  done: (_status, context) => redirect(statusesSettings(context)),
});

const statusDelete = intent({
  command: deleteStatusCommand,
  guard: mayManageStatuses,
  parse: (context) => {
    const removal = safe(
      deleteStatusSchema.safeParse({
        statusId: statusIdOf(context),
        targetStatusId: context.formData.get("targetStatusId") ?? "",
      }),
    );
    return removal.ok ? { ok: true, input: { projectId: projectIdOf(context), ...removal.value } } : removal;
  },
  refused: statusRefused,
  done: (result, context) =>
    redirectWithToast(
      statusesSettings(context),
      {
        title: "Status deleted",
        description: result.moved ? `Its tasks moved to ${result.target}.` : "It had no tasks.",
        variant: "success",
      },
      context.request,
    ),
});

/**
 * A chat form posted without JavaScript sends `redirectTo` (the thread, at the latest
 * message or at the one changed) and goes back there; a fetcher sends none and stays.
 */
const chatDone = (_output: unknown, context: IntentContext) => {
  const back = context.formData.get("redirectTo");
  return back
    ? redirect(safeRedirectPath(back, here(context, "chat")))
    : data({ intent: context.intent, ok: true as const });
};
function chatRefused(context: IntentContext, error: string, messageId: string | null) {
  const body = String(context.formData.get("body") ?? "");
  return data({ intent: context.intent, chat: { messageId, body, error } }, { status: 400 });
}

const postMessage = intent({
  command: postMessageCommand,
  parse: (context) =>
    formInput(parseWithZod(context.formData, { schema: postMessageSchema }), (value) => ({
      projectId: projectIdOf(context),
      body: value.body,
    })),
  refused: ({ message }, context) => chatRefused(context, message, null),
  done: chatDone,
});

const editMessage = intent({
  command: editMessageCommand,
  parse: (context) =>
    formInput(parseWithZod(context.formData, { schema: editMessageSchema }), (value) => ({
      projectId: projectIdOf(context),
      ...value,
    })),
  refused: ({ message }, context) => chatRefused(context, message, String(context.formData.get("messageId") ?? "")),
  done: chatDone,
});

const deleteMessage = intent({
  command: deleteMessageCommand,
  parse: (context) => {
    const submission = parseWithZod(context.formData, { schema: deleteMessageSchema });
    if (submission.status !== "success") return { ok: false, field: "", message: "This message cannot be deleted." };
    return { ok: true, input: { projectId: projectIdOf(context), messageId: submission.value.messageId } };
  },
  done: chatDone,
});

const rescheduleTask = intent({
  command: updateTaskCommand,
  parse: (context) =>
    formInput(parseWithZod(context.formData, { schema: rescheduleTaskSchema }), (value) => ({
      projectId: projectIdOf(context),
      taskId: value.taskId,
      dueDate: value.dueDate ?? null,
    })),
  refused: ({ message }, context) =>
    data(
      {
        intent: context.intent,
        reschedule: { taskId: field(context, "taskId", 40), dueDate: field(context, "dueDate", 40), error: message },
      },
      { status: 400 },
    ),
  // The plain form comes back to the calendar it was on; the drag's fetcher stays there.
  done: async (task, context) => {
    const back = context.formData.get("redirectTo");
    const dueDate = field(context, "dueDate", 40);
    if (!back) return data({ intent: context.intent, rescheduled: { taskId: field(context, "taskId", 40), dueDate } });
    return redirectWithToast(
      safeRedirectPath(back, here(context, "calendar")),
      {
        title: "Due date set",
        description: dueDate ? `${task.key} is due ${dayName(dueDate)}.` : `${task.key} has no due date.`,
        variant: "success",
      },
      context.request,
    );
  },
});

const bulkEdit = intent({
  command: bulkEditTasksCommand,
  parse: (context) => {
    const chosen = (name: string) => String(context.formData.get(name) ?? "") || undefined;
    const parsed = bulkEditSchema.safeParse({
      intent: context.intent,
      taskIds: context.formData.getAll("taskId").map(String),
      statusId: chosen("statusId"),
      priority: chosen("priority"),
      assignee: chosen("assignee"),
      labelId: chosen("labelId"),
      op: chosen("op"),
    });
    if (!parsed.success) {
      return { ok: false, field: "", message: parsed.error.issues[0]?.message ?? "These changes are not valid." };
    }
    const { op, assignee, intent: _intent, ...change } = parsed.data;
    return {
      ok: true,
      input: { projectId: projectIdOf(context), ...change, assigneeId: assignee, delete: op === "delete" },
    };
  },
  refused: ({ message }, context) =>
    data(
      {
        intent: context.intent,
        bulk: { taskIds: context.formData.getAll("taskId").map(String).slice(0, 500), error: message },
      },
      { status: 400 },
    ),
  done: ({ changed, ignored }, context) =>
    redirectWithToast(
      listUrlOf(projectIdOf(context), new URL(context.request.url)),
      {
        title: `${changed} ${changed === 1 ? "task" : "tasks"} ${context.formData.get("op") === "delete" ? "deleted" : "updated"}`,
        description: ignored
          ? `${ignored} of the selected tasks were not found in this project and were left alone.`
          : undefined,
        variant: "success",
      },
      context.request,
    ),
});

/** Back to the list as the form was posted from: its filters, grouping and sort (nothing else). */
function listUrlOf(projectId: string, posted: URL) {
  const search = new URLSearchParams({ view: "list" });
  for (const name of ["assignee", "label", "priority", "from", "to", "overdue", "q", "group", "sort", "dir"]) {
    const value = posted.searchParams.get(name);
    if (value) search.set(name, value);
  }
  return `/app/project/${projectId}?${search.toString()}`;
}

const updateProject = intent({
  command: updateProjectCommand,
  parse: (context) =>
    formInput(
      parseWithZod(context.formData, { schema: projectSettingsSchema }),
      ({ color, intent: _intent, ...fields }) => ({
        projectId: projectIdOf(context),
        ...fields,
        color: isProjectColor(color) ? color : undefined,
      }),
    ),
  done: (_project, context) => redirectWithToast(here(context, "settings"), saved, context.request),
});

const coverSchema = z.object({ intent: z.literal("cover") });

const setCover = intent({
  command: setProjectCoverCommand,
  // The right to change the project before the file is even looked at.
  guard: (context) => assertProjectPermission(context.principal.userId, projectIdOf(context), "project.update"),
  parse: (context) => {
    const submission = parseWithZod(context.formData, { schema: coverSchema });
    const file = context.formData.get("cover");
    if (!(file instanceof File))
      return { ok: false, field: "cover", message: "Choose an image to upload.", submission };
    return { ok: true, input: { projectId: projectIdOf(context), cover: file }, submission };
  },
  refused: (refusal, context, submission) => {
    if (context.viaFetcher) return fetcherRefusal(context.intent, refusal.message, refusal.status);
    const result = submission!.reply({ fieldErrors: { [refusal.field || "cover"]: [refusal.message] } });
    return data({ intent: context.intent, result }, { status: 400 });
  },
  done: (_project, context) =>
    redirectWithToast(here(context, "settings"), { ...saved, title: "Cover updated" }, context.request),
});

const removeCover = intent({
  command: setProjectCoverCommand,
  parse: (context) => ({ ok: true, input: { projectId: projectIdOf(context), cover: null } }),
  done: (_project, context) =>
    redirectWithToast(here(context, "settings"), { ...saved, title: "Cover removed" }, context.request),
});

const archive = (archived: boolean) =>
  intent({
    command: setProjectArchivedCommand,
    parse: (context) => ({ ok: true, input: { projectId: projectIdOf(context), archived } }),
    done: (_project, context) =>
      redirectWithToast(
        here(context, "settings"),
        archived
          ? { title: "Project archived", description: "It is read-only until you restore it.", variant: "success" }
          : { title: "Project restored", description: "It is back on the dashboard.", variant: "success" },
        context.request,
      ),
  });

const deleteProject = intent({
  command: deleteProjectCommand,
  parse: (context) =>
    formInput(parseWithZod(context.formData, { schema: deleteProjectSchema }), (value) => ({
      projectId: projectIdOf(context),
      confirmName: value.confirmName,
    })),
  done: (project, context) =>
    redirectWithToast(
      "/app/dashboard",
      { title: "Project deleted", description: `${project.name} was deleted.`, variant: "success" },
      context.request,
    ),
});

/**
 * The member's own calendar feed of the project (app/.server/calendar/feeds.ts): every member
 * who sees the project may make one; its URL is shown in the project's Settings.
 */
const calendarFeed = <Output>(
  command: Command<{ projectId: string | null }, Output>,
  title: string,
  description: string,
) =>
  intent({
    command,
    parse: (context) => ({ ok: true, input: { projectId: projectIdOf(context) } }),
    done: (_feed, context) =>
      redirectWithToast(
        `${here(context, "settings")}#settings-calendar-feed`,
        { title, description, variant: "success" },
        context.request,
      ),
  });

export const projectIntents = {
  "create-task": createTask,
  "add-child": addChild,
  "move-task": moveTask,
  "status-create": statusCreate,
  "status-update": statusUpdate,
  "status-move": statusMove,
  "status-delete": statusDelete,
  "post-message": postMessage,
  "edit-message": editMessage,
  "delete-message": deleteMessage,
  "reschedule-task": rescheduleTask,
  "bulk-edit": bulkEdit,
  update: updateProject,
  cover: setCover,
  "remove-cover": removeCover,
  archive: archive(true),
  unarchive: archive(false),
  delete: deleteProject,
  "create-calendar-feed": calendarFeed(
    createCalendarFeedCommand,
    "Calendar feed ready",
    "Copy its URL into your calendar app to subscribe.",
  ),
  "regenerate-calendar-feed": calendarFeed(
    regenerateCalendarFeedCommand,
    "New feed URL",
    "The old one no longer works: subscribe your calendar app to this one.",
  ),
  "revoke-calendar-feed": calendarFeed(
    revokeCalendarFeedCommand,
    "Calendar feed turned off",
    "Its URL no longer works.",
  ),
};

export const projectFallback = (context: IntentContext) => redirect(here(context, "list"));
