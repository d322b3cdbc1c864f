import Button from "@mui/material/Button";
import { styled } from "@mui/material/styles";
import type { MouseEvent, ReactNode } from "react";
import { Form, Link } from "react-router";

import { People } from "~/components/avatar";
import { SectionCard } from "~/components/forms/section-card";
import { FIELD_NAMES, type EditorField, type EditorOptions, type TaskValues } from "~/components/tasks/fields/options";
import { editRequestOf, usePropertyEditor } from "~/components/tasks/fields/property-editor";
import { useInlineAdd } from "~/components/tasks/fields/inline-add";
import { useEditsInFlight, withPending } from "~/components/tasks/fields/task-edits";
import { useTaskFormTarget } from "~/components/tasks/task-form-target";
import { useHydrated } from "~/utils/use-hydrated";
import { MAX_TITLE_LENGTH, taskTitle } from "~/validation/task-fields";

/**
 * A task's subtasks: one row each, its key, its title (a link to it), its status (colour
 * dot and name) and its assignees' avatars, then the inline add. With JavaScript and edit
 * rights the status and the assignees are chips that open the page's property editors,
 * one popover for the whole list (docs/decisions/024), saved on choice; a new subtask is
 * added through a fetcher and shows at once, and its field keeps the focus. Without
 * JavaScript the chips are links to the subtask's page (where its forms are) and the add
 * is a plain form.
 */
type Subtask = {
  id: string;
  key: string;
  title: string;
  done: boolean;
  statusId: string;
  status: string;
  statusColor: string;
  assignees: { id: string; name: string; avatarUrl: string | null }[];
};
type Status = { id: string; name: string; color: string; category: string };

/** The fields a subtask's chips edit. */
const EDITABLE = new Set<EditorField>(["statusId", "assigneeIds"]);

const Section = styled("div")(({ theme }) => {
  const { palette } = theme.vars;
  return {
    display: "grid",
    gap: 12,
    "& .pl-progress": { display: "grid", gap: 6, margin: 0 },
    "& .pl-progress-text": { fontSize: 13, color: palette.text.secondary },
    "& .pl-progress-bar": { height: 4, borderRadius: 2, overflow: "hidden", background: palette.action.selected },
    "& .pl-progress-bar > span": {
      display: "block",
      height: "100%",
      borderRadius: 2,
      background: palette.primary.main,
      transition: "width 150ms ease-out",
    },
    "& .pl-progress[data-complete] .pl-progress-bar > span": { background: palette.success.main },
    "& .pl-subtasks": { listStyle: "none", margin: "0 -6px", padding: 0, display: "grid" },
    "& .pl-subtasks li": {
      display: "flex",
      alignItems: "center",
      gap: 10,
      minHeight: 40,
      padding: "2px 6px",
      borderRadius: 8,
      minWidth: 0,
      "&:hover": { background: palette.action.hover },
    },
    "& .pl-subtasks li[data-adding]": { opacity: 0.6 },
    "& .pl-key": { fontSize: 13, color: palette.text.secondary, flexShrink: 0, fontVariantNumeric: "tabular-nums" },
    "& .pl-sub-title": {
      flexGrow: 1,
      color: palette.text.primary,
      textDecoration: "none",
      fontWeight: 500,
      minWidth: 0,
      overflow: "hidden",
      textOverflow: "ellipsis",
      whiteSpace: "nowrap",
    },
    "& a.pl-sub-title:hover": { textDecoration: "underline" },
    "& li[data-done] .pl-sub-title": { textDecoration: "line-through", color: palette.text.secondary },
    "& .pl-sub-chip": {
      display: "inline-flex",
      alignItems: "center",
      gap: 6,
      flexShrink: 0,
      minHeight: 28,
      padding: "2px 8px",
      borderRadius: 6,
      color: palette.text.secondary,
      fontSize: 13,
      textDecoration: "none",
      whiteSpace: "nowrap",
    },
    "& a.pl-sub-chip": {
      cursor: "pointer",
      "&:hover": { background: palette.action.selected, color: palette.text.primary },
      "&:focus-visible": { outline: `2px solid ${palette.primary.main}`, outlineOffset: -2 },
    },
    "& .pl-sub-status": {
      // The status column lines up from row to row; a long name ends in "…".
      width: 132,
      "& > span:last-child": { overflow: "hidden", textOverflow: "ellipsis" },
    },
    // Narrow (a phone): the title on a line of its own, the key and chips under it.
    "@container (max-width: 480px)": {
      "& .pl-subtasks li": { flexWrap: "wrap", rowGap: 0, columnGap: 8, padding: "6px" },
      "& .pl-sub-title": { order: -1, flexBasis: "100%" },
      "& .pl-sub-status": { width: "auto", marginLeft: -8 },
      "& .pl-sub-people": { marginLeft: "auto" },
    },
    "& .pl-sub-people": { justifyContent: "center", minWidth: 44 },
    "& .pl-nobody": {
      width: 22,
      height: 22,
      borderRadius: "50%",
      border: `1.5px dashed ${palette.text.disabled}`,
    },
    "& .pl-hint": { margin: 0, color: palette.text.secondary },
    "& .pl-add-subtask": { display: "flex", gap: 8, flexWrap: "wrap", alignItems: "flex-start" },
    "& .pl-add-subtask > div": { flexGrow: 1, minWidth: 0, display: "grid", gap: 4 },
    "& .pl-add-subtask input": {
      minWidth: 0,
      padding: 8,
      font: "inherit",
      borderRadius: 6,
      border: `1px solid ${palette.divider}`,
      background: palette.background.paper,
      color: palette.text.primary,
    },
    "& .pl-add-subtask input[aria-invalid=true]": { borderColor: palette.error.main },
    "& .pl-field-error": { margin: 0, fontSize: 12, color: palette.error.main },
  };
});

