import NotificationsNoneOutlined from "@mui/icons-material/NotificationsNoneOutlined";
import Badge from "@mui/material/Badge";
import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import { styled } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import { Form, Link, useLocation } from "react-router";

import { relativeTime } from "~/utils/projects";
import { Dropdown, menuItemSx } from "~/components/dropdown";
import type { ShellData } from "./types";

/** The menu's rows: plain elements styled once here (docs/decisions/009). */
const NotificationList = styled("ul")(({ theme }) => {
  const { palette } = theme.vars;
  return {
    listStyle: "none",
    margin: 0,
    padding: 0,
    maxHeight: 300,
    overflowY: "auto",
    "& a": {
      display: "flex",
      alignItems: "flex-start",
      gap: 12,
      padding: "8px 16px",
      color: palette.text.primary,
      fontSize: 14,
      textDecoration: "none",
      "&:hover, &:focus-visible": { background: palette.action.hover, outline: "none" },
      "&[data-unread]": { fontWeight: 600 },
    },
    "& a > span:last-child": { minWidth: 0 },
    "& .pl-unread-dot": { marginTop: 6, width: 8, height: 8, borderRadius: "50%", flexShrink: 0 },
    "& [data-unread] .pl-unread-dot": { background: palette.primary.main },
    "& .pl-body, & .pl-time": { display: "block", fontWeight: 400, color: palette.text.secondary },
    "& .pl-time": { fontSize: 12 },
  };
});

/**
 * The latest notifications with an unread mark, Mark all as read (a POST to
 * /app/notifications that comes back here) and View all notifications.
 */
export function NotificationsMenu({ notifications }: { notifications: ShellData["notifications"] }) {
  const location = useLocation();
  const { items, unread } = notifications;
  const label = unread > 0 ? `Notifications, ${unread} unread` : "Notifications";
  return (
    <Dropdown
      label={label}
      width={360}
      summary={
        <Badge badgeContent={unread} color="error" max={99}>
          <NotificationsNoneOutlined />
        </Badge>
      }
    >
      <Box sx={{ display: "flex", alignItems: "center", px: 2, pb: 1 }}>
        <Typography component="h2" sx={{ fontWeight: 700, fontSize: 15, flexGrow: 1 }}>
          Notifications
        </Typography>
        {unread > 0 ? (
          <Form method="post" action="/app/notifications">
            <input type="hidden" name="intent" value="mark-all-read" />
            <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
            <Box
              component="button"
              type="submit"
              sx={{ ...menuItemSx, width: "auto", px: 1, py: 0.5, color: "primary.main" }}
            >
              Mark all as read
            </Box>
          </Form>
        ) : null}
      </Box>
      <Divider />
      {items.length === 0 ? (
        <Box sx={{ px: 2, py: 4, textAlign: "center" }}>
          <Typography sx={{ fontWeight: 600 }}>You&apos;re all caught up</Typography>
          <Typography variant="body2" color="textSecondary">
            Updates about your projects and team will show here.
          </Typography>
        </Box>
      ) : (
        <NotificationList>
          {items.map((item) => (
            <li key={item.id}>
              <Link to={item.link ?? "/app/notifications"} discover="none" data-unread={item.read ? undefined : ""}>
                <span className="pl-unread-dot" aria-hidden="true" />
                <span>
                  {item.read ? null : <span className="pl-sr-only">Unread: </span>}
                  {item.title}
                  {item.body ? <span className="pl-body">{item.body}</span> : null}
                  <span className="pl-time">{relativeTime(item.createdAt)}</span>
                </span>
              </Link>
            </li>
          ))}
        </NotificationList>
      )}
      <Divider />
      <Box
        component={Link}
        to="/app/notifications"
        sx={{ ...menuItemSx, justifyContent: "center", color: "primary.main" }}
      >
        View all notifications
      </Box>
    </Dropdown>
  );
}
