import Button from "@mui/material/Button";
import { Form, useFetcher, useNavigation } from "react-router";

import { PANEL_FORMS, useTaskFormTarget } from "./task-form-target";

/**
 * Follow / Unfollow: a plain POST to the task route (intent `follow-task`) that works
 * without JavaScript; with it, the button shows the new state while the request runs.
 * Followers hear of the task's comments and status changes.
 */
export function FollowButton({ taskUrl, following }: { taskUrl: string; following: boolean }) {
  const target = useTaskFormTarget();
  const shown = usePendingFollow() ?? following;
  return (
    <Form method="post" action={taskUrl} {...target}>
      <input type="hidden" name="intent" value="follow-task" />
      <input type="hidden" name="following" value={shown ? "false" : "true"} />
      <Button
        type="submit"
        variant={shown ? "outlined" : "contained"}
        size="small"
        title={
          shown
            ? "Stop hearing about this task's comments and status changes"
            : "Hear about this task's comments and status changes"
        }
      >
        {shown ? "Unfollow" : "Follow"}
      </Button>
    </Form>
  );
}

/** The follow state being posted, from the page or the side panel, before the server answers. */
function usePendingFollow() {
  const navigation = useNavigation();
  const panel = useFetcher({ key: PANEL_FORMS });
  for (const state of [navigation, panel]) {
    if (state.formData?.get("intent") === "follow-task") return state.formData.get("following") === "true";
  }
  return undefined;
}
