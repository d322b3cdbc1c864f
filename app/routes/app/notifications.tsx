import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { data, Form, Link, redirect, useFetcher } from "react-router";

import { pageParam, requireActor } from "~/.server/http/respond";
import {
  markAllNotificationsRead,
  markNotificationRead,
  notificationPage,
} from "~/.server/notifications/notifications";
import { visuallyHidden } from "~/components/visually-hidden";
import { relativeTime } from "~/utils/projects";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { isUuid } from "~/validation/ids";
import type { Route } from "./+types/notifications";

/** All of the user's notifications, newest first, with Mark as read and Mark all as read. */
export const meta: Route.MetaFunction = () => [{ title: "Notifications · Plotline" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireActor(request, context);
  return notificationPage(user.id, pageParam(new URL(request.url)));
}

/**
 * `intent=mark-all-read` or `intent=mark-read&id=…`; only ever the user's own rows. A form
 * with `redirectTo` (the top bar's menu) goes back there; a fetcher gets JSON.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireActor(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "mark-all-read") await markAllNotificationsRead(actor);
  else if (intent === "mark-read") {
    const id = form.get("id");
    if (!isUuid(id)) return data({ error: "That notification does not exist." }, { status: 400 });
    await markNotificationRead(actor, id);
  } else return data({ error: "Unknown action" }, { status: 400 });
  const back = form.get("redirectTo");
  if (back) return redirect(safeRedirectPath(back, "/app/notifications"));
  return data({ ok: true });
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { items, page, pages } = loaderData;
  const unread = items.some((item) => !item.read);
  return (
    <Box sx={{ maxWidth: 800, mx: "auto" }}>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 2, mb: 3 }}>
        <Typography component="h1" variant="h4" sx={{ flexGrow: 1 }}>
          Notifications
        </Typography>
        {unread ? (
          <Form method="post">
            <input type="hidden" name="redirectTo" value={`/app/notifications?page=${page}`} />
            <Button type="submit" name="intent" value="mark-all-read" variant="outlined">
              Mark all as read
            </Button>
          </Form>
        ) : null}
      </Box>
      {items.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 6, textAlign: "center" }}>
          <Typography sx={{ fontWeight: 600, mb: 1 }}>You&apos;re all caught up</Typography>
          <Typography color="textSecondary">
            Notifications about your projects and your team, such as new members and role changes, will show here.
          </Typography>
        </Paper>
      ) : (
        <Paper variant="outlined" component="ul" aria-label="Notifications" sx={{ listStyle: "none", m: 0, p: 0 }}>
          {items.map((item) => (
            <NotificationRow key={item.id} item={item} page={page} />
          ))}
        </Paper>
      )}
      {pages > 1 ? (
        <Box
          component="nav"
          aria-label="Notification pages"
          sx={{ display: "flex", gap: 2, alignItems: "center", mt: 2 }}
        >
          <Button component={Link} to={`?page=${page - 1}`} disabled={page <= 1} size="small" variant="outlined">
            Newer
          </Button>
          <Typography variant="body2">
            Page {page} of {pages}
          </Typography>
          <Button component={Link} to={`?page=${page + 1}`} disabled={page >= pages} size="small" variant="outlined">
            Older
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}

function NotificationRow({ item, page }: { item: Route.ComponentProps["loaderData"]["items"][number]; page: number }) {
  const fetcher = useFetcher();
  const read = item.read || fetcher.formData?.get("intent") === "mark-read";
  return (
    <Box
      component="li"
      sx={{
        display: "flex",
        gap: 2,
        alignItems: "flex-start",
        p: 2,
        borderTop: 1,
        borderColor: "divider",
        "&:first-of-type": { borderTop: 0 },
      }}
    >
      <Box
        aria-hidden
        sx={{
          mt: 1,
          width: 8,
          height: 8,
          borderRadius: "50%",
          flexShrink: 0,
          bgcolor: read ? "transparent" : "primary.main",
        }}
      />
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: read ? 400 : 700 }}>
          {read ? null : (
            <Box component="span" sx={visuallyHidden}>
              Unread:{" "}
            </Box>
          )}
          {item.link ? (
            <Box component={Link} to={item.link} sx={{ color: "inherit" }}>
              {item.title}
            </Box>
          ) : (
            item.title
          )}
        </Typography>
        {item.body ? <Typography color="textSecondary">{item.body}</Typography> : null}
        <Typography variant="caption" color="textSecondary">
          <time dateTime={item.createdAt}>{relativeTime(item.createdAt)}</time>
        </Typography>
      </Box>
      {read ? null : (
        <fetcher.Form method="post">
          <input type="hidden" name="id" value={item.id} />
          <input type="hidden" name="redirectTo" value={`/app/notifications?page=${page}`} />
          <Button
            type="submit"
            name="intent"
            value="mark-read"
            size="small"
            onClick={(event) => {
              event.preventDefault();
              void fetcher.submit({ intent: "mark-read", id: item.id }, { method: "post" });
            }}
          >
            Mark as read
          </Button>
        </fetcher.Form>
      )}
    </Box>
  );
}
