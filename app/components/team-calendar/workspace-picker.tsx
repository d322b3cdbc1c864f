import { styled } from "@mui/material/styles";
import { Form } from "react-router";

import type { WorkspaceChoice } from "~/.server/calendar/views";

const Picker = styled(Form)(({ theme }) => {
  const { palette } = theme.vars;
  const box = {
    padding: "5px 10px",
    borderRadius: 6,
    border: `1px solid ${palette.divider}`,
    background: palette.background.paper,
    color: palette.text.primary,
    font: "inherit",
    fontSize: 14,
  };
  return {
    display: "flex",
    flexWrap: "wrap",
    alignItems: "center",
    gap: 8,
    marginBottom: 8,
    fontSize: 14,
    "& select": box,
    "& button": { ...box, cursor: "pointer", "&:hover": { background: palette.action.hover } },
  };
});

/**
 * Which workspace a new event goes to: a GET form that reloads the form with that
 * workspace's projects and members (`?workspace=`). With JavaScript, choosing submits it at
 * once, or `onPick` loads the choices in place (the dialog).
 */
export function WorkspacePicker({
  action,
  workspaces,
  workspace,
  date,
  onPick,
}: {
  action: string;
  workspaces: WorkspaceChoice[];
  workspace: string | null;
  date: string;
  onPick?: (workspace: string) => void;
}) {
  if (workspaces.length < 2) return null;
  return (
    <Picker
      method="get"
      action={action}
      onSubmit={(event) => {
        if (!onPick) return;
        event.preventDefault();
        const value = new FormData(event.currentTarget).get("workspace");
        if (typeof value === "string") onPick(value);
      }}
    >
      <input type="hidden" name="date" value={date} />
      <label>
        Workspace{" "}
        <select
          name="workspace"
          defaultValue={workspace ?? ""}
          key={workspace ?? ""}
          onChange={(event) => event.currentTarget.form?.requestSubmit()}
        >
          {workspaces.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name}
            </option>
          ))}
        </select>
      </label>{" "}
      <button type="submit">Switch workspace</button>
    </Picker>
  );
}
