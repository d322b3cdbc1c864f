import type { MouseEvent } from "react";
import { Form } from "react-router";

import type { ListView } from "~/components/tasks/types";
import { PRIORITY_OPTIONS } from "~/components/tasks/list-filters";

/**
 * The List view's bulk bar: a plain POST form (`#bulk-form`) that the rows' checkboxes
 * belong to through their `form` attribute, so it works without JavaScript. With
 * JavaScript the selection is the list's state, posted as hidden fields (rows scrolled out
 * of the window count too); the bar shows only while tasks are selected and says how many,
 * and deleting asks first. Unstyled: the list's root styles `.pl-bulk`.
 */
export function BulkBar({
  options,
  selection,
  error,
}: {
  options: ListView["options"];
  /** The selected tasks' ids; null before hydration (the bar is then always shown). */
  selection: ReadonlySet<string> | null;
  error?: string;
}) {
  const selected = selection?.size ?? null;
  const confirmDelete = (event: MouseEvent<HTMLButtonElement>) => {
    if (!window.confirm(`Delete ${selected} selected ${selected === 1 ? "task" : "tasks"}?`)) event.preventDefault();
  };
  return (
    <Form
      method="post"
      id="bulk-form"
      className="pl-bulk"
      aria-label="Bulk edit"
      hidden={selected === 0 && !error}
      preventScrollReset
    >
      <input type="hidden" name="intent" value="bulk-edit" />
      {[...(selection ?? [])].map((id) => (
        <input key={id} type="hidden" name="taskId" value={id} />
      ))}
      <p className="pl-selected" aria-live="polite">
        {selected === null ? "Selected tasks:" : `${selected} selected`}
      </p>
      <div className="pl-field">
        <label htmlFor="bulk-statusId">Set status</label>
        <select id="bulk-statusId" name="statusId" defaultValue="">
          <option value="">Keep</option>
          {options.statuses.map((status) => (
            <option key={status.id} value={status.id}>
              {status.name}
            </option>
          ))}
        </select>
      </div>
      <div className="pl-field">
        <label htmlFor="bulk-priority">Set priority</label>
        <select id="bulk-priority" name="priority" defaultValue="">
          <option value="">Keep</option>
          {PRIORITY_OPTIONS.map((priority) => (
            <option key={priority.value} value={priority.value}>
              {priority.label}
            </option>
          ))}
        </select>
      </div>
      <div className="pl-field">
        <label htmlFor="bulk-assignee">Add assignee</label>
        <select id="bulk-assignee" name="assignee" defaultValue="">
          <option value="">Nobody</option>
          {options.members.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </select>
      </div>
      {options.labels.length > 0 ? (
        <div className="pl-field">
          <label htmlFor="bulk-labelId">Add label</label>
          <select id="bulk-labelId" name="labelId" defaultValue="">
            <option value="">None</option>
            {options.labels.map((label) => (
              <option key={label.id} value={label.id}>
                {label.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <button type="submit" name="op" value="apply">
        Apply to selected
      </button>
      <button type="submit" name="op" value="delete" onClick={selected === null ? undefined : confirmDelete}>
        Delete selected
      </button>
      {error ? (
        <p className="pl-field-error" role="alert">
          {error}
        </p>
      ) : null}
    </Form>
  );
}
