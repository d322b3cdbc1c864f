import { styled } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import { Form } from "react-router";

import { SectionCard } from "~/components/forms/section-card";
import { plainControlStyles } from "~/components/lists/styles";
import { PROJECT_COLOR_NAMES, PROJECT_COLORS } from "~/utils/projects";
import { STATUS_CATEGORIES, STATUS_CATEGORY_LABELS, type StatusCategory } from "~/validation/status-fields";

export type StatusRow = { id: string; name: string; color: string; category: StatusCategory; tasks: number };

/** A refused status form: which one ("new" for the add form), the field, why, and what was typed. */
export type StatusRefusal = {
  statusId: string;
  field: string;
  message: string;
  values: { name?: string; color?: string; category?: string };
};

/**
 * The project's workflow in Settings: each status (the board's columns, in order) with its
 * name, colour and category, moved left or right, deleted after choosing where its tasks
 * go; and a form to add one. Every control is a plain POST to the project page; a refusal
 * comes back beside the field with what was typed.
 */
const Rows = styled("ol")(({ theme }) => {
  const { palette } = theme.vars;
  return {
    listStyle: "none",
    margin: 0,
    padding: 0,
    display: "grid",
    gap: 12,
    "& > li, & .pl-status-new": {
      display: "grid",
      gap: 8,
      padding: 12,
      borderRadius: 10,
      border: `1px solid ${palette.divider}`,
      // The status's colour, from its data-color (the shared swatch rules).
      borderLeft: "6px solid var(--pl-from, transparent)",
    },
    "& form": { display: "flex", flexWrap: "wrap", alignItems: "end", gap: 8, margin: 0 },
    "& label": { display: "grid", gap: 2, fontSize: 12, color: palette.text.secondary },
    ...plainControlStyles(theme),
    // A red border marks it; red text on paper is short of 4.5:1 contrast.
    "& .pl-danger": { borderColor: palette.error.main },
    "& .pl-status-tools": { display: "flex", flexWrap: "wrap", gap: 8, alignItems: "end" },
    "& .pl-field-error": { margin: 0, fontSize: 13, color: palette.error.main },
    "& .pl-count": { fontSize: 13, color: palette.text.secondary },
  };
});

export function StatusSettings({ statuses, refused }: { statuses: StatusRow[]; refused?: StatusRefusal }) {
  return (
    <SectionCard title="Statuses" id="settings-statuses">
      <Typography color="textSecondary" sx={{ mb: 2 }}>
        The board&apos;s columns, left to right. A status in the Done category completes the tasks moved into it.
      </Typography>
      <Rows>
        {statuses.map((status, index) => (
          <li key={status.id} data-color={status.color}>
            <StatusFields
              status={status}
              refused={refused?.statusId === status.id ? refused : undefined}
              first={index === 0}
              last={index === statuses.length - 1}
              others={statuses.filter((other) => other.id !== status.id)}
            />
          </li>
        ))}
        <li className="pl-status-new">
          <Form method="post" aria-label="Add a status">
            <input type="hidden" name="intent" value="status-create" />
            <FieldInputs prefix="new-status" refused={refused?.statusId === "new" ? refused : undefined} />
            <button type="submit">Add Status</button>
          </Form>
          {refused?.statusId === "new" ? <FieldError id="new-status-error" message={refused.message} /> : null}
        </li>
      </Rows>
    </SectionCard>
  );
}

function StatusFields({
  status,
  refused,
  first,
  last,
  others,
}: {
  status: StatusRow;
  refused?: StatusRefusal;
  first: boolean;
  last: boolean;
  others: StatusRow[];
}) {
  const prefix = `status-${status.id}`;
  return (
    <>
      <Form method="post" aria-label={`Status ${status.name}`}>
        <input type="hidden" name="intent" value="status-update" />
        <input type="hidden" name="statusId" value={status.id} />
        <FieldInputs
          prefix={prefix}
          status={status}
          refused={refused?.field === "targetStatusId" ? undefined : refused}
        />
        <button type="submit">Save</button>
      </Form>
      <div className="pl-status-tools">
        <Form method="post">
          <input type="hidden" name="intent" value="status-move" />
          <input type="hidden" name="statusId" value={status.id} />
          <button type="submit" name="direction" value="left" disabled={first} aria-label={`Move ${status.name} left`}>
            ← Left
          </button>
          <button type="submit" name="direction" value="right" disabled={last} aria-label={`Move ${status.name} right`}>
            Right →
          </button>
        </Form>
        {others.length > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="status-delete" />
            <input type="hidden" name="statusId" value={status.id} />
            <label>
              {status.tasks === 1 ? "Move its task to" : `Move its ${status.tasks} tasks to`}
              <select
                name="targetStatusId"
                defaultValue={others[0]!.id}
                aria-invalid={refused?.field === "targetStatusId" || undefined}
              >
                {others.map((other) => (
                  <option key={other.id} value={other.id}>
                    {other.name}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="pl-danger" aria-label={`Delete ${status.name}`}>
              Delete
            </button>
          </Form>
        ) : null}
      </div>
      {refused ? <FieldError id={`${prefix}-error`} message={refused.message} /> : null}
    </>
  );
}

/** Name, colour and category: the status's own, or what was typed when the server refused it. */
function FieldInputs({ prefix, status, refused }: { prefix: string; status?: StatusRow; refused?: StatusRefusal }) {
  const values = refused?.values ?? {};
  const invalid = (field: string) => (refused?.field === field ? true : undefined);
  const describedBy = (field: string) => (refused?.field === field ? `${prefix}-error` : undefined);
  return (
    <>
      <label>
        Name
        <input
          name="name"
          required
          maxLength={40}
          autoComplete="off"
          defaultValue={values.name ?? status?.name ?? ""}
          aria-invalid={invalid("name")}
          aria-describedby={describedBy("name")}
        />
      </label>
      <label>
        Colour
        <select name="color" defaultValue={values.color ?? status?.color ?? "slate"}>
          {PROJECT_COLOR_NAMES.map((color) => (
            <option key={color} value={color}>
              {PROJECT_COLORS[color].label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Category
        <select
          name="category"
          defaultValue={values.category ?? status?.category ?? "active"}
          aria-invalid={invalid("category")}
          aria-describedby={describedBy("category")}
        >
          {STATUS_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {STATUS_CATEGORY_LABELS[category]}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} role="alert" className="pl-field-error">
      {message}
    </p>
  );
}
