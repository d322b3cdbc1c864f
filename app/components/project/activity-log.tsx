import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { Link } from "react-router";

import { describeActivity } from "~/utils/activity-text";
import { relativeTime } from "~/utils/projects";

type Page = {
  items: { id: number; verb: string; data: Record<string, unknown>; at: string; actor: string }[];
  page: number;
  pages: number;
};

/** Who did what, when: newest first, 20 to a page, paged with links. */
export function ActivityLog({ activity }: { activity: Page }) {
  if (activity.items.length === 0) {
    return <Typography color="textSecondary">Nothing has happened in this project yet.</Typography>;
  }
  return (
    <Box>
      <Box component="ol" aria-label="Activity" sx={{ listStyle: "none", m: 0, p: 0 }}>
        {activity.items.map((item) => (
          <Box component="li" key={item.id} sx={{ py: 1.5, borderBottom: 1, borderColor: "divider" }}>
            <Typography>
              <strong>{item.actor}</strong> {describeActivity(item.verb, item.data)}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              <time dateTime={item.at} title={new Date(item.at).toUTCString()}>
                {relativeTime(item.at)}
              </time>
            </Typography>
          </Box>
        ))}
      </Box>
      {activity.pages > 1 ? (
        <Box component="nav" aria-label="Activity pages" sx={{ display: "flex", alignItems: "center", gap: 2, mt: 2 }}>
          <Button
            component={Link}
            to={`?view=activity&page=${activity.page - 1}`}
            disabled={activity.page <= 1}
            variant="outlined"
            size="small"
          >
            Newer
          </Button>
          <Typography variant="body2">
            Page {activity.page} of {activity.pages}
          </Typography>
          <Button
            component={Link}
            to={`?view=activity&page=${activity.page + 1}`}
            disabled={activity.page >= activity.pages}
            variant="outlined"
            size="small"
          >
            Older
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
