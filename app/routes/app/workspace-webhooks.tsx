import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Chip from "@mui/material/Chip";
import FormControlLabel from "@mui/material/FormControlLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useCallback } from "react";
import { Form, Link, useNavigation } from "react-router";

import { intentAction } from "~/.server/http/intents";
import { load, requireActor } from "~/.server/http/respond";
import { workspaceForMember } from "~/.server/workspaces/membership";
import { listWebhooks, webhookDeliveryLog } from "~/.server/webhooks/webhooks";
import { TimeAgo } from "~/components/date-text";
import { SubmitButton } from "~/components/forms/fields";
import { SectionCard } from "~/components/forms/section-card";
import { WEBHOOK_DESCRIPTION_MAX, WEBHOOK_EVENT_GROUPS, WEBHOOK_URL_MAX } from "~/utils/webhook-events";
import type { Route } from "./+types/workspace-webhooks";
import {
  workspaceWebhooksFallback,
  workspaceWebhooksIntents,
  type WebhookRefused,
} from "./workspace-webhooks-intents.server";

/**
 * A workspace's outgoing webhooks, for its owners and admins: the endpoints, a form to add
 * one, and per endpoint Send test, turn off/on, a new secret, delete, and its delivery log
 * (`?log=<webhook>`) with Redeliver. Every control is a plain form: it works without
 * JavaScript. A secret is shown once, in the answer to the form that made it.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Webhooks · ${loaderData.workspace.name} · Plotline` : "Webhooks · Plotline" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user, actor } = await requireActor(request, context);
  const workspace = await load(() => workspaceForMember(user.id, params.workspaceId));
  const webhooks = await load(() => listWebhooks(actor, workspace.publicId));
  const logOf = new URL(request.url).searchParams.get("log");
  const shown = webhooks.find((webhook) => webhook.id === logOf) ?? null;
  return {
    workspace: { id: workspace.publicId, name: workspace.name },
    webhooks,
    log: shown ? { webhook: shown, deliveries: await load(() => webhookDeliveryLog(actor, shown.id)) } : null,
  };
}

/** Every control is an intent of workspace-webhooks-intents.server.ts, run as its command. */
export const action = intentAction(workspaceWebhooksIntents, { fallback: workspaceWebhooksFallback });

