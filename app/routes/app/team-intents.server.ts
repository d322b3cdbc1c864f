import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";

import { formInput, intent, type IntentContext, type Refusal } from "~/.server/http/intents";
import { inviteMemberCommand, resendInvitationCommand, revokeInvitationCommand } from "~/.server/team/invitations";
import {
  changeMemberRoleCommand,
  leaveWorkspaceCommand,
  removeMemberCommand,
  transferOwnershipCommand,
} from "~/.server/team/members";
import { redirectWithToast } from "~/.server/toast";
import type { Toast } from "~/utils/toast";
import { changeRoleSchema, invitationSchema, inviteSchema, memberSchema, ROLE_LABELS } from "~/validation/team";

/**
 * Team Management's intents (app/routes/app/team.tsx). Every form is a plain POST naming
 * its workspace; it comes back to the team page with a toast, a refusal too (but for the
 * invitation, whose refusal sits beside its field).
 */
const workspaceIdOf = (context: IntentContext) => String(context.formData.get("workspaceId") ?? "");
const toast = (context: IntentContext, message: Toast, to?: string) =>
  redirectWithToast(
    to ?? `/app/team?workspace=${encodeURIComponent(workspaceIdOf(context))}`,
    message,
    context.request,
  );

/** A mistake in the form comes back as conform's reply; the command's refusal as a toast. */
const toastRefusal = ({ message }: Refusal, context: IntentContext, submission?: Submission<unknown>) =>
  submission?.status === "error"
    ? data({ lastResult: submission.reply() }, { status: 400 })
    : toast(context, { title: "That did not work", description: message, variant: "error" });

const invite = intent({
  command: inviteMemberCommand,
  parse: (context) =>
    formInput(parseWithZod(context.formData, { schema: inviteSchema }), ({ email, role }) => ({
      workspaceId: workspaceIdOf(context),
      email,
      role,
    })),
  refused: ({ field, message }, _context, submission) => {
    if (submission!.status === "error") return data({ invite: submission!.reply() }, { status: 400 });
    const invite =
      field === "email" || field === "role"
        ? submission!.reply({ fieldErrors: { [field]: [message] } })
        : submission!.reply({ formErrors: [message] });
    return data({ invite }, { status: 400 });
  },
  done: (invitation, context) =>
    toast(context, {
      title: "Invitation sent",
      description: `We e-mailed an invitation to ${invitation.email}.`,
      variant: "success",
    }),
});

const invitationInputOf = (context: IntentContext) =>
  formInput(parseWithZod(context.formData, { schema: invitationSchema }), ({ invitationId }) => ({
    workspaceId: workspaceIdOf(context),
    invitationId,
  }));

const resend = intent({
  command: resendInvitationCommand,
  parse: invitationInputOf,
  refused: toastRefusal,
  done: (invitation, context) =>
    toast(context, {
      title: "Invitation sent again",
      description: `A new link went to ${invitation.email}.`,
      variant: "success",
    }),
});

const revoke = intent({
  command: revokeInvitationCommand,
  parse: invitationInputOf,
  refused: toastRefusal,
  done: (invitation, context) =>
    toast(context, {
      title: "Invitation withdrawn",
      description: `The link sent to ${invitation.email} no longer works.`,
      variant: "success",
    }),
});

const changeRole = intent({
  command: changeMemberRoleCommand,
  parse: (context) =>
    formInput(parseWithZod(context.formData, { schema: changeRoleSchema }), ({ userId, role }) => ({
      workspaceId: workspaceIdOf(context),
      userId,
      role,
    })),
  refused: toastRefusal,
  done: (change, context) =>
    toast(context, {
      title: "Role changed",
      description: `The member is now ${ROLE_LABELS[change.to]}.`,
      variant: "success",
    }),
});

const memberInputOf = (context: IntentContext) =>
  formInput(parseWithZod(context.formData, { schema: memberSchema }), ({ userId }) => ({
    workspaceId: workspaceIdOf(context),
    userId,
  }));

const remove = intent({
  command: removeMemberCommand,
  parse: memberInputOf,
  refused: toastRefusal,
  done: (member, context) =>
    toast(context, {
      title: "Member removed",
      description: `${member.name} no longer has access.`,
      variant: "success",
    }),
});

const transfer = intent({
  command: transferOwnershipCommand,
  parse: memberInputOf,
  refused: toastRefusal,
  done: (member, context) =>
    toast(context, {
      title: "Ownership transferred",
      description: `${member.name} is now an owner; you are an admin.`,
      variant: "success",
    }),
});

const leave = intent({
  command: leaveWorkspaceCommand,
  parse: (context) => ({ ok: true, input: { workspaceId: workspaceIdOf(context) } }),
  refused: toastRefusal,
  done: (left, context) =>
    toast(
      context,
      {
        title: "You left the workspace",
        description: `You are no longer a member of ${left.workspaceName}.`,
        variant: "success",
      },
      "/app/dashboard",
    ),
});

export const teamIntents = {
  invite,
  resend,
  revoke,
  "change-role": changeRole,
  remove,
  transfer,
  leave,
};

export const teamFallback = () => data({ error: "Unknown action" }, { status: 400 });
