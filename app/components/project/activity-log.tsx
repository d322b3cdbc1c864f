import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { styled } from "@mui/material/styles";
import type { ChangeEvent } from "react";
import { Form, Link, useNavigate } from "react-router";

import { ACTIVITY_KINDS } from "~/utils/activity-kinds";
import { activityActor, describeActivity } from "~/utils/activity-text";
import { TimeAgo } from "~/components/date-text";

type Log = {
  items: { id: number; verb: string; data: Record<string, unknown>; at: string; actor: string }[];
  page: number;
  pages: number;
  members: { id: string; name: string }[];
  problems: string[];
  actor: string;
  kind: string;
};

const Filters = styled(Form)(({ theme }) => ({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-end",
  gap: 12,
  marginBottom: 16,
  "& .pl-field": { display: "flex", flexDirection: "column", gap: 4, fontSize: 13 },
  "& select": { font: "inherit", fontSize: 14, padding: "4px 8px", minWidth: 160 },
  "& .pl-clear": { fontSize: 13, color: theme.vars.palette.primary.main, paddingBottom: 4 },
  "& + .pl-problems": {
    margin: "0 0 16px",
    padding: "8px 12px",
    borderRadius: 8,
    background: theme.vars.palette.warning.light,
    "& p": { margin: "4px 0" },
  },
}));

/** `?view=activity` with the filters in force (empty ones left out) and a page. */
function logHref(log: Pick<Log, "actor" | "kind">, page: number) {
  const search = new URLSearchParams({ view: "activity" });
  if (log.actor) search.set("actor", log.actor);
  if (log.kind) search.set("kind", log.kind);
  if (page > 1) search.set("page", String(page));
  return `?${search.toString()}`;
}

/**
 * Who did what, when: newest first, 20 to a page, paged with links; filtered by member and
 * kind with a GET form (Apply without JavaScript, at once on change with it).
 */
export function ActivityLog({ activity }: { activity: Log }) {
  const filtered = Boolean(activity.actor || activity.kind);
  return (
    <Box>
      <ActivityFilters log={activity} />
      {activity.problems.length > 0 ? (
        <div className="pl-problems" role="status">
          {activity.problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      ) : null}
      {activity.items.length === 0 ? (
        <Typography color="textSecondary">
          {filtered ? "No activity matches these filters." : "Nothing has happened in this project yet."}
        </Typography>
      ) : (
        <Box component="ol" aria-label="Activity" sx={{ listStyle: "none", m: 0, p: 0 }}>
          {activity.items.map((item) => (
            <Box component="li" key={item.id} sx={{ py: 1.5, borderBottom: 1, borderColor: "divider" }}>
              <Typography>
                <strong>{activityActor(item.actor, item.data)}</strong> {describeActivity(item.verb, item.data)}
              </Typography>
              <Typography variant="body2" color="textSecondary">
                <TimeAgo at={item.at} />
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {activity.pages > 1 ? <Pager log={activity} /> : null}
    </Box>
  );
}

function ActivityFilters({ log }: { log: Log }) {
  const navigate = useNavigate();
  // A change applies at once (back to the first page); empty values stay out of the URL.
  const onChange = (event: ChangeEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? "");
    void navigate(logHref({ actor: value("actor"), kind: value("kind") }, 1), { preventScrollReset: true });
  };
  return (
    <Filters method="get" aria-label="Filter activity" onChange={onChange} key={`${log.actor}/${log.kind}`}>
      <input type="hidden" name="view" value="activity" />
      <div className="pl-field">
        <label htmlFor="activity-actor">Member</label>
        <select id="activity-actor" name="actor" defaultValue={log.actor}>
          <option value="">Everyone</option>
          {log.members.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </select>
      </div>
      <div className="pl-field">
        <label htmlFor="activity-kind">Kind</label>
        <select id="activity-kind" name="kind" defaultValue={log.kind}>
          <option value="">Everything</option>
          {Object.entries(ACTIVITY_KINDS).map(([kind, { label }]) => (
            <option key={kind} value={kind}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="outlined" size="small">
        Apply
      </Button>
      {log.actor || log.kind ? (
        <Link className="pl-clear" to="?view=activity">
          Clear filters
        </Link>
      ) : null}
    </Filters>
  );
}

function Pager({ log }: { log: Log }) {
  return (
    <Box component="nav" aria-label="Activity pages" sx={{ display: "flex", alignItems: "center", gap: 2, mt: 2 }}>
      <Button component={Link} to={logHref(log, log.page - 1)} disabled={log.page <= 1} variant="outlined" size="small">
        Newer
      </Button>
      <Typography variant="body2">
        Page {log.page} of {log.pages}
      </Typography>
      <Button
        component={Link}
        to={logHref(log, log.page + 1)}
        disabled={log.page >= log.pages}
        variant="outlined"
        size="small"
      >
        Older
      </Button>
    </Box>
  );
}