export default function WorkspaceWebhooksPage({ loaderData, actionData }: Route.ComponentProps) {
  const { workspace, webhooks, log } = loaderData;
  const refused = actionData && "events" in actionData ? actionData : undefined;
  const secret = actionData && "secret" in actionData ? actionData : undefined;
  // With JavaScript the answer replaces the page in place, scrolled where the form was: the
  // secret, shown this once, is brought into view.
  const showSecret = useCallback((alert: HTMLDivElement | null) => {
    alert?.scrollIntoView({ block: "center" });
    alert?.focus({ preventScroll: true });
  }, []);
  return (
    <Box sx={{ maxWidth: 900, mx: "auto", display: "grid", gap: 3 }}>
      <Box>
        <Typography component="h1" variant="h4">
          Webhooks
        </Typography>
        <Typography color="textSecondary">
          <Box component={Link} to={`/app/workspaces/${workspace.id}`} sx={{ color: "primary.main" }}>
            {workspace.name}
          </Box>{" "}
          · Each event is sent as a signed POST (Standard Webhooks) and retried for a day when it fails.
        </Typography>
      </Box>
      {secret ? (
        <Alert severity="success" role="status" ref={showSecret} tabIndex={-1} key={secret.secret}>
          <Typography sx={{ fontWeight: 600 }}>
            {secret.created ? "Webhook added." : "New secret made."} Copy its signing secret now: it is not shown again.
          </Typography>
          <Box
            component="code"
            aria-label="Signing secret"
            sx={{ display: "block", mt: 1, wordBreak: "break-all", fontFamily: "monospace" }}
          >
            {secret.secret}
          </Box>
        </Alert>
      ) : null}
      <SectionCard title={`Endpoints (${webhooks.length})`} id="webhook-endpoints">
        {webhooks.length === 0 ? (
          <Typography color="textSecondary">No webhooks yet. Add one below.</Typography>
        ) : (
          <Box component="ul" aria-label="Webhooks" sx={{ listStyle: "none", m: 0, p: 0 }}>
            {webhooks.map((webhook) => (
              <Box component="li" key={webhook.id} sx={{ py: 2, borderTop: 1, borderColor: "divider" }}>
                <Stack direction="row" sx={{ alignItems: "center", flexWrap: "wrap", gap: 1 }}>
                  <Typography sx={{ fontWeight: 600, wordBreak: "break-all" }}>{webhook.url}</Typography>
                  <Chip
                    size="small"
                    label={webhook.enabled ? "On" : "Off"}
                    color={webhook.enabled ? "success" : "default"}
                  />
                </Stack>
                {webhook.description ? <Typography>{webhook.description}</Typography> : null}
                <Typography variant="body2" color="textSecondary">
                  {webhook.events.includes("*") ? "All events" : webhook.events.join(", ")}
                </Typography>
                {webhook.disabledReason ? (
                  <Typography variant="body2" color="error">
                    Off: {webhook.disabledReason}
                  </Typography>
                ) : webhook.consecutiveFailures > 0 ? (
                  <Typography variant="body2" color="warning.main">
                    {webhook.consecutiveFailures} failed deliveries in a row.
                  </Typography>
                ) : null}
                <Stack direction="row" sx={{ mt: 1, flexWrap: "wrap", gap: 1 }}>
                  <Button component={Link} to={`?log=${webhook.id}#webhook-log`} size="small" variant="outlined">
                    Delivery log
                  </Button>
                  <SmallForm intent="send-test" webhookId={webhook.id} label="Send test" />
                  <SmallForm
                    intent="toggle-webhook"
                    webhookId={webhook.id}
                    label={webhook.enabled ? "Turn off" : "Turn on"}
                    extra={{ enabled: String(!webhook.enabled) }}
                  />
                  <SmallForm intent="rotate-secret" webhookId={webhook.id} label="New secret" />
                </Stack>
                <Box component="details" sx={{ mt: 1 }}>
                  <Box component="summary" sx={{ cursor: "pointer", color: "error.main" }}>
                    Delete…
                  </Box>
                  <Typography variant="body2" sx={{ my: 1 }}>
                    The endpoint stops receiving events at once, and its delivery log is deleted.
                  </Typography>
                  <SmallForm intent="delete-webhook" webhookId={webhook.id} label="Delete webhook" danger />
                </Box>
              </Box>
            ))}
          </Box>
        )}
      </SectionCard>
      {log ? <DeliveryLog log={log} /> : null}
      {/* A new form after each webhook added: the fields start empty again. */}
      <AddWebhook refused={refused} key={secret?.webhookId ?? "add"} />
    </Box>
  );
}

