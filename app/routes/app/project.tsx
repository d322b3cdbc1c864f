import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { Suspense } from "react";
import { data, Form, Link, redirect, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { z } from "zod";

import { chatPage } from "~/.server/chat/queries";
import { deleteMessage, editMessage, postMessage } from "~/.server/chat/messages";
import { load, pageParam, requireActor, run, runForFetcher } from "~/.server/http/respond";
import { assertProjectPermission, projectForMember } from "~/.server/projects/access";
import {
  deleteProject,
  recordProjectVisit,
  setProjectArchived,
  setProjectCover,
  updateProject,
} from "~/.server/projects/projects";
import { activityLog } from "~/.server/projects/activity-log";
import { projectCalendar, UNDATED_PAGE } from "~/.server/tasks/calendar";
import { mindMapView } from "~/.server/tasks/mind-map";
import { lastDeliveredSequence } from "~/.server/realtime/hub";
import { boardColumns } from "~/.server/tasks/queries";
import { taskForMember } from "~/.server/tasks/access";
import { NotFoundError } from "~/.server/errors";
import { bulkEditTasks } from "~/.server/tasks/bulk";
import { boardOptions, listPage } from "~/.server/tasks/list-params";
import { createStatus, deleteStatus, moveStatus, statusesWithCounts, updateStatus } from "~/.server/tasks/statuses";
import { createTask, moveTask, updateTask } from "~/.server/tasks/tasks";
import { quickAddTask, quickAddVocabulary } from "~/.server/tasks/quick-add";
import { can, permissionsOf } from "~/.server/policies";
import { membersOf } from "~/.server/team/queries";
import { redirectWithToast } from "~/.server/toast";
import { removeImage, storeImage } from "~/.server/uploads/images";
import { env } from "~/.server/env";
import { todayFor } from "~/.server/http/viewer";
import { ProjectHeader } from "~/components/project/project-header";
import { VIEW_LABELS, ViewNav } from "~/components/project/view-nav";
import {
  ActivityLog,
  Calendar,
  ChatView,
  MindMap,
  ProjectSettings,
  Sharing,
  TaskList,
} from "~/components/project/views";
import { Board } from "~/components/tasks/board";
import { QuickAddProvider } from "~/components/tasks/quick-add";
import { useOpenTaskLinks } from "~/components/tasks/open-task-links";
import { TaskPanel } from "~/components/tasks/task-panel";
import {
  addChildSchema,
  bulkEditSchema,
  moveTaskSchema,
  placementOf,
  quickAddSchema,
  rescheduleTaskSchema,
} from "~/validation/task-fields";
import { isProjectColor, type ProjectColor } from "~/utils/projects";
import { deleteStatusSchema, moveStatusSchema, statusFieldsSchema, statusIdSchema } from "~/validation/status-fields";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { deleteMessageSchema, editMessageSchema, postMessageSchema } from "~/validation/chat-fields";
import { dayName, isCalendarDay, monthOf, parseMonth } from "~/utils/calendar-month";
import { mindMapHref, parseCollapsed } from "~/utils/mind-map-layout";
import { onlyTaskParamChanged, TASK_PARAM, withTaskParam } from "~/utils/task-panel";
import {
  deleteProjectSchema,
  PROJECT_VIEWS,
  projectSettingsSchema,
  type ProjectView,
} from "~/validation/project-fields";
import type { Route } from "./+types/project";
import mindMapStyles from "@xyflow/react/dist/style.css?url";
import { useLiveRevalidation } from "~/components/realtime/realtime-provider";
import { PresenceReporter } from "~/components/realtime/presence";

/**
 * The project page: its views in the URL (`?view=`, list by default), Settings and the
 * Activity Log working, the task views waiting for the tasks to arrive.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Project ${loaderData.project.name.toUpperCase()}` : "Project Not Found · Plotline" },
];

/** React Flow's stylesheet, for the Mind Map view (a static file, cached). */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: mindMapStyles }];

