import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { styled } from "@mui/material/styles";
import { Form } from "react-router";

export type AiSettings = {
  engine: { id: "built-in" | "model"; label: string; detail: string };
  workspaces: { id: string; name: string; enabled: boolean; canManage: boolean }[];
};

/**
 * Settings → Integrations → AI: the engine this server answers with, a Test connection
 * button, and the assistant's switch per workspace (owners and admins turn it; others see
 * where it is on). Plain POST forms.
 */
export function AiSettingsSection({ ai }: { ai: AiSettings }) {
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="ai-settings-heading"
      sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}
    >
      <Typography id="ai-settings-heading" component="h3" variant="h6" sx={{ mb: 1 }}>
        AI assistant
      </Typography>
      <Typography sx={{ mb: 0.5 }}>
        Active engine: <strong>{ai.engine.label}</strong>
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
        {ai.engine.detail}
      </Typography>
      <Form method="post">
        <input type="hidden" name="intent" value="ai-test" />
        <Button type="submit" variant="outlined">
          Test connection
        </Button>
      </Form>
      <Typography component="h4" variant="subtitle1" sx={{ mt: 3, mb: 1, fontWeight: 600 }}>
        Workspaces
      </Typography>
      <SwitchRows>
        {ai.workspaces.map((workspace) => (
          <WorkspaceSwitch key={workspace.id} workspace={workspace} />
        ))}
      </SwitchRows>
    </Paper>
  );
}

/** The switch rows' CSS, once for the list (decision 009). */
const SwitchRows = styled("ul")(({ theme }) => {
  const { palette } = theme.vars;
  return {
    listStyle: "none",
    margin: 0,
    padding: 0,
    display: "grid",
    gap: 8,
    "& li": {
      display: "flex",
      alignItems: "center",
      gap: 16,
      padding: 12,
      border: `1px solid ${palette.divider}`,
      borderRadius: 8,
    },
    "& .pl-ai-workspace": { flexGrow: 1, fontWeight: 500 },
    "& .pl-ai-set-by": { fontSize: 14, color: palette.text.secondary },
  };
});

function WorkspaceSwitch({ workspace }: { workspace: AiSettings["workspaces"][number] }) {
  const verb = workspace.enabled ? "Turn off" : "Turn on";
  return (
    <li>
      <span className="pl-ai-workspace">{workspace.name}</span>
      <Chip size="small" label={workspace.enabled ? "On" : "Off"} color={workspace.enabled ? "success" : "default"} />
      {workspace.canManage ? (
        <Form method="post">
          <input type="hidden" name="intent" value="ai-workspace" />
          <input type="hidden" name="workspaceId" value={workspace.id} />
          <input type="hidden" name="enabled" value={workspace.enabled ? "false" : "true"} />
          <Button type="submit" size="small" aria-label={`${verb} the assistant in ${workspace.name}`}>
            {verb}
          </Button>
        </Form>
      ) : (
        <span className="pl-ai-set-by">Set by an owner or admin</span>
      )}
    </li>
  );
}
