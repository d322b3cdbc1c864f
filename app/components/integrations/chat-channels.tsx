import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Chip from "@mui/material/Chip";
import FormControlLabel from "@mui/material/FormControlLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import { styled } from "@mui/material/styles";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { Form, Link, useNavigation } from "react-router";

import { TimeAgo } from "~/components/date-text";
import { SubmitButton } from "~/components/forms/fields";
import { SectionCard } from "~/components/forms/section-card";
import {
  CHAT_CHANNEL_NAME_MAX,
  CHAT_CHANNEL_URL_MAX,
  CHAT_EVENT_IDS,
  CHAT_EVENTS,
  CHAT_FORMAT_IDS,
  CHAT_FORMATS,
  DEFAULT_CHAT_EVENTS,
  isChatFormat,
} from "~/utils/chat-channels";
import type { ChatChannelRefused } from "~/routes/app/workspace-chat-channels-intents.server";

/** A channel as the page shows it (the URL masked). */
export type ChatChannelView = {
  id: string;
  name: string;
  format: string;
  url: string;
  events: string[];
  enabled: boolean;
  consecutiveFailures: number;
  failingSince: string | null;
  lastError: string | null;
  disabledReason: string | null;
  projectId: string;
  projectName: string;
};
type Project = { id: string; name: string };
export type ChatDelivery = {
  id: string;
  kind: string;
  summary: string;
  attempt: number;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  responseExcerpt: string | null;
  createdAt: string;
};

const List = styled("ul")({ listStyle: "none", margin: 0, padding: 0 });
const Row = styled("li")(({ theme }) => ({
  padding: theme.spacing(2, 0),
  borderTop: `1px solid ${theme.vars.palette.divider}`,
  minWidth: 0,
}));
const Line = styled("div")(({ theme }) => ({
  display: "flex",
  alignItems: "center",
  flexWrap: "wrap",
  gap: theme.spacing(1),
}));
const Actions = styled("div")(({ theme }) => ({
  display: "flex",
  flexWrap: "wrap",
  gap: theme.spacing(1),
  marginTop: theme.spacing(1),
}));
const Fold = styled("details")(({ theme }) => ({
  marginTop: theme.spacing(1),
  "& > summary": { cursor: "pointer", color: theme.vars.palette.primary.main, width: "fit-content" },
}));
const Excerpt = styled("pre")({
  margin: "4px 0 0",
  fontSize: 12,
  whiteSpace: "pre-wrap",
  wordBreak: "break-all",
  maxHeight: 120,
  overflow: "auto",
});
const Masked = styled("code")({ fontFamily: "monospace", fontSize: 13, wordBreak: "break-all" });
const Choices = styled("div")(({ theme }) => ({
  display: "grid",
  gridTemplateColumns: "1fr",
  gap: theme.spacing(0.5),
  [theme.breakpoints.up("sm")]: { gridTemplateColumns: "1fr 1fr" },
}));

const formatLabel = (format: string) => (isChatFormat(format) ? CHAT_FORMATS[format].label : format);

export function ChatChannelList({
  channels,
  projects,
  refused,
}: {
  channels: ChatChannelView[];
  projects: Project[];
  refused?: ChatChannelRefused;
}) {
  return (
    <SectionCard title={`Channels (${channels.length})`} id="chat-channels">
      {channels.length === 0 ? (
        <Typography color="textSecondary">
          No chat channels yet. Add one below: paste an incoming-webhook URL from Slack, Mattermost, Discord or Teams,
          or an ntfy topic.
        </Typography>
      ) : (
        <List aria-label="Chat channels">
          {channels.map((channel) => (
            <ChannelRow
              key={channel.id}
              channel={channel}
              projects={projects}
              refused={refused?.intent === "update-channel" && refused.channelId === channel.id ? refused : undefined}
            />
          ))}
        </List>
      )}
    </SectionCard>
  );
}

function ChannelRow({
  channel,
  refused,
}: {
  channel: ChatChannelView;
  projects: Project[];
  refused?: ChatChannelRefused;
}) {
  return (
    <Row aria-label={channel.name}>
      <Line>
        <Typography sx={{ fontWeight: 600 }}>{channel.name}</Typography>
        <Chip size="small" variant="outlined" label={formatLabel(channel.format)} />
        <ChannelState channel={channel} />
      </Line>
      <Typography variant="body2" color="textSecondary">
        {channel.projectName} · <Masked>{channel.url}</Masked>
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {CHAT_EVENT_IDS.filter((event) => channel.events.includes(event))
          .map((event) => CHAT_EVENTS[event])
          .join(" · ")}
      </Typography>
      <ChannelProblem channel={channel} />
      <Actions>
        <Button component={Link} to={`?log=${channel.id}#channel-log`} size="small" variant="outlined">
          Delivery log
        </Button>
        <SmallForm intent="send-test" channel={channel} label="Send test" />
        <SmallForm
          intent="toggle-channel"
          channel={channel}
          label={channel.enabled ? "Turn off" : "Turn on"}
          extra={{ enabled: String(!channel.enabled) }}
        />
      </Actions>
      <Fold open={Boolean(refused)}>
        <summary>Edit…</summary>
        <EditChannel channel={channel} refused={refused} />
      </Fold>
      <Fold>
        <Box component="summary" sx={{ color: "error.main" }}>
          Delete…
        </Box>
        <Typography variant="body2" sx={{ my: 1 }}>
          Nothing more is posted to {channel.name}, and its delivery log is deleted.
        </Typography>
        <SmallForm intent="delete-channel" channel={channel} label="Delete channel" danger />
      </Fold>
    </Row>
  );
}

