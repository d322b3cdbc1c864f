import type { MouseEvent } from "react";
import { Form } from "react-router";

import type { ListView } from "~/components/tasks/types";
import { PRIORITY_OPTIONS } from "~/components/tasks/list-filters";
import { SelectField } from "~/components/tasks/select-field";

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
      <SelectField
        id="bulk-statusId"
        name="statusId"
        label="Set status"
        empty="Keep"
        options={options.statuses.map((status) => ({ value: status.id, label: status.name }))}
      />
      <SelectField id="bulk-priority" name="priority" label="Set priority" empty="Keep" options={PRIORITY_OPTIONS} />
      <SelectField
        id="bulk-assignee"
        name="assignee"
        label="Add assignee"
        empty="Nobody"
        options={options.members.map((member) => ({ value: member.id, label: member.name }))}
      />
      {options.labels.length > 0 ? (
        <SelectField
          id="bulk-labelId"
          name="labelId"
          label="Add label"
          empty="None"
          options={options.labels.map((label) => ({ value: label.id, label: label.name }))}
        />
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
