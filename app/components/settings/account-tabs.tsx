import type { SubmissionResult } from "@conform-to/react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { Link } from "react-router";

import { AiSettingsSection, type AiSettings } from "./ai-settings";
import type { CalendarFeedView } from "~/.server/calendar/feeds";
import { ApiTokensSection, type ApiTokenSettings, type CreatedApiToken } from "./api-tokens";
import { IntegrationsOverview } from "./integrations-overview";
import { CalendarFeedControls } from "./calendar-feed";
import { TabHeading } from "./settings-tabs";
import type { WorkspaceIntegrations } from "~/.server/integrations/overview";

type Usage = {
  plan: "free" | "pro" | "business";
  limits: { projects: number; workspaces: number };
  workspaces: number;
  projects: number;
  enforced: boolean;
};

const PLAN_NAMES = { free: "Free", pro: "Pro", business: "Business" } as const;

/** The plan, and the account's usage against its limits (workspaces it owns, their projects). */
export function BillingTab({ usage }: { usage: Usage }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <TabHeading>Billing</TabHeading>
      <Typography sx={{ mb: 2 }}>
        Your plan: <strong>{PLAN_NAMES[usage.plan]}</strong>
      </Typography>
      {usage.enforced ? null : (
        <Alert severity="info" sx={{ mb: 2 }}>
          This Plotline server does not enforce plan limits: use as many workspaces and projects as you need.
        </Alert>
      )}
      <Meter label="Projects" used={usage.projects} limit={usage.limits.projects} />
      <Meter label="Workspaces you own" used={usage.workspaces} limit={usage.limits.workspaces} />
      <Button component={Link} to="/pricing" variant="outlined" sx={{ mt: 2 }}>
        Compare plans
      </Button>
    </Paper>
  );
}

function Meter({ label, used, limit }: { label: string; used: number; limit: number | null }) {
  // Infinity does not survive the trip to the browser as JSON: it arrives as null.
  const unlimited = limit === null || !Number.isFinite(limit);
  return (
    <Box sx={{ mb: 2, maxWidth: 480 }}>
      <Typography>
        {label}: {used} of {unlimited ? "Unlimited" : limit}
      </Typography>
      {unlimited ? null : (
        <LinearProgress
          variant="determinate"
          value={Math.min(100, (used / (limit || 1)) * 100)}
          aria-label={`${label} used`}
          sx={{ mt: 0.5, height: 8, borderRadius: 4 }}
        />
      )}
    </Box>
  );
}

/** The workspaces' integrations and their state, the assistant's settings, the member's calendar feed and API tokens. */
export function IntegrationsTab({
  overview,
  ai,
  calendarFeed,
  apiTokens,
  createdToken,
  createTokenResult,
}: {
  overview: WorkspaceIntegrations[];
  ai: AiSettings;
  calendarFeed: CalendarFeedView;
  apiTokens: ApiTokenSettings;
  createdToken?: CreatedApiToken;
  createTokenResult?: SubmissionResult<string[]>;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <TabHeading>Integrations</TabHeading>
      <IntegrationsOverview workspaces={overview} />
      <AiSettingsSection ai={ai} />
      <Paper
        component="section"
        variant="outlined"
        aria-labelledby="calendar-feed"
        sx={{ p: { xs: 2, sm: 3 }, mb: 3, minWidth: 0 }}
      >
        <Typography id="calendar-feed" component="h3" variant="h6" sx={{ mb: 1 }}>
          Calendar feed
        </Typography>
        <CalendarFeedControls
          feed={calendarFeed}
          what="the tasks assigned to you and the team events you attend, from all your workspaces"
        />
      </Paper>
      <ApiTokensSection settings={apiTokens} created={createdToken} lastResult={createTokenResult} />
    </Paper>
  );
}
