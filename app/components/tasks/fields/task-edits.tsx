import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from "react";
import { useFetcher, useFetchers } from "react-router";

import { askToCompleteBlocked } from "~/components/tasks/blocked-confirm";
import type { TaskRef } from "~/components/tasks/fields/options";
import { showToast } from "~/utils/client-toast";
import type { Priority } from "~/validation/task-fields";
import { CONFIRM_BLOCKED_FIELD } from "~/validation/task-relations";

/**
 * The one way a task's property is saved in place, wherever it is shown (the task page, the
 * side panel, a List cell, a Board card): one intent of the task route posted through a
 * fetcher keyed by task and property, so the new value shows at once everywhere the task
 * is on screen (`pending`, read from the fetchers in flight) until the page's data has it.
 * A refusal puts the old value back (the fetcher's form data is gone and the loaders keep
 * theirs) and its reason is shown as a toast (`EditSenders`).
 */
export type TaskPatch = {
  statusId?: string;
  priority?: Priority;
  dueDate?: string | null;
  startDate?: string | null;
  assigneeIds?: string[];
  labelIds?: string[];
  /** A label to create in the workspace and put on the task with `labelIds` (the labels popover). */
  newLabel?: { name: string; color: string };
  title?: string;
  description?: string;
  estimateHours?: string | null;
  /** The task's new parent (null: none), with its key and title to show until the page has it. */
  parent?: TaskRef | null;
};
export type PatchField = keyof TaskPatch;

const EDIT_KEY = "task-edit:";

/** The form each property posts: the same intents the task page's plain forms post. */
export function formOfPatch(taskId: string, patch: TaskPatch): FormData {
  const form = new FormData();
  form.set("via", "fetcher");
  if (patch.statusId !== undefined) {
    form.set("intent", "move-task");
    form.set("taskId", taskId);
    form.set("statusId", patch.statusId);
  } else if (patch.assigneeIds !== undefined) {
    form.set("intent", "set-assignees");
    for (const id of patch.assigneeIds) form.append("assignee", id);
  } else if (patch.parent !== undefined) {
    // The server reads `parent` (the same field the form without JavaScript posts, there a
    // typed key); the key and title only come back through `patchOfForm`, for the chip.
    form.set("intent", "set-parent");
    form.set("parent", patch.parent?.id ?? "");
    if (patch.parent) {
      form.set("parentKey", patch.parent.key);
      form.set("parentTitle", patch.parent.title);
    }
  } else if (patch.labelIds !== undefined) {
    form.set("intent", "set-labels");
    for (const id of patch.labelIds) form.append("label", id);
    if (patch.newLabel) {
      form.set("newLabel", patch.newLabel.name);
      form.set("newLabelColor", patch.newLabel.color);
    }
  } else {
    form.set("intent", "update-task");
    for (const field of ["priority", "dueDate", "startDate", "title", "description", "estimateHours"] as const) {
      const value = patch[field];
      if (value !== undefined) form.set(field, value ?? "");
    }
  }
  return form;
}

/** The change a form in flight asks for (the reverse of `formOfPatch`). */
export function patchOfForm(form: FormData): TaskPatch {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : null;
  };
  switch (form.get("intent")) {
    case "move-task":
      return { statusId: text("statusId") ?? undefined };
    case "set-assignees":
      return { assigneeIds: form.getAll("assignee").map(String) };
    case "set-labels":
      return { labelIds: form.getAll("label").map(String) };
    case "set-parent": {
      const id = text("parent");
      return { parent: id ? { id, key: text("parentKey") ?? "", title: text("parentTitle") ?? "" } : null };
    }
    default: {
      const patch: TaskPatch = {};
      if (form.has("priority")) patch.priority = text("priority") as Priority;
      if (form.has("dueDate")) patch.dueDate = text("dueDate") || null;
      if (form.has("startDate")) patch.startDate = text("startDate") || null;
      if (form.has("title")) patch.title = text("title") ?? "";
      if (form.has("description")) patch.description = text("description") ?? "";
      if (form.has("estimateHours")) patch.estimateHours = text("estimateHours") || null;
      return patch;
    }
  }
}

/**
 * One edit in flight: its fetcher's key (one per edit), where it posts, what it sends, and
 * who hears of a refusal (a toast when nobody does).
 */
type Edit = {
  key: string;
  action: string;
  form: FormData;
  onRefused?: (error: string) => void;
};

/** The keys of the edits their senders have submitted: from then on a fetcher says whether each is in flight. */
const sentKeys = new Set<string>();

/**
 * The edits waiting for their answer. A fetcher's answer is only kept for a component that
 * held the fetcher before it was sent, so each edit is sent by a small component of its own
 * (`EditSenders`, mounted once in the app shell) that also says why a change was refused.
 */
let edits: readonly Edit[] = [];
let sequence = 0;
const listeners = new Set<() => void>();
const editStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  snapshot: () => edits,
  serverSnapshot: () => NO_EDITS,
  set(next: readonly Edit[]) {
    edits = next;
    for (const listener of listeners) listener();
  },
};
const NO_EDITS: readonly Edit[] = [];

function taskIdOfKey(key: string) {
  if (!key.startsWith(EDIT_KEY)) return null;
  return key.slice(EDIT_KEY.length).split(":")[0] ?? null;
}

