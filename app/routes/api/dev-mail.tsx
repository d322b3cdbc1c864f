import Container from "@mui/material/Container";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { styled } from "@mui/material/styles";
import { serialize as serializeCookie } from "cookie";
import { data, redirect } from "react-router";

import { env } from "~/.server/env";
import { outboxMessages, usesOutbox } from "~/.server/mail/mailer";
import { mayReadOutbox, OUTBOX_COOKIE, presentedToken } from "~/.server/mail/outbox-access";
import { directLocalContext } from "~/.server/request-context";
import { linksInText } from "~/utils/links-in-text";
import type { Route } from "./+types/dev-mail";

export const meta: Route.MetaFunction = () => [
  { title: "Local outbox · Plotline" },
  { name: "robots", content: "noindex" },
];

/**
 * The local outbox: every mail sent while no SMTP_URL is set. Mails carry sign-in links, so
 * only a browser on this machine reads it, or whoever has DEV_MAIL_TOKEN, or everyone with
 * MAIL_OUTBOX_PUBLIC=true (app/.server/mail/outbox-access.ts). Anyone else gets a 404.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const config = env();
  const presented = presentedToken(request);
  const allowed = mayReadOutbox(
    { public: config.mailOutboxPublic, token: config.devMailToken },
    { directLocal: context.get(directLocalContext), presentedToken: presented.token },
  );
  if (!usesOutbox() || !allowed) {
    throw data({ title: "Page Not Found", message: "There is no local outbox here." }, { status: 404 });
  }
  if (presented.fromQuery && config.devMailToken) {
    // Keep the token in a cookie for this page only, and out of the address bar and history.
    const cookie = serializeCookie(OUTBOX_COOKIE, presented.token ?? "", {
      path: "/dev/mail",
      httpOnly: true,
      sameSite: "strict",
      secure: new URL(request.url).protocol === "https:",
      maxAge: 60 * 60 * 24,
    });
    throw redirect("/dev/mail", { headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
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

/** A mail's text as sent, its http(s) links clickable (the sign-up's confirmation, invitations). */
const MailText = styled("pre")(({ theme }) => ({
  whiteSpace: "pre-wrap",
  wordBreak: "break-word",
  margin: 0,
  fontFamily: "inherit",
  "& a": { color: theme.vars.palette.primary.main },
}));

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
          <MailText>
            {linksInText(message.text).map((run, index) =>
              run.href ? (
                <a key={index} href={run.href} rel="noreferrer">
                  {run.text}
                </a>
              ) : (
                run.text
              ),
            )}
          </MailText>
        </Paper>
      ))}
    </Container>
  );
}
