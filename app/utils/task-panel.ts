import { safeRedirectPath } from "~/utils/safe-redirect";

/** The query parameter that opens a task in the side panel over a project view. */
export const TASK_PARAM = "task";

/**
 * Where a form posted from the side panel comes back to: the project view it sits over
 * (`/app/project/{projectId}?view=board&task=…`), never another page. Anything else is null,
 * and the task route falls back to the task's own page.
 */
export function panelReturnPath(value: FormDataEntryValue | null, projectId: string): string | null {
  if (typeof value !== "string" || value.length > 2000) return null;
  const path = safeRedirectPath(value, "");
  const base = `/app/project/${projectId}`;
  if (path !== base && !path.startsWith(`${base}?`)) return null;
  return path.split("#")[0]!;
}

/**
 * The task a link opens, if it is a task page of this project with nothing after it
 * (a task's own page link on a card, row, calendar entry or map node, or a subtask link).
 */
export function taskIdOfHref(href: string, projectId: string): string | null {
  const match = /^\/app\/project\/([^/?#]+)\/task\/([^/?#]+)$/.exec(href);
  return match && match[1] === projectId ? match[2]! : null;
}

/** The view's URL with the panel open on `taskId`, or closed (null), keeping its other params. */
export function withTaskParam(search: string, taskId: string | null): string {
  const params = new URLSearchParams(search);
  if (taskId) params.set(TASK_PARAM, taskId);
  else params.delete(TASK_PARAM);
  const query = params.toString();
  return query ? `?${query}` : "?";
}

/** Whether a navigation only opens, closes or switches the task panel. */
export function onlyTaskParamChanged(current: URL, next: URL): boolean {
  if (current.pathname !== next.pathname) return false;
  if (current.searchParams.get(TASK_PARAM) === next.searchParams.get(TASK_PARAM)) return false;
  return withTaskParam(current.search, null) === withTaskParam(next.search, null);
}
