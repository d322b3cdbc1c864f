import Tooltip from "@mui/material/Tooltip";
import { styled } from "@mui/material/styles";
import {
  Fragment,
  useEffect,
  useId,
  useRef,
  useState,
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
  type ReactElement,
} from "react";
import { useFetcher } from "react-router";

import {
  AttachFile,
  CheckBoxOutlined,
  Code,
  FormatBold,
  FormatItalic,
  FormatListBulleted,
  FormatListNumbered,
  FormatQuote,
  Link,
} from "~/components/icons/material";
import { uploadAttachment } from "~/components/tasks/attachment-uploads";
import {
  continueList,
  fileMarkdown,
  formatMarkdown,
  uploadingMarkdown,
  type MarkdownFormat,
  type TextEdit,
} from "~/components/tasks/markdown-format";
import { showToast } from "~/utils/client-toast";

/**
 * The description's Markdown editor (loaded on first use by task-description.tsx): Write and
 * Preview tabs, a toolbar whose buttons and shortcuts (Ctrl/Cmd+B, I, K) format the
 * selection, lists that continue on Enter, and files pasted, dropped or chosen attached to
 * the task and put in the text. It saves when the focus leaves it or on Ctrl+Enter, and
 * Escape cancels. The Preview is the server's own rendering of the text (the same sanitizer
 * as the saved description), asked for through a fetcher that reloads nothing.
 */
const Editor = styled("div")(({ theme }) => {
  const { palette } = theme.vars;
  return {
    display: "grid",
    gap: 6,
    "& .pl-editor-box": {
      borderRadius: 8,
      border: `1px solid ${palette.primary.main}`,
      background: palette.background.paper,
      overflow: "hidden",
    },
    "& .pl-editor-box[data-dragging]": { outline: `2px dashed ${palette.primary.main}`, outlineOffset: 2 },
    "& .pl-editor-bar": {
      display: "flex",
      flexWrap: "wrap",
      alignItems: "center",
      justifyContent: "space-between",
      gap: 4,
      padding: "4px 6px",
      borderBottom: `1px solid ${palette.divider}`,
      background: palette.action.hover,
    },
    "& [role=tablist]": { display: "flex", gap: 2 },
    "& [role=tab]": {
      font: "inherit",
      fontSize: 13,
      fontWeight: 600,
      padding: "4px 10px",
      borderRadius: 6,
      border: 0,
      background: "none",
      color: palette.text.secondary,
      cursor: "pointer",
      "&:hover": { color: palette.text.primary },
      "&[aria-selected=true]": { background: palette.background.paper, color: palette.text.primary },
      "&:focus-visible": { outline: `2px solid ${palette.primary.main}`, outlineOffset: -2 },
    },
    "& [role=toolbar]": { display: "flex", flexWrap: "wrap", alignItems: "center", gap: 2 },
    "& [role=toolbar] button": {
      display: "inline-grid",
      placeItems: "center",
      width: 30,
      height: 30,
      padding: 0,
      borderRadius: 6,
      border: 0,
      background: "none",
      color: palette.text.secondary,
      cursor: "pointer",
      "& svg": { fontSize: 20 },
      "&:hover": { background: palette.action.selected, color: palette.text.primary },
      "&:focus-visible": { outline: `2px solid ${palette.primary.main}`, outlineOffset: -2 },
    },
    "& .pl-editor-sep": { width: 1, height: 18, margin: "0 4px", background: palette.divider },
    "& textarea": {
      display: "block",
      width: "100%",
      boxSizing: "border-box",
      font: "inherit",
      fontSize: 15,
      lineHeight: 1.5,
      padding: 10,
      minHeight: 180,
      // It grows with the text (fitToText), up to most of the screen, then scrolls.
      maxHeight: "70vh",
      resize: "none",
      border: 0,
      background: "transparent",
      color: palette.text.primary,
      outline: "none",
    },
    "& .pl-editor-preview": {
      minHeight: 180,
      padding: "10px 12px",
      overflowWrap: "anywhere",
      "&:focus-visible": { outline: `2px solid ${palette.primary.main}`, outlineOffset: -2 },
    },
    "& .pl-editor-rendered > :first-child": { marginTop: 0 },
    "& .pl-editor-rendered > :last-child": { marginBottom: 0 },
    "& .pl-editor-preview[aria-busy=true]": { opacity: 0.6 },
    "& .pl-editor-empty": { margin: 0, color: palette.text.secondary },
    "& .pl-editor-hint": { margin: 0, fontSize: 12, color: palette.text.secondary },
    "& .pl-editor-hint[data-busy]": { color: palette.text.primary },
    "& .pl-sr-only": {
      position: "absolute",
      width: 1,
      height: 1,
      overflow: "hidden",
      clip: "rect(0 0 0 0)",
      whiteSpace: "nowrap",
    },
  };
});