function ChannelState({ channel }: { channel: ChatChannelView }) {
  if (!channel.enabled) return <Chip size="small" label="Off" />;
  if (channel.failingSince) return <Chip size="small" color="warning" label="Failing" />;
  return <Chip size="small" color="success" label="On" />;
}

function ChannelProblem({ channel }: { channel: ChatChannelView }) {
  if (channel.disabledReason)
    return (
      <Typography variant="body2" color="error" role="status">
        Off: {channel.disabledReason}
      </Typography>
    );
  if (!channel.failingSince) return null;
  return (
    <Typography variant="body2" color="warning.main" role="status">
      Failing since <TimeAgo at={channel.failingSince} /> ({channel.consecutiveFailures} in a row):{" "}
      {channel.lastError ?? "no answer."} Messages are retried; the channel turns off after 20.
    </Typography>
  );
}

function SmallForm({
  intent,
  channel,
  label,
  extra = {},
  danger = false,
}: {
  intent: string;
  channel: ChatChannelView;
  label: string;
  extra?: Record<string, string>;
  danger?: boolean;
}) {
  return (
    <Form method="post" aria-label={`${label}: ${channel.name}`}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="channelId" value={channel.id} />
      {Object.entries(extra).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button
        type="submit"
        size="small"
        variant={danger ? "contained" : "outlined"}
        color={danger ? "error" : "primary"}
      >
        {label}
      </Button>
    </Form>
  );
}

function usePending(intent: string, channelId?: string) {
  const navigation = useNavigation();
  return (
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    (channelId === undefined || navigation.formData.get("channelId") === channelId)
  );
}

function EditChannel({ channel, refused }: { channel: ChatChannelView; refused?: ChatChannelRefused }) {
  const pending = usePending("update-channel", channel.id);
  return (
    <Form method="post" aria-label={`Edit ${channel.name}`}>
      <input type="hidden" name="intent" value="update-channel" />
      <input type="hidden" name="channelId" value={channel.id} />
      <Stack spacing={2} sx={{ mt: 2 }}>
        <NameField refused={refused} defaultValue={refused?.name ?? channel.name} />
        <UrlField
          refused={refused}
          required={false}
          label="New URL (optional)"
          defaultValue={refused?.url ?? ""}
          help={`Leave empty to keep ${channel.url}.`}
        />
        <EventChoices refused={refused} chosen={refused?.events ?? channel.events} />
        <Box>
          <SubmitButton pending={pending} pendingLabel="Saving..." size="medium">
            Save channel
          </SubmitButton>
        </Box>
      </Stack>
    </Form>
  );
}

export function AddChatChannel({ projects, refused }: { projects: Project[]; refused?: ChatChannelRefused }) {
  const pending = usePending("create-channel");
  if (projects.length === 0)
    return (
      <SectionCard title="Add a chat channel" id="chat-channel-add">
        <Typography color="textSecondary">Create a project first: a channel posts one project&apos;s news.</Typography>
      </SectionCard>
    );
  const format = refused?.format && isChatFormat(refused.format) ? refused.format : "slack";
  return (
    <SectionCard title="Add a chat channel" id="chat-channel-add">
      <Form method="post" aria-label="Add a chat channel">
        <input type="hidden" name="intent" value="create-channel" />
        <Stack spacing={2}>
          {refused && !["projectId", "name", "format", "url", "events"].includes(refused.field) ? (
            <Alert severity="error">{refused.message}</Alert>
          ) : null}
          <TextField
            select
            name="projectId"
            label="Project"
            defaultValue={refused?.projectId || projects[0]!.id}
            error={refused?.field === "projectId"}
            helperText={refused?.field === "projectId" ? refused.message : "Whose task news is posted."}
            slotProps={{ select: { native: true } }}
          >
            {projects.map((project) => (
              <option key={project.id} value={project.id}>
                {project.name}
              </option>
            ))}
          </TextField>
          <NameField refused={refused} defaultValue={refused?.name ?? ""} />
          <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
            <Typography component="legend" sx={{ fontWeight: 600, mb: 0.5 }}>
              Where it goes
            </Typography>
            {refused?.field === "format" ? (
              <Typography color="error" variant="body2">
                {refused.message}
              </Typography>
            ) : null}
            <RadioGroup name="format" defaultValue={format}>
              <Choices>
                {CHAT_FORMAT_IDS.map((id) => (
                  <FormControlLabel
                    key={id}
                    value={id}
                    control={<Radio size="small" />}
                    sx={{ alignItems: "flex-start", mr: 0 }}
                    label={
                      <Box sx={{ pt: 0.75 }}>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {CHAT_FORMATS[id].label}
                        </Typography>
                        <Typography variant="caption" color="textSecondary" component="p">
                          {CHAT_FORMATS[id].hint}
                        </Typography>
                      </Box>
                    }
                  />
                ))}
              </Choices>
            </RadioGroup>
          </Box>
          <UrlField refused={refused} required label="Webhook URL" defaultValue={refused?.url ?? ""} />
          <EventChoices refused={refused} chosen={refused?.events ?? DEFAULT_CHAT_EVENTS} />
          <Box>
            <SubmitButton pending={pending} pendingLabel="Adding...">
              Add Channel
            </SubmitButton>
          </Box>
        </Stack>
      </Form>
    </SectionCard>
  );
}

function NameField({ refused, defaultValue }: { refused?: ChatChannelRefused; defaultValue: string }) {
  return (
    <TextField
      name="name"
      label="Name"
      required
      defaultValue={defaultValue}
      placeholder="#design"
      error={refused?.field === "name"}
      helperText={
        refused?.field === "name" ? refused.message : "How Plotline names it (the chat decides where it lands)."
      }
      slotProps={{ htmlInput: { maxLength: CHAT_CHANNEL_NAME_MAX } }}
    />
  );
}

function UrlField({
  refused,
  required,
  label,
  defaultValue,
  help = "Kept secret: it is shown masked after saving.",
}: {
  refused?: ChatChannelRefused;
  required: boolean;
  label: string;
  defaultValue: string;
  help?: string;
}) {
  return (
    <TextField
      name="url"
      label={label}
      type="url"
      required={required}
      defaultValue={defaultValue}
      placeholder="https://hooks.slack.com/services/…"
      error={refused?.field === "url"}
      helperText={refused?.field === "url" ? refused.message : help}
      slotProps={{ htmlInput: { maxLength: CHAT_CHANNEL_URL_MAX, autoComplete: "off", spellCheck: false } }}
    />
  );
}

function EventChoices({ refused, chosen }: { refused?: ChatChannelRefused; chosen: readonly string[] }) {
  const picked = new Set(chosen);
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" sx={{ fontWeight: 600 }}>
        Post when
      </Typography>
      {refused?.field === "events" ? (
        <Typography color="error" variant="body2" role="alert">
          {refused.message}
        </Typography>
      ) : null}
      <Choices>
        {CHAT_EVENT_IDS.map((event) => (
          <FormControlLabel
            key={event}
            control={<Checkbox name="events" value={event} size="small" defaultChecked={picked.has(event)} />}
            label={<Typography variant="body2">{CHAT_EVENTS[event]}</Typography>}
          />
        ))}
      </Choices>
    </Box>
  );
}

