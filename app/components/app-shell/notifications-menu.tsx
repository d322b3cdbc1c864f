import type { CSSObject, Theme } from "@mui/material/styles";
import { Form, Link, useFetcher, useLocation } from "react-router";

import { TimeAgo } from "~/components/date-text";
import { Dropdown } from "~/components/dropdown";
import { Glyph } from "~/components/lists/icons";
import type { ShellData } from "./types";

/** The menu's rows, `.pl-notification-list`: plain elements (docs/decisions/009), styled in the theme stylesheet. */
export function notificationListStyles(theme: Theme): CSSObject {
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
}

/**
 * The latest notifications with an unread mark, Mark all as read (a POST to
 * /app/notifications that comes back here) and View all notifications.
 */
export function NotificationsMenu({ notifications }: { notifications: ShellData["notifications"] }) {
  const location = useLocation();
  // Opening an unread notification marks it read on the way (JavaScript); without it, the
  // Notifications page's buttons do.
  const reader = useFetcher();
  const markRead = (id: string) =>
    reader.submit({ intent: "mark-read", id }, { method: "post", action: "/app/notifications" });
  const { items, unread } = notifications;
  const label = unread > 0 ? `Notifications, ${unread} unread` : "Notifications";
  return (
    <Dropdown
      label={label}
      width={360}
      summary={
        <span className="pl-bell">
          <Glyph name="bell" />
          {unread > 0 ? (
            <span className="pl-badge" aria-hidden="true">
              {unread > 99 ? "99+" : unread}
            </span>
          ) : null}
        </span>
      }
    >
      <div className="pl-menu-head pl-notifications-head">
        <h2 className="pl-menu-title">Notifications</h2>
        {unread > 0 ? (
          <Form method="post" action="/app/notifications">
            <input type="hidden" name="intent" value="mark-all-read" />
            <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
            <button type="submit" className="pl-menu-item" data-tone="primary">
              Mark all as read
            </button>
          </Form>
        ) : null}
      </div>
      <hr className="pl-menu-divider" />
      {items.length === 0 ? (
        <div className="pl-menu-head pl-caught-up">
          <p className="pl-menu-title">You&apos;re all caught up</p>
          <p className="pl-menu-subtitle">Updates about your projects and team will show here.</p>
        </div>
      ) : (
        <ul className="pl-notification-list">
          {items.map((item) => (
            <li key={item.id}>
              <Link
                to={item.link ?? "/app/notifications"}
                discover="none"
                data-unread={item.read ? undefined : ""}
                onClick={item.read ? undefined : () => void markRead(item.id)}
              >
                <span className="pl-unread-dot" aria-hidden="true" />
                <span>
                  {item.read ? null : <span className="pl-sr-only">Unread: </span>}
                  {item.title}
                  {item.body ? <span className="pl-body">{item.body}</span> : null}
                  <TimeAgo className="pl-time" at={item.createdAt} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <hr className="pl-menu-divider" />
      <Link to="/app/notifications" className="pl-menu-item" data-tone="primary" data-centered="">
        View all notifications
      </Link>
    </Dropdown>
  );
}
