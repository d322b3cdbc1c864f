/**
 * A task's parent as a form names it: a task key typed by hand ("WEB-3", any case; the
 * form without JavaScript) or a public id (the popover's choice), and empty for none.
 * Bounded before anything looks it up.
 */
export const MAX_PARENT_REFERENCE = 40;

export type ParentReference = { key: { project: string; number: number } } | { id: string };

const TASK_KEY = /^([A-Za-z][A-Za-z0-9]{1,9})-(\d{1,9})$/;
const PUBLIC_ID = /^[A-Za-z0-9]{6,20}$/;

export const PARENT_FORMAT_ERROR = "Enter a task key like WEB-3, or leave it empty for no parent.";

/** `null` for none (empty), the reference, or `undefined` when it is neither a key nor an id. */
export function parseParentReference(raw: string): ParentReference | null | undefined {
  const text = raw.trim();
  if (text === "") return null;
  if (text.length > MAX_PARENT_REFERENCE) return undefined;
  const key = TASK_KEY.exec(text);
  if (key) return { key: { project: key[1]!.toUpperCase(), number: Number(key[2]) } };
  return PUBLIC_ID.test(text) ? { id: text } : undefined;
}
