import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";

import { AutoAwesome as AutoAwesomeIcon } from "~/components/icons/material";

type Priority = "high" | "medium" | "low";
type MockTask = { key: string; title: string; priority: Priority; assignee: string };

const COLUMNS: { title: string; tasks: MockTask[] }[] = [
  {
    title: "To Do",
    tasks: [
      { key: "WEB-131", title: "Collect customer quotes", priority: "low", assignee: "N" },
      { key: "WEB-128", title: "Draft launch checklist", priority: "medium", assignee: "M" },
    ],
  },
  {
    title: "In Progress",
    tasks: [
      { key: "WEB-124", title: "Build the pricing page", priority: "high", assignee: "P" },
      { key: "WEB-122", title: "Write onboarding e-mails", priority: "medium", assignee: "A" },
    ],
  },
  {
    title: "Review",
    tasks: [{ key: "WEB-119", title: "New hero illustration", priority: "medium", assignee: "A" }],
  },
  {
    title: "Done",
    tasks: [
      { key: "WEB-112", title: "Set up Slack updates", priority: "low", assignee: "T" },
      { key: "WEB-108", title: "Choose the colour palette", priority: "low", assignee: "N" },
    ],
  },
];

const PRIORITY_COLOR: Record<Priority, string> = {
  high: "error.main",
  medium: "warning.main",
  low: "success.main",
};

/**
 * A small drawing of a Plotline board made of boxes, for the landing hero. It is one image
 * to assistive technology (role="img" with a description), so its sample text is not read
 * out piece by piece.
 */
export function BoardIllustration() {
  return (
    <Box
      role="img"
      aria-label="A Plotline project board with To Do, In Progress, Review and Done columns holding task cards"
      sx={{
        border: 1,
        borderColor: "divider",
        borderRadius: "12px",
        bgcolor: "background.paper",
        boxShadow: "0 24px 48px -24px rgba(15, 23, 42, 0.25)",
        overflow: "hidden",
        userSelect: "none",
      }}
    >
      <Box
        sx={{
          display: "flex",
          alignItems: "center",
          gap: 1.5,
          px: 2,
          py: 1.5,
          borderBottom: 1,
          borderColor: "divider",
        }}
      >
        <Box sx={{ display: "flex", gap: 0.75 }}>
          {["error.main", "warning.main", "success.main"].map((color) => (
            <Box key={color} sx={{ width: 10, height: 10, borderRadius: "50%", bgcolor: color, opacity: 0.8 }} />
          ))}
        </Box>
        <Typography variant="body2" sx={{ fontWeight: 700, flexGrow: 1, minWidth: 0 }} noWrap>
          Website relaunch
        </Typography>
        <Box sx={{ display: { xs: "none", sm: "flex" }, gap: 0.5 }}>
          {["List", "Board", "Calendar"].map((view) => (
            <Box
              key={view}
              sx={{
                px: 1,
                py: 0.25,
                borderRadius: "6px",
                fontSize: 12,
                fontWeight: 600,
                color: view === "Board" ? "text.primary" : "text.secondary",
                bgcolor: view === "Board" ? "action.selected" : "transparent",
              }}
            >
              {view}
            </Box>
          ))}
        </Box>
      </Box>
      <Box
        sx={{
          display: "grid",
          gridTemplateColumns: { xs: "repeat(2, minmax(0, 1fr))", sm: "repeat(4, minmax(0, 1fr))" },
          gap: 1.5,
          p: 2,
          bgcolor: "background.default",
        }}
      >
        {COLUMNS.map((column) => (
          <Box key={column.title} sx={{ minWidth: 0 }}>
            <Box sx={{ display: "flex", alignItems: "center", gap: 1, mb: 1.25, px: 0.5 }}>
              <Typography variant="caption" sx={{ fontWeight: 700, color: "text.primary" }} noWrap>
                {column.title}
              </Typography>
              <Box
                component="span"
                sx={{
                  fontSize: 11,
                  fontWeight: 600,
                  color: "text.secondary",
                  bgcolor: "action.hover",
                  borderRadius: "6px",
                  px: 0.75,
                }}
              >
                {column.tasks.length}
              </Box>
            </Box>
            <Box sx={{ display: "grid", gap: 1 }}>
              {column.tasks.map((task) => (
                <MockCard key={task.key} task={task} done={column.title === "Done"} />
              ))}
            </Box>
          </Box>
        ))}
      </Box>
      <Box
        sx={{
          display: "flex",
          alignItems: "center",
          gap: 1.5,
          px: 2,
          py: 1.5,
          borderTop: 1,
          borderColor: "divider",
        }}
      >
        <Box
          sx={{
            width: 28,
            height: 28,
            flexShrink: 0,
            borderRadius: "50%",
            display: "grid",
            placeItems: "center",
            bgcolor: "primary.main",
            color: "primary.contrastText",
          }}
        >
          <AutoAwesomeIcon sx={{ fontSize: 16 }} />
        </Box>
        <Typography variant="body2" color="textSecondary" sx={{ minWidth: 0 }}>
          <Box component="span" sx={{ color: "text.primary", fontWeight: 600 }}>
            Assistant:
          </Box>{" "}
          WEB-124 is on track. One task is waiting for review.
        </Typography>
      </Box>
    </Box>
  );
}

function MockCard({ task, done }: { task: MockTask; done: boolean }) {
  return (
    <Box
      sx={{
        p: 1.25,
        borderRadius: "8px",
        border: 1,
        borderColor: "divider",
        bgcolor: "background.paper",
      }}
    >
      <Typography
        variant="body2"
        sx={{
          fontSize: 13,
          fontWeight: 600,
          lineHeight: 1.35,
          color: "text.primary",
          textDecoration: done ? "line-through" : "none",
        }}
      >
        {task.title}
      </Typography>
      <Box sx={{ display: "flex", alignItems: "center", gap: 0.75, mt: 1 }}>
        <Box sx={{ width: 8, height: 8, borderRadius: "50%", bgcolor: PRIORITY_COLOR[task.priority] }} />
        <Typography variant="caption" color="textSecondary" sx={{ fontSize: 11, flexGrow: 1 }} noWrap>
          {task.key}
        </Typography>
        <Box
          sx={{
            width: 20,
            height: 20,
            borderRadius: "50%",
            display: "grid",
            placeItems: "center",
            fontSize: 10,
            fontWeight: 700,
            bgcolor: "primary.main",
            color: "primary.contrastText",
          }}
        >
          {task.assignee}
        </Box>
      </Box>
    </Box>
  );
}