function SmallForm({
  intent,
  webhookId,
  label,
  extra = {},
  danger = false,
}: {
  intent: string;
  webhookId: string;
  label: string;
  extra?: Record<string, string>;
  danger?: boolean;
}) {
  return (
    <Form method="post" aria-label={`${label}: ${webhookId}`}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="webhookId" value={webhookId} />
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

type Log = NonNullable<Route.ComponentProps["loaderData"]["log"]>;

function DeliveryLog({ log }: { log: Log }) {
  return (
    <SectionCard title={`Delivery log: ${log.webhook.url}`} id="webhook-log">
      {log.deliveries.length === 0 ? (
        <Typography color="textSecondary">Nothing sent yet. Send a test to try the endpoint.</Typography>
      ) : (
        <Box component="ol" aria-label="Deliveries" sx={{ listStyle: "none", m: 0, p: 0 }}>
          {log.deliveries.map((delivery) => {
            const ok = delivery.statusCode !== null && delivery.statusCode >= 200 && delivery.statusCode < 300;
            return (
              <Box component="li" key={delivery.id} sx={{ py: 1.5, borderTop: 1, borderColor: "divider" }}>
                <Stack direction="row" sx={{ alignItems: "center", flexWrap: "wrap", gap: 1 }}>
                  <Chip
                    size="small"
                    color={ok ? "success" : "error"}
                    label={delivery.statusCode === null ? "No answer" : `HTTP ${delivery.statusCode}`}
                  />
                  <Typography sx={{ fontWeight: 600 }}>{delivery.verb}</Typography>
                  <Typography variant="body2" color="textSecondary">
                    attempt {delivery.attempt} · {delivery.durationMs} ms · <TimeAgo at={delivery.createdAt} />
                  </Typography>
                </Stack>
                <Typography variant="caption" color="textSecondary" sx={{ fontFamily: "monospace" }}>
                  {delivery.messageId}
                </Typography>
                {delivery.error ? <Typography variant="body2">{delivery.error}</Typography> : null}
                {delivery.responseExcerpt ? (
                  <Box
                    component="pre"
                    sx={{
                      m: 0,
                      mt: 0.5,
                      fontSize: 12,
                      whiteSpace: "pre-wrap",
                      wordBreak: "break-all",
                      maxHeight: 120,
                      overflow: "auto",
                    }}
                  >
                    {delivery.responseExcerpt}
                  </Box>
                ) : null}
                <Form method="post" aria-label={`Redeliver ${delivery.messageId}`}>
                  <input type="hidden" name="intent" value="redeliver" />
                  <input type="hidden" name="webhookId" value={log.webhook.id} />
                  <input type="hidden" name="deliveryId" value={delivery.id} />
                  <Button type="submit" size="small" sx={{ mt: 0.5 }}>
                    Redeliver
                  </Button>
                </Form>
              </Box>
            );
          })}
        </Box>
      )}
    </SectionCard>
  );
}

function AddWebhook({ refused }: { refused?: WebhookRefused }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "create-webhook";
  const chosen = new Set(refused?.events ?? []);
  const all = !refused || chosen.has("*");
  return (
    <SectionCard title="Add a webhook" id="webhook-add">
      <Form method="post" aria-label="Add a webhook">
        <input type="hidden" name="intent" value="create-webhook" />
        <Stack spacing={2}>
          {refused && refused.field !== "url" && refused.field !== "description" && refused.field !== "events" ? (
            <Alert severity="error">{refused.message}</Alert>
          ) : null}
          <TextField
            name="url"
            label="Endpoint URL"
            type="url"
            required
            defaultValue={refused?.url ?? ""}
            placeholder="https://example.com/hooks/plotline"
            error={refused?.field === "url"}
            helperText={refused?.field === "url" ? refused.message : "https:// (or http://), a public address."}
            slotProps={{ htmlInput: { maxLength: WEBHOOK_URL_MAX } }}
          />
          <TextField
            name="description"
            label="Description (optional)"
            defaultValue={refused?.description ?? ""}
            error={refused?.field === "description"}
            helperText={refused?.field === "description" ? refused.message : undefined}
            slotProps={{ htmlInput: { maxLength: WEBHOOK_DESCRIPTION_MAX } }}
          />
          <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
            <Typography component="legend" sx={{ fontWeight: 600 }}>
              Events
            </Typography>
            {refused?.field === "events" ? (
              <Typography color="error" variant="body2">
                {refused.message}
              </Typography>
            ) : null}
            <RadioGroup name="scope" defaultValue={all ? "all" : "chosen"}>
              <FormControlLabel value="all" control={<Radio />} label="All events (and those added later)" />
              <FormControlLabel value="chosen" control={<Radio />} label="Only the events chosen below" />
            </RadioGroup>
            <Box component="details" open={!all} sx={{ mt: 1 }}>
              <Box component="summary" sx={{ cursor: "pointer", color: "primary.main" }}>
                The events to choose from
              </Box>
              <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 1, mt: 1 }}>
                {Object.entries(WEBHOOK_EVENT_GROUPS).map(([group, verbs]) => (
                  <Box key={group}>
                    <Typography variant="subtitle2">{group}</Typography>
                    {verbs.map((verb) => (
                      <FormControlLabel
                        key={verb}
                        sx={{ display: "flex" }}
                        control={<Checkbox name="events" value={verb} size="small" defaultChecked={chosen.has(verb)} />}
                        label={<Typography variant="body2">{verb}</Typography>}
                      />
                    ))}
                  </Box>
                ))}
              </Box>
            </Box>
          </Box>
          <Box>
            <SubmitButton pending={pending} pendingLabel="Adding...">
              Add Webhook
            </SubmitButton>
          </Box>
        </Stack>
      </Form>
    </SectionCard>
  );
}
