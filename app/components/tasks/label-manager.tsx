import { styled } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import { Form } from "react-router";

import { SectionCard } from "~/components/forms/section-card";
import { plainControlStyles } from "~/components/lists/styles";
import { PROJECT_COLORS, PROJECT_COLOR_NAMES } from "~/utils/projects";
import { MAX_LABEL_NAME, nextLabelColor } from "~/validation/labels";

export type WorkspaceLabel = { id: string; name: string; color: string };
/** A refused create or edit: which label (none for a new one), what was typed, and why. */
export type RefusedLabel = { labelId: string | null; name: string; color: string; error: string };

/** One styled parent for every row (docs/decisions/009): rows are plain forms. */
const Rows = styled("div")(({ theme }) => {
  const { palette } = theme.vars;
  return {
    display: "grid",
    gap: 16,
    "& ul": { listStyle: "none", margin: 0, padding: 0 },
    "& li": { padding: "10px 0", borderTop: `1px solid ${palette.divider}` },
    "& li:first-of-type": { borderTop: 0 },
    "& .pl-label-row": { display: "flex", flexWrap: "wrap", gap: 8, alignItems: "center" },
    "& .pl-label-row form": { display: "flex", flexWrap: "wrap", gap: 8, alignItems: "center", margin: 0 },
    "& .pl-label-row form:first-of-type": { flexGrow: 1 },
    ...plainControlStyles(theme),
    "& input": { minWidth: 160, flexGrow: 1 },
    "& button[value=delete-label]": { color: palette.error.main },
    "& .pl-field-error": { margin: "4px 0 0", fontSize: 13, color: palette.error.main },
  };
});

/**
 * The workspace's labels on its page: add one (name and colour), rename or recolour each,
 * delete one (it leaves every task that had it). Plain POSTs; a refused name comes back
 * beside its field with what was typed.
 */
export function LabelManager({
  labels,
  canManage,
  refused,
}: {
  labels: WorkspaceLabel[];
  canManage: boolean;
  refused?: RefusedLabel;
}) {
  const refusedHere = (labelId: string | null) => (refused && refused.labelId === labelId ? refused : undefined);
  return (
    <SectionCard title={`Labels (${labels.length})`} id="workspace-labels">
      <Rows>
        {labels.length === 0 ? <Typography color="textSecondary">No labels yet.</Typography> : null}
        {labels.length > 0 && !canManage ? (
          <Typography component="div" sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
            {labels.map((label) => (
              <span key={label.id} className="pl-label" data-color={label.color}>
                {label.name}
              </span>
            ))}
          </Typography>
        ) : null}
        {labels.length > 0 && canManage ? (
          <ul aria-label="Workspace labels">
            {labels.map((label) => {
              const failed = refusedHere(label.id);
              const errorId = `label-${label.id}-error`;
              return (
                <li key={label.id}>
                  <div className="pl-label-row">
                    <span className="pl-label" data-color={label.color}>
                      {label.name}
                    </span>
                    <Form method="post" aria-label={`Edit label ${label.name}`}>
                      <input type="hidden" name="labelId" value={label.id} />
                      <input
                        type="text"
                        name="name"
                        aria-label={`Name of ${label.name}`}
                        maxLength={MAX_LABEL_NAME}
                        required
                        defaultValue={failed?.name ?? label.name}
                        aria-invalid={failed ? true : undefined}
                        aria-describedby={failed ? errorId : undefined}
                      />
                      <ColorSelect label={`Colour of ${label.name}`} value={failed?.color ?? label.color} />
                      <button type="submit" name="intent" value="update-label">
                        Save
                      </button>
                    </Form>
                    <Form method="post">
                      <input type="hidden" name="labelId" value={label.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="delete-label"
                        aria-label={`Delete label ${label.name}`}
                      >
                        Delete
                      </button>
                    </Form>
                  </div>
                  {failed ? (
                    <p id={errorId} className="pl-field-error" role="alert">
                      {failed.error}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        ) : null}
        {canManage ? (
          <NewLabelForm nextColor={nextLabelColor(labels.map((label) => label.color))} refused={refusedHere(null)} />
        ) : null}
      </Rows>
    </SectionCard>
  );
}

function NewLabelForm({ nextColor, refused }: { nextColor: string; refused?: RefusedLabel }) {
  return (
    <div>
      <Form method="post" aria-label="New label" className="pl-label-row">
        <input type="hidden" name="intent" value="create-label" />
        <input
          type="text"
          name="name"
          aria-label="Label name"
          placeholder="New label…"
          maxLength={MAX_LABEL_NAME}
          required
          defaultValue={refused?.name}
          aria-invalid={refused ? true : undefined}
          aria-describedby={refused ? "new-label-error" : undefined}
        />
        {/* Keyed by the default, so the next colour shows once a label is added. */}
        <ColorSelect key={nextColor} label="Label colour" value={refused?.color || nextColor} />
        <button type="submit">Add Label</button>
      </Form>
      {refused ? (
        <p id="new-label-error" className="pl-field-error" role="alert">
          {refused.error}
        </p>
      ) : null}
    </div>
  );
}

function ColorSelect({ label, value }: { label: string; value: string }) {
  return (
    <select name="color" aria-label={label} defaultValue={value}>
      {PROJECT_COLOR_NAMES.map((color) => (
        <option key={color} value={color}>
          {PROJECT_COLORS[color].label}
        </option>
      ))}
    </select>
  );
}
