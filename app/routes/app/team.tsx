import { parseWithZod } from "@conform-to/zod/v4";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { data } from "react-router";

import { load, requireActor, run } from "~/.server/http/respond";
import { inviteMember, resendInvitation, revokeInvitation } from "~/.server/team/invitations";
import { changeMemberRole, leaveWorkspace, removeMember, transferOwnership } from "~/.server/team/members";
import { teamPage } from "~/.server/team/queries";
import { redirectWithToast } from "~/.server/toast";
import { listWorkspaces } from "~/.server/workspaces/workspaces";
import { InvitationsList } from "~/components/team/invitations-list";
import { InviteForm } from "~/components/team/invite-form";
import { LeaveAndTransfer } from "~/components/team/leave-and-transfer";
import { MemberTable } from "~/components/team/member-table";
import { WorkspaceSwitcher } from "~/components/team/workspace-switcher";
import type { Toast } from "~/utils/toast";
import { changeRoleSchema, invitationSchema, inviteSchema, memberSchema, ROLE_LABELS } from "~/validation/team";
import type { Route } from "./+types/team";

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

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireActor(request, context);
  const formData = await request.formData();
  const workspaceId = String(formData.get("workspaceId") ?? "");
  const back = `/app/team?workspace=${encodeURIComponent(workspaceId)}`;
  const done = (toast: Toast, to = back) => redirectWithToast(to, toast, request);
  const intent = formData.get("intent");

  if (intent === "invite") {
    const submission = parseWithZod(formData, { schema: inviteSchema });
    if (submission.status !== "success") return data({ invite: submission.reply() }, { status: 400 });
    const result = await run(() => inviteMember(actor, { workspaceId, ...submission.value }));
    if (!result.ok) {
      const reply =
        result.field === "email" || result.field === "role"
          ? submission.reply({ fieldErrors: { [result.field]: [result.message] } })
          : submission.reply({ formErrors: [result.message] });
      return data({ invite: reply }, { status: 400 });
    }
    return done({
      title: "Invitation sent",
      description: `We e-mailed an invitation to ${result.value.email}.`,
      variant: "success",
    });
  }

  if (intent === "resend" || intent === "revoke") {
    const submission = parseWithZod(formData, { schema: invitationSchema });
    if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400 });
    const input = { workspaceId, invitationId: submission.value.invitationId };
    if (intent === "resend") {
      const result = await run(() => resendInvitation(actor, input));
      if (!result.ok) return done(refused(result.message));
      return done({
        title: "Invitation sent again",
        description: `A new link went to ${result.value.email}.`,
        variant: "success",
      });
    }
    const result = await run(() => revokeInvitation(actor, input));
    if (!result.ok) return done(refused(result.message));
    return done({
      title: "Invitation withdrawn",
      description: `The link sent to ${result.value.email} no longer works.`,
      variant: "success",
    });
  }

  if (intent === "change-role") {
    const submission = parseWithZod(formData, { schema: changeRoleSchema });
    if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400 });
    const result = await run(() => changeMemberRole(actor, { workspaceId, ...submission.value }));
    if (!result.ok) return done(refused(result.message));
    return done({
      title: "Role changed",
      description: `The member is now ${ROLE_LABELS[result.value.to]}.`,
      variant: "success",
    });
  }

  if (intent === "remove" || intent === "transfer") {
    const submission = parseWithZod(formData, { schema: memberSchema });
    if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400 });
    const input = { workspaceId, userId: submission.value.userId };
    const result = await run(() =>
      intent === "remove" ? removeMember(actor, input) : transferOwnership(actor, input),
    );
    if (!result.ok) return done(refused(result.message));
    return done(
      intent === "remove"
        ? { title: "Member removed", description: `${result.value.name} no longer has access.`, variant: "success" }
        : {
            title: "Ownership transferred",
            description: `${result.value.name} is now an owner; you are an admin.`,
            variant: "success",
          },
    );
  }

  if (intent === "leave") {
    const result = await run(() => leaveWorkspace(actor, { workspaceId }));
    if (!result.ok) return done(refused(result.message));
    return done(
      {
        title: "You left the workspace",
        description: `You are no longer a member of ${result.value.workspaceName}.`,
        variant: "success",
      },
      "/app/dashboard",
    );
  }

  return data({ error: "Unknown action" }, { status: 400 });
}

const refused = (description: string): Toast => ({ title: "That did not work", description, variant: "error" });

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
