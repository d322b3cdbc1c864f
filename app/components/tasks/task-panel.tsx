import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";

import { TASK_PARAM, withTaskParam } from "~/utils/task-panel";
import { useHydrated } from "~/utils/use-hydrated";

const loadDrawer = () => import("~/components/tasks/task-drawer");
const TaskDrawer = lazy(loadDrawer);

/**
 * The task named by `?task=` in a panel over the project view: the task page's own content,
 * loaded from the task route (its loader, so the same permission checks) by one fetcher,
 * which React Router revalidates after every submission. The server renders the view only;
 * the panel opens once the page is hydrated.
 */
export function TaskPanel({ projectId, viewId }: { projectId: string; viewId: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const taskId = new URLSearchParams(location.search).get(TASK_PARAM);
  const taskUrl = taskId ? `/app/project/${projectId}/task/${encodeURIComponent(taskId)}` : null;
  const lastTaskUrl = useRef<string | null>(null);
  useEffect(() => {
    if (taskUrl) lastTaskUrl.current = taskUrl;
  }, [taskUrl]);
  const hydrated = useHydrated();
  const close = () => navigate(withTaskParam(location.search, null), { preventScrollReset: true });
  // Focus goes back to the view's link to the task (none if the task was deleted).
  const returnFocus = () => {
    const view = document.getElementById(viewId);
    const link = lastTaskUrl.current ? view?.querySelector<HTMLElement>(`a[href="${lastTaskUrl.current}"]`) : null;
    link?.focus();
  };
  // Mounted from the first opening on, so the drawer can play its closing transition.
  const [opened, setOpened] = useState(false);
  if (taskUrl && !opened) setOpened(true);
  // Fetched while the browser is idle, so opening a task does not wait for the module.
  useEffect(() => {
    if (!hydrated) return;
    const handle =
      window.requestIdleCallback?.(() => void loadDrawer()) ?? window.setTimeout(() => void loadDrawer(), 2000);
    return () => (window.cancelIdleCallback ?? window.clearTimeout)(handle);
  }, [hydrated]);
  // Nothing on the server: a closed drawer renders no markup, yet MUI would make its styles.
  if (!hydrated || !opened) return null;
  return (
    <Suspense fallback={null}>
      <TaskDrawer projectId={projectId} taskId={taskId} taskUrl={taskUrl} close={close} returnFocus={returnFocus} />
    </Suspense>
  );
}
