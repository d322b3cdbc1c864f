import { styled, type CSSObject, type Theme } from "@mui/material/styles";
import { Link } from "react-router";

import { DayText } from "~/components/date-text";
import { useDelegatedLinks } from "~/components/lists/delegated-links";
import type { MyTask, MyTaskFilter } from "~/.server/tasks/views";

/**
 * The signed-in user's own work: the dashboard's three figures (each a link to the tasks
 * behind it) and the rows of `/app/my-tasks`. Styled once here; rows are plain elements.
 */

export const MY_TASK_TITLES: Record<MyTaskFilter, string> = {
  open: "My open tasks",
  week: "Due this week",
  overdue: "Overdue",
};

export const MY_TASK_FILTERS = Object.keys(MY_TASK_TITLES) as MyTaskFilter[];

/** `.pl-my-work`: the dashboard's figures, one link each, in the theme stylesheet (app/theme/static-styles.ts). */
export function myWorkStyles(theme: Theme): CSSObject {
  const { palette } = theme.vars;
  return {
    listStyle: "none",
    margin: 0,
    padding: 0,
    display: "grid",
    gap: 16,
    gridTemplateColumns: "repeat(auto-fit, minmax(180px, 1fr))",
    "& a": {
      display: "grid",
      gap: 4,
      padding: "14px 18px",
      borderRadius: 12,
      border: `1px solid ${palette.divider}`,
      background: palette.background.paper,
      color: palette.text.primary,
      textDecoration: "none",
      "&:hover": { borderColor: palette.primary.main },
      "&:focus-visible": { outline: `2px solid ${palette.primary.main}`, outlineOffset: 2 },
    },
    "& .pl-figure-label": { fontSize: 13, color: palette.text.secondary },
    "& .pl-figure-value": { fontSize: 28, fontWeight: 700, lineHeight: 1.2 },
    "& [data-alert] .pl-figure-value": { color: palette.error.main },
  };
}

export function MyWorkFigures({ summary }: { summary: Record<MyTaskFilter, number> }) {
  return (
    <ul aria-label="My tasks" className="pl-my-work">
      {MY_TASK_FILTERS.map((filter) => (
        <li key={filter}>
          <Link
            to={`/app/my-tasks?filter=${filter}`}
            data-alert={filter === "overdue" && summary.overdue > 0 ? "" : undefined}
          >
            <span className="pl-figure-label">{MY_TASK_TITLES[filter]}</span>
            <span className="pl-figure-value">{summary[filter]}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

const Rows = styled("ul")(({ theme }) => {
  const { palette } = theme.vars;
  return {
    listStyle: "none",
    margin: 0,
    padding: 0,
    "& li": {
      display: "grid",
      gridTemplateColumns: "minmax(0, 1fr) auto",
      gap: "2px 16px",
      padding: "10px 4px",
      borderBottom: `1px solid ${palette.divider}`,
    },
    "& .pl-task-title": { fontWeight: 600, color: palette.text.primary, overflowWrap: "anywhere" },
    "& .pl-task-meta": { gridColumn: 1, fontSize: 13, color: palette.text.secondary },
    "& .pl-due": { gridRow: "1 / span 2", gridColumn: 2, alignSelf: "center", fontSize: 13 },
    "& .pl-due[data-overdue]": { color: palette.error.main, fontWeight: 600 },
  };
});

export function MyTaskRows({ tasks, today }: { tasks: MyTask[]; today: string }) {
  const follow = useDelegatedLinks();
  return (
    // Plain anchors, one handler (components/lists/delegated-links.ts).
    <Rows onClick={follow}>
      {tasks.map((task) => {
        const overdue = task.dueDate !== null && task.dueDate < today;
        return (
          <li key={task.id}>
            <a className="pl-task-title" href={`/app/project/${task.project.id}/task/${task.id}`}>
              {task.key} {task.title}
            </a>
            <span className="pl-task-meta">
              {task.project.name} · {task.status}
              {task.priority !== "none" ? ` · ${task.priority} priority` : ""}
            </span>
            <span className="pl-due" data-overdue={overdue || undefined}>
              {task.dueDate ? (
                <>
                  {overdue ? "Overdue · " : "Due "}
                  <DayText day={task.dueDate} />
                </>
              ) : (
                "No due date"
              )}
            </span>
          </li>
        );
      })}
    </Rows>
  );
}
