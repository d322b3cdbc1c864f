import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { Form, Link as RouterLink, useNavigation } from "react-router";

import { optionalUser } from "~/.server/auth/session";

import { INVITATION_MESSAGES, invitationByToken } from "~/.server/team/invitations";

import { AuthLayout } from "~/components/auth/auth-layout";
import { SubmitButton } from "~/components/forms/fields";
import { notFound } from "~/utils/http";
import { ROLE_LABELS } from "~/validation/team";
import type { Route } from "./+types/invite";
import { inviteFallback, inviteIntents } from "./invite-intents.server";
import { intentAction } from "~/.server/http/intents";

/**
 * The link in an invitation mail. Signed in with the invited address: Accept. Signed out:
 * create an account (or sign in) and come back here. Another account: say so.
 */
export const meta: Route.MetaFunction = () => [
  { title: "Invitation · Plotline" },
  { name: "robots", content: "noindex" },
];

const NOT_FOUND = {
  title: "Invitation Not Found",
  message: "This invitation link is not valid. Check that you opened the whole link from the e-mail.",
  backTo: "/",
  backLabel: "Back to home",
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const invitation = await invitationByToken(params.token);
  if (!invitation) throw notFound(NOT_FOUND);
  const user = await optionalUser(context);
  return {
    invitation,
    here: `/invite/${params.token}`,
    signedInAs: user?.email ?? null,
    problem: invitation.status === "open" ? null : INVITATION_MESSAGES[invitation.status],
  };
}

/** Accepting is the page's one intent (invite-intents.server.ts), run as its command. */
export const action = intentAction(inviteIntents, { fallback: inviteFallback, unnamed: "accept" });

export default function Invite({ loaderData, actionData }: Route.ComponentProps) {
  const { invitation, here, signedInAs, problem } = loaderData;
  const navigation = useNavigation();
  const wrongAccount = signedInAs && signedInAs.toLowerCase() !== invitation.email;
  const error = (actionData && "error" in actionData ? actionData.error : null) ?? problem;
  const back = encodeURIComponent(here);
  return (
    <AuthLayout
      title={`Join ${invitation.workspaceName}`}
      subtitle={`${invitation.inviterName} invited ${invitation.email} to work together as ${ROLE_LABELS[invitation.role]}.`}
    >
      <Box sx={{ display: "grid", gap: 2 }}>
        {error ? <Alert severity="error">{error}</Alert> : null}
        {problem ? null : !signedInAs ? (
          <>
            <Typography>Create your account with {invitation.email}, or sign in if you already have one.</Typography>
            <Button component={RouterLink} to={`/auth/signup?redirectTo=${back}`} variant="contained" size="large">
              Create account
            </Button>
            <Button component={RouterLink} to={`/auth/signin?redirectTo=${back}`} variant="outlined" size="large">
              Sign in
            </Button>
          </>
        ) : wrongAccount ? (
          <>
            <Alert severity="warning">
              This invitation was sent to {invitation.email}, but you are signed in as {signedInAs}. Sign out and sign
              in with the invited address.
            </Alert>
            <Button component={RouterLink} to="/auth/signout" variant="outlined">
              Sign out
            </Button>
          </>
        ) : (
          <Form method="post">
            <SubmitButton pending={navigation.state === "submitting"} pendingLabel="Joining..." fullWidth>
              Accept invitation
            </SubmitButton>
          </Form>
        )}
      </Box>
    </AuthLayout>
  );
}
