import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Form, useNavigation } from "react-router";

import { PasswordField } from "~/components/auth/fields";
import { SubmitButton } from "~/components/forms/fields";
import { TimeAgo } from "~/components/date-text";
import { changePasswordSchema } from "~/validation/auth";
import { TabHeading } from "./settings-tabs";

type Session = {
  id: string;
  device: string;
  ip: string | null;
  lastSeenAt: string;
  signedInAt: string;
  current: boolean;
};

/** Change the password (with the current one), see the active sessions, end one or all. */
export function SecurityTab({
  sessions,
  lastResult,
}: {
  sessions: Session[] | null;
  lastResult?: SubmissionResult<string[]>;
}) {
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <TabHeading>Security</TabHeading>
        <PasswordForm lastResult={lastResult} />
      </Paper>
      <Paper variant="outlined" component="section" aria-labelledby="sessions-heading" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="sessions-heading" component="h3" variant="h6" sx={{ mb: 2 }}>
          Active sessions
        </Typography>
        {sessions ? (
          <SessionList sessions={sessions} />
        ) : (
          <Typography color="textSecondary">Sessions are managed by your Supabase project.</Typography>
        )}
        <Form method="post">
          <Button
            type="submit"
            name="intent"
            value="sign-out-everywhere"
            color="error"
            variant="outlined"
            sx={{ mt: 2 }}
          >
            Sign out everywhere
          </Button>
        </Form>
      </Paper>
    </Stack>
  );
}

function PasswordForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "change-password",
    lastResult,
    constraint: getZodConstraint(changePasswordSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
  });
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "password";
  return (
    <Form method="post" {...getFormProps(form)} aria-label="Change password">
      <input type="hidden" name="intent" value="password" />
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 2 }}>
        Change password
      </Typography>
      <Stack spacing={2} sx={{ maxWidth: 420 }}>
        <PasswordField meta={fields.currentPassword} label="Current password" autoComplete="current-password" />
        <PasswordField
          meta={fields.password}
          label="New password"
          autoComplete="new-password"
          placeholder="min. 6 characters"
        />
        <PasswordField meta={fields.confirmPassword} label="Confirm new password" autoComplete="new-password" />
        <Box>
          <SubmitButton pending={pending} pendingLabel="Changing..." size="medium">
            Change Password
          </SubmitButton>
        </Box>
      </Stack>
    </Form>
  );
}

function SessionList({ sessions }: { sessions: Session[] }) {
  return (
    <Box component="ul" aria-label="Sessions" sx={{ listStyle: "none", m: 0, p: 0 }}>
      {sessions.map((session) => (
        <Box
          component="li"
          key={session.id}
          aria-label={session.current ? `${session.device}, this device` : session.device}
          sx={{
            display: "flex",
            flexWrap: "wrap",
            alignItems: "center",
            gap: 2,
            py: 1.5,
            borderTop: 1,
            borderColor: "divider",
          }}
        >
          <Box sx={{ flexGrow: 1, minWidth: 220 }}>
            <Typography sx={{ fontWeight: 600 }}>
              {session.device} {session.current ? <Chip size="small" color="primary" label="This device" /> : null}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {session.ip ?? "Unknown address"} · last seen <TimeAgo at={session.lastSeenAt} />
            </Typography>
          </Box>
          {session.current ? null : (
            <Form method="post">
              <input type="hidden" name="sessionId" value={session.id} />
              <Button type="submit" name="intent" value="revoke-session" size="small" color="error">
                Revoke
              </Button>
            </Form>
          )}
        </Box>
      ))}
    </Box>
  );
}
