import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import FormControlLabel from "@mui/material/FormControlLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import { styled } from "@mui/material/styles";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useCallback } from "react";
import { Form, Link, useNavigation } from "react-router";

import { listConnections } from "~/.server/code-hosts/connections";
import { env } from "~/.server/env";
import { intentAction } from "~/.server/http/intents";
import { load, requireActor } from "~/.server/http/respond";
import { workspaceForMember } from "~/.server/workspaces/membership";
import { TimeAgo } from "~/components/date-text";
import { CopyField } from "~/components/forms/copy-field";
import { SubmitButton } from "~/components/forms/fields";
import { SectionCard } from "~/components/forms/section-card";
import {
  CODE_HOST_LABEL_MAX,
  CODE_HOST_NAMES,
  CODE_HOSTS,
  codeHostHookUrl,
  SETUP_STEPS,
  type CodeHost,
} from "~/utils/code-hosts";
import type { Route } from "./+types/workspace-code-hosts";
import {
  workspaceCodeHostsFallback,
  workspaceCodeHostsIntents,
  type ConnectionRefused,
} from "./workspace-code-hosts-intents.server";

/**
 * A workspace's code hosts, for its owners and admins: each connection's inbound URL, its
 * health (the last delivery taken, refused or failed ones since), its setup steps, a new
 * secret and delete; and a form to connect GitHub, GitLab or Gitea/Forgejo. Every control is
 * a plain form: it works without JavaScript. The secret is shown in the answer to the form
 * that made it, beside the steps that need it.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Code hosts · ${loaderData.workspace.name} · Plotline` : "Code hosts · Plotline" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user, actor } = await requireActor(request, context);
  const workspace = await load(() => workspaceForMember(user.id, params.workspaceId));
  const connections = await load(() => listConnections(actor, workspace.publicId));
  return {
    workspace: { id: workspace.publicId, name: workspace.name },
    appUrl: env().appUrl,
    connections,
  };
}

/** Every control is an intent of workspace-code-hosts-intents.server.ts, run as its command. */
export const action = intentAction(workspaceCodeHostsIntents, { fallback: workspaceCodeHostsFallback });

/** The connections' list: plain elements styled once (decision 009). */
const Connections = styled("ul")(({ theme }) => {
  const { palette } = theme.vars;
  return {
    listStyle: "none",
    margin: 0,
    padding: 0,
    "& > li": { display: "grid", gap: 10, padding: "16px 0", borderTop: `1px solid ${palette.divider}` },
    "& > li:first-of-type": { borderTop: 0, paddingTop: 0 },
    "& .pl-host-head": { display: "flex", flexWrap: "wrap", alignItems: "center", gap: 8 },
    "& .pl-host-name": { margin: 0, fontSize: 16, fontWeight: 600 },
    "& .pl-host-line": { margin: 0, fontSize: 14, color: palette.text.secondary, overflowWrap: "anywhere" },
    "& .pl-host-failure": { margin: 0, fontSize: 14, color: palette.error.main, overflowWrap: "anywhere" },
    "& .pl-host-actions": { display: "flex", flexWrap: "wrap", alignItems: "flex-start", gap: 8 },
    "& details > summary": { cursor: "pointer", color: palette.primary.main, fontSize: 14 },
    "& details[open] > summary": { marginBottom: 8 },
    "& .pl-host-danger > summary": { color: palette.error.main },
    "& .pl-deliveries": { listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 6, fontSize: 14 },
    "& .pl-deliveries code": { fontSize: 12, color: palette.text.secondary },
  };
});

/** The steps in the host, numbered, with the values to paste. */
const Steps = styled("ol")({
  margin: 0,
  paddingLeft: 20,
  display: "grid",
  gap: 8,
  fontSize: 14,
  "& ul": { margin: "4px 0 0", paddingLeft: 18 },
});

