import NotificationsNoneOutlined from "@mui/icons-material/NotificationsNoneOutlined";
import Badge from "@mui/material/Badge";
import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import Typography from "@mui/material/Typography";
import { Form, Link, useLocation } from "react-router";

import { visuallyHidden } from "~/components/visually-hidden";
import { relativeTime } from "~/utils/projects";
import { Dropdown, menuItemSx } from "~/components/dropdown";
import type { ShellData } from "./types";

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
        <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0, maxHeight: 300, overflowY: "auto" }}>
          {items.map((item) => (
            <li key={item.id}>
              <Box
                component={Link}
                to={item.link ?? "/app/notifications"}
                sx={{ ...menuItemSx, alignItems: "flex-start", fontWeight: item.read ? 400 : 600 }}
              >
                <Box
                  component="span"
                  aria-hidden
                  sx={{
                    mt: 0.75,
                    width: 8,
                    height: 8,
                    borderRadius: "50%",
                    flexShrink: 0,
                    bgcolor: item.read ? "transparent" : "primary.main",
                  }}
                />
                <Box component="span" sx={{ minWidth: 0 }}>
                  {item.read ? null : (
                    <Box component="span" sx={visuallyHidden}>
                      Unread:{" "}
                    </Box>
                  )}
                  {item.title}
                  {item.body ? (
                    <Typography component="span" variant="body2" color="textSecondary" sx={{ display: "block" }}>
                      {item.body}
                    </Typography>
                  ) : null}
                  <Typography component="span" variant="caption" color="textSecondary" sx={{ display: "block" }}>
                    {relativeTime(item.createdAt)}
                  </Typography>
                </Box>
              </Box>
            </li>
          ))}
        </Box>
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
