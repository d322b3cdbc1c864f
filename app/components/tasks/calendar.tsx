import { styled } from "@mui/material/styles";
import type { ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";

import type { CalendarTask, ProjectCalendar } from "~/.server/tasks/views";
import { useHydrated } from "~/utils/use-hydrated";
import { useDelegatedLinks } from "~/components/lists/delegated-links";
import { CalendarDnd, Draggable, Droppable, useReschedule, withMoves } from "./calendar-dnd";
import { dayName } from "~/utils/calendar-month";
import {
  CellDots,
  cellItemTitle,
  compactMonthGridStyles,
  monthGridStyles,
  WeekdayHeader,
} from "../calendar/month-grid";

/**
 * The Calendar view: the project's tasks on a month grid by due date, the undated ones
 * beside it. Month, open day and the undated list's length are in the URL, so every
 * control is a link or a plain form; after hydration tasks can also be dragged onto a day
 * (calendar-dnd.tsx). Cheap repeated UI (docs/decisions/009): this one styled element holds
 * the CSS of every cell and entry; they are plain elements with class names.
 */
const Root = styled("div")(({ theme }) => {
  const { palette } = theme.vars;
  const box = {
    padding: "4px 10px",
    borderRadius: 6,
    border: `1px solid ${palette.divider}`,
    background: palette.background.paper,
    color: palette.text.primary,
    font: "inherit",
    fontSize: 13,
  };
  return {
    "& .pl-cal-bar": { display: "flex", flexWrap: "wrap", alignItems: "center", gap: 12, marginBottom: 12 },
    "& .pl-cal-bar h3": { margin: 0, fontSize: 20, fontWeight: 700, marginRight: "auto" },
    "& .pl-cal-nav": { display: "flex", gap: 6 },
    "& .pl-cal-nav a": { ...box, textDecoration: "none", "&:hover": { background: palette.action.hover } },
    // The undated list goes beside the grid only when the view itself is wide enough.
    containerType: "inline-size",
    "& .pl-cal-layout": { display: "grid", gap: 16, alignItems: "start" },
    "@container (min-width: 880px)": { "& .pl-cal-layout": { gridTemplateColumns: "minmax(0, 1fr) 260px" } },
    // Positioned, so that what is absolutely placed inside (screen-reader text) scrolls with
    // it instead of widening the page.
    "& .pl-cal-scroll": { overflowX: "auto", position: "relative" },
    ...monthGridStyles(theme, { cellHeight: 104, minWidth: 560 }),
    // Narrow (a phone): dates and dots; a tapped day's tasks open in the panel above the grid.
    "@container (max-width: 599.98px)": {
      ...compactMonthGridStyles(theme),
      "& td[data-chosen]": { background: palette.action.selected },
    },
    "& [data-over]": { outline: `2px dashed ${palette.primary.main}`, outlineOffset: -2 },
    "& .pl-cal-task": {
      display: "flex",
      alignItems: "flex-start",
      gap: 4,
      minWidth: 0,
      padding: "1px 4px",
      borderRadius: 4,
      borderLeft: "3px solid var(--pl-from)",
      fontSize: 12,
      background: palette.action.hover,
      touchAction: "manipulation",
    },
    "& .pl-cal-task[data-dragging]": { opacity: 0.4 },
    "& .pl-cal-task .pl-dot": { marginTop: 4, flexShrink: 0 },
    "& .pl-cal-task a": cellItemTitle(theme),
    "& .pl-cal-key": { color: palette.text.secondary, marginRight: 4 },
    "& [data-done] a": { textDecoration: "line-through", color: palette.text.secondary },
    "& .pl-grip": {
      flexShrink: 0,
      padding: "0 2px",
      border: 0,
      borderRadius: 4,
      background: "transparent",
      color: palette.text.secondary,
      font: "inherit",
      lineHeight: 1,
      cursor: "grab",
      "&:focus-visible": { outline: `2px solid ${palette.primary.main}` },
    },
    "& .pl-cal-more": { fontSize: 12, color: palette.primary.main },
    "& .pl-cal-panel": {
      display: "grid",
      gap: 8,
      padding: 12,
      borderRadius: 12,
      border: `1px solid ${palette.divider}`,
      background: palette.background.paper,
    },
    "& .pl-cal-panel h3": { margin: 0, fontSize: 16, fontWeight: 700 },
    "& .pl-cal-panel .pl-cal-task": { flexWrap: "wrap", padding: 6, fontSize: 13 },
    // The day's and the undated lists have room: their titles wrap (between words).
    "& .pl-cal-panel .pl-cal-task a": { whiteSpace: "normal", overflowWrap: "break-word" },
    "& .pl-cal-day": { marginBottom: 16 },
    "& .pl-cal-status": { fontSize: 12, color: palette.text.secondary },
    "& .pl-cal-form": { display: "flex", flexWrap: "wrap", gap: 6, width: "100%" },
    "& .pl-cal-form input": { ...box, minWidth: 0, flexGrow: 1 },
    "& .pl-cal-form button": { ...box, cursor: "pointer", "&:hover": { background: palette.action.hover } },
    "& .pl-field-error, & .pl-cal-refused": { margin: 0, fontSize: 12, color: palette.error.main },
    "& .pl-cal-refused": { marginBottom: 12, fontSize: 14 },
    "& .pl-cal-overlay": {
      padding: "2px 8px",
      borderRadius: 4,
      fontSize: 12,
      background: palette.background.paper,
      border: `1px solid ${palette.primary.main}`,
      boxShadow: theme.vars.shadows[4],
      cursor: "grabbing",
      whiteSpace: "nowrap",
    },
  };
});

type Refused = { taskId: string; dueDate: string; error: string };

export function Calendar({
  projectId,
  calendar,
  today,
  canEdit,
  refused,
}: {
  projectId: string;
  calendar: ProjectCalendar;
  /** YYYY-MM-DD, the server's: its cell is highlighted. */
  today: string;
  canEdit: boolean;
  /** A refused no-JavaScript "Set due date": which task, what was typed, and why. */
  refused?: Refused;
}) {
  // Dragging needs the page's script: the drag handles and drop targets come alive once hydrated.
  const dnd = useHydrated() && canEdit;
  const reschedule = useReschedule();
  const shown = withMoves(calendar, reschedule.moves);
  const month = `?view=calendar&month=${calendar.month}`;
  const location = useLocation();
  const here = location.pathname + location.search;
  const entry = (task: CalendarTask) => <TaskEntry projectId={projectId} task={task} />;
  const form = (task: CalendarTask) =>
    canEdit ? <DueDateForm task={task} redirectTo={here} refused={refused} /> : null;
  /** An entry of a cell or of the undated list (with its form there): draggable once hydrated. */
  const item = (task: CalendarTask, extra?: ReactNode) => (
    <Draggable key={task.id} task={task} enabled={dnd}>
      {entry(task)}
      {extra}
    </Draggable>
  );
  const weeks = Array.from({ length: shown.days.length / 7 }, (_, week) => shown.days.slice(week * 7, week * 7 + 7));
  const follow = useDelegatedLinks();

  return (
    // Task links are plain anchors: one handler (components/lists/delegated-links.ts).
    <Root onClick={follow}>
      <CalendarDnd onMove={reschedule.move}>
        <div className="pl-cal-bar">
          <h3 id="calendar-month">{calendar.title}</h3>
          <nav className="pl-cal-nav" aria-label="Months">
            {calendar.previous ? <Link to={`?view=calendar&month=${calendar.previous}`}>Previous</Link> : null}
            <Link to="?view=calendar">Today</Link>
            {calendar.next ? <Link to={`?view=calendar&month=${calendar.next}`}>Next</Link> : null}
          </nav>
        </div>
        {reschedule.refusal ? (
          <p className="pl-cal-refused" role="alert">
            {reschedule.refusal}
          </p>
        ) : null}
        {shown.day ? (
          <section className="pl-cal-panel pl-cal-day" aria-labelledby="calendar-day">
            <h3 id="calendar-day">{shown.day.title}</h3>
            {shown.day.tasks.length === 0 ? <p className="pl-cal-status">No tasks are due this day.</p> : null}
            <ul>
              {shown.day.tasks.map((task) => (
                <li
                  key={task.id}
                  className="pl-cal-task"
                  data-color={task.status.color}
                  data-done={task.done || undefined}
                >
                  <TaskEntry projectId={projectId} task={task} full />
                  {form(task)}
                </li>
              ))}
            </ul>
            {shown.day.total > shown.day.tasks.length ? (
              <p className="pl-cal-status">
                The first {shown.day.tasks.length} of {shown.day.total} tasks due this day.
              </p>
            ) : null}
            <Link className="pl-cal-more" to={month}>
              Close the day
            </Link>
          </section>
        ) : null}
        <div className="pl-cal-layout">
          <div className="pl-cal-scroll">
            <table aria-labelledby="calendar-month">
              <WeekdayHeader />
              <tbody>
                {weeks.map((week) => (
                  <tr key={week[0]!.date}>
                    {week.map((cell) => {
                      const dayLink = `${month}&day=${cell.date}`;
                      const title = dayName(cell.date);
                      const body = (
                        <>
                          <Link className="pl-cal-date" to={dayLink} aria-label={title}>
                            {cell.day}
                          </Link>
                          <CellDots colors={cell.tasks.map((task) => task.status.color)} total={cell.total} />
                          {cell.tasks.length > 0 ? <ul>{cell.tasks.map((task) => item(task))}</ul> : null}
                          {cell.total > cell.tasks.length ? (
                            <Link className="pl-cal-more" to={dayLink}>
                              +{cell.total - cell.tasks.length} more<span className="pl-sr-only"> on {title}</span>
                            </Link>
                          ) : null}
                        </>
                      );
                      const attributes = {
                        "aria-current": cell.date === today ? ("date" as const) : undefined,
                        "data-outside": cell.inMonth ? undefined : true,
                        "data-chosen": cell.date === calendar.day?.date || undefined,
                      };
                      return (
                        <Droppable key={cell.date} id={cell.date} enabled={dnd}>
                          {(ref, over) => (
                            <td ref={ref} {...attributes} data-over={over || undefined}>
                              {body}
                            </td>
                          )}
                        </Droppable>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Undated
            tasks={shown.undated.tasks}
            total={shown.undated.total}
            moreHref={`${month}${calendar.day ? `&day=${calendar.day.date}` : ""}&undated=${shown.undated.tasks.length + 20}#calendar-undated`}
            enabled={dnd}
          >
            {shown.undated.tasks.map((task) => item(task, form(task)))}
          </Undated>
        </div>
      </CalendarDnd>
    </Root>
  );
}

/** The tasks without a due date: a drop target that clears the date, bounded with "Show more". */
function Undated({
  tasks,
  total,
  moreHref,
  enabled,
  children,
}: {
  tasks: CalendarTask[];
  total: number;
  moreHref: string;
  enabled: boolean;
  children: ReactNode;
}) {
  const body = (
    <>
      <h3 id="calendar-undated">
        No due date <span className="pl-cal-status">({total})</span>
      </h3>
      {total === 0 ? <p className="pl-cal-status">Every task has a due date.</p> : <ul>{children}</ul>}
      {total > tasks.length ? (
        <Link className="pl-cal-more" to={moreHref} preventScrollReset>
          Show more ({total - tasks.length})
        </Link>
      ) : null}
    </>
  );
  return (
    <Droppable id="undated" enabled={enabled}>
      {(ref, over) => (
        <section ref={ref} className="pl-cal-panel" aria-labelledby="calendar-undated" data-over={over || undefined}>
          {body}
        </section>
      )}
    </Droppable>
  );
}

/** A task's key and title linking to its page, its status as a coloured dot. */
function TaskEntry({ projectId, task, full }: { projectId: string; task: CalendarTask; full?: boolean }) {
  return (
    <>
      <span className="pl-dot" title={task.status.name} />
      <a href={`/app/project/${projectId}/task/${task.id}`} draggable={false} title={`${task.key} ${task.title}`}>
        <span className="pl-cal-key">{task.key}</span>
        {task.title}
        {full ? null : <span className="pl-sr-only"> ({task.status.name})</span>}
      </a>
      {full ? <span className="pl-cal-status">{task.status.name}</span> : null}
    </>
  );
}

/** Sets or clears a task's due date without JavaScript; a refusal comes back beside the field. */
function DueDateForm({ task, redirectTo, refused }: { task: CalendarTask; redirectTo: string; refused?: Refused }) {
  const error = refused?.taskId === task.id ? refused : undefined;
  const inputId = `due-${task.id}`;
  return (
    <Form method="post" className="pl-cal-form">
      <input type="hidden" name="intent" value="reschedule-task" />
      <input type="hidden" name="taskId" value={task.id} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <label htmlFor={inputId} className="pl-sr-only">
        Due date of {task.key}
      </label>
      <input
        id={inputId}
        type="date"
        name="dueDate"
        defaultValue={error ? error.dueDate : (task.dueDate ?? "")}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
      />
      <button type="submit">Set due date</button>
      {error ? (
        <p id={`${inputId}-error`} className="pl-field-error" role="alert">
          {error.error}
        </p>
      ) : null}
    </Form>
  );
}
