import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import { Form, Link } from "react-router";

import { useTaskFormTarget } from "~/components/tasks/task-form-target";
import { CONFIRM_BLOCKED_FIELD } from "~/validation/task-relations";

/**
 * Without JavaScript, the task page's answer to completing a blocked task: the question, and
 * the same move again, "Complete anyway" (with JavaScript a dialog asks, blocked-confirm.tsx).
 */
export function BlockedCompletionNotice({
  taskUrl,
  taskId,
  blocked,
}: {
  taskUrl: string;
  taskId: string;
  blocked: { statusId: string; message: string };
}) {
  const target = useTaskFormTarget();
  return (
    <Alert severity="warning" role="alert" sx={{ mb: 3 }}>
      <p style={{ margin: "0 0 8px" }}>{blocked.message}</p>
      <Form method="post" action={taskUrl} {...target} style={{ display: "flex", gap: 12, alignItems: "center" }}>
        <input type="hidden" name="intent" value="move-task" />
        <input type="hidden" name="taskId" value={taskId} />
        <input type="hidden" name="statusId" value={blocked.statusId} />
        <input type="hidden" name={CONFIRM_BLOCKED_FIELD} value="true" />
        <Button type="submit" variant="contained" color="warning" size="small">
          Complete Anyway
        </Button>
        <Link to={taskUrl}>Keep it open</Link>
      </Form>
    </Alert>
  );
}

/** The board's answer without JavaScript to a "Move to" that would complete a blocked task. */
export function BlockedMoveNotice({ move }: { move: { taskId: string; statusId: string; message: string } }) {
  return (
    <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
      <p style={{ margin: "0 0 8px" }}>{move.message}</p>
      <Form method="post" style={{ display: "flex", gap: 12, alignItems: "center" }}>
        <input type="hidden" name="intent" value="move-task" />
        <input type="hidden" name="taskId" value={move.taskId} />
        <input type="hidden" name="statusId" value={move.statusId} />
        <input type="hidden" name={CONFIRM_BLOCKED_FIELD} value="true" />
        <Button type="submit" variant="contained" color="warning" size="small">
          Complete Anyway
        </Button>
        <Link to="?view=board">Keep it open</Link>
      </Form>
    </Alert>
  );
}
