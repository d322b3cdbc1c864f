import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { styled } from "@mui/material/styles";
import { useEffect, useState, type FocusEvent } from "react";
import { Form, useNavigation } from "react-router";

import type { CalendarFeedView } from "~/.server/calendar/feeds";
import { TimeAgo } from "~/components/date-text";
import { Check, ContentCopy } from "~/components/icons/material";
import { visuallyHidden } from "~/components/visually-hidden";
import { useHydrated } from "~/utils/use-hydrated";

/**
 * A secret calendar feed's controls: Create feed URL, then the URL (a read-only field,
 * with a Copy button once JavaScript runs), how to subscribe in Google Calendar, Apple
 * Calendar and Outlook, and Regenerate and Turn off behind `<details>` confirmations. Plain
 * POST forms (`create-calendar-feed`, `regenerate-calendar-feed`, `revoke-calendar-feed`) to
 * the page it is on: Settings for the member's own feed, the project's Settings for theirs of
 * the project.
 */
export function CalendarFeedControls({ feed, what }: { feed: CalendarFeedView; what: string }) {
  // A project's feed is its maker's own: other members make theirs.
  const own = feed.projectId ? " Only you see this address; every member can make their own." : "";
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : "";
  if (!feed.url) {
    return (
      <Form method="post">
        <Typography sx={{ mb: 1 }}>
          {feed.unreadable
            ? "Your feed still works, but this server can no longer show its address (its secret key changed). Regenerate it to see a new one; calendars subscribed to the old one stop updating."
            : `A private address that Google Calendar, Apple Calendar or Outlook subscribes to: ${what}, kept up to date. Tasks show on their due dates (from their start dates, when set) as all-day events.${own}`}
        </Typography>
        <Button
          type="submit"
          name="intent"
          value={feed.unreadable ? "regenerate-calendar-feed" : "create-calendar-feed"}
          variant="outlined"
          disabled={pending.endsWith("-calendar-feed")}
        >
          {feed.unreadable ? "Regenerate URL" : "Create feed URL"}
        </Button>
      </Form>
    );
  }
  return (
    <FeedBox>
      <Typography sx={{ mb: 1.5 }}>
        Subscribe to this address in your calendar app to see {what}. Anyone who has it can read what it shows: keep it
        to yourself.
      </Typography>
      <FeedUrl url={feed.url} />
      <p className="pl-feed-meta">
        Last fetched by a calendar app: {feed.lastFetchedAt ? <TimeAgo at={feed.lastFetchedAt} /> : "not yet"} ·{" "}
        <a href={feed.url.replace(/^https?:/, "webcal:")}>Open in your calendar app</a>
      </p>
      <ul className="pl-feed-steps" aria-label="How to subscribe">
        <li>
          <strong>Google Calendar</strong> (on the web): Other calendars, <em>+</em>, From URL; paste the address, Add
          calendar. Google reads it again every few hours.
        </li>
        <li>
          <strong>Apple Calendar</strong>: File, New Calendar Subscription on a Mac; on an iPhone, Settings, Calendar,
          Accounts, Add Account, Other, Add Subscribed Calendar.
        </li>
        <li>
          <strong>Outlook</strong>: Add calendar, Subscribe from web; paste the address and name it.
        </li>
      </ul>
      <div className="pl-feed-actions">
        <details>
          <summary>Regenerate URL</summary>
          <Form method="post">
            <p>A new address replaces this one: calendars subscribed to it stop updating until you subscribe again.</p>
            <Button
              type="submit"
              name="intent"
              value="regenerate-calendar-feed"
              variant="outlined"
              size="small"
              disabled={pending === "regenerate-calendar-feed"}
            >
              Regenerate URL
            </Button>
          </Form>
        </details>
        <details>
          <summary>Turn off feed</summary>
          <Form method="post">
            <p>The address stops working at once and calendar apps drop what it showed.</p>
            <Button
              type="submit"
              name="intent"
              value="revoke-calendar-feed"
              color="error"
              variant="contained"
              size="small"
              disabled={pending === "revoke-calendar-feed"}
            >
              Turn off feed
            </Button>
          </Form>
        </details>
      </div>
    </FeedBox>
  );
}

/** The URL in a read-only field (select it to copy by hand) and, with JavaScript, a Copy button. */
function FeedUrl({ url }: { url: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2500);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "center" }}>
      <TextField
        label="Feed URL"
        value={url}
        size="small"
        multiline
        sx={{ flex: "1 1 260px", minWidth: 0 }}
        slotProps={{
          htmlInput: {
            readOnly: true,
            spellCheck: false,
            style: { fontFamily: "monospace", wordBreak: "break-all" },
            onFocus: (event: FocusEvent<HTMLTextAreaElement>) => event.currentTarget.select(),
          },
        }}
      />
      {hydrated ? (
        <Button
          variant="outlined"
          startIcon={copied ? <Check fontSize="small" /> : <ContentCopy fontSize="small" />}
          onClick={() => void navigator.clipboard.writeText(url).then(() => setCopied(true))}
        >
          {copied ? "Copied" : "Copy"}
        </Button>
      ) : null}
      <Box component="span" aria-live="polite" sx={visuallyHidden}>
        {copied ? "Feed URL copied to the clipboard" : ""}
      </Box>
    </Box>
  );
}

const FeedBox = styled("div")(({ theme }) => {
  const { palette } = theme.vars;
  return {
    "& .pl-feed-meta": { margin: "8px 0 0", fontSize: 14, color: palette.text.secondary },
    "& .pl-feed-steps": { margin: "12px 0 0", paddingLeft: 20, fontSize: 14, display: "grid", gap: 4 },
    "& .pl-feed-actions": { display: "flex", flexWrap: "wrap", gap: "8px 24px", marginTop: 16 },
    "& details > summary": { cursor: "pointer", fontSize: 14, fontWeight: 500, padding: "4px 0" },
    "& details:last-of-type > summary": { color: palette.error.main },
    "& details form": { marginTop: 8, maxWidth: 360 },
    "& details p": { margin: "0 0 8px", fontSize: 14 },
  };
});