export function Subtasks({
  projectId,
  taskUrl,
  subtasks,
  statuses,
  options,
  today,
  canEdit,
  canAdd,
  refused,
}: {
  projectId: string;
  /** The parent task's page, where the add posts. */
  taskUrl: string;
  subtasks: Subtask[];
  statuses: Status[];
  /** What the editors offer (the page's: statuses, members, labels). */
  options: EditorOptions;
  today: string;
  canEdit: boolean;
  /** May add subtasks here (edit rights, and this task is not a subtask itself). */
  canAdd: boolean;
  /** A refused add, after a plain post. */
  refused?: { title: string; error: string };
}) {
  const hydrated = useHydrated();
  const inPlace = canEdit && hydrated;
  const editor = usePropertyEditor(options, today);
  const addKind = `subtask-add:${taskUrl}`;
  const adding = useEditsInFlight(addKind);
  const urlOf = (id: string) => `/app/project/${projectId}/task/${id}`;
  // A new subtask takes the project's first "not started" status (createTask's default).
  const firstStatus = statuses.find((status) => status.category === "not_started") ?? statuses[0];
  const rows = subtasks.map((subtask) => {
    const values = withPending(valuesOf(subtask), editor.pending.get(subtask.id));
    const status = statuses.find((candidate) => candidate.id === values.statusId);
    const people = values.assigneeIds.flatMap(
      (id) =>
        options.members.find((member) => member.id === id) ?? subtask.assignees.find((one) => one.id === id) ?? [],
    );
    return {
      subtask,
      values,
      status: status
        ? { name: status.name, color: status.color }
        : { name: subtask.status, color: subtask.statusColor },
      // Done as its (new) status says: a "done" status completes a task (moveTask).
      done: status ? status.category === "done" : subtask.done,
      people,
    };
  });
  const onChip = (event: MouseEvent<HTMLElement>) => {
    const request = editRequestOf(event.target);
    const row = request && rows.find((candidate) => candidate.subtask.id === request.taskId);
    if (!request || !row || !EDITABLE.has(request.field)) return;
    event.preventDefault();
    editor.open(
      request.chip,
      { taskId: row.subtask.id, taskUrl: urlOf(row.subtask.id), values: row.values },
      request.field,
    );
  };
  const done = rows.filter((row) => row.done).length;
  const total = subtasks.length + adding.length;
  return (
    <SectionCard title="Subtasks" id="subtasks">
      <Section>
        {total > 0 ? (
          <p className="pl-progress" data-complete={done === total || undefined}>
            <span className="pl-progress-text">
              {done} of {total} done
            </span>
            <span className="pl-progress-bar" aria-hidden="true">
              <span style={{ width: `${Math.round((done / total) * 100)}%` }} />
            </span>
          </p>
        ) : null}
        {total > 0 ? (
          <ul
            className="pl-subtasks"
            aria-label="Subtasks"
            aria-busy={adding.length > 0 || subtasks.some((subtask) => editor.pending.has(subtask.id)) || undefined}
            onClickCapture={inPlace ? onChip : undefined}
          >
            {rows.map(({ subtask, status, done: finished, people }) => {
              const url = urlOf(subtask.id);
              // A value, and with edit rights a chip that opens its editor (the subtask's page without JavaScript).
              const chip = (field: EditorField, className: string, content: ReactNode) =>
                canEdit ? (
                  <a
                    className={`pl-sub-chip ${className}`}
                    href={url}
                    data-field={field}
                    aria-haspopup={inPlace ? "dialog" : undefined}
                  >
                    <span className="pl-sr-only">{`${FIELD_NAMES[field]} of ${subtask.key}: `}</span>
                    {content}
                  </a>
                ) : (
                  <span className={`pl-sub-chip ${className}`}>{content}</span>
                );
              return (
                <li key={subtask.id} data-task={subtask.id} data-done={finished || undefined}>
                  <span className="pl-key">{subtask.key}</span>
                  <Link className="pl-sub-title" to={url}>
                    {subtask.title}
                  </Link>
                  {chip(
                    "statusId",
                    "pl-sub-status",
                    <>
                      <span className="pl-dot" data-color={status.color} aria-hidden="true" />
                      <span>{status.name}</span>
                    </>,
                  )}
                  {chip(
                    "assigneeIds",
                    "pl-sub-people",
                    people.length > 0 ? (
                      <People people={people} named={false} max={3} size={22} />
                    ) : (
                      <>
                        <span className="pl-nobody" aria-hidden="true" />
                        <span className="pl-sr-only">Unassigned</span>
                      </>
                    ),
                  )}
                </li>
              );
            })}
            {adding.map(({ key, form }) => (
              <li key={key} data-adding="">
                <span className="pl-key" aria-hidden="true">
                  …
                </span>
                <span className="pl-sub-title">{String(form.get("title") ?? "")}</span>
                <span className="pl-sub-chip pl-sub-status">
                  <span className="pl-dot" data-color={firstStatus?.color} aria-hidden="true" />
                  <span>{firstStatus?.name}</span>
                </span>
                <span className="pl-sub-chip pl-sub-people">
                  <span className="pl-nobody" aria-hidden="true" />
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="pl-hint">No subtasks yet.</p>
        )}
        {canAdd ? <AddSubtask action={taskUrl} kind={addKind} inPlace={inPlace} refused={refused} /> : null}
      </Section>
      {editor.element}
    </SectionCard>
  );
}

/** A subtask's values for the editors: only its status and assignees are edited here. */
function valuesOf(subtask: Subtask): TaskValues {
  return {
    statusId: subtask.statusId,
    assigneeIds: subtask.assignees.map((person) => person.id),
    priority: "none",
    dueDate: null,
    startDate: null,
    labelIds: [],
  };
}

/**
 * The inline add: with JavaScript Enter sends it through a fetcher, the row shows at once
 * and the field empties and keeps the focus (a refusal comes back beside it, with what was
 * typed); without, a plain post that comes back to the page.
 */
function AddSubtask({
  action,
  kind,
  inPlace,
  refused,
}: {
  action: string;
  kind: string;
  inPlace: boolean;
  refused?: { title: string; error: string };
}) {
  const target = useTaskFormTarget();
  const { input, error, clearError, onSubmit } = useInlineAdd({
    kind,
    action,
    schema: taskTitle,
    formOf: (title) => {
      const form = new FormData();
      form.set("intent", "add-subtask");
      form.set("title", title);
      return form;
    },
  });
  const shown = error ?? refused?.error;
  return (
    <Form
      method="post"
      action={action}
      {...target}
      className="pl-add-subtask"
      onSubmit={inPlace ? onSubmit : undefined}
      noValidate={inPlace || undefined}
    >
      <input type="hidden" name="intent" value="add-subtask" />
      <div>
        <input
          ref={input}
          id="new-subtask"
          name="title"
          aria-label="New subtask title"
          placeholder="Add a subtask…"
          maxLength={MAX_TITLE_LENGTH}
          autoComplete="off"
          defaultValue={refused?.title}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? "new-subtask-error" : undefined}
          onChange={error ? clearError : undefined}
        />
        {shown ? (
          <p id="new-subtask-error" role="alert" className="pl-field-error">
            {shown}
          </p>
        ) : null}
      </div>
      <Button type="submit" variant="outlined">
        Add Subtask
      </Button>
    </Form>
  );
}
