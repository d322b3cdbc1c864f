import { useCallback, type MouseEvent } from "react";
import { useLocation, useNavigate } from "react-router";

import { taskIdOfHref, withTaskParam } from "~/utils/task-panel";

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
