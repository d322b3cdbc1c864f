import { lazy, Suspense, useState, useSyncExternalStore } from "react";

/**
 * "WEB-3 is blocked by WEB-1 Fix login (In Progress). Complete it anyway?" (issue 34): the
 * question a page asks when the server refuses to complete a blocked task (its move answered
 * `confirmBlocked`), wherever the move was made: a status chosen in place (task-edits.tsx),
 * a card dragged on the board (board-moves.ts). `askToCompleteBlocked(message)` shows it and
 * answers whether to complete it anyway; the caller then sends the move again with
 * `confirmBlocked=true`. One dialog for the app, mounted in the shell, its code loaded when
 * it is first needed. Without JavaScript the page shows the question and a "Complete anyway"
 * form instead (task-relations.tsx).
 */
type Question = { message: string; answer: (completeAnyway: boolean) => void };

let current: Question | null = null;
const listeners = new Set<() => void>();
function set(next: Question | null) {
  current = next;
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Asks; resolves true for "Complete anyway", false otherwise (a newer question answers an open one with false). */
export function askToCompleteBlocked(message: string): Promise<boolean> {
  current?.answer(false);
  return new Promise((resolve) => {
    const question: Question = {
      message,
      answer: (completeAnyway) => {
        if (current === question) set(null);
        resolve(completeAnyway);
      },
    };
    set(question);
  });
}

const QuestionDialog = lazy(() => import("./blocked-confirm-dialog"));

/** The dialog, mounted once in the app shell. */
export function BlockedCompletionQuestion() {
  const question = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  // Kept mounted after the first question, so it can play its closing transition.
  const [shown, setShown] = useState<Question | null>(null);
  if (question && question !== shown) setShown(question);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <QuestionDialog open={question !== null} message={shown.message} onAnswer={shown.answer} />
    </Suspense>
  );
}
