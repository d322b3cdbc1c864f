import type { CSSObject, Theme } from "@mui/material/styles";
import type { ReactNode } from "react";
import { Link } from "react-router";

import {
  AccountTreeOutlined,
  CalendarMonthOutlined,
  FormatListBulleted,
  ForumOutlined,
  HistoryOutlined,
  SettingsOutlined,
  ViewKanbanOutlined,
} from "~/components/icons/material";
import { preloadView } from "~/components/project/views";
import type { ProjectView } from "~/validation/project-fields";

const TASK_VIEWS: { view: ProjectView; label: string; icon: ReactNode }[] = [
  { view: "list", label: "List", icon: <FormatListBulleted fontSize="small" /> },
  { view: "board", label: "Board", icon: <ViewKanbanOutlined fontSize="small" /> },
  { view: "mindmap", label: "Mind Map", icon: <AccountTreeOutlined fontSize="small" /> },
  { view: "calendar", label: "Calendar", icon: <CalendarMonthOutlined fontSize="small" /> },
  { view: "chat", label: "Chat", icon: <ForumOutlined fontSize="small" /> },
];

const TOOLS: { view: ProjectView; label: string; icon: ReactNode }[] = [
  { view: "activity", label: "Activity Log", icon: <HistoryOutlined fontSize="small" /> },
  { view: "settings", label: "Settings", icon: <SettingsOutlined fontSize="small" /> },
];

export const VIEW_LABELS: Record<ProjectView, string> = {
  list: "List",
  board: "Board",
  mindmap: "Mind Map",
  calendar: "Calendar",
  chat: "Chat",
  activity: "Activity Log",
  settings: "Settings",
  sharing: "Sharing Settings",
};

/**
 * The project's views as links (`?view=`), so a view survives a reload and needs no
 * JavaScript. On every project page: plain elements under `.pl-view-nav`, styled in the
 * theme stylesheet (app/theme/static-styles.ts), not an MUI component per link.
 */
export function ViewNav({ current }: { current: ProjectView }) {
  return (
    <nav aria-label="Project views" className="pl-view-nav">
      <Group title="Task Views" items={TASK_VIEWS} current={current} />
      <Group title="Project Tools" items={TOOLS} current={current} />
    </nav>
  );
}

/** `.pl-view-nav`: a row of links that wraps on small screens, a 200 px column from `md` up. */
export function viewNavStyles(theme: Theme): CSSObject {
  const { palette, shape } = theme.vars;
  const { up } = theme.breakpoints;
  const body = theme.typography.body1;
  return {
    display: "flex",
    flexDirection: "row",
    flexWrap: "wrap",
    gap: theme.spacing(0.5),
    flexShrink: 0,
    [up("md")]: { flexDirection: "column", flexWrap: "nowrap", gap: theme.spacing(0.25), width: 200 },
    "& > h2": {
      display: "none",
      [up("md")]: { display: "block" },
      margin: 0,
      padding: theme.spacing(1.5, 1.5, 0.5),
      fontFamily: body.fontFamily,
      fontSize: 12,
      fontWeight: 700,
      lineHeight: body.lineHeight,
      letterSpacing: body.letterSpacing,
      color: palette.text.secondary,
      textTransform: "uppercase",
    },
    "& > a": {
      display: "flex",
      alignItems: "center",
      gap: theme.spacing(1.25),
      padding: theme.spacing(0.875, 1.5),
      borderRadius: `calc(2 * ${shape.borderRadius})`,
      color: palette.text.primary,
      textDecoration: "none",
      fontSize: 14,
      minWidth: 0,
      "&:hover": { backgroundColor: palette.action.hover },
      "&:focus-visible": { outline: `2px solid ${palette.primary.main}`, outlineOffset: -2 },
      "&[aria-current=page]": { backgroundColor: palette.action.selected, fontWeight: 600 },
    },
  };
}

function Group({
  title,
  items,
  current,
}: {
  title: string;
  items: { view: ProjectView; label: string; icon: ReactNode }[];
  current: ProjectView;
}) {
  return (
    <>
      <h2>{title}</h2>
      {items.map((item) => (
        <Link
          key={item.view}
          to={`?view=${item.view}`}
          aria-current={item.view === current ? "page" : undefined}
          // The view's code, if it loads on demand, is fetched as the pointer or focus comes.
          onPointerEnter={() => preloadView(item.view)}
          onFocus={() => preloadView(item.view)}
        >
          {item.icon}
          {item.label}
        </Link>
      ))}
    </>
  );
}
