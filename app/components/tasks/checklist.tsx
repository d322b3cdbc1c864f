import { styled } from "@mui/material/styles";
import { useEffect, useRef } from "react";
import { Form, Link, useLocation } from "react-router";

import { useHydrated } from "~/utils/use-hydrated";
import { SectionCard } from "~/components/forms/section-card";
import { useFetcherForms } from "~/components/lists/fetcher-forms";
import { useAddFetcher } from "~/components/tasks/use-add-fetcher";
import { CHECKLIST_TITLE_MAX } from "~/validation/checklist";

/**
 * A task's checklist, with its progress ("2/5") in the title. Each item is a row of plain
 * elements styled once by `List` (docs/decisions/009): a checkbox in a small form whose
 * "Save" button posts it without JavaScript (with it, ticking submits at once through the
 * list's one fetcher handler, shown ticked while in flight), Up / Down / Delete buttons,
 * and a Rename link (`?editItem=<id>`) that shows a form in place of the item.
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
  return {
    display: "grid",
    gap: 12,
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
    "& input[type=checkbox]": { width: 18, height: 18, margin: 0, accentColor: palette.primary.main },
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
    "& .pl-add > div, & .pl-rename > div": { flexGrow: 1, minWidth: 200, display: "grid", gap: 4 },
    "& .pl-rename": { flexGrow: 1 },
    "& .pl-field-error": { margin: 0, fontSize: 13, color: palette.error.main },
    "& .pl-hint": { margin: 0, color: palette.text.secondary },
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
  const location = useLocation();
  // In the side panel the page is a project view: the forms and links still go to the task.
  const pathname = taskUrl;
  const search = location.pathname === taskUrl ? location.search : "";
  const forms = useFetcherForms();
  const hydrated = useHydrated();
  const { items } = checklist;
  // While a tick is in flight it shows as it will be; a deleted item is gone at once.
  const shown = items
    .filter((item) => forms.pending(`item-${item.id}`)?.get("intent") !== "delete-checklist-item")
    .map((item) => {
      const pending = forms.pending(`item-${item.id}`);
      return pending?.get("intent") === "toggle-checklist-item" ? { ...item, done: pending.has("done") } : item;
    });
  const done = shown.filter((item) => item.done).length;
  const editing = refused?.intent === "rename-checklist-item" ? refused.itemId : checklist.editing;
  return (
    <SectionCard title={`Checklist (${done}/${shown.length})`} id="task-checklist">
      <List onSubmit={forms.onSubmit}>
        {shown.length > 0 ? (
          <ul className="pl-items" aria-label="Checklist items">
            {shown.map((item, index) =>
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
                      <form method="post" action={pathname} data-fetcher={`item-${item.id}`} className="pl-tick">
                        <ItemFields intent="toggle-checklist-item" id={item.id} back={pathname} />
                        <TickBox id={item.id} done={item.done} />
                        <label htmlFor={`check-${item.id}`}>{item.title}</label>
                        {hydrated ? null : (
                          <button type="submit" aria-label={`Save ${item.title}`}>
                            Save
                          </button>
                        )}
                      </form>
                      <ItemActions
                        item={item}
                        first={index === 0}
                        last={index === shown.length - 1}
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
      </List>
    </SectionCard>
  );
}

/**
 * The item's checkbox. Left to the browser (a controlled one would spring back until the
 * fetcher's state arrives), it submits its form when changed, and follows the item's state
 * when the data changes underneath it (another member's tick, a refused one).
 */
function TickBox({ id, done }: { id: string; done: boolean }) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.checked = done;
  }, [done]);
  return (
    <input
      ref={box}
      type="checkbox"
      id={`check-${id}`}
      name="done"
      defaultChecked={done}
      onChange={(event) => event.currentTarget.form?.requestSubmit()}
    />
  );
}

/** The hidden fields every item form sends; `redirectTo` marks a plain post (see task-sections.server.ts). */
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
      <form method="post" action={pathname} data-fetcher={`move-${item.id}`}>
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
      <form method="post" action={pathname} data-fetcher={`item-${item.id}`}>
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

/** The add form: a plain post, or with JavaScript a fetcher that clears the field once saved. */
function AddItem({ action, refused }: { action: string; refused?: Refusal }) {
  const { form, answer } = useAddFetcher<{ ok?: true; checklistRefused?: Refusal }>("add-checklist-item");
  const error = answer?.checklistRefused?.error ?? refused?.error;
  return (
    <form ref={form} method="post" action={action} data-fetcher="add-checklist-item" className="pl-add">
      <input type="hidden" name="intent" value="add-checklist-item" />
      <input type="hidden" name="redirectTo" value={action} />
      <div>
        <TitleField id="new-checklist-item" label="New checklist item" defaultValue={refused?.title} error={error} />
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
}: {
  id: string;
  label: string;
  defaultValue?: string;
  error?: string;
}) {
  return (
    <>
      <input
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
      />
      {error ? (
        <p id={`${id}-error`} className="pl-field-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
