import { data } from "react-router";

import { intent, type IntentContext } from "~/.server/http/intents";
import { acceptInvitationCommand } from "~/.server/team/invitations";
import { redirectWithToast } from "~/.server/toast";
import { ROLE_LABELS } from "~/validation/team";

/**
 * Accept an invitation (app/routes/invite.tsx): its one form. A refusal (used, withdrawn,
 * expired, another account) is shown on the page; joining goes to the workspace's team.
 */
const accept = intent({
  command: acceptInvitationCommand,
  parse: (context) => ({ ok: true, input: { token: context.params.token ?? "" } }),
  refused: ({ message, status }) => data({ error: message }, { status }),
  done: (joined, context) =>
    redirectWithToast(
      `/app/team?workspace=${joined.workspaceId}`,
      {
        title: `Welcome to ${joined.workspaceName}`,
        description: `You joined as ${ROLE_LABELS[joined.role]}.`,
        variant: "success",
      },
      context.request,
    ),
});

export const inviteIntents = { accept };

export const inviteFallback = (context: IntentContext) =>
  data({ error: `Unknown action ${context.intent}` }, { status: 400 });
