import { createContext, useContext } from "react";
import { useFetcher, useNavigation } from "react-router";

/** The one fetcher the side panel's forms share; its answer to a refused form is the panel's. */
export const PANEL_FORMS = "task-panel-forms";

/** True inside the side panel over a project view. */
export const InTaskPanel = createContext(false);

/**
 * A task form's extra props: on the task page a plain navigation; in the panel the shared
 * fetcher, so a refusal shows beside the field in the panel instead of on the task's page
 * (a success redirects back to the view either way).
 */
export function useTaskFormTarget() {
  return useContext(InTaskPanel) ? ({ navigate: false, fetcherKey: PANEL_FORMS } as const) : {};
}

/** Whether a form with this intent is being submitted, from the page or the panel. */
export function useTaskSubmitting(intent: string): boolean {
  const navigation = useNavigation();
  const panel = useFetcher({ key: PANEL_FORMS });
  return [navigation, panel].some((state) => state.state === "submitting" && state.formData?.get("intent") === intent);
}