function viewOf(url: URL): ProjectView {
  const view = url.searchParams.get("view");
  return (PROJECT_VIEWS as readonly string[]).includes(view ?? "") ? (view as ProjectView) : "list";
}

/** A shared `?task=` link to a task that is gone (or not this project's) opens the view alone. */
async function closeMissingTaskPanel(userId: string, projectId: string, url: URL) {
  const taskId = url.searchParams.get(TASK_PARAM);
  if (taskId === null) return;
  const found = await taskForMember(userId, taskId, projectId).then(
    () => true,
    (error: unknown) => {
      if (error instanceof NotFoundError) return false;
      throw error;
    },
  );
  if (!found) throw redirect(`${url.pathname}${withTaskParam(url.search, null)}`);
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requireActor(request, context);
  const access = await load(() => projectForMember(user.id, params.projectId));
  const url = new URL(request.url);
  const view = viewOf(url);
  const { project, workspace } = access;
  await recordProjectVisit(user.id, project.id);
  await closeMissingTaskPanel(user.id, params.projectId, url);
  // Overdue and the calendar's today go by the viewer's day (their zone's cookie, else UTC), as the dates read.
  const today = todayFor(request);
  const permissions = permissionsOf(access.role, project);
  const quickAdds = (view === "list" || view === "board") && permissions["task.create"];
  // Read before the views: a real-time change after it is one these reads may not show yet.
  const liveFrom = lastDeliveredSequence();
  const [activity, members, board, list, statuses, chat, calendar, mindMap, vocabulary, editorOptions] =
    await Promise.all([
      view === "activity" ? activityLog(project.id, workspace.id, url) : null,
      view === "sharing" ? membersOf(workspace.id) : null,
      view === "board" ? boardColumns(project, raisedColumn(url)) : null,
      view === "list" ? listPage(project, url, today, permissions["label.manage"]) : null,
      view === "settings" && permissions["status.manage"] ? statusesWithCounts(project.id) : null,
      view === "chat" ? chatPage(project, { userId: user.id, role: access.role }, messageParam(url, "before")) : null,
      view === "calendar" ? projectCalendar(project, calendarOptions(url, today)) : null,
      view === "mindmap" ? mindMapView(project, url) : null,
      // The quick add's preview of `@sam #bug` (the action reads them again).
      quickAdds ? quickAddVocabulary(workspace.id) : null,
      view === "board" && permissions["task.update"] ? boardOptions(project, permissions["label.manage"]) : null,
    ]);
  return {
    project: {
      id: project.publicId,
      name: project.name,
      key: project.key,
      description: project.description,
      color: project.color,
      coverUrl: project.coverPath ? `/uploads/${project.coverPath}` : null,
      archived: project.archivedAt !== null,
      workspace: { id: workspace.publicId, name: workspace.name },
    },
    url: `${env().appUrl}/app/project/${project.publicId}`,
    starred: access.starred,
    permissions,
    // Saving as a template reads the project, so an archived one may be saved too.
    canSaveTemplate: can(access.role, "template.create"),
    view,
    statuses,
    activity,
    members,
    board,
    editorOptions,
    chat: chat && { ...chat, before: messageParam(url, "before"), editing: messageParam(url, "edit") },
    calendar,
    mindMap,
    list,
    today,
    vocabulary,
    liveFrom,
  };
}

/** `?month=YYYY-MM` (today's when missing or not a month), `?day=` opens a day, `?undated=<n>` shows more undated tasks. */
function calendarOptions(url: URL, today: string) {
  const day = url.searchParams.get("day");
  const open = day && isCalendarDay(day) ? day : null;
  return {
    month: parseMonth(url.searchParams.get("month")) ?? monthOf(open ?? today),
    day: open,
    undatedLimit: Math.max(UNDATED_PAGE, pageParam(url, "undated")),
  };
}

