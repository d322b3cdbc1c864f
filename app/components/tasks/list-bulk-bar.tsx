import type { MouseEvent } from "react";
import { Form, useSubmit } from "react-router";

import type { EditorField, TaskValues } from "~/components/tasks/fields/options";
import type { EditTarget } from "~/components/tasks/fields/property-editor";
import type { TaskPatch } from "~/components/tasks/fields/task-edits";
import type { ListView } from "~/.server/tasks/views";
import { PRIORITY_OPTIONS } from "~/components/tasks/list-filters";
import { SelectField } from "~/components/tasks/select-field";

/**
 * The List view's bulk bar: a plain POST form (`#bulk-form`) that the rows' checkboxes
 * belong to through their `form` attribute, so it works without JavaScript. With
 * JavaScript the selection is the list's state, posted as hidden fields (rows scrolled out
 * of the window count too); the bar shows only while tasks are selected and says how many,
 * and deleting asks first. Unstyled: the list's root styles `.pl-bulk`.
 *
 * With JavaScript the selects and their Apply give way to one button per property, opening
 * the List's one property popover (`openEditor`): a choice is applied to the selected tasks
 * at once, through the same `bulk-edit` intent.
 */
export function BulkBar({
  options,
  selection,
  error,
  openEditor,
}: {
  options: ListView["options"];
  /** The selected tasks' ids; null before hydration (the bar is then always shown). */
  selection: ReadonlySet<string> | null;
  error?: string;
  openEditor: (anchor: HTMLElement, target: EditTarget, field: EditorField) => void;
}) {
  const selected = selection?.size ?? null;
  const submit = useSubmit();
  const apply = (patch: TaskPatch) => {
    const change = Object.entries({
      statusId: patch.statusId,
      priority: patch.priority,
      assignee: patch.assigneeIds?.[0],
      labelId: patch.labelIds?.[0],
    }).filter((entry): entry is [string, string] => Boolean(entry[1]));
    // A label made in the popover is not added to many tasks at once: that is one task's edit.
    if (change.length === 0) return;
    const form = new FormData();
    form.set("intent", "bulk-edit");
    for (const id of selection ?? []) form.append("taskId", id);
    for (const [name, value] of change) form.set(name, value);
    void submit(form, { method: "post", preventScrollReset: true });
  };
  const choose = (field: EditorField) => (event: MouseEvent<HTMLButtonElement>) =>
    openEditor(event.currentTarget, { taskId: "bulk", taskUrl: "", values: NOTHING_CHOSEN, save: apply }, field);
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
      {selected !== null ? (
        <>
          <button type="button" aria-haspopup="dialog" onClick={choose("statusId")}>
            Set status
          </button>
          <button type="button" aria-haspopup="dialog" onClick={choose("priority")}>
            Set priority
          </button>
          <button type="button" aria-haspopup="dialog" onClick={choose("assigneeIds")}>
            Add assignee
          </button>
          {options.labels.length > 0 ? (
            <button type="button" aria-haspopup="dialog" onClick={choose("labelIds")}>
              Add label
            </button>
          ) : null}
        </>
      ) : (
        <BulkSelects options={options} />
      )}
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

/** What the bulk popover starts from: nothing chosen (the selected tasks differ). */
const NOTHING_CHOSEN: TaskValues = {
  statusId: "",
  priority: "none",
  dueDate: null,
  startDate: null,
  assigneeIds: [],
  labelIds: [],
};

/** Without JavaScript: a select per property (empty keeps it) and one Apply. */
function BulkSelects({ options }: { options: ListView["options"] }) {
  return (
    <>
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
    </>
  );
}
