import { styled } from "@mui/material/styles";

import { FoldedSection } from "~/components/forms/section-card";
import { activityActor, describeActivity } from "~/utils/activity-text";
import { TimeAgo } from "~/components/date-text";

/**
 * What happened to the task, newest first (its last 50 activity rows: its changes, its
 * comments, its checklist), each said in words by `describeActivity`. Plain elements styled
 * once by `Entries` (docs/decisions/009). Folded until asked for: most visits do not need it.
 */
type Entry = { id: number; verb: string; data: Record<string, unknown>; at: string; actor: string };

const Entries = styled("ol")(({ theme }) => {
  const { palette } = theme.vars;
  return {
    listStyle: "none",
    margin: 0,
    padding: 0,
    "& li": { padding: "8px 0", borderBottom: `1px solid ${palette.divider}`, overflowWrap: "anywhere" },
    "& li:last-child": { borderBottom: 0 },
    "& time": { display: "block", fontSize: 13, color: palette.text.secondary },
  };
});

export function TaskHistory({ history }: { history: Entry[] }) {
  return (
    <FoldedSection title={`History (${history.length})`} id="task-history">
      {history.length > 0 ? (
        <Entries aria-label="Task history">
          {history.map((entry) => (
            <li key={entry.id}>
              <strong>{activityActor(entry.actor, entry.data)}</strong> {describeActivity(entry.verb, entry.data)}
              <TimeAgo at={entry.at} />
            </li>
          ))}
        </Entries>
      ) : (
        <p>Nothing has happened to this task yet.</p>
      )}
    </FoldedSection>
  );
}