/** A message's public id from the Chat view's URL (`?before=`, `?edit=`), if it looks like one. */
function messageParam(url: URL, name: string) {
  const value = url.searchParams.get(name);
  return value && /^[A-Za-z0-9]{6,20}$/.test(value) ? value : null;
}

/** `?more=<status>&limit=<n>`: one column shows more than its first page. */
function raisedColumn(url: URL) {
  const column = url.searchParams.get("more");
  return column ? { column, limit: Math.min(pageParam(url, "limit"), 5_000) } : undefined;
}

const saved = { title: "Project updated", description: "Your changes are saved.", variant: "success" } as const;

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireActor(request, context);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const projectId = params.projectId;
  const here = (view: ProjectView) => `/app/project/${projectId}?view=${view}`;
  const fail = (result: { field: string; message: string }, submission: Replier) =>
    data(
      {
        intent,
        result: submission.reply(
          result.field ? { fieldErrors: { [result.field]: [result.message] } } : { formErrors: [result.message] },
        ),
      },
      { status: 400 },
    );

  switch (intent) {
    case "create-task": {
      const submission = parseWithZod(formData, { schema: quickAddSchema });
      const viaFetcher = formData.get("via") === "fetcher";
      const statusId = String(formData.get("statusId") ?? "").slice(0, 40);
      const title = String(formData.get("title") ?? "").slice(0, 1000);
      const refuse = (error: string, status = 400) =>
        data({ intent, quickAdd: { statusId, title, error } }, { status });
      if (submission.status !== "success")
        return refuse(submission.error?.title?.[0] ?? "This task could not be added.");
      // The line as typed, `@sam !high #bug due:fri` and all: parsed here again, never from the preview.
      const add = () =>
        quickAddTask(actor, {
          projectId,
          statusId: submission.value.statusId,
          text: submission.value.title,
          today: todayFor(request),
        });
      if (viaFetcher) {
        // The field keeps its focus: data back, then the views' loaders again.
        const result = await runForFetcher(add);
        if (!result.ok) return refuse(result.message, result.status);
        return data({ intent, created: { key: result.value.key, title: result.value.title } });
      }
      const result = await run(add);
      if (!result.ok) return refuse(result.message);
      const back = formData.get("view") === "list" ? "list" : "board";
      return redirect(`${here(back)}#${back === "list" ? "group" : "column"}-${submission.value.statusId}`);
    }
    case "add-child": {
      const submission = parseWithZod(formData, { schema: addChildSchema });
      const parentId = String(formData.get("parentId") ?? "");
      const title = String(formData.get("title") ?? "");
      const collapsed = parseCollapsed(String(formData.get("collapsed") ?? ""));
      if (submission.status !== "success") {
        const error = submission.error?.title?.[0] ?? "This task could not be added.";
        return data({ intent, addChild: { parentId, title, error } }, { status: 400 });
      }
      const { value } = submission;
      const result = await run(() => createTask(actor, { projectId, title: value.title, parentId: value.parentId }));
      if (!result.ok) return data({ intent, addChild: { parentId, title, error: result.message } }, { status: 400 });
      return redirectWithToast(
        `/app/project/${projectId}${mindMapHref(collapsed)}`,
        { title: "Task added", description: `${result.value.key} ${value.title}`, variant: "success" },
        request,
      );
    }
    case "move-task": {
      const submission = parseWithZod(formData, { schema: moveTaskSchema });
      const viaFetcher = formData.get("via") === "fetcher";
      if (submission.status !== "success") {
        if (viaFetcher) return data({ intent, moveError: "This move is not valid." }, { status: 400 });
        throw data("This move is not valid.", { status: 400 });
      }
      const { taskId, statusId, beforeId, afterId } = submission.value;
      const placement = placementOf({ beforeId, afterId });
      const move = () => moveTask(actor, { projectId, taskId, statusId, placement });
      // The board's drag and drop keeps its place on the page: data back, then revalidation.
      if (viaFetcher) {
        const result = await runForFetcher(move);
        return result.ok
          ? data({ intent, moved: taskId })
          : data({ intent, moveError: result.message }, { status: result.status });
      }
      await run(move);
      return redirect(`${here("board")}#column-${statusId}`);
    }
    case "status-create":
    case "status-update":
    case "status-move":
    case "status-delete":
      return statusAction(intent, formData, actor, projectId, request);
    case "post-message": {
      const submission = parseWithZod(formData, { schema: postMessageSchema });
      const body = String(formData.get("body") ?? "");
      const refused = (error: string) => data({ intent, chat: { messageId: null, body, error } }, { status: 400 });
      if (submission.status !== "success") return refused(submission.error?.body?.[0] ?? "Write a message");
      const result = await run(() => postMessage(actor, { projectId, body: submission.value.body }));
      if (!result.ok) return refused(result.message);
      return chatDone(formData, intent, here("chat"));
    }
    case "edit-message": {
      const submission = parseWithZod(formData, { schema: editMessageSchema });
      const messageId = String(formData.get("messageId") ?? "");
      const body = String(formData.get("body") ?? "");
      const refused = (error: string) => data({ intent, chat: { messageId, body, error } }, { status: 400 });
      if (submission.status !== "success")
        return refused(submission.error?.body?.[0] ?? "This message cannot be edited.");
      const result = await run(() => editMessage(actor, { projectId, ...submission.value }));
      if (!result.ok) return refused(result.message);
      return chatDone(formData, intent, here("chat"));
    }
    case "delete-message": {
      const submission = parseWithZod(formData, { schema: deleteMessageSchema });
      if (submission.status !== "success") throw data("This message cannot be deleted.", { status: 400 });
      await run(() => deleteMessage(actor, { projectId, messageId: submission.value.messageId }));
      return chatDone(formData, intent, here("chat"));
    }
    case "reschedule-task": {
      const submission = parseWithZod(formData, { schema: rescheduleTaskSchema });
      const taskId = String(formData.get("taskId") ?? "").slice(0, 40);
      const dueDate = String(formData.get("dueDate") ?? "").slice(0, 40);
      const refuse = (error: string) => data({ intent, reschedule: { taskId, dueDate, error } }, { status: 400 });
      if (submission.status !== "success") {
        return refuse(submission.error?.dueDate?.[0] ?? "This task cannot be rescheduled.");
      }
      const result = await run(() =>
        updateTask(actor, { projectId, taskId: submission.value.taskId, dueDate: submission.value.dueDate ?? null }),
      );
      if (!result.ok) return refuse(result.message);
      // The plain form comes back to the calendar it was on; the drag's fetcher stays there.
      const back = formData.get("redirectTo");
      if (!back) return data({ intent, rescheduled: { taskId, dueDate } });
      return redirectWithToast(
        safeRedirectPath(back, here("calendar")),
        {
          title: "Due date set",
          description: submission.value.dueDate
            ? `${result.value.key} is due ${dayName(submission.value.dueDate)}.`
            : `${result.value.key} has no due date.`,
          variant: "success",
        },
        request,
      );
    }
    case "bulk-edit": {
      const taskIds = formData.getAll("taskId").map(String);
      const chosen = (name: string) => String(formData.get(name) ?? "") || undefined;
      const parsed = bulkEditSchema.safeParse({
        intent,
        taskIds,
        statusId: chosen("statusId"),
        priority: chosen("priority"),
        assignee: chosen("assignee"),
        labelId: chosen("labelId"),
        op: chosen("op"),
      });
      const refuse = (error: string) =>
        data({ intent, bulk: { taskIds: taskIds.slice(0, 500), error } }, { status: 400 });
      if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? "These changes are not valid.");
      const { op, assignee, ...change } = parsed.data;
      const result = await run(() =>
        bulkEditTasks(actor, { projectId, ...change, assigneeId: assignee, delete: op === "delete" }),
      );
      if (!result.ok) return refuse(result.message);
      const { changed, ignored } = result.value;
      return redirectWithToast(
        listUrlOf(projectId, new URL(request.url)),
        {
          title: `${changed} ${changed === 1 ? "task" : "tasks"} ${op === "delete" ? "deleted" : "updated"}`,
          description: ignored
            ? `${ignored} of the selected tasks were not found in this project and were left alone.`
            : undefined,
          variant: "success",
        },
        request,
      );
    }
    case "update": {
      const submission = parseWithZod(formData, { schema: projectSettingsSchema });
      if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
      const { color, ...fields } = submission.value;
      const result = await run(() =>
        updateProject(actor, { projectId, ...fields, color: isProjectColor(color) ? color : undefined }),
      );
      if (!result.ok) return fail(result, submission);
      return redirectWithToast(here("settings"), saved, request);
    }
    case "cover": {
      // Check the right to change the project before the file is even looked at.
      await load(() => assertProjectPermission(actor.userId, projectId, "project.update"));
      const submission = parseWithZod(formData, { schema: coverSchema });
      const file = formData.get("cover");
      if (!(file instanceof File)) {
        return data(
          { intent, result: submission.reply({ fieldErrors: { cover: ["Choose an image to upload."] } }) },
          { status: 400 },
        );
      }
      const stored = await run(() => storeImage("covers", file, { field: "cover" }));
      if (!stored.ok) return fail(stored, submission);
      const result = await run(() => setProjectCover(actor, { projectId, coverPath: stored.value.path }));
      if (!result.ok) return fail(result, submission);
      await removeImage(result.value.previous);
      return redirectWithToast(here("settings"), { ...saved, title: "Cover updated" }, request);
    }
    case "remove-cover": {
      const result = await run(() => setProjectCover(actor, { projectId, coverPath: null }));
      if (result.ok) await removeImage(result.value.previous);
      return redirectWithToast(here("settings"), { ...saved, title: "Cover removed" }, request);
    }
    case "archive":
    case "unarchive": {
      const archived = intent === "archive";
      await run(() => setProjectArchived(actor, { projectId, archived }));
      return redirectWithToast(
        here("settings"),
        archived
          ? { title: "Project archived", description: "It is read-only until you restore it.", variant: "success" }
          : { title: "Project restored", description: "It is back on the dashboard.", variant: "success" },
        request,
      );
    }
    case "delete": {
      const submission = parseWithZod(formData, { schema: deleteProjectSchema });
      if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
      const result = await run(() => deleteProject(actor, { projectId, confirmName: submission.value.confirmName }));
      if (!result.ok) return fail(result, submission);
      return redirectWithToast(
        "/app/dashboard",
        { title: "Project deleted", description: `${result.value.name} was deleted.`, variant: "success" },
        request,
      );
    }
    default:
      return redirect(here("list"));
  }
}