export function ChatDeliveryLog({ log }: { log: { channel: ChatChannelView; deliveries: ChatDelivery[] } }) {
  return (
    <SectionCard title={`Delivery log: ${log.channel.name}`} id="channel-log">
      {log.deliveries.length === 0 ? (
        <Typography color="textSecondary">Nothing posted yet. Send a test to try the channel.</Typography>
      ) : (
        <List aria-label="Deliveries">
          {log.deliveries.map((delivery) => (
            <DeliveryRow key={delivery.id} delivery={delivery} />
          ))}
        </List>
      )}
    </SectionCard>
  );
}

function DeliveryRow({ delivery }: { delivery: ChatDelivery }) {
  const ok = delivery.statusCode !== null && delivery.statusCode >= 200 && delivery.statusCode < 300;
  return (
    <Row>
      <Line>
        <Chip
          size="small"
          color={ok ? "success" : "error"}
          label={delivery.statusCode === null ? "No answer" : `HTTP ${delivery.statusCode}`}
        />
        <Typography sx={{ fontWeight: 600, minWidth: 0, overflowWrap: "anywhere" }}>{delivery.summary}</Typography>
      </Line>
      <Typography variant="body2" color="textSecondary">
        {CHAT_EVENTS[delivery.kind as keyof typeof CHAT_EVENTS] ?? "Test"} · attempt {delivery.attempt} ·{" "}
        {delivery.durationMs} ms · <TimeAgo at={delivery.createdAt} />
      </Typography>
      {delivery.error ? <Typography variant="body2">{delivery.error}</Typography> : null}
      {delivery.responseExcerpt ? <Excerpt>{delivery.responseExcerpt}</Excerpt> : null}
    </Row>
  );
}
