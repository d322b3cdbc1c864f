import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import { styled } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import { Link } from "react-router";

import { TimeAgo } from "~/components/date-text";
import type { IntegrationState, WorkspaceIntegrations } from "~/.server/integrations/overview";

/**
 * Each managed workspace's integrations with their state: not set up, working, failing
 * since…, or turned off (and why), each with the page that sets it up.
 */
const Workspace = styled("section")(({ theme }) => ({
  border: `1px solid ${theme.vars.palette.divider}`,
  borderRadius: Number(theme.shape.borderRadius) * 2,
  padding: theme.spacing(2),
  display: "grid",
  gap: theme.spacing(1.5),
}));
const Row = styled("div")(({ theme }) => ({
  display: "flex",
  alignItems: "center",
  gap: theme.spacing(2),
  flexWrap: "wrap",
  "& > .integration-text": { flex: "1 1 240px", minWidth: 0 },
}));

const INTEGRATIONS = [
  {
    key: "chat",
    name: "Chat channels",
    text: "A project's task news in Slack, Mattermost, Discord, Microsoft Teams or ntfy.",
    path: "chat-channels",
  },
  {
    key: "codeHosts",
    name: "Code hosts",
    text: "GitHub, GitLab, Gitea and Forgejo pull requests and commits linked to tasks by key.",
    path: "code-hosts",
  },
  {
    key: "webhooks",
    name: "Webhooks",
    text: "Every change of the workspace, signed, to your own endpoint.",
    path: "webhooks",
  },
] as const;

export function IntegrationsOverview({ workspaces }: { workspaces: WorkspaceIntegrations[] }) {
  if (workspaces.length === 0)
    return (
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        Chat channels, code hosts and webhooks are set up by a workspace&apos;s owners and admins; you manage no
        workspace.
      </Typography>
    );
  return (
    <Box sx={{ display: "grid", gap: 2, mb: 3 }}>
      {workspaces.map((workspace) => (
        <Workspace key={workspace.id} aria-labelledby={`integrations-${workspace.id}`}>
          <Typography id={`integrations-${workspace.id}`} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {workspace.name}
          </Typography>
          {INTEGRATIONS.map((integration) => (
            <Row key={integration.key}>
              <div className="integration-text">
                <Typography sx={{ fontWeight: 600 }}>{integration.name}</Typography>
                <StateLine state={workspace[integration.key]} fallback={integration.text} />
              </div>
              <StateChip state={workspace[integration.key]} />
              <Button
                component={Link}
                to={`/app/workspaces/${workspace.id}/${integration.path}`}
                size="small"
                variant="outlined"
                aria-label={`${workspace[integration.key].state === "none" ? "Set up" : "Manage"} ${integration.name.toLowerCase()} of ${workspace.name}`}
              >
                {workspace[integration.key].state === "none" ? "Set up" : "Manage"}
              </Button>
            </Row>
          ))}
        </Workspace>
      ))}
    </Box>
  );
}

function StateChip({ state }: { state: IntegrationState }) {
  switch (state.state) {
    case "none":
      return <Chip size="small" variant="outlined" label="Not set up" />;
    case "ok":
      return <Chip size="small" color="success" label="Working" />;
    case "failing":
      return <Chip size="small" color="warning" label="Failing" />;
    case "off":
      return <Chip size="small" color="error" label="Turned off" />;
  }
}

function StateLine({ state, fallback }: { state: IntegrationState; fallback: string }) {
  switch (state.state) {
    case "none":
      return (
        <Typography variant="body2" color="textSecondary">
          {fallback}
        </Typography>
      );
    case "ok":
      return (
        <Typography variant="body2" color="textSecondary">
          {state.total} set up, all working.
        </Typography>
      );
    case "failing":
      return (
        <Typography variant="body2" color="warning.main">
          {state.name} failing
          {state.since ? (
            <>
              {" "}
              since <TimeAgo at={state.since} />
            </>
          ) : null}
          {state.error ? `: ${state.error.replace(/\.$/, "")}` : ""}.
        </Typography>
      );
    case "off":
      return (
        <Typography variant="body2" color="error">
          {state.name} was turned off: {state.reason}
        </Typography>
      );
  }
}