export default function WorkspaceCodeHostsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { workspace, connections, appUrl } = loaderData;
  const refused = actionData && "field" in actionData ? (actionData as ConnectionRefused) : undefined;
  const secret = actionData && "secret" in actionData ? actionData : undefined;
  // With JavaScript the answer replaces the page in place: the secret, shown this once, is brought into view.
  const showSecret = useCallback((alert: HTMLDivElement | null) => {
    alert?.scrollIntoView({ block: "center" });
    alert?.focus({ preventScroll: true });
  }, []);
  return (
    <Box sx={{ maxWidth: 900, mx: "auto", display: "grid", gap: 3 }}>
      <Box>
        <Typography component="h1" variant="h4">
          Code hosts
        </Typography>
        <Typography color="textSecondary">
          <Box component={Link} to={`/app/workspaces/${workspace.id}`} sx={{ color: "primary.main" }}>
            {workspace.name}
          </Box>{" "}
          · Pull requests and commits that name a task&apos;s key (WEB-42) show on the task, and a merged “Fixes WEB-42”
          moves it to Done.{" "}
          <Box component={Link} to="/resources/documentation#integrations-code-hosts" sx={{ color: "primary.main" }}>
            How it works
          </Box>
        </Typography>
      </Box>
      {secret ? (
        <Alert severity="success" role="status" ref={showSecret} tabIndex={-1} key={secret.secret}>
          <Typography sx={{ fontWeight: 600, mb: 1 }}>
            {secret.created ? `${CODE_HOST_NAMES[secret.provider]} connected.` : "New secret made."} Copy the secret
            now: it is not shown again.
          </Typography>
          <SetupGuide provider={secret.provider} url={codeHostHookUrl(appUrl, secret.id)} secret={secret.secret} />
        </Alert>
      ) : null}
      <SectionCard title={`Connections (${connections.length})`} id="code-host-connections">
        {connections.length === 0 ? (
          <Typography color="textSecondary">No code host is connected yet. Connect one below.</Typography>
        ) : (
          <Connections aria-label="Code-host connections">
            {connections.map((connection) => (
              <ConnectionItem
                key={connection.id}
                connection={connection}
                url={codeHostHookUrl(appUrl, connection.id)}
              />
            ))}
          </Connections>
        )}
      </SectionCard>
      {/* A new form after each connection made: the fields start empty again. */}
      <AddConnection refused={refused} key={secret?.id ?? "add"} />
    </Box>
  );
}

type Connection = Route.ComponentProps["loaderData"]["connections"][number];

