import AccountTreeOutlined from "@mui/icons-material/AccountTreeOutlined";
import CalendarMonthOutlined from "@mui/icons-material/CalendarMonthOutlined";
import ForumOutlined from "@mui/icons-material/ForumOutlined";
import FormatListBulleted from "@mui/icons-material/FormatListBulleted";
import HistoryOutlined from "@mui/icons-material/HistoryOutlined";
import SettingsOutlined from "@mui/icons-material/SettingsOutlined";
import ViewKanbanOutlined from "@mui/icons-material/ViewKanbanOutlined";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { Link } from "react-router";

import { navLinkSx } from "~/components/nav-link-sx";
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

/** The project's views as links (`?view=`), so a view survives a reload and needs no JavaScript. */
export function ViewNav({ current }: { current: ProjectView }) {
  return (
    <Box
      component="nav"
      aria-label="Project views"
      sx={{
        display: "flex",
        flexDirection: { xs: "row", md: "column" },
        flexWrap: { xs: "wrap", md: "nowrap" },
        gap: { xs: 0.5, md: 0.25 },
        width: { md: 200 },
        flexShrink: 0,
      }}
    >
      <Group title="Task Views" items={TASK_VIEWS} current={current} />
      <Group title="Project Tools" items={TOOLS} current={current} />
    </Box>
  );
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
      <Typography
        component="h2"
        sx={{
          display: { xs: "none", md: "block" },
          fontSize: 12,
          fontWeight: 700,
          color: "text.secondary",
          textTransform: "uppercase",
          px: 1.5,
          pt: 1.5,
          pb: 0.5,
        }}
      >
        {title}
      </Typography>
      {items.map((item) => (
        <Box
          key={item.view}
          component={Link}
          to={`?view=${item.view}`}
          aria-current={item.view === current ? "page" : undefined}
          sx={navLinkSx}
        >
          {item.icon}
          {item.label}
        </Box>
      ))}
    </>
  );
}
