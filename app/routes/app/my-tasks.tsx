import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { Link } from "react-router";

import { requireActor } from "~/.server/http/respond";
import { myTasks } from "~/.server/tasks/my-tasks";
import { todayFor } from "~/.server/http/viewer";
import type { MyTaskFilter } from "~/.server/tasks/views";
import { MY_TASK_FILTERS, MY_TASK_TITLES, MyTaskRows } from "~/components/tasks/my-work";
import type { Route } from "./+types/my-tasks";
import { useLiveRevalidation } from "~/components/realtime/realtime-provider";

/** The tasks behind the dashboard's figures: `?filter=open|week|overdue`, paged by "Show more" (a GET). */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? MY_TASK_TITLES[loaderData.filter] : "My tasks"} · Plotline` },
];

const PAGE = 50;
const MAX_SHOWN = 1_000;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireActor(request, context);
  const url = new URL(request.url);
  const asked = url.searchParams.get("filter") ?? "";
  const filter: MyTaskFilter = (MY_TASK_FILTERS as readonly string[]).includes(asked)
    ? (asked as MyTaskFilter)
    : "open";
  const shown = Math.min(MAX_SHOWN, Math.max(PAGE, Math.floor(Number(url.searchParams.get("show")) || 0)));
  const today = todayFor(request);
  const { items, total } = await myTasks(user.id, filter, today, shown);
  return { filter, tasks: items, total, shown, today };
}

export default function MyTasks({ loaderData }: Route.ComponentProps) {
  const { filter, tasks, total, shown, today } = loaderData;
  useLiveRevalidation((event) => event.type.startsWith("task."), 300);
  return (
    <Box sx={{ maxWidth: 880, mx: "auto" }}>
      <Typography component="h1" variant="h4" sx={{ mb: 1 }}>
        {MY_TASK_TITLES[filter]}
      </Typography>
      <Box component="nav" aria-label="My tasks" sx={{ display: "flex", gap: 2, mb: 3, flexWrap: "wrap" }}>
        {MY_TASK_FILTERS.map((other) => (
          <Link key={other} to={`?filter=${other}`} aria-current={other === filter ? "page" : undefined}>
            {MY_TASK_TITLES[other]}
          </Link>
        ))}
        <Link to="/app/dashboard">Back to dashboard</Link>
      </Box>
      {total === 0 ? (
        <Typography color="textSecondary">
          {filter === "open" ? "Nothing is assigned to you right now." : "No tasks here. Nice work!"}
        </Typography>
      ) : (
        <>
          <Typography color="textSecondary" sx={{ mb: 1 }}>
            {total} task{total === 1 ? "" : "s"} assigned to you
          </Typography>
          <MyTaskRows tasks={tasks} today={today} />
          {total > tasks.length && shown < MAX_SHOWN ? (
            <Box sx={{ mt: 2 }}>
              <Link className="pl-link-button" to={`?filter=${filter}&show=${shown + PAGE}`} preventScrollReset>
                Show more
              </Link>
            </Box>
          ) : null}
        </>
      )}
    </Box>
  );
}