function ConnectionItem({ connection, url }: { connection: Connection; url: string }) {
  const name = `${CODE_HOST_NAMES[connection.provider]}${connection.label ? ` · ${connection.label}` : ""}`;
  return (
    <li aria-label={name}>
      <div className="pl-host-head">
        <h3 className="pl-host-name">{name}</h3>
        {connection.failingSince ? (
          <Chip size="small" color="error" label="Failing" />
        ) : connection.lastDeliveryAt ? (
          <Chip size="small" color="success" label="Working" />
        ) : (
          <Chip size="small" label="Waiting for a first delivery" />
        )}
      </div>
      <CopyField label="Inbound URL" value={url} copyLabel="Copy URL" />
      <p className="pl-host-line">
        {connection.lastDeliveryAt ? (
          <>
            Last delivery <TimeAgo at={connection.lastDeliveryAt} />: {connection.lastDeliveryResult}
          </>
        ) : (
          "No delivery received yet."
        )}
      </p>
      {connection.failingSince && connection.lastFailureAt ? (
        <p className="pl-host-failure" role="status">
          Failing since <TimeAgo at={connection.failingSince} />: {connection.consecutiveFailures}{" "}
          {connection.consecutiveFailures === 1 ? "delivery" : "deliveries"} refused or failed, the last{" "}
          <TimeAgo at={connection.lastFailureAt} />. {connection.lastFailure}
        </p>
      ) : null}
      <p className="pl-host-line">
        Changes act as {connection.createdBy}, who connected it <TimeAgo at={connection.createdAt} />.
      </p>
      <details>
        <summary>Setup steps in {CODE_HOST_NAMES[connection.provider]}</summary>
        <SetupGuide provider={connection.provider} url={url} />
      </details>
      {connection.deliveries.length > 0 ? (
        <details>
          <summary>Recent deliveries ({connection.deliveries.length})</summary>
          <ol className="pl-deliveries">
            {connection.deliveries.map((delivery) => (
              <li key={delivery.id}>
                <strong>{delivery.event || "delivery"}</strong> <TimeAgo at={delivery.receivedAt} />: {delivery.result}{" "}
                <code>{delivery.id}</code>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      <div className="pl-host-actions">
        <Form method="post" aria-label={`New secret: ${name}`}>
          <input type="hidden" name="intent" value="rotate-secret" />
          <input type="hidden" name="connectionId" value={connection.id} />
          <Button type="submit" size="small" variant="outlined">
            New secret
          </Button>
        </Form>
        <details className="pl-host-danger">
          <summary>Delete…</summary>
          <p className="pl-host-line">Its deliveries are refused from now on; the links it made stay on their tasks.</p>
          <Form method="post" aria-label={`Delete: ${name}`}>
            <input type="hidden" name="intent" value="delete-connection" />
            <input type="hidden" name="connectionId" value={connection.id} />
            <Button type="submit" size="small" variant="contained" color="error">
              Delete connection
            </Button>
          </Form>
        </details>
      </div>
    </li>
  );
}

/** What to do in the host: where, which field takes the URL and secret, which events to tick. */
function SetupGuide({ provider, url, secret }: { provider: CodeHost; url: string; secret?: string }) {
  const setup = SETUP_STEPS[provider];
  return (
    <Box sx={{ display: "grid", gap: 1.5 }}>
      <Typography variant="body2">{setup.where}</Typography>
      <Steps>
        {setup.steps.map((step) => (
          <li key={step.text}>
            {step.value === "url" ? (
              <CopyField label={step.text.replace(/:$/, "")} value={url} copyLabel="Copy URL" />
            ) : step.value === "secret" ? (
              secret ? (
                <CopyField label={step.text.replace(/:$/, "")} value={secret} copyLabel="Copy secret" />
              ) : (
                <>
                  {step.text} the secret shown when the connection was made. Lost it? Make a new secret and paste that.
                </>
              )
            ) : (
              step.text
            )}
            {step === setup.steps[setup.steps.length - 1] ? (
              <ul>
                {setup.events.map((event) => (
                  <li key={event}>{event}</li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
        <li>Save. The host sends a first delivery (a ping or a test) and this page shows it.</li>
      </Steps>
    </Box>
  );
}

function AddConnection({ refused }: { refused?: ConnectionRefused }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "create-connection";
  const chosen =
    refused?.provider && (CODE_HOSTS as readonly string[]).includes(refused.provider) ? refused.provider : "github";
  return (
    <SectionCard title="Connect a code host" id="code-host-add">
      <Form method="post" aria-label="Connect a code host">
        <input type="hidden" name="intent" value="create-connection" />
        <Box sx={{ display: "grid", gap: 2 }}>
          {refused && refused.field !== "label" && refused.field !== "provider" ? (
            <Alert severity="error">{refused.message}</Alert>
          ) : null}
          <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
            <Typography component="legend" sx={{ fontWeight: 600 }}>
              Code host
            </Typography>
            {refused?.field === "provider" ? (
              <Typography color="error" variant="body2" role="alert">
                {refused.message}
              </Typography>
            ) : null}
            <RadioGroup name="provider" defaultValue={chosen} row>
              {CODE_HOSTS.map((provider) => (
                <FormControlLabel
                  key={provider}
                  value={provider}
                  control={<Radio />}
                  label={CODE_HOST_NAMES[provider]}
                />
              ))}
            </RadioGroup>
          </Box>
          <TextField
            name="label"
            label="Name (optional)"
            defaultValue={refused?.label ?? ""}
            placeholder="acme/web"
            error={refused?.field === "label"}
            helperText={
              refused?.field === "label" ? refused.message : "To tell connections apart: a repository or a group."
            }
            slotProps={{ htmlInput: { maxLength: CODE_HOST_LABEL_MAX } }}
          />
          <Box>
            <SubmitButton pending={pending} pendingLabel="Connecting...">
              Connect
            </SubmitButton>
          </Box>
        </Box>
      </Form>
    </SectionCard>
  );
}