type Tool = { format: MarkdownFormat; label: string; key?: string; icon: ReactElement };

const TOOLS: Tool[][] = [
  [
    { format: "bold", label: "Bold", key: "B", icon: <FormatBold /> },
    { format: "italic", label: "Italic", key: "I", icon: <FormatItalic /> },
    { format: "code", label: "Code", icon: <Code /> },
    { format: "link", label: "Link", key: "K", icon: <Link /> },
  ],
  [
    { format: "bulleted", label: "Bulleted list", icon: <FormatListBulleted /> },
    { format: "numbered", label: "Numbered list", icon: <FormatListNumbered /> },
    { format: "checklist", label: "Checklist item", icon: <CheckBoxOutlined /> },
    { format: "quote", label: "Quote", icon: <FormatQuote /> },
  ],
];
const SHORTCUTS: Record<string, MarkdownFormat> = { b: "bold", i: "italic", k: "link" };

/** What the tooltips name the modifier: ⌘ on Apple systems, Ctrl elsewhere. */
function modifierName() {
  return typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform) ? "⌘" : "Ctrl+";
}

/**
 * Puts `edit` into the textarea as typing would, so the browser's undo takes it back in one
 * step and React's input events fire; where `execCommand` is missing, `setRangeText` does it.
 */
function applyEdit(area: HTMLTextAreaElement, edit: Pick<TextEdit, "from" | "to" | "insert">) {
  const expected = area.value.slice(0, edit.from) + edit.insert + area.value.slice(edit.to);
  if (document.activeElement !== area) area.focus();
  area.setSelectionRange(edit.from, edit.to);
  let done = false;
  // execCommand types into whatever has the focus: only ever the textarea (a hidden one cannot take it).
  if (document.activeElement === area) {
    try {
      if (edit.insert !== "") done = document.execCommand("insertText", false, edit.insert);
      else done = edit.from === edit.to || document.execCommand("delete");
    } catch {
      done = false;
    }
  }
  if (!done || area.value !== expected) {
    area.value = expected;
    area.dispatchEvent(new Event("input", { bubbles: true }));
  }
}

/** The textarea as tall as its text (within its CSS bounds), so the whole description shows while it is edited. */
function fitToText(area: HTMLTextAreaElement) {
  area.style.height = "auto";
  area.style.height = `${area.scrollHeight + 2}px`;
}

/** Replaces a stretch of the text somewhere else than the caret, leaving the person's selection where it was. */
function replaceElsewhere(area: HTMLTextAreaElement, from: number, to: number, insert: string) {
  const { selectionStart, selectionEnd } = area;
  const moved = (at: number) => (at >= to ? at + insert.length - (to - from) : at > from ? from + insert.length : at);
  const focused = document.activeElement === area;
  if (focused) applyEdit(area, { from, to, insert });
  else {
    area.setRangeText(insert, from, to);
    area.dispatchEvent(new Event("input", { bubbles: true }));
  }
  area.setSelectionRange(moved(selectionStart), moved(selectionEnd));
}

/** Files a paste or a drop carries: a paste of text (which may come with a picture of it) is text. */
function filesOf(data: DataTransfer | null) {
  if (!data || data.files.length === 0) return [];
  if (data.types.includes("text/plain") && data.getData("text/plain") !== "") return [];
  return Array.from(data.files);
}

