import type { Theme } from "@mui/material/styles";
import { createContext, useContext, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useFetcher } from "react-router";

import {
  describeDay,
  EMPTY_VOCABULARY,
  MAX_QUICK_ADD_LENGTH,
  parseQuickAdd,
  type QuickAddToken,
  type QuickAddVocabulary,
} from "~/utils/quick-add-syntax";

/**
 * Adds a task to a status from one line: `Fix login @sam !high #bug due:fri`
 * (app/utils/quick-add-syntax.ts). Without JavaScript it is a plain form that posts to the
 * project page, which parses the line and comes back to the view (a refusal beside the
 * field, with what was typed). With JavaScript a row of chips under the field shows what the
 * line will set as it is typed, and Enter sends the line through a fetcher and empties the
 * field at once, the focus staying in it for the next task: lines typed while one is on its
 * way are sent after it, in order; a refused line comes back to the field (when it is still
 * empty) with the server's reason. Unstyled but for the preview (`quickAddStyles`, in the
 * theme stylesheet): the view that renders it styles `.pl-quick-add` and `.pl-field-error`
 * once (docs/decisions/009).
 */
export type QuickAddSetup = {
  /** The project's workspace's members and labels, for the preview (the server reads them again). */
  vocabulary: QuickAddVocabulary;
  /** `YYYY-MM-DD`, the loader's today: what `due:tomorrow` counts from. */
  today: string;
};

const QuickAddContext = createContext<QuickAddSetup>({ vocabulary: EMPTY_VOCABULARY, today: "" });

/** Given once by the project page around its views, so the lists between need not pass it on. */
export function QuickAddProvider({
  vocabulary,
  today,
  children,
}: {
  /** Null where the page has no quick add (other views, viewers). */
  vocabulary: QuickAddVocabulary | null;
  today: string;
  children: ReactNode;
}) {
  const setup = useMemo(() => ({ vocabulary: vocabulary ?? EMPTY_VOCABULARY, today }), [vocabulary, today]);
  return <QuickAddContext.Provider value={setup}>{children}</QuickAddContext.Provider>;
}

