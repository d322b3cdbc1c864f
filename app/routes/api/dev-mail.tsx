import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { data } from "react-router";

import { env } from "~/.server/env";
import { outboxMessages, usesOutbox } from "~/.server/mail/mailer";
import { clientIpContext } from "~/.server/request-context";
import type { Route } from "./+types/dev-mail";

export const meta: Route.MetaFunction = () => [
  { title: "Local outbox · Plotline" },
  { name: "robots", content: "noindex" },
];

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * The local outbox: every mail sent while no SMTP_URL is set. Readable from this machine
 * only (mails carry sign-in links), unless MAIL_OUTBOX_PUBLIC=true.
 */
export function loader({ context }: Route.LoaderArgs) {
  const ip = context.get(clientIpContext);
  if (!usesOutbox() || (!env().mailOutboxPublic && !LOOPBACK.has(ip ?? ""))) {
    throw data({ title: "Page Not Found", message: "There is no local outbox here." }, { status: 404 });
  }
  return {
    messages: outboxMessages().map(({ id, to, subject, text, sentAt }) => ({
      id,
      to,
      subject,
      text,
      sentAt: sentAt.toISOString(),
    })),
  };
}

export default function DevMail({ loaderData }: Route.ComponentProps) {
  return (
    <Container component="main" maxWidth="md" sx={{ py: 6 }}>
      <Typography component="h1" variant="h3" sx={{ mb: 1 }}>
        Local outbox
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 4 }}>
        No SMTP server is configured (SMTP_URL), so mail is kept here instead of being sent. Newest first; the latest
        100.
      </Typography>
      {loaderData.messages.length === 0 ? <Typography>No mail yet.</Typography> : null}
      {loaderData.messages.map((message) => (
        <Paper key={message.id} component="article" variant="outlined" sx={{ p: 3, mb: 2 }}>
          <Typography component="h2" variant="h6">
            {message.subject}
          </Typography>
          <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
            To {message.to} · {new Date(message.sentAt).toUTCString()}
          </Typography>
          <Box component="pre" sx={{ whiteSpace: "pre-wrap", wordBreak: "break-word", m: 0, fontFamily: "inherit" }}>
            {message.text}
          </Box>
        </Paper>
      ))}
    </Container>
  );
}
