import { styled } from "@mui/material/styles";
import { lazy, Suspense, useEffect, useRef, useState } from "react";

import type { TaskPatch } from "~/components/tasks/fields/task-edits";

/** The editor (toolbar, preview, file uploads) is loaded when the description is first edited. */
const loadEditor = () => import("~/components/tasks/description-editor");
const DescriptionEditor = lazy(loadEditor);

/**
 * The description's section, styled once: the rendered Markdown (which a click turns into
 * the editor), and the editor itself (description-editor.tsx renders inside it).
 */
const Section = styled("section")(({ theme }) => {
  const { palette } = theme.vars;
  return {
    "& .pl-desc": {
      display: "block",
      width: "calc(100% + 16px)",
      margin: "0 -8px",
      padding: "6px 8px",
      borderRadius: 8,
      border: "1px solid transparent",
      background: "none",
      color: "inherit",
      font: "inherit",
      textAlign: "left",
      overflowWrap: "anywhere",
      "& > :first-of-type": { marginTop: 0 },
      "& > :last-child": { marginBottom: 0 },
    },
    "& .pl-desc[data-editable]": {
      cursor: "text",
      "&:hover": { borderColor: palette.divider },
      "&:focus-visible": { outline: `2px solid ${palette.primary.main}`, outlineOffset: 0 },
    },
    "& .pl-desc-empty": { color: palette.text.secondary },
    "& .pl-desc-pending": { whiteSpace: "pre-wrap" },
    // Pictures in the text (the task's own attachments): never wider than the column.
    "& .pl-markdown img": { maxWidth: "100%", height: "auto", borderRadius: 6, verticalAlign: "middle" },
    "& .pl-markdown pre": { overflowX: "auto" },
    "& .pl-markdown blockquote": {
      margin: "0 0 16px",
      padding: "0 12px",
      borderLeft: `3px solid ${palette.divider}`,
      color: palette.text.secondary,
    },
    "& .pl-markdown .contains-task-list": { listStyle: "none", paddingLeft: 4 },
  };
});

/**
 * The description once, rendered; with JavaScript a click (or Enter) turns it into a Markdown
 * editor with a toolbar, a preview and file uploads, that saves on leaving or Ctrl+Enter
 * (Escape cancels). While a save is in flight the typed text shows.
 */
export function TaskDescription({
  taskUrl,
  html,
  markdown,
  pending,
  editable,
  onSave,
}: {
  /** The task's page, where the editor's uploads and preview post. */
  taskUrl: string;
  /** Rendered and sanitized on the server (renderUserMarkdown). */
  html: string;
  markdown: string;
  /** The text of a save in flight. */
  pending?: string;
  editable: boolean;
  onSave: (patch: TaskPatch) => void;
}) {
  const [editing, setEditing] = useState(false);
  const view = useRef<HTMLElement>(null);
  const focusView = useRef(false);
  useEffect(() => {
    if (editing || !focusView.current) return;
    focusView.current = false;
    view.current?.focus();
  }, [editing]);
  const close = (next: string | null, returnFocus: boolean) => {
    focusView.current = returnFocus;
    setEditing(false);
    if (next !== null && next !== markdown.trim()) onSave({ description: next });
  };
  const edit = () => setEditing(true);
  // Hovering or focusing the text fetches the editor, so it opens at once on the click.
  const preload = editable ? () => void loadEditor() : undefined;
  let body;
  if (editing) {
    body = (
      <Suspense fallback={<div className="pl-desc pl-desc-pending">{pending ?? markdown}</div>}>
        <DescriptionEditor taskUrl={taskUrl} initial={pending ?? markdown} onClose={close} />
      </Suspense>
    );
  } else if (pending !== undefined) {
    body = <div className="pl-desc pl-desc-pending">{pending}</div>;
  } else if (!markdown) {
    body = editable ? (
      <button
        type="button"
        ref={(element) => void (view.current = element)}
        className="pl-desc pl-desc-empty"
        data-editable
        onClick={edit}
        onPointerEnter={preload}
        onFocus={preload}
      >
        Add a description…
      </button>
    ) : null;
  } else {
    body = (
      <div
        ref={(element) => void (view.current = element)}
        className="pl-desc pl-markdown"
        data-editable={editable || undefined}
        role={editable ? "button" : undefined}
        tabIndex={editable ? 0 : undefined}
        aria-label={editable ? "Description: click to edit" : undefined}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={(event) => {
          // A link inside the description is followed, not edited.
          if (!editable || (event.target instanceof Element && event.target.closest("a"))) return;
          edit();
        }}
        onKeyDown={(event) => {
          if (editable && event.key === "Enter" && event.target === event.currentTarget) edit();
        }}
        // Rendered and sanitized on the server (GitHub's schema, own images only): safe to insert as HTML.
        dangerouslySetInnerHTML={{ __html: html }}
      />
    );
  }
  return <Section aria-label="Description">{body}</Section>;
}