/**
 * A chat form posted without JavaScript sends `redirectTo` (the thread, at the latest
 * message or at the one changed) and goes back there; a fetcher sends none and stays.
 */
function chatDone(formData: FormData, intent: string, thread: string) {
  const back = formData.get("redirectTo");
  return back ? redirect(safeRedirectPath(back, thread)) : data({ intent, ok: true as const });
}

/** Back to the list as the form was posted from: its filters, grouping and sort (nothing else). */
function listUrlOf(projectId: string, posted: URL) {
  const search = new URLSearchParams({ view: "list" });
  for (const name of ["assignee", "label", "priority", "from", "to", "overdue", "q", "group", "sort", "dir"]) {
    const value = posted.searchParams.get(name);
    if (value) search.set(name, value);
  }
  return `/app/project/${projectId}?${search.toString()}`;
}

const coverSchema = z.object({ intent: z.literal("cover") });

/**
 * The Statuses settings' four forms. A refusal (bad input, a taken name, no target for
 * the tasks) comes back beside the field of the form it came from, with what was typed.
 */
async function statusAction(
  intent: string,
  formData: FormData,
  actor: { userId: string; ip: string | null },
  projectId: string,
  request: Request,
) {
  // The right to shape the workflow first: nobody else learns anything from its validation.
  await load(() => assertProjectPermission(actor.userId, projectId, "status.manage"));
  const statusId = String(formData.get("statusId") ?? "new").slice(0, 40);
  const values = {
    name: String(formData.get("name") ?? "").slice(0, 200),
    color: String(formData.get("color") ?? "").slice(0, 40),
    category: String(formData.get("category") ?? "").slice(0, 40),
  };
  const refuse = (field: string, message: string) =>
    data({ intent, status: { statusId, field, message, values } }, { status: 400 });
  const firstIssue = (error: z.ZodError) => {
    const issue = error.issues[0]!;
    return refuse(String(issue.path[0] ?? ""), issue.message);
  };
  const back = () => redirect(`/app/project/${projectId}?view=settings#settings-statuses`);

  if (intent === "status-create" || intent === "status-update") {
    const fields = statusFieldsSchema.safeParse(values);
    if (!fields.success) return firstIssue(fields.error);
    const input = { projectId, ...fields.data, color: fields.data.color as ProjectColor };
    if (intent === "status-create") {
      const result = await run(() => createStatus(actor, input));
      if (!result.ok) return refuse(result.field, result.message);
      return redirectWithToast(
        `/app/project/${projectId}?view=settings#settings-statuses`,
        { title: "Status added", description: `${fields.data.name} is the board's last column.`, variant: "success" },
        request,
      );
    }
    const id = statusIdSchema.safeParse({ statusId });
    if (!id.success) return firstIssue(id.error);
    const result = await run(() => updateStatus(actor, { ...input, statusId: id.data.statusId }));
    if (!result.ok) return refuse(result.field, result.message);
    return back();
  }
  if (intent === "status-move") {
    const move = moveStatusSchema.safeParse({ statusId, direction: formData.get("direction") });
    if (!move.success) return firstIssue(move.error);
    await run(() => moveStatus(actor, { projectId, ...move.data }));
    return back();
  }
  const removal = deleteStatusSchema.safeParse({ statusId, targetStatusId: formData.get("targetStatusId") ?? "" });
  if (!removal.success) return firstIssue(removal.error);
  const result = await run(() => deleteStatus(actor, { projectId, ...removal.data }));
  if (!result.ok) return refuse(result.field, result.message);
  return redirectWithToast(
    `/app/project/${projectId}?view=settings#settings-statuses`,
    {
      title: "Status deleted",
      description: result.value.moved ? `Its tasks moved to ${result.value.target}.` : "It had no tasks.",
      variant: "success",
    },
    request,
  );
}

