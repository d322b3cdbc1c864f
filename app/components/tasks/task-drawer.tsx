import Box from "@mui/material/Box";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import Typography from "@mui/material/Typography";
import { useEffect } from "react";
import { useFetcher } from "react-router";

import { Close } from "~/components/icons/material";
import { useOpenTaskLinks } from "~/components/tasks/open-task-links";
import { InTaskPanel, PANEL_FORMS } from "~/components/tasks/task-form-target";
import { TaskPageBody, type TaskActionData, type TaskPageData } from "~/components/tasks/task-page-body";

export type TaskDrawerProps = {
  projectId: string;
  taskId: string | null;
  taskUrl: string | null;
  close: () => void;
  returnFocus: () => void;
};

/**
 * The side panel's drawer and the task page's content in it: its own module, loaded once a
 * task is first opened (or the browser is idle), so a project view's first visit does not
 * download the task page, the drawer and their editors.
 */
export default function TaskDrawer({ projectId, taskId, taskUrl, close, returnFocus }: TaskDrawerProps) {
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
