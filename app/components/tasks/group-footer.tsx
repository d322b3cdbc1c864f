import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";

/**
 * Adds a task to a status by its title: a plain form that posts to the project page. A
 * refused title comes back beside the field with what was typed. Unstyled: the view that
 * renders it styles `.pl-quick-add` and `.pl-field-error` once (docs/decisions/009).
 */
export function QuickAdd({
  statusId,
  statusName,
  view,
  refused,
}: {
  statusId: string;
  statusName: string;
  /** The view to come back to. */
  view: "board" | "list";
  refused?: { title: string; error: string };
}) {
  const inputId = `add-${view}-${statusId}`;
  const form = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const adding =
    navigation.formData?.get("intent") === "create-task" && navigation.formData.get("statusId") === statusId;
  const wasAdding = useRef(false);
  // With JavaScript the form stays on the page: once its task is added, empty it for the next.
  useEffect(() => {
    if (adding) wasAdding.current = true;
    else if (wasAdding.current) {
      wasAdding.current = false;
      if (!refused) form.current?.reset();
    }
  }, [adding, refused]);
  return (
    <>
      <Form method="post" className="pl-quick-add" ref={form}>
        <input type="hidden" name="intent" value="create-task" />
        <input type="hidden" name="statusId" value={statusId} />
        <input type="hidden" name="view" value={view} />
        <input
          id={inputId}
          type="text"
          name="title"
          placeholder="Add a task…"
          aria-label={`New task in ${statusName}`}
          maxLength={200}
          defaultValue={refused?.title}
          aria-invalid={refused ? true : undefined}
          aria-describedby={refused ? `${inputId}-error` : undefined}
        />
        <button type="submit">Add</button>
      </Form>
      {refused ? (
        <p id={`${inputId}-error`} className="pl-field-error" role="alert">
          {refused.error}
        </p>
      ) : null}
    </>
  );
}

/**
 * Under a status's cards or rows: "Show more" when the server sent only the first page (a
 * GET to `moreHref`), then the quick add for those who may add tasks.
 */
export function GroupFooter({
  shown,
  total,
  moreHref,
  canEdit,
  ...quickAdd
}: {
  shown: number;
  total: number;
  moreHref: string;
  canEdit: boolean;
} & Parameters<typeof QuickAdd>[0]) {
  return (
    <>
      {shown < total ? (
        <Link className="pl-more" to={moreHref} preventScrollReset>
          Show more ({total - shown})
        </Link>
      ) : null}
      {canEdit ? <QuickAdd {...quickAdd} /> : null}
    </>
  );
}