type Replier = {
  reply: (options?: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }) => SubmissionResult<string[]>;
};

/** Opening or closing the task panel (`?task=`) changes nothing the view shows. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && onlyTaskParamChanged(currentUrl, nextUrl)) return false;
  return defaultShouldRevalidate;
}

export default function ProjectPage({ loaderData, actionData }: Route.ComponentProps) {
  const { project, view } = loaderData;
  const openTaskLinks = useOpenTaskLinks(project.id);
  const [searchParams] = useSearchParams();
  // The board patches a task's change from its event alone (board-live.ts); an open task panel reads again.
  const boardPatches = view === "board" && !searchParams.has(TASK_PARAM);
  useLiveRevalidation((event) => event.project === project.id && !(boardPatches && event.card));
  return (
    <div className="pl-project-page">
      <PresenceReporter projectId={project.id} taskId={searchParams.get(TASK_PARAM)} />
      <ProjectHeader
        project={project}
        starred={loaderData.starred}
        url={loaderData.url}
        saveTemplateHref={loaderData.canSaveTemplate ? `/app/project/${project.id}/save-template` : undefined}
      />
      {project.archived ? (
        <Alert severity="info" className="pl-archived">
          This project is archived and read-only.
          {loaderData.permissions["project.archive"] ? (
            <Form method="post" style={{ display: "inline" }}>
              {" "}
              <button type="submit" name="intent" value="unarchive" style={linkButton}>
                Unarchive it
              </button>
            </Form>
          ) : null}
        </Alert>
      ) : null}
      <div className="pl-project-body">
        <ViewNav current={view} />
        <section id="project-view" aria-labelledby="view-heading" onClickCapture={openTaskLinks}>
          <h2 id="view-heading">{VIEW_LABELS[view]}</h2>
          <QuickAddProvider vocabulary={loaderData.vocabulary} today={loaderData.today}>
            {/* Stays on screen while another view's code loads: a navigation keeps the old view till then. */}
            <Suspense fallback={null}>
              <ViewContent data={loaderData} actionData={actionData} />
            </Suspense>
          </QuickAddProvider>
        </section>
      </div>
      <TaskPanel projectId={project.id} viewId="project-view" />
    </div>
  );
}