/**
 * `save(taskUrl, taskId, patch)` sends one property's change; `pending` holds, per task id,
 * the changes in flight (shown over the loader's values), the latest edit of a property
 * last. One hook per view, not per row.
 */
export function useTaskEdits() {
  // From the click on: an edit waiting for an earlier one to the same task shows at once too.
  const queued = useSyncExternalStore(editStore.subscribe, editStore.snapshot, editStore.serverSnapshot);
  const pending = useMemo(() => {
    const byTask = new Map<string, TaskPatch>();
    for (const edit of queued) {
      const taskId = taskIdOfKey(edit.key);
      if (taskId) byTask.set(taskId, { ...byTask.get(taskId), ...patchOfForm(edit.form) });
    }
    return byTask;
  }, [queued]);
  const save = useCallback((taskUrl: string, taskId: string, patch: TaskPatch) => {
    const field = Object.keys(patch)[0] as PatchField | undefined;
    if (!field) return;
    sendInPlace(`${EDIT_KEY}${taskId}:${field}`, taskUrl, formOfPatch(taskId, patch));
  }, []);
  return { save, pending };
}

/**
 * Sends one intent of a task route in place, through the same senders as the properties
 * (the checklist's rows, a subtask added inline): `via=fetcher`, so the answer is data. The
 * edit's key starts with `kind` (then `:` and a number of its own); `useEditsInFlight(kind)`
 * reads it back for an optimistic display. A refusal goes to `onRefused` (a message beside
 * a field), else to a toast.
 */
export function sendInPlace(kind: string, action: string, form: FormData, onRefused?: (error: string) => void) {
  sequence += 1;
  form.set("via", "fetcher");
  const key = `${kind}:${sequence}`;
  editStore.set([...edits, { key, action, form, onRefused }]);
  return key;
}

/**
 * The edits of `kind` not answered yet, oldest first: queued (from the moment of the
 * click, before their fetcher is sent), then in flight until the page's data has their
 * result. One read per view, not per row.
 */
export function useEditsInFlight(kind: string): readonly { key: string; form: FormData }[] {
  const queued = useSyncExternalStore(editStore.subscribe, editStore.snapshot, editStore.serverSnapshot);
  const fetchers = useFetchers();
  return useMemo(() => {
    // A sent edit whose fetcher is no longer in flight has its answer, and the page's data
    // has its result from the same render: shown twice otherwise (its sender drops it from
    // the queue only in an effect after that render).
    const inFlight = new Set(fetchers.filter((fetcher) => fetcher.state !== "idle").map(({ key }) => key));
    return queued
      .filter((edit) => edit.key.startsWith(`${kind}:`) && (!sentKeys.has(edit.key) || inFlight.has(edit.key)))
      .map(({ key, form }) => ({ key, form }));
  }, [queued, fetchers, kind]);
}

/** An edit's kind: its key without the number `sendInPlace` gave it. */
function kindOf(key: string) {
  return key.slice(0, key.lastIndexOf(":"));
}

/** The same form, completing a blocked task anyway. */
function confirmed(form: FormData) {
  const again = new FormData();
  for (const [name, value] of form) again.append(name, value);
  again.set(CONFIRM_BLOCKED_FIELD, "true");
  return again;
}

/** A task's values with its changes in flight applied over them. */
export function withPending<T extends object>(values: T, patch: TaskPatch | undefined): T {
  return patch ? { ...values, ...patch } : values;
}

/** `confirmBlocked`: the move would complete a blocked task, and `error` asks whether to anyway (blocked-confirm.tsx). */
type Answer = { ok?: true; error?: string; confirmBlocked?: boolean };

/**
 * Sends the edits made in place, wherever they were made; mounted once in the app shell.
 * The edits to one task go one at a time, in the order they were made: sent together, they
 * could reach the server in another order (three checklist items typed quickly were saved
 * shuffled, a status changed twice could end on the first choice).
 */
export function EditSenders() {
  const queued = useSyncExternalStore(editStore.subscribe, editStore.snapshot, editStore.serverSnapshot);
  const busy = new Set<string>();
  return queued.map((edit) => {
    const ready = !busy.has(edit.action);
    busy.add(edit.action);
    return <EditSender key={edit.key} edit={edit} ready={ready} />;
  });
}

function EditSender({ edit, ready }: { edit: Edit; ready: boolean }) {
  const fetcher = useFetcher<Answer>({ key: edit.key });
  const sent = useRef(false);
  const { submit } = fetcher;
  useEffect(() => {
    if (sent.current || !ready) return;
    sent.current = true;
    sentKeys.add(edit.key);
    void submit(edit.form, { method: "post", action: edit.action, preventScrollReset: true });
  }, [submit, edit, ready]);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!answer) return;
    if (answer.error && answer.confirmBlocked) {
      // Asked, not refused: once answered "Complete anyway", the same edit goes again, saying so.
      const question = answer.error;
      void askToCompleteBlocked(question).then((completeAnyway) => {
        if (completeAnyway) sendInPlace(kindOf(edit.key), edit.action, confirmed(edit.form), edit.onRefused);
      });
    } else if (answer.error) {
      if (edit.onRefused) edit.onRefused(answer.error);
      else showToast({ title: "Not saved", description: answer.error, variant: "error" });
    }
    // Done: the sender goes, and its fetcher with it.
    sentKeys.delete(edit.key);
    editStore.set(edits.filter((one) => one !== edit));
  }, [answer, edit]);
  return null;
}
