import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { Suspense } from "react";
import { Form, Link, redirect, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";

import { calendarFeedOf } from "~/.server/calendar/feeds";
import { chatPage } from "~/.server/chat/queries";

import { load, pageParam, requireActor } from "~/.server/http/respond";
import { projectForMember } from "~/.server/projects/access";
import { recordProjectVisit } from "~/.server/projects/projects";
import { activityLog } from "~/.server/projects/activity-log";
import { projectCalendar, UNDATED_PAGE } from "~/.server/tasks/calendar";
import { mindMapView } from "~/.server/tasks/mind-map";
import { lastDeliveredSequence } from "~/.server/realtime/hub";
import { boardColumns } from "~/.server/tasks/queries";
import { taskForMember } from "~/.server/tasks/access";
import { NotFoundError } from "~/.server/errors";

import { boardOptions, listPage } from "~/.server/tasks/list-params";
import { statusesWithCounts } from "~/.server/tasks/statuses";

import { quickAddVocabulary } from "~/.server/tasks/quick-add";
import { can, permissionsOf } from "~/.server/policies";
import { membersOf } from "~/.server/team/queries";

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

import { isCalendarDay, monthOf, parseMonth } from "~/utils/calendar-month";

import { onlyTaskParamChanged, TASK_PARAM, withTaskParam } from "~/utils/task-panel";
import { PROJECT_VIEWS, type ProjectView } from "~/validation/project-fields";
import type { Route } from "./+types/project";
import { projectFallback, projectIntents } from "./project-intents.server";
import { intentAction } from "~/.server/http/intents";
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
  const [activity, members, board, list, statuses, chat, calendar, mindMap, vocabulary, editorOptions, calendarFeed] =
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
      // The member's own feed of the project (its URL shown to them alone).
      view === "settings" && permissions["calendar_feed.manage"] ? calendarFeedOf(user.id, project) : null,
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
    calendarFeed,
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

/** Every write of the page is an intent of project-intents.server.ts, run as its command. */
export const action = intentAction(projectIntents, { fallback: projectFallback });

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
  useLiveRevalidation(
    (event) =>
      (event.project === project.id && !(boardPatches && event.card)) || Boolean(event.related?.includes(project.id)),
  );
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
          blockedMove={actionData && "blockedMove" in actionData ? actionData.blockedMove : undefined}
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
