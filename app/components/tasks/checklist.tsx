import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { styled } from "@mui/material/styles";
import { useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import { Form, Link, useLocation } from "react-router";

import { DeleteOutlined, DragIndicator } from "~/components/icons/material";
import { SectionCard } from "~/components/forms/section-card";
import {
  formOfChecklistEdit,
  withChecklistEdits,
  type ChecklistEdit,
  type ChecklistItem,
} from "~/components/tasks/checklist-edits";
import { useInlineAdd } from "~/components/tasks/fields/inline-add";
import { sendInPlace, useEditsInFlight } from "~/components/tasks/fields/task-edits";
import { useHydrated } from "~/utils/use-hydrated";
import { CHECKLIST_TITLE_MAX, checklistTitle } from "~/validation/checklist";

/**
 * A task's checklist and its progress ("2 of 5 done"). With JavaScript and edit rights each
 * item is a row edited in place: its checkbox saves on click, a click (or Enter, or F2) on
 * its title renames it, its handle drags it (or, focused, Space then the arrows; Alt+↑/↓ on
 * any part of the row moves it one place), its bin deletes it; every change is sent through
 * a fetcher (`sendInPlace`), shown at once and put back with the server's reason if it is
 * refused. The new item's field keeps the focus after Enter. Without JavaScript each item
 * is plain forms: a checkbox with its Save button, Up / Down / Delete buttons and a Rename
 * link (`?editItem=<id>`) that shows a form in place of the item. The rows are plain
 * elements styled once by `List` (docs/decisions/009).
 */
type Item = { id: string; title: string; done: boolean };
type Refusal = { intent: string; itemId?: string; title: string; error: string };

const List = styled("div")(({ theme }) => {
  const { palette } = theme.vars;
  const button = {
    padding: "2px 8px",
    borderRadius: 6,
    border: `1px solid ${palette.divider}`,
    background: palette.background.paper,
    color: palette.text.primary,
    font: "inherit",
    fontSize: 13,
    cursor: "pointer",
    "&:hover": { background: palette.action.hover },
    "&:disabled": { opacity: 0.5, cursor: "default" },
  };
  // A small square button around one icon: the drag handle and the bin.
  const iconButton = {
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    flexShrink: 0,
    width: 28,
    height: 28,
    padding: 0,
    border: 0,
    borderRadius: 6,
    background: "none",
    color: palette.text.secondary,
    cursor: "pointer",
    "& svg": { fontSize: 18 },
    "&:hover": { background: palette.action.hover, color: palette.text.primary },
    "&:focus-visible": { outline: `2px solid ${palette.primary.main}`, outlineOffset: -2, opacity: 1 },
  };
  return {
    display: "grid",
    gap: 12,
    "& .pl-progress": { display: "grid", gap: 6, margin: 0 },
    "& .pl-progress-text": { fontSize: 13, color: palette.text.secondary },
    "& .pl-progress-bar": {
      height: 4,
      borderRadius: 2,
      overflow: "hidden",
      background: palette.action.selected,
    },
    "& .pl-progress-bar > span": {
      display: "block",
      height: "100%",
      borderRadius: 2,
      background: palette.primary.main,
      transition: "width 150ms ease-out",
    },
    "& .pl-progress[data-complete] .pl-progress-bar > span": { background: palette.success.main },
    "& .pl-items": { listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 4 },
    "& .pl-item": {
      display: "flex",
      flexWrap: "wrap",
      alignItems: "center",
      gap: 8,
      padding: "4px 0",
      borderBottom: `1px solid ${palette.divider}`,
    },
    "& .pl-item form": { display: "flex", alignItems: "center", gap: 6 },
    "& .pl-tick": { flexGrow: 1, minWidth: 0 },
    "& .pl-tick label": { overflowWrap: "anywhere" },
    "& .pl-item[data-done] .pl-tick label": { textDecoration: "line-through", color: palette.text.secondary },
    "& input[type=checkbox]": {
      width: 18,
      height: 18,
      margin: 0,
      flexShrink: 0,
      accentColor: palette.primary.main,
      cursor: "pointer",
    },
    "& .pl-item-actions": { display: "flex", gap: 6, alignItems: "center", fontSize: 13 },
    "& .pl-item-actions a": { color: palette.primary.main },
    "& button": button,
    "& input[type=text]": {
      flexGrow: 1,
      minWidth: 0,
      padding: "6px 8px",
      borderRadius: 6,
      border: `1px solid ${palette.divider}`,
      background: palette.background.paper,
      color: palette.text.primary,
      font: "inherit",
    },
    "& input[aria-invalid=true]": { borderColor: palette.error.main },
    "& .pl-add": { display: "flex", flexWrap: "wrap", gap: 8, alignItems: "flex-start" },
    "& .pl-add input[type=text]": { padding: 8 },
    // The add button looks like the page's other outlined buttons (Add Subtask).
    "& .pl-add button": {
      padding: "7px 15px",
      borderColor: palette.primary.main,
      color: palette.primary.main,
      fontSize: 14,
      fontWeight: 600,
    },
    "& .pl-add > div, & .pl-rename > div": { flexGrow: 1, minWidth: 200, display: "grid", gap: 4 },
    "& .pl-rename": { flexGrow: 1 },
    "& .pl-field-error": { margin: 0, fontSize: 13, color: palette.error.main },
    "& .pl-hint": { margin: 0, color: palette.text.secondary },

    // In place (JavaScript): rows without borders, the handle and bin shown on hover or focus.
    // In place (JavaScript): rows without borders. On a wide screen with a mouse the drag
    // handle sits in the card's margin and shows, with the bin, on hover or focus; on a touch
    // screen or a narrow one both are always there, the handle at the start of the row.
    "& .pl-rows": { listStyle: "none", margin: "0 -6px", padding: 0, display: "grid" },
    "& .pl-row": {
      position: "relative",
      display: "flex",
      // The checkbox and buttons stay by the first line of a long title.
      alignItems: "flex-start",
      gap: 2,
      minHeight: 36,
      padding: "2px 2px 2px 6px",
      borderRadius: 8,
      background: palette.background.paper,
      "&:hover, &:focus-within": { background: palette.action.hover },
    },
    "& .pl-row[data-dragging]": {
      zIndex: 1,
      background: palette.background.paper,
      boxShadow: theme.shadows[4],
    },
    "& .pl-row[data-adding]": { opacity: 0.6 },
    "& .pl-row .pl-drag": {
      ...iconButton,
      width: 20,
      marginTop: 4,
      cursor: "grab",
      touchAction: "none",
      color: palette.text.disabled,
    },
    "& .pl-row .pl-delete": { ...iconButton, marginTop: 4 },
    "@media (hover: hover) and (min-width: 600px)": {
      "& .pl-row .pl-drag": { position: "absolute", left: -20, top: 2 },
      "& .pl-row .pl-drag, & .pl-row .pl-delete": { opacity: 0 },
      "& .pl-row:hover .pl-drag, & .pl-row:focus-within .pl-drag, & .pl-row:hover .pl-delete, & .pl-row:focus-within .pl-delete, & .pl-row[data-dragging] .pl-drag":
        { opacity: 1 },
    },
    "& .pl-row input[type=checkbox]": { margin: "9px 6px 0 0" },
    "& .pl-row .pl-item-title": {
      flexGrow: 1,
      minWidth: 0,
      padding: "4px 6px",
      border: "1px solid transparent",
      borderRadius: 6,
      background: "none",
      color: palette.text.primary,
      font: "inherit",
      fontSize: 15,
      textAlign: "left",
      overflowWrap: "anywhere",
      cursor: "text",
      "&:hover": { background: "none", borderColor: palette.divider },
      "&:focus-visible": { outline: `2px solid ${palette.primary.main}`, outlineOffset: -2 },
    },
    "& .pl-row[data-done] .pl-item-title": { textDecoration: "line-through", color: palette.text.secondary },
    "& .pl-row .pl-rename-field": { flexGrow: 1, minWidth: 0, display: "grid", gap: 2 },
    "& .pl-row .pl-rename-field input": {
      padding: "4px 6px",
      fontSize: 15,
      borderColor: palette.primary.main,
      outline: "none",
    },
    "& .pl-row .pl-rename-field input[aria-invalid=true]": { borderColor: palette.error.main },
  };
});

export function Checklist({
  checklist,
  canEdit,
  refused,
  taskUrl,
}: {
  /** The task page's URL, where the forms post. */
  taskUrl: string;
  checklist: { items: Item[]; editing: string | null };
  canEdit: boolean;
  /** A refused add or rename, after a plain post. */
  refused?: Refusal;
}) {
  const hydrated = useHydrated();
  return (
    <SectionCard title="Checklist" id="task-checklist">
      <List>
        {canEdit && hydrated ? (
          <ChecklistInPlace items={checklist.items} taskUrl={taskUrl} />
        ) : (
          <ChecklistForms checklist={checklist} canEdit={canEdit} refused={refused} taskUrl={taskUrl} />
        )}
      </List>
    </SectionCard>
  );
}

/** "3 of 5 done", over a bar; nothing for an empty checklist. */
function Progress({ items }: { items: readonly { done: boolean }[] }) {
  if (items.length === 0) return null;
  const done = items.filter((item) => item.done).length;
  return (
    <p className="pl-progress" data-complete={done === items.length || undefined}>
      <span className="pl-progress-text">
        {done} of {items.length} done
      </span>
      <span className="pl-progress-bar" aria-hidden="true">
        <span style={{ width: `${Math.round((done / items.length) * 100)}%` }} />
      </span>
    </p>
  );
}

/* ------------------------------------------------------------------------------------------ */
/* In place, with JavaScript                                                                  */
/* ------------------------------------------------------------------------------------------ */

const INSTRUCTIONS =
  "To move an item, press Space or Enter on its drag handle, use the up and down arrow keys to move it, " +
  "then press Space or Enter to drop it, or Escape to cancel. Alt with the up or down arrow moves the " +
  "focused item one place.";

/** The new item's field (its id), where the focus goes when the last item is deleted. */
const NEW_ITEM = "new-checklist-item";

/** Which part of a row had the focus, to give it back after the row moved or a neighbour went. */
type FocusPart = "drag" | "check" | "title" | "delete";

function ChecklistInPlace({ items, taskUrl }: { items: Item[]; taskUrl: string }) {
  const kind = `checklist:${taskUrl}`;
  const inFlight = useEditsInFlight(kind);
  const shown = useMemo(() => withChecklistEdits(items, inFlight), [items, inFlight]);
  const [editing, setEditing] = useState<string | null>(null);
  // Where the focus goes after the next render: a row moved in the DOM loses it.
  const refocus = useRef<{ id: string; part: FocusPart } | "add" | null>(null);
  useLayoutEffect(() => {
    const target = refocus.current;
    if (!target) return;
    refocus.current = null;
    const element =
      target === "add"
        ? document.getElementById(NEW_ITEM)
        : document.getElementById(`item-${target.id}`)?.querySelector<HTMLElement>(`[data-part="${target.part}"]`);
    if (element && document.activeElement !== element) element.focus();
  });
  const send = (edit: ChecklistEdit) => sendInPlace(kind, taskUrl, formOfChecklistEdit(edit));

  // What the next announcement says: set by the drag handlers, which dnd-kit runs first.
  const said = useRef("");
  // Where the item was last announced, so passing over its own place repeats nothing.
  const lastPlace = useRef(-1);
  const announcements = useMemo<Announcements>(() => {
    const say = () => said.current;
    return { onDragStart: say, onDragOver: say, onDragEnd: say, onDragCancel: say };
  }, []);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const indexOf = (id: UniqueIdentifier) => shown.findIndex((item) => item.id === id);
  const place = (index: number) => `place ${index + 1} of ${shown.length}`;
  const titleOf = (id: UniqueIdentifier) => shown[indexOf(id)]?.title ?? "The item";

  function onDragStart({ active }: DragStartEvent) {
    lastPlace.current = indexOf(active.id);
    said.current = `Picked up ${titleOf(active.id)}. It is at ${place(lastPlace.current)}.`;
  }
  function onDragOver({ active, over }: DragOverEvent) {
    const index = over ? indexOf(over.id) : -1;
    if (index === lastPlace.current) return;
    lastPlace.current = index;
    said.current =
      index >= 0
        ? `${titleOf(active.id)} is over ${place(index)}.`
        : `${titleOf(active.id)} is not over the checklist.`;
  }
  function onDragEnd({ active, over }: DragEndEvent) {
    const from = indexOf(active.id);
    const to = over ? indexOf(over.id) : -1;
    if (from < 0 || to < 0 || from === to) {
      said.current = `${titleOf(active.id)} was dropped where it was, at ${place(from)}.`;
      return;
    }
    said.current = `Moved ${titleOf(active.id)} to ${place(to)}.`;
    send({ intent: "move-checklist-item", itemId: String(active.id), toIndex: to });
  }
  function onDragCancel({ active }: { active: { id: UniqueIdentifier } }) {
    said.current = `Cancelled. ${titleOf(active.id)} went back to ${place(indexOf(active.id))}.`;
  }

  /** Alt+↑/↓ anywhere on a row (not while renaming) moves it one place; the focus stays where it was. */
  function onRowKey(event: KeyboardEvent<HTMLElement>, item: ChecklistItem, index: number) {
    if (!event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
    if (item.adding || editing === item.id) return;
    event.preventDefault();
    const up = event.key === "ArrowUp";
    if (up ? index === 0 : index === shown.length - 1) return;
    const part = (event.target as HTMLElement).closest<HTMLElement>("[data-part]")?.dataset.part as FocusPart;
    refocus.current = { id: item.id, part: part ?? "title" };
    send({ intent: "move-checklist-item", itemId: item.id, direction: up ? "up" : "down" });
  }

  function remove(item: ChecklistItem, index: number) {
    // The focus goes to the next item's title, else the previous one's, else the new item's field.
    const neighbour = shown[index + 1] ?? shown[index - 1];
    refocus.current = neighbour && !neighbour.adding ? { id: neighbour.id, part: "title" } : "add";
    send({ intent: "delete-checklist-item", itemId: item.id });
  }

  return (
    <>
      <Progress items={shown} />
      {shown.length > 0 ? (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
          onDragStart={onDragStart}
          onDragOver={onDragOver}
          onDragEnd={onDragEnd}
          onDragCancel={onDragCancel}
        >
          <SortableContext items={shown.map((item) => item.id)} strategy={verticalListSortingStrategy}>
            <ul className="pl-rows" aria-label="Checklist items" aria-busy={inFlight.length > 0 || undefined}>
              {shown.map((item, index) => (
                <ChecklistRow
                  key={item.id}
                  item={item}
                  editing={editing === item.id}
                  onKeyDown={(event) => onRowKey(event, item, index)}
                  onToggle={(done) => send({ intent: "toggle-checklist-item", itemId: item.id, done })}
                  onEdit={() => setEditing(item.id)}
                  onRenamed={(title, how) => {
                    setEditing(null);
                    if (how === "key") refocus.current = { id: item.id, part: "title" };
                    if (title !== null && title !== item.title) {
                      send({ intent: "rename-checklist-item", itemId: item.id, title });
                    }
                  }}
                  onDelete={() => remove(item, index)}
                />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      ) : (
        <p className="pl-hint">No checklist items yet.</p>
      )}
      <AddInPlace kind={kind} taskUrl={taskUrl} />
    </>
  );
}

function ChecklistRow({
  item,
  editing,
  onKeyDown,
  onToggle,
  onEdit,
  onRenamed,
  onDelete,
}: {
  item: ChecklistItem;
  editing: boolean;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  onToggle: (done: boolean) => void;
  onEdit: () => void;
  /** The new title (null: cancelled), and whether the rename ended by a key (the focus comes back) or by leaving. */
  onRenamed: (title: string | null, how: "key" | "blur") => void;
  onDelete: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
    // A new item waits for its id before it can be moved, ticked or renamed.
    disabled: item.adding || editing,
    attributes: { roleDescription: "sortable item" },
  });
  const waiting = item.adding === true;
  return (
    <li
      ref={setNodeRef}
      id={`item-${item.id}`}
      className="pl-row"
      data-done={item.done || undefined}
      data-dragging={isDragging || undefined}
      data-adding={waiting || undefined}
      // Up and down only: the row never leaves its column.
      style={transform ? { transform: CSS.Translate.toString({ ...transform, x: 0 }), transition } : undefined}
      onKeyDown={onKeyDown}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="pl-drag"
        data-part="drag"
        {...attributes}
        {...listeners}
        aria-label={`Move ${item.title}`}
      >
        <DragIndicator fontSize="small" />
      </button>
      <input
        type="checkbox"
        data-part="check"
        aria-label={item.title}
        checked={item.done}
        disabled={waiting}
        onChange={(event) => onToggle(event.currentTarget.checked)}
      />
      {editing ? (
        <RenameField item={item} onRenamed={onRenamed} />
      ) : (
        <button
          type="button"
          className="pl-item-title"
          data-part="title"
          aria-label={`Rename ${item.title}`}
          disabled={waiting}
          onClick={onEdit}
          onKeyDown={(event) => {
            if (event.key === "F2") {
              event.preventDefault();
              onEdit();
            }
          }}
        >
          {item.title}
        </button>
      )}
      <button
        type="button"
        className="pl-delete"
        data-part="delete"
        aria-label={`Delete ${item.title}`}
        title="Delete"
        disabled={waiting}
        onClick={onDelete}
      >
        <DeleteOutlined fontSize="small" />
      </button>
    </li>
  );
}

/**
 * The title being renamed: Enter or leaving saves, Escape cancels. An empty title is refused
 * beside the field, which keeps what was typed.
 */
function RenameField({
  item,
  onRenamed,
}: {
  item: ChecklistItem;
  onRenamed: (title: string | null, how: "key" | "blur") => void;
}) {
  const [error, setError] = useState<string | null>(null);
  // Enter and Escape end it; the blur that follows as the field goes must not end it twice.
  const ended = useRef(false);
  const errorId = `item-${item.id}-rename-error`;
  const finish = (input: HTMLInputElement, keep: boolean, how: "key" | "blur") => {
    if (ended.current) return;
    if (keep) {
      const title = checklistTitle.safeParse(input.value);
      if (!title.success) {
        setError(title.error.issues[0]?.message ?? "Name the item");
        return;
      }
      ended.current = true;
      onRenamed(title.data, how);
      return;
    }
    ended.current = true;
    onRenamed(null, how);
  };
  return (
    <span className="pl-rename-field">
      <input
        type="text"
        aria-label={`Rename ${item.title}`}
        defaultValue={item.title}
        maxLength={CHECKLIST_TITLE_MAX}
        autoComplete="off"
        autoFocus
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onFocus={(event) => event.currentTarget.select()}
        onChange={() => setError(null)}
        onBlur={(event) => finish(event.currentTarget, true, "blur")}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            finish(event.currentTarget, true, "key");
          } else if (event.key === "Escape") {
            // Escape cancels the rename only, not the side panel around it.
            event.preventDefault();
            event.stopPropagation();
            finish(event.currentTarget, false, "key");
          }
        }}
      />
      {error ? (
        <span id={errorId} className="pl-field-error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}

/** The new item's field: Enter adds it (shown at once) and empties the field, which keeps the focus. */
function AddInPlace({ kind, taskUrl }: { kind: string; taskUrl: string }) {
  const { input, error, clearError, onSubmit } = useInlineAdd({
    kind,
    action: taskUrl,
    schema: checklistTitle,
    formOf: (title) => formOfChecklistEdit({ intent: "add-checklist-item", title }),
  });
  return (
    <form method="post" action={taskUrl} className="pl-add" onSubmit={onSubmit} noValidate>
      <div>
        <TitleField
          id={NEW_ITEM}
          label="New checklist item"
          error={error ?? undefined}
          inputRef={input}
          onChange={clearError}
        />
      </div>
      <button type="submit">Add Item</button>
    </form>
  );
}

/* ------------------------------------------------------------------------------------------ */
/* Plain forms, without JavaScript (and read-only)                                            */
/* ------------------------------------------------------------------------------------------ */

function ChecklistForms({
  checklist,
  canEdit,
  refused,
  taskUrl,
}: {
  taskUrl: string;
  checklist: { items: Item[]; editing: string | null };
  canEdit: boolean;
  refused?: Refusal;
}) {
  const location = useLocation();
  // In the side panel the page is a project view: the forms and links still go to the task.
  const pathname = taskUrl;
  const search = location.pathname === taskUrl ? location.search : "";
  const { items } = checklist;
  const editing = refused?.intent === "rename-checklist-item" ? refused.itemId : checklist.editing;
  return (
    <>
      <Progress items={items} />
      {items.length > 0 ? (
        <ul className="pl-items" aria-label="Checklist items">
          {items.map((item, index) =>
            canEdit && item.id === editing ? (
              <li key={item.id} id={`item-${item.id}`} className="pl-item">
                <RenameItem
                  item={item}
                  action={`${pathname}${search}`}
                  refused={refused?.intent === "rename-checklist-item" ? refused : undefined}
                />
              </li>
            ) : (
              <li key={item.id} id={`item-${item.id}`} className="pl-item" data-done={item.done || undefined}>
                {canEdit ? (
                  <>
                    <form method="post" action={pathname} className="pl-tick">
                      <ItemFields intent="toggle-checklist-item" id={item.id} back={pathname} />
                      {/* No restoring of a box ticked and not saved before a reload: the page shows what is saved. */}
                      <input
                        type="checkbox"
                        id={`check-${item.id}`}
                        name="done"
                        defaultChecked={item.done}
                        autoComplete="off"
                      />
                      <label htmlFor={`check-${item.id}`}>{item.title}</label>
                      <button type="submit" aria-label={`Save ${item.title}`}>
                        Save
                      </button>
                    </form>
                    <ItemActions
                      item={item}
                      first={index === 0}
                      last={index === items.length - 1}
                      pathname={pathname}
                      search={search}
                    />
                  </>
                ) : (
                  <span className="pl-tick">
                    <input type="checkbox" id={`check-${item.id}`} checked={item.done} disabled readOnly />{" "}
                    <label htmlFor={`check-${item.id}`}>{item.title}</label>
                  </span>
                )}
              </li>
            ),
          )}
        </ul>
      ) : (
        <p className="pl-hint">No checklist items yet.</p>
      )}
      {canEdit ? (
        <AddItem action={pathname} refused={refused?.intent === "add-checklist-item" ? refused : undefined} />
      ) : null}
    </>
  );
}

/** The hidden fields every item form sends; `redirectTo` marks a plain post (see task-intents.server.ts). */
function ItemFields({ intent, id, back }: { intent: string; id: string; back: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="itemId" value={id} />
      <input type="hidden" name="redirectTo" value={back} />
    </>
  );
}

function ItemActions({
  item,
  first,
  last,
  pathname,
  search,
}: {
  item: Item;
  first: boolean;
  last: boolean;
  pathname: string;
  search: string;
}) {
  const rename = new URLSearchParams(search);
  rename.set("editItem", item.id);
  return (
    <div className="pl-item-actions">
      <form method="post" action={pathname}>
        <ItemFields intent="move-checklist-item" id={item.id} back={pathname} />
        <button type="submit" name="direction" value="up" disabled={first} aria-label={`Move ${item.title} up`}>
          Up
        </button>
        <button type="submit" name="direction" value="down" disabled={last} aria-label={`Move ${item.title} down`}>
          Down
        </button>
      </form>
      <Link to={`${pathname}?${rename}#item-${item.id}`} preventScrollReset aria-label={`Rename ${item.title}`}>
        Rename
      </Link>
      <form method="post" action={pathname}>
        <ItemFields intent="delete-checklist-item" id={item.id} back={pathname} />
        <button type="submit" aria-label={`Delete ${item.title}`}>
          Delete
        </button>
      </form>
    </div>
  );
}

function RenameItem({ item, action, refused }: { item: Item; action: string; refused?: Refusal }) {
  const cancel = new URLSearchParams(action.split("?")[1] ?? "");
  cancel.delete("editItem");
  const field = `rename-${item.id}`;
  return (
    <Form method="post" action={action} className="pl-rename" preventScrollReset>
      <ItemFields intent="rename-checklist-item" id={item.id} back={action.split("?")[0]!} />
      <div>
        <TitleField
          id={field}
          label={`Rename ${item.title}`}
          defaultValue={refused?.title ?? item.title}
          error={refused?.error}
        />
      </div>
      <button type="submit">Save</button>
      <Link to={`?${cancel}#item-${item.id}`} preventScrollReset>
        Cancel
      </Link>
    </Form>
  );
}

/** The add form without JavaScript: a plain post that comes back to the page. */
function AddItem({ action, refused }: { action: string; refused?: Refusal }) {
  return (
    <form method="post" action={action} className="pl-add">
      <input type="hidden" name="intent" value="add-checklist-item" />
      <input type="hidden" name="redirectTo" value={action} />
      <div>
        <TitleField
          id="new-checklist-item"
          label="New checklist item"
          defaultValue={refused?.title}
          error={refused?.error}
        />
      </div>
      <button type="submit">Add Item</button>
    </form>
  );
}

function TitleField({
  id,
  label,
  defaultValue,
  error,
  inputRef,
  onChange,
}: {
  id: string;
  label: string;
  defaultValue?: string;
  error?: string;
  inputRef?: RefObject<HTMLInputElement | null>;
  onChange?: () => void;
}) {
  return (
    <>
      <input
        ref={inputRef}
        type="text"
        id={id}
        name="title"
        aria-label={label}
        placeholder="Add an item…"
        required
        maxLength={CHECKLIST_TITLE_MAX}
        autoComplete="off"
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={onChange}
      />
      {error ? (
        <p id={`${id}-error`} className="pl-field-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