type Refusal = { title: string; error: string };
/** The `create-task` intent's answer to a fetcher. */
type Answer = { created?: { key: string; title: string }; quickAdd?: Refusal };
type Line = { fields: Record<string, string> };

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
  /** A refused line posted without JavaScript: what was typed, and why. */
  refused?: Refusal;
}) {
  const { vocabulary, today } = useContext(QuickAddContext);
  const inputId = `add-${view}-${statusId}`;
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(refused?.title ?? "");
  // undefined: nothing sent from here yet, so the page's refusal (if any) stands.
  const [refusal, setRefusal] = useState<Refusal | null | undefined>(undefined);
  const [announcement, setAnnouncement] = useState("");
  const [queue, setQueue] = useState<Line[]>([]);
  const fetcher = useFetcher<Answer>({ key: `quick-add-${view}-${statusId}` });
  const sent = useRef<Line | null>(null);
  // A line refused while the field is empty comes back to it (written by the effect below).
  const [restore, setRestore] = useState<{ text: string } | null>(null);

  // The server's answer to the line at the head of the queue, once its loaders have run again.
  const [answered, setAnswered] = useState(fetcher.data);
  if (fetcher.state === "idle" && fetcher.data !== answered) {
    const answer = fetcher.data;
    setAnswered(answer);
    setQueue((lines) => lines.slice(1));
    if (answer?.created) setAnnouncement(`Added ${answer.created.key} ${answer.created.title}`);
    else if (answer?.quickAdd) {
      setRefusal(answer.quickAdd);
      if (text === "") {
        setText(answer.quickAdd.title);
        setRestore({ text: answer.quickAdd.title });
      }
    }
  }
  useEffect(() => {
    const field = input.current;
    if (restore && field && field.value === "") field.value = restore.text;
  }, [restore]);

  // One line at a time, in the order typed, so the tasks are numbered and placed in that order.
  useEffect(() => {
    const next = queue[0];
    // Sent and not yet answered (an effect that runs twice must not send it twice).
    if (!next || sent.current === next || fetcher.state !== "idle") return;
    sent.current = next;
    void fetcher.submit(next.fields, { method: "post" });
  }, [fetcher, queue]);

  const preview = useMemo(() => parseQuickAdd(text, vocabulary, today), [text, vocabulary, today]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const field = input.current;
    if (!field) return;
    const line = field.value;
    field.focus();
    if (!parseQuickAdd(line, vocabulary, today).title) {
      setRefusal({ title: line, error: "Enter a task title" });
      return;
    }
    const fields = Object.fromEntries(
      [...new FormData(event.currentTarget)].map(([name, value]) => [name, String(value)]),
    );
    setRefusal(null);
    setQueue((lines) => [...lines, { fields: { ...fields, via: "fetcher" } }]);
    field.value = "";
    setText("");
  }

  const shown = refusal === undefined ? refused : refusal;
  const errorId = `${inputId}-error`;
  const previewId = `${inputId}-preview`;
  const describedBy = [shown ? errorId : null, preview.tokens.length > 0 ? previewId : null].filter(Boolean);
  return (
    <>
      <form method="post" className="pl-quick-add" onSubmit={onSubmit} aria-busy={queue.length > 0 || undefined}>
        <input type="hidden" name="intent" value="create-task" />
        <input type="hidden" name="statusId" value={statusId} />
        <input type="hidden" name="view" value={view} />
        <input
          ref={input}
          id={inputId}
          type="text"
          name="title"
          placeholder="Add a task…"
          title="Add a task. @name assigns, !high sets the priority, #label labels, due:fri sets the due date."
          aria-label={`New task in ${statusName}`}
          autoComplete="off"
          maxLength={MAX_QUICK_ADD_LENGTH}
          defaultValue={refused?.title}
          onChange={(event) => setText(event.currentTarget.value)}
          aria-invalid={shown ? true : undefined}
          aria-describedby={describedBy.length > 0 ? describedBy.join(" ") : undefined}
        />
        <button type="submit">Add</button>
      </form>
      {preview.tokens.length > 0 ? (
        <ul id={previewId} className="pl-quick-preview" aria-label="The new task gets">
          {preview.tokens.map((token) => (
            <li key={`${token.kind}-${token.text}`} data-kind={token.kind}>
              <PreviewChip token={token} today={today} />
            </li>
          ))}
        </ul>
      ) : null}
      {shown ? (
        <p id={errorId} className="pl-field-error" role="alert">
          {shown.error}
          {shown.title && shown.title !== text ? ` (“${shown.title}”)` : null}
        </p>
      ) : null}
      {/* A polite live region without the status role: one per column, and the page's toasts are its status. */}
      <p className="pl-sr-only" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}

const PRIORITY_NAMES = { urgent: "Urgent", high: "High", medium: "Medium", low: "Low" } as const;

function PreviewChip({ token, today }: { token: QuickAddToken; today: string }) {
  switch (token.kind) {
    case "assignee":
      return (
        <>
          <span className="pl-quick-kind">Assignee</span> {token.name}
        </>
      );
    case "priority":
      return (
        <>
          <span className="pl-quick-kind">Priority</span>{" "}
          <span data-priority={token.priority}>{PRIORITY_NAMES[token.priority]}</span>
        </>
      );
    case "label":
      return (
        <>
          <span className="pl-quick-kind">Label</span>{" "}
          <span className="pl-label" data-color={token.color}>
            {token.name}
          </span>
        </>
      );
    case "due":
      return (
        <>
          <span className="pl-quick-kind">Due</span> <time dateTime={token.date}>{describeDay(token.date, today)}</time>
        </>
      );
  }
}

/** The preview's chips, in the theme stylesheet (app/theme/static-styles.ts): plain elements, one set of rules. */
export function quickAddStyles(theme: Theme) {
  const { palette } = theme.vars;
  return {
    ".pl-quick-preview": {
      display: "flex",
      flexWrap: "wrap",
      gap: 6,
      listStyle: "none",
      margin: "6px 0 0",
      padding: 0,
      fontSize: 12,
      lineHeight: "18px",
    },
    ".pl-quick-preview > li": {
      display: "inline-flex",
      alignItems: "center",
      gap: 4,
      maxWidth: "100%",
      padding: "2px 8px",
      borderRadius: 12,
      border: `1px solid ${palette.divider}`,
      background: palette.background.paper,
      color: palette.text.primary,
      overflowWrap: "anywhere",
    },
    ".pl-quick-preview .pl-quick-kind": { color: palette.text.secondary },
    ".pl-quick-preview [data-priority=urgent], .pl-quick-preview [data-priority=high]": {
      color: palette.warning.main,
      fontWeight: 600,
    },
  } as const;
}
