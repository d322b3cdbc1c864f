import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import { styled } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import { Form, Link, useSubmit } from "react-router";

import { intentAction } from "~/.server/http/intents";
import { pageParam, requireActor } from "~/.server/http/respond";
import { notificationPage } from "~/.server/notifications/notifications";
import { useFetcherForms } from "~/components/lists/fetcher-forms";
import { TimeAgo } from "~/components/date-text";
import {
  NOTIFICATION_GROUPS,
  notificationFilterOf,
  notificationQuery,
  type NotificationFilter,
} from "~/utils/notification-kinds";
import type { Route } from "./+types/notifications";
import { notificationsFallback, notificationsIntents } from "./notifications-intents.server";

/**
 * All of the user's notifications, newest first, filtered by All / Unread and by kind (in
 * the URL), with Mark as read and Mark all as read.
 */
export const meta: Route.MetaFunction = () => [{ title: "Notifications · Plotline" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireActor(request, context);
  const url = new URL(request.url);
  return notificationPage(user.id, pageParam(url), notificationFilterOf(url.searchParams));
}

/**
 * `intent=mark-all-read` or `intent=mark-read&id=…`; only ever the user's own rows. A form
 * with `redirectTo` (the top bar's menu) goes back there; a fetcher gets JSON. The intents
 * of notifications-intents.server.ts.
 */
export const action = intentAction(notificationsIntents, { fallback: notificationsFallback });

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { items, page, pages, filter } = loaderData;
  const unread = items.some((item) => !item.read);
  const here = `/app/notifications${notificationQuery(filter, page)}`;
  const filtered = filter.unread || filter.group !== null;
  return (
    <Box sx={{ maxWidth: 800, mx: "auto" }}>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 2, mb: 3 }}>
        <Typography component="h1" variant="h4" sx={{ flexGrow: 1 }}>
          Notifications
        </Typography>
        {unread ? (
          <Form method="post">
            <input type="hidden" name="redirectTo" value={here} />
            <Button type="submit" name="intent" value="mark-all-read" variant="outlined">
              Mark all as read
            </Button>
          </Form>
        ) : null}
      </Box>
      <NotificationFilters filter={filter} />
      {items.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 6, textAlign: "center" }}>
          <Typography sx={{ fontWeight: 600, mb: 1 }}>
            {filtered ? "No notifications match these filters" : "You're all caught up"}
          </Typography>
          <Typography color="textSecondary">
            {filtered
              ? "Try All or another kind."
              : "Assignments, mentions, comments and status changes on tasks you follow, due dates and team news will show here."}
          </Typography>
        </Paper>
      ) : (
        <NotificationRows items={items} back={here} />
      )}
      {pages > 1 ? (
        <Box
          component="nav"
          aria-label="Notification pages"
          sx={{ display: "flex", gap: 2, alignItems: "center", mt: 2 }}
        >
          <Button
            component={Link}
            to={notificationQuery(filter, page - 1) || "?"}
            disabled={page <= 1}
            size="small"
            variant="outlined"
          >
            Newer
          </Button>
          <Typography variant="body2">
            Page {page} of {pages}
          </Typography>
          <Button
            component={Link}
            to={notificationQuery(filter, page + 1)}
            disabled={page >= pages}
            size="small"
            variant="outlined"
          >
            Older
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}

const Filters = styled(Form)(({ theme }) => {
  const { palette } = theme.vars;
  return {
    display: "flex",
    flexWrap: "wrap",
    alignItems: "flex-end",
    gap: 16,
    marginBottom: 16,
    "& label": { display: "grid", gap: 4, fontSize: 13, fontWeight: 600, color: palette.text.secondary },
    "& select": {
      font: "inherit",
      fontSize: 14,
      padding: "6px 8px",
      borderRadius: 8,
      border: `1px solid ${palette.divider}`,
      background: palette.background.paper,
      color: palette.text.primary,
    },
  };
});

/**
 * All / Unread and the kind, as a GET form: the filter lives in the URL (shareable, works
 * without JavaScript, through the Filter button); with JavaScript a change applies at once.
 */
function NotificationFilters({ filter }: { filter: NotificationFilter }) {
  const submit = useSubmit();
  return (
    <Filters
      method="get"
      role="search"
      aria-label="Filter notifications"
      onChange={(event) => void submit(event.currentTarget)}
    >
      <label>
        Show
        <select name="show" defaultValue={filter.unread ? "unread" : ""} key={String(filter.unread)}>
          <option value="">All</option>
          <option value="unread">Unread</option>
        </select>
      </label>
      <label>
        Kind
        <select name="kind" defaultValue={filter.group ?? ""} key={filter.group ?? ""}>
          <option value="">All kinds</option>
          {Object.entries(NOTIFICATION_GROUPS).map(([group, { label }]) => (
            <option key={group} value={group}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" variant="outlined" size="small">
        Filter
      </Button>
    </Filters>
  );
}

/** The rows: plain elements styled once by this list (docs/decisions/009). */
const Rows = styled("ul")(({ theme }) => {
  const { palette } = theme.vars;
  return {
    listStyle: "none",
    margin: 0,
    padding: 0,
    background: palette.background.paper,
    border: `1px solid ${palette.divider}`,
    borderRadius: 12,
    "& > li": { display: "flex", gap: 16, alignItems: "flex-start", padding: 16 },
    "& > li + li": { borderTop: `1px solid ${palette.divider}` },
    "& .pl-unread-dot": { marginTop: 8, width: 8, height: 8, borderRadius: "50%", flexShrink: 0 },
    "& [data-unread] .pl-unread-dot": { background: palette.primary.main },
    "& .pl-text": { flexGrow: 1, minWidth: 0 },
    "& .pl-title": { margin: 0, fontWeight: 400 },
    "& [data-unread] .pl-title": { fontWeight: 700 },
    "& .pl-title a": { color: "inherit" },
    "& .pl-body": { margin: 0, color: palette.text.secondary },
    "& .pl-time": { fontSize: 12, color: palette.text.secondary },
    "& button": {
      font: "inherit",
      fontSize: 13,
      fontWeight: 600,
      padding: "4px 8px",
      border: 0,
      borderRadius: 8,
      background: "transparent",
      color: palette.primary.main,
      cursor: "pointer",
      "&:hover": { background: palette.action.hover },
    },
  };
});

/** Mark as read is a plain form per row; one handler on the list sends it through a fetcher. */
function NotificationRows({ items, back }: { items: Route.ComponentProps["loaderData"]["items"]; back: string }) {
  const forms = useFetcherForms();
  return (
    <Rows aria-label="Notifications" onSubmit={forms.onSubmit}>
      {items.map((item) => {
        const read = item.read || forms.pending(`read-${item.id}`)?.get("intent") === "mark-read";
        return (
          <li key={item.id} data-unread={read ? undefined : ""}>
            <span className="pl-unread-dot" aria-hidden="true" />
            <div className="pl-text">
              <p className="pl-title">
                {read ? null : <span className="pl-sr-only">Unread: </span>}
                {item.link ? (
                  <Link to={item.link} discover="none">
                    {item.title}
                  </Link>
                ) : (
                  item.title
                )}
              </p>
              {item.body ? <p className="pl-body">{item.body}</p> : null}
              <TimeAgo className="pl-time" at={item.createdAt} />
            </div>
            {read ? null : (
              <form method="post" action="/app/notifications" data-fetcher={`read-${item.id}`}>
                <input type="hidden" name="id" value={item.id} />
                <input type="hidden" name="redirectTo" value={back} />
                <button type="submit" name="intent" value="mark-read">
                  Mark as read
                </button>
              </form>
            )}
          </li>
        );
      })}
    </Rows>
  );
}