const linkButton = {
  background: "none",
  border: 0,
  padding: 0,
  color: "inherit",
  font: "inherit",
  textDecoration: "underline",
  cursor: "pointer",
};

function ViewContent({
  data,
  actionData,
}: {
  data: Route.ComponentProps["loaderData"];
  actionData: Route.ComponentProps["actionData"];
}) {
  switch (data.view) {
    case "settings":
      return (
        <ProjectSettings
          data={data}
          lastResult={actionData && "result" in actionData ? actionData : undefined}
          statusRefusal={actionData && "status" in actionData ? actionData.status : undefined}
        />
      );
    case "activity":
      return data.activity ? <ActivityLog activity={data.activity} /> : null;
    case "chat":
      return data.chat ? (
        <ChatView
          key={`${data.chat.before}/${data.chat.editing}`}
          projectId={data.project.id}
          chat={data.chat}
          refused={actionData && "chat" in actionData ? actionData.chat : undefined}
        />
      ) : null;
    case "sharing":
      return <Sharing projectUrl={data.url} workspace={data.project.workspace} members={data.members ?? []} />;
    case "list":
      return data.list ? (
        <TaskList
          projectId={data.project.id}
          list={data.list}
          canEdit={data.permissions["task.create"]}
          today={data.today}
          quickAdd={actionData && "quickAdd" in actionData ? actionData.quickAdd : undefined}
          bulk={actionData && "bulk" in actionData ? actionData.bulk : undefined}
        />
      ) : null;
    case "calendar":
      return data.calendar ? (
        <Calendar
          projectId={data.project.id}
          calendar={data.calendar}
          today={data.today}
          canEdit={data.permissions["task.update"]}
          refused={actionData && "reschedule" in actionData ? actionData.reschedule : undefined}
        />
      ) : null;
    case "board":
      return data.board ? (
        <Board
          projectId={data.project.id}
          columns={data.board}
          asOf={data.liveFrom}
          canEdit={data.permissions["task.create"]}
          editorOptions={data.editorOptions}
          today={data.today}
          quickAdd={actionData && "quickAdd" in actionData ? actionData.quickAdd : undefined}
        />
      ) : null;
    case "mindmap":
      return data.mindMap ? (
        <MindMap
          projectId={data.project.id}
          projectColor={data.project.color}
          data={data.mindMap}
          canEdit={data.permissions["task.create"]}
          refused={actionData && "addChild" in actionData ? actionData.addChild : undefined}
        />
      ) : null;
    default:
      return (
        <Box
          sx={{ py: 6, textAlign: "center", border: 1, borderStyle: "dashed", borderColor: "divider", borderRadius: 2 }}
        >
          <Typography sx={{ fontWeight: 600, mb: 1 }}>The {VIEW_LABELS[data.view]} view is on its way</Typography>
          <Typography color="textSecondary">
            This project&apos;s tasks are in the <Link to="?view=list">List</Link> and{" "}
            <Link to="?view=board">Board</Link> views meanwhile.
          </Typography>
        </Box>
      );
  }
}
