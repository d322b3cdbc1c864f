import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";

import { intentAction } from "~/.server/http/intents";
import { load, requireActor } from "~/.server/http/respond";
import { teamPage } from "~/.server/team/queries";
import { listWorkspaces } from "~/.server/workspaces/workspaces";
import { InvitationsList } from "~/components/team/invitations-list";
import { InviteForm } from "~/components/team/invite-form";
import { LeaveAndTransfer } from "~/components/team/leave-and-transfer";
import { MemberTable } from "~/components/team/member-table";
import { WorkspaceSwitcher } from "~/components/team/workspace-switcher";
import { ROLE_LABELS } from "~/validation/team";
import type { Route } from "./+types/team";
import { teamFallback, teamIntents } from "./team-intents.server";

/**
 * Team Management for one workspace (`?workspace=`, else the user's first): invite by
 * e-mail, the members with their roles, pending invitations, leave and transfer. Every
 * action is a plain POST here that comes back with a toast.
 */
export const meta: Route.MetaFunction = () => [{ title: "Team Management · Plotline" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireActor(request, context);
  const workspaces = await listWorkspaces(user.id);
  const requested = new URL(request.url).searchParams.get("workspace");
  const workspaceId = requested ?? workspaces[0]?.id;
  if (!workspaceId) return { team: null, workspaces, userId: user.id };
  const team = await load(() => teamPage(user.id, workspaceId));
  return { team, workspaces: workspaces.map(({ id, name }) => ({ id, name })), userId: user.id };
}

/** Every form of the page is an intent of team-intents.server.ts, run as its command. */
export const action = intentAction(teamIntents, { fallback: teamFallback });

export default function Team({ loaderData, actionData }: Route.ComponentProps) {
  const { team, workspaces, userId } = loaderData;
  return (
    <Box sx={{ maxWidth: 1100, mx: "auto" }}>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 2, mb: 3 }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography component="h1" variant="h4">
            Team Management
          </Typography>
          {team ? (
            <Typography color="textSecondary">
              {team.workspace.name} · you are {ROLE_LABELS[team.workspace.role]}
            </Typography>
          ) : null}
        </Box>
        {workspaces.length > 1 && team ? (
          <WorkspaceSwitcher workspaces={workspaces} current={team.workspace.id} />
        ) : null}
      </Box>
      {!team ? (
        <Typography>You are not in any workspace yet. Create one from the sidebar.</Typography>
      ) : (
        // One track no wider than the page: a grid's auto track grows to its widest table.
        <Box sx={{ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: 4 }}>
          {team.permissions["workspace.manage_members"] ? (
            <InviteForm
              workspaceId={team.workspace.id}
              // Only the invitation's own answer: another form's would empty its fields (the role's "Choose…").
              lastResult={actionData && "invite" in actionData ? actionData.invite : undefined}
            />
          ) : null}
          <MemberTable team={team} userId={userId} />
          {team.permissions["workspace.manage_members"] ? (
            <InvitationsList workspaceId={team.workspace.id} invitations={team.invitations} />
          ) : null}
          <LeaveAndTransfer team={team} userId={userId} />
        </Box>
      )}
    </Box>
  );
}
