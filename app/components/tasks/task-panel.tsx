import Box from "@mui/material/Box";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import Typography from "@mui/material/Typography";
import { useCallback, useEffect, useRef, type MouseEvent } from "react";
import { useFetcher, useLocation, useNavigate } from "react-router";

import { Close } from "~/components/icons/material";
import { InTaskPanel, PANEL_FORMS } from "~/components/tasks/task-form-target";
import { TaskPageBody, type TaskActionData, type TaskPageData } from "~/components/tasks/task-page-body";
import { TASK_PARAM, taskIdOfHref, withTaskParam } from "~/utils/task-panel";
import { useHydrated } from "~/utils/use-hydrated";

/**
 * A click on a link to one of the project's task pages, anywhere inside the element, opens
 * the task in the side panel (`?task=<id>`) instead. One capture handler per view, reading
 * the link's href, so cards and rows stay plain links (and plain links without JavaScript).
 * Capture runs before the link's own handler, which then sees the default prevented.
 */
export function useOpenTaskLinks(projectId: string) {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!link || (link.getAttribute("target") ?? "_self") !== "_self") return;
      // A property chip (`data-field`) opens its editor in place, not the task.
      if (link.hasAttribute("data-field")) return;
      const taskId = taskIdOfHref(link.getAttribute("href") ?? "", projectId);
      if (!taskId) return;
      event.preventDefault();
      navigate(withTaskParam(search, taskId), { preventScrollReset: true });
    },
    [navigate, search, projectId],
  );
}

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
  // Nothing on the server: a closed drawer renders no markup, yet MUI would make its styles.
  if (!hydrated) return null;
  return (
    <Drawer
      anchor="right"
      open={taskUrl !== null}
      onClose={close}
      disableRestoreFocus
      slotProps={{
        paper: {
          role: "dialog",
          "aria-modal": true,
          "aria-labelledby": "task-panel-title",
          sx: { width: { xs: "100%", md: 720 }, p: { xs: 2, sm: 3 } },
        },
        transition: { onExited: returnFocus },
      }}
    >
      <PanelContent projectId={projectId} taskId={taskId} taskUrl={taskUrl} close={close} />
    </Drawer>
  );
}

/**
 * Mounted only while the panel is open (and closing), so its fetcher, and the revalidation of
 * it after every submission, goes away with the panel.
 */
function PanelContent({
  projectId,
  taskId,
  taskUrl,
  close,
}: {
  projectId: string;
  taskId: string | null;
  taskUrl: string | null;
  close: () => void;
}) {
  const fetcher = useFetcher<TaskPageData>({ key: "task-panel" });
  const submitted = useFetcher<TaskActionData>({ key: PANEL_FORMS });
  const { load } = fetcher;
  useEffect(() => {
    if (taskUrl) void load(taskUrl);
  }, [taskUrl, load]);
  const openLinks = useOpenTaskLinks(projectId);
  // While closing (no `?task=` any more) the last task stays on screen.
  const shown = fetcher.data && (!taskId || fetcher.data.task.id === taskId) ? fetcher.data : null;
  const closeButton = (
    <IconButton onClick={close} aria-label="Close task">
      <Close />
    </IconButton>
  );
  return (
    <InTaskPanel value={true}>
      <Box onClickCapture={openLinks} ref={addReturnTo}>
        {shown ? (
          <TaskPageBody
            key={shown.task.id}
            loaderData={shown}
            actionData={submitted.data}
            titleId="task-panel-title"
            titleLevel="h2"
            headerAction={closeButton}
          />
        ) : (
          <Box sx={{ display: "flex", alignItems: "center", gap: 1.5 }}>
            {closeButton}
            <Typography id="task-panel-title" component="h2" variant="h6" role="status">
              Loading the task…
            </Typography>
          </Box>
        )}
      </Box>
    </InTaskPanel>
  );
}

/**
 * Forms in the panel post to the task route; a `returnTo` of this view (checked by the task
 * route) brings their redirect back here instead of to the task's own page. Every form's
 * data is built with `new FormData(form)`, which fires `formdata` on the form.
 */
function addReturnTo(node: HTMLElement | null) {
  if (!node) return;
  const onFormData = (event: FormDataEvent) => {
    event.formData.set("returnTo", `${window.location.pathname}${window.location.search}`);
  };
  node.addEventListener("formdata", onFormData, { capture: true });
  return () => node.removeEventListener("formdata", onFormData, { capture: true });
}