function looksLikeImage(file: File) {
  return /^image\/(png|jpeg|gif|webp|avif)$/.test(file.type);
}

export default function DescriptionEditor({
  taskUrl,
  initial,
  onClose,
}: {
  taskUrl: string;
  initial: string;
  /** The text to save (null: cancelled), and whether the focus goes back to the description. */
  onClose: (next: string | null, returnFocus: boolean) => void;
}) {
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const [tab, setTab] = useState<"write" | "preview">("write");
  const [uploading, setUploading] = useState(0);
  const [dragging, setDragging] = useState(false);
  const [toolIndex, setToolIndex] = useState(0);
  /** A press inside the editor (on a tab, the preview) is not the focus leaving it. */
  const pressedInside = useRef(false);
  /** Asked to save while files were still uploading: saved once they are in the text. */
  const saveWhenUploaded = useRef<null | { returnFocus: boolean }>(null);
  const closed = useRef(false);
  const preview = useFetcher<{ html?: string; error?: string }>();
  /** The text the Preview shows, and the last one sent to be rendered. */
  const [previewText, setPreviewText] = useState("");
  const rendered = useRef<string | null>(null);
  const mod = modifierName();

  useEffect(() => {
    const textarea = area.current;
    if (!textarea) return;
    fitToText(textarea);
    textarea.focus();
    textarea.setSelectionRange(textarea.value.length, textarea.value.length);
  }, []);
  useEffect(() => {
    const release = () => void (pressedInside.current = false);
    window.addEventListener("pointerup", release);
    return () => window.removeEventListener("pointerup", release);
  }, []);

  const finish = (keep: boolean, returnFocus: boolean) => {
    if (closed.current) return;
    if (keep && uploading > 0) {
      saveWhenUploaded.current = { returnFocus };
      return;
    }
    closed.current = true;
    onClose(keep ? (area.current?.value.trim() ?? initial) : null, returnFocus);
  };
  const finishRef = useRef(finish);
  useEffect(() => {
    finishRef.current = finish;
  });
  useEffect(() => {
    const waiting = saveWhenUploaded.current;
    if (uploading > 0 || !waiting) return;
    saveWhenUploaded.current = null;
    // Saved on leaving: only if the focus is still away (it may have come back to go on writing).
    if (!waiting.returnFocus && box.current?.contains(document.activeElement)) return;
    finishRef.current(true, waiting.returnFocus);
  }, [uploading]);

  const format = (what: MarkdownFormat) => {
    const textarea = area.current;
    if (!textarea) return;
    if (tab !== "write") setTab("write");
    const { value, selectionStart: start, selectionEnd: end } = textarea;
    const edit = formatMarkdown({ text: value, start, end }, what);
    applyEdit(textarea, edit);
    textarea.setSelectionRange(edit.selectStart, edit.selectEnd);
  };

  const attach = (files: File[]) => {
    const textarea = area.current;
    if (!textarea || files.length === 0) return;
    setTab("write");
    for (const file of files) {
      const placeholder = uploadingMarkdown(file.name, looksLikeImage(file));
      const { selectionStart: start, selectionEnd: end, value } = textarea;
      // On a line of its own when it would otherwise run into the text around it.
      const before = start > 0 && value[start - 1] !== "\n" ? " " : "";
      applyEdit(textarea, { from: start, to: end, insert: `${before}${placeholder}` });
      setUploading((count) => count + 1);
      void uploadAttachment(taskUrl, file).then((result) => {
        const current = area.current;
        if (current) {
          const at = current.value.indexOf(placeholder);
          if (at !== -1) {
            const text = result.ok
              ? fileMarkdown(result.attachment.fileName, result.attachment.url, result.attachment.image)
              : "";
            replaceElsewhere(current, at, at + placeholder.length, text);
          }
        }
        if (!result.ok) {
          showToast({ title: `${file.name} was not attached`, description: result.error, variant: "error" });
        }
        setUploading((count) => count - 1);
      });
    }
  };

  const showPreview = () => {
    const text = area.current?.value ?? "";
    setTab("preview");
    setPreviewText(text);
    if (text.trim() === "" || text === rendered.current) return;
    rendered.current = text;
    void preview.submit(
      { intent: "preview-description", via: "fetcher", description: text },
      // Nothing is written: no loader needs to run again.
      { method: "post", action: taskUrl, defaultShouldRevalidate: false, preventScrollReset: true },
    );
  };
  const choose = (next: "write" | "preview", focusTab: boolean) => {
    if (next === "preview") showPreview();
    else setTab("write");
    if (focusTab) document.getElementById(`${id}-${next}-tab`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    const modifier = event.ctrlKey || event.metaKey;
    if (event.key === "Enter" && modifier) {
      event.preventDefault();
      finish(true, true);
      return;
    }
    if (event.key === "Escape") {
      event.stopPropagation();
      finish(false, true);
      return;
    }
    const shortcut = modifier && !event.altKey && !event.shiftKey ? SHORTCUTS[event.key.toLowerCase()] : undefined;
    if (shortcut) {
      // Not the browser's bookmark or the command palette (Ctrl+K): the text's.
      event.preventDefault();
      event.stopPropagation();
      format(shortcut);
      return;
    }
    if (event.key === "Enter" && !modifier && !event.shiftKey && !event.altKey) {
      const textarea = event.currentTarget;
      const edit = continueList({
        text: textarea.value,
        start: textarea.selectionStart,
        end: textarea.selectionEnd,
      });
      if (!edit) return;
      event.preventDefault();
      applyEdit(textarea, edit);
      textarea.setSelectionRange(edit.selectStart, edit.selectEnd);
    }
  };

  const tools = TOOLS.flat();
  const onToolbarKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    const jump = event.key === "Home" ? 0 : event.key === "End" ? tools.length : null;
    if (!step && jump === null) return;
    event.preventDefault();
    const next = jump ?? (toolIndex + step + tools.length + 1) % (tools.length + 1);
    const index = Math.min(next, tools.length);
    setToolIndex(index);
    event.currentTarget.querySelectorAll<HTMLButtonElement>("button")[index]?.focus();
  };
  const answer = preview.state === "idle" ? preview.data : undefined;
  const busy = preview.state !== "idle";
  return (
    <Editor
      onPointerDown={() => void (pressedInside.current = true)}
      onBlur={(event) => {
        const next = event.relatedTarget;
        if (next instanceof Node && event.currentTarget.contains(next)) return;
        if (pressedInside.current) return;
        // The window losing the focus (another tab, the file picker's dialog) is not leaving the editor.
        if (!document.hasFocus()) return;
        finish(true, false);
      }}
    >
      <div
        className="pl-editor-box"
        ref={box}
        data-dragging={dragging || undefined}
        // A file dropped anywhere on the editor is attached (the browser would otherwise open it).
        onDragOver={(event: DragEvent<HTMLDivElement>) => {
          if (!event.dataTransfer.types.includes("Files")) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = "copy";
          setDragging(true);
        }}
        onDragLeave={(event) => {
          if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) {
            setDragging(false);
          }
        }}
        onDrop={(event: DragEvent<HTMLDivElement>) => {
          setDragging(false);
          const files = filesOf(event.dataTransfer);
          if (files.length === 0) return;
          event.preventDefault();
          area.current?.focus();
          attach(files);
        }}
      >
        <div className="pl-editor-bar">
          <div role="tablist" aria-label="Description editor">
            {(["write", "preview"] as const).map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                id={`${id}-${name}-tab`}
                aria-controls={`${id}-${name}`}
                aria-selected={tab === name}
                tabIndex={tab === name ? 0 : -1}
                onClick={(event) => {
                  event.currentTarget.focus();
                  choose(name, false);
                }}
                onKeyDown={(event) => {
                  if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
                  event.preventDefault();
                  choose(name === "write" ? "preview" : "write", true);
                }}
              >
                {name === "write" ? "Write" : "Preview"}
              </button>
            ))}
          </div>
          {tab === "write" ? (
            <div role="toolbar" aria-label="Formatting" aria-controls={`${id}-text`} onKeyDown={onToolbarKey}>
              {TOOLS.map((group, groupIndex) => (
                <Fragment key={groupIndex}>
                  {groupIndex > 0 ? <span className="pl-editor-sep" aria-hidden="true" /> : null}
                  {group.map((tool) => (
                    <ToolButton
                      key={tool.format}
                      label={tool.label}
                      tip={tool.key ? `${tool.label} (${mod}${tool.key})` : tool.label}
                      shortcut={tool.key}
                      active={tools.indexOf(tool) === toolIndex}
                      onFocus={() => setToolIndex(tools.indexOf(tool))}
                      onClick={() => format(tool.format)}
                    >
                      {tool.icon}
                    </ToolButton>
                  ))}
                </Fragment>
              ))}
              <span className="pl-editor-sep" aria-hidden="true" />
              <ToolButton
                label="Attach files"
                tip="Attach files (or paste, or drop them here)"
                active={toolIndex === tools.length}
                onFocus={() => setToolIndex(tools.length)}
                onClick={() => picker.current?.click()}
              >
                <AttachFile />
              </ToolButton>
              <input
                ref={picker}
                type="file"
                multiple
                hidden
                tabIndex={-1}
                aria-hidden="true"
                onChange={(event) => {
                  attach(Array.from(event.currentTarget.files ?? []));
                  event.currentTarget.value = "";
                }}
              />
            </div>
          ) : null}
        </div>
        <div role="tabpanel" id={`${id}-write`} aria-labelledby={`${id}-write-tab`} hidden={tab !== "write"}>
          <textarea
            ref={area}
            id={`${id}-text`}
            aria-label="Description"
            aria-describedby={`${id}-hint`}
            defaultValue={initial}
            maxLength={20_000}
            onKeyDown={onKeyDown}
            onInput={(event) => fitToText(event.currentTarget)}
            onPaste={(event: ClipboardEvent<HTMLTextAreaElement>) => {
              const files = filesOf(event.clipboardData);
              if (files.length === 0) return;
              event.preventDefault();
              attach(files);
            }}
          />
        </div>
        <div
          role="tabpanel"
          id={`${id}-preview`}
          aria-labelledby={`${id}-preview-tab`}
          hidden={tab !== "preview"}
          tabIndex={0}
          aria-busy={busy}
          className="pl-editor-preview pl-markdown"
        >
          {tab !== "preview" ? null : previewText.trim() === "" ? (
            <p className="pl-editor-empty">Nothing to preview.</p>
          ) : answer?.error ? (
            <p className="pl-editor-empty" role="alert">
              {answer.error}
            </p>
          ) : answer?.html !== undefined ? (
            // Rendered and sanitized on the server, as the saved description is: safe to insert as HTML.
            <div className="pl-editor-rendered" dangerouslySetInnerHTML={{ __html: answer.html }} />
          ) : (
            <p className="pl-editor-empty">Loading preview…</p>
          )}
        </div>
      </div>
      <p id={`${id}-hint`} className="pl-editor-hint" data-busy={uploading > 0 || undefined} aria-live="polite">
        {uploading > 0
          ? `Uploading ${uploading === 1 ? "a file" : `${uploading} files`}… it goes into the text when it is attached.`
          : `Markdown · paste or drop files to attach them · ${mod}Enter or click away to save · Esc to cancel`}
      </p>
    </Editor>
  );
}

/** A toolbar button: an icon named by its label, the tooltip adding its shortcut; one tab stop for the bar. */
function ToolButton({
  label,
  tip,
  shortcut,
  active,
  onFocus,
  onClick,
  children,
}: {
  label: string;
  tip: string;
  shortcut?: string;
  active: boolean;
  onFocus: () => void;
  onClick: () => void;
  children: ReactElement;
}) {
  return (
    <Tooltip title={tip} describeChild disableInteractive>
      <button
        type="button"
        aria-label={label}
        aria-keyshortcuts={shortcut ? `Control+${shortcut} Meta+${shortcut}` : undefined}
        tabIndex={active ? 0 : -1}
        // The textarea keeps the focus and its selection.
        onMouseDown={(event) => event.preventDefault()}
        onFocus={onFocus}
        onClick={onClick}
      >
        {children}
      </button>
    </Tooltip>
  );
}
