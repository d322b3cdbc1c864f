import Button from "@mui/material/Button";
import { styled } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import { Form, Link } from "react-router";

import { useTaskFormTarget } from "~/components/tasks/task-form-target";
import { MAX_LABEL_NAME, nextLabelColor, type RefusedTaskLabels } from "~/validation/labels";
import { PROJECT_COLORS, PROJECT_COLOR_NAMES } from "~/utils/projects";

export type TaskLabel = { id: string; name: string; color: string; checked: boolean };

/** One styled parent for the checkbox list and the inline "new label" field (docs/decisions/009). */
const LabelsForm = styled(Form)(({ theme }) => {
  const { palette } = theme.vars;
  return {
    display: "grid",
    gap: 16,
    "& fieldset": { border: 0, padding: 0, margin: 0, display: "flex", flexWrap: "wrap", gap: "8px 16px" },
    "& fieldset label": { display: "inline-flex", gap: 6, alignItems: "center" },
    "& .pl-new-label": { display: "flex", flexWrap: "wrap", gap: 8, alignItems: "center" },
    "& .pl-new-label input, & .pl-new-label select": {
      font: "inherit",
      padding: "6px 8px",
      borderRadius: 6,
      border: `1px solid ${palette.divider}`,
      background: palette.background.paper,
      color: palette.text.primary,
    },
    "& .pl-new-label input": { flexGrow: 1, minWidth: 180 },
    "& .pl-field-error": { margin: 0, fontSize: 13, color: palette.error.main },
  };
});

/**
 * The task's labels without JavaScript (the property's small form on the task page): tick the workspace's labels and save (a plain POST), or type a new
 * one, which is created in the workspace and put on the task in the same save.
 */
export function TaskLabels({
  labels,
  canEdit,
  canCreate,
  workspaceId,
  refused,
  taskUrl,
}: {
  /** The task page's URL, where the form posts. */
  taskUrl: string;
  labels: TaskLabel[];
  canEdit: boolean;
  /** May create labels in the workspace (editors and up). */
  canCreate: boolean;
  workspaceId: string;
  /** A refused save: what was ticked and typed, and why. */
  refused?: RefusedTaskLabels;
}) {
  const target = useTaskFormTarget();
  const on = labels.filter((label) => label.checked);
  const nextColor = nextLabelColor(labels.map((label) => label.color));
  if (!canEdit) {
    return on.length === 0 ? (
      <Typography color="textSecondary">No labels.</Typography>
    ) : (
      <Typography component="div" sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
        {on.map((label) => (
          <span key={label.id} className="pl-label" data-color={label.color}>
            {label.name}
          </span>
        ))}
      </Typography>
    );
  }
  const checked = (label: TaskLabel) => (refused ? refused.checked.includes(label.id) : label.checked);
  return (
    <>
      <LabelsForm method="post" action={taskUrl} {...target} aria-label="Task labels">
        <input type="hidden" name="intent" value="set-labels" />
        {labels.length > 0 ? (
          <fieldset>
            <legend className="pl-sr-only">Labels on this task</legend>
            {labels.map((label) => (
              <label key={label.id}>
                <input type="checkbox" name="label" value={label.id} defaultChecked={checked(label)} />
                <span className="pl-label" data-color={label.color}>
                  {label.name}
                </span>
              </label>
            ))}
          </fieldset>
        ) : (
          <Typography color="textSecondary">
            This workspace has no labels yet
            {canCreate ? (
              <>
                : add one below, or on the{" "}
                <Link to={`/app/workspaces/${workspaceId}#workspace-labels`}>workspace page</Link>
              </>
            ) : null}
            .
          </Typography>
        )}
        {canCreate ? (
          <div>
            <div className="pl-new-label">
              <input
                type="text"
                name="newLabel"
                aria-label="New label"
                placeholder="New label…"
                maxLength={MAX_LABEL_NAME}
                defaultValue={refused?.newLabel}
                aria-invalid={refused ? true : undefined}
                aria-describedby={refused ? "task-new-label-error" : undefined}
              />
              <select
                // Keyed by the default, so the next colour shows once a label is added.
                key={nextColor}
                name="newLabelColor"
                aria-label="New label colour"
                defaultValue={refused?.newLabelColor || nextColor}
              >
                {PROJECT_COLOR_NAMES.map((color) => (
                  <option key={color} value={color}>
                    {PROJECT_COLORS[color].label}
                  </option>
                ))}
              </select>
            </div>
            {refused ? (
              <p id="task-new-label-error" className="pl-field-error" role="alert">
                {refused.error}
              </p>
            ) : null}
          </div>
        ) : null}
        <div>
          <Button type="submit" variant="outlined">
            Save Labels
          </Button>
        </div>
      </LabelsForm>
    </>
  );
}
