import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import Paper from "@mui/material/Paper";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { styled } from "@mui/material/styles";
import { useEffect, useState, type FocusEvent } from "react";
import { Form, useNavigation } from "react-router";

import { DayText, TimeAgo, useDateViewer } from "~/components/date-text";
import { FormSelectField, FormTextField, SubmitButton } from "~/components/forms/fields";
import { Check, ContentCopy } from "~/components/icons/material";
import { visuallyHidden } from "~/components/visually-hidden";
import { todayIn } from "~/utils/time-zones";
import { useHydrated } from "~/utils/use-hydrated";
import {
  API_TOKEN_EXPIRIES,
  API_TOKEN_EXPIRY_LABELS,
  API_TOKEN_SCOPE_LABELS,
  API_TOKEN_SCOPES,
  createApiTokenSchema,
} from "~/validation/api-tokens";

type Scope = (typeof API_TOKEN_SCOPES)[number];

export type ApiTokenSettings = {
  /** The server's own address, for the example request. */
  appUrl: string;
  /** The user's workspaces, by public id: a token is made for one of them. */
  workspaces: { id: string; name: string }[];
  tokens: {
    id: string;
    name: string;
    scope: Scope;
    prefix: string;
    workspace: string;
    expiresAt: string | null;
    lastUsedAt: string | null;
    createdAt: string;
    expired: boolean;
  }[];
};

/** The token just made, which the action hands back once (never stored, never in a URL). */
export type CreatedApiToken = { token: string; name: string; scope: Scope; expiresAt: string | null };

/**
 * Settings → Integrations → API tokens: what a token is and how to use it, the token just
 * created (shown once), the form that makes one, and the live tokens, each revocable behind
 * a `<details>` confirmation. Plain POST forms: all of it works without JavaScript.
 */
export function ApiTokensSection({
  settings,
  created,
  lastResult,
}: {
  settings: ApiTokenSettings;
  created?: CreatedApiToken;
  lastResult?: SubmissionResult<string[]>;
}) {
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="api-tokens-heading"
      sx={{ p: { xs: 2, sm: 3 }, mb: 3, minWidth: 0 }}
    >
      <Typography id="api-tokens-heading" component="h3" variant="h6" sx={{ mb: 1 }}>
        API tokens
      </Typography>
      <Typography sx={{ mb: 1 }}>
        A token lets a script or another tool use Plotline&rsquo;s API as you, in one workspace, with your role there.
        It can be read-only or read &amp; write. Send it in the <code>Authorization</code> header:
      </Typography>
      <Example>{`curl -H "Authorization: Bearer <token>" ${settings.appUrl}/api/v1/projects`}</Example>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 3 }}>
        Every endpoint is described in the <a href="/api/v1/openapi.json">OpenAPI document</a>. Treat a token like a
        password: anyone who has it can do what it allows.
      </Typography>
      {created ? <CreatedToken created={created} /> : null}
      <CreateTokenForm workspaces={settings.workspaces} lastResult={lastResult} />
      <Typography component="h4" variant="subtitle1" sx={{ mt: 4, mb: 1, fontWeight: 600 }}>
        Your tokens
      </Typography>
      {settings.tokens.length ? (
        <TokenRows aria-label="API tokens">
          {settings.tokens.map((token) => (
            <TokenRow key={token.id} token={token} />
          ))}
        </TokenRows>
      ) : (
        <Typography color="textSecondary">
          You have no API tokens. Create one above when a script or tool needs to reach Plotline.
        </Typography>
      )}
    </Paper>
  );
}

/** The example request: wrapped, never wider than the phone it is read on. */
const Example = styled("pre")(({ theme }) => {
  const { palette } = theme.vars;
  return {
    margin: "0 0 8px",
    padding: "10px 12px",
    border: `1px solid ${palette.divider}`,
    borderRadius: 8,
    backgroundColor: palette.action.hover,
    fontSize: 13,
    whiteSpace: "pre-wrap",
    overflowWrap: "anywhere",
  };
});

function CreatedToken({ created }: { created: CreatedApiToken }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2500);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Alert
      severity="success"
      role="region"
      aria-labelledby="new-token-title"
      sx={{ mb: 3, "& .MuiAlert-message": { minWidth: 0, flexGrow: 1 } }}
    >
      <AlertTitle id="new-token-title">Token &ldquo;{created.name}&rdquo; created</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        Copy it now: it will not be shown again. {API_TOKEN_SCOPE_LABELS[created.scope]},{" "}
        {created.expiresAt ? "expires " : "never expires"}
        {created.expiresAt ? <ExpiryDay at={created.expiresAt} /> : null}.
      </Typography>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "center" }}>
        <TextField
          label="New token"
          value={created.token}
          size="small"
          // Wrapped rather than cut off on a phone: the whole token stays in sight.
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
            color="success"
            startIcon={copied ? <Check fontSize="small" /> : <ContentCopy fontSize="small" />}
            onClick={() => void navigator.clipboard.writeText(created.token).then(() => setCopied(true))}
          >
            {copied ? "Copied" : "Copy"}
          </Button>
        ) : null}
        <Box component="span" aria-live="polite" sx={visuallyHidden}>
          {copied ? "Token copied to the clipboard" : ""}
        </Box>
      </Box>
    </Alert>
  );
}

function CreateTokenForm({
  workspaces,
  lastResult,
}: {
  workspaces: ApiTokenSettings["workspaces"];
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "create-api-token";
  const [form, fields] = useForm({
    id: "create-api-token",
    lastResult,
    defaultValue: { scope: "read", expires: "90", workspaceId: workspaces[0]?.id ?? "" },
    constraint: getZodConstraint(createApiTokenSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createApiTokenSchema }),
  });
  const scopeError = fields.scope.errors?.join(", ");
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby="create-token-heading">
      <input type="hidden" name="intent" value="create-api-token" />
      <Typography id="create-token-heading" component="h4" variant="subtitle1" sx={{ mb: 2, fontWeight: 600 }}>
        Create token
      </Typography>
      <FormGrid>
        <FormTextField meta={fields.name} label="Name" placeholder="e.g. CI or Zapier" />
        <FormSelectField
          meta={fields.workspaceId}
          label="Workspace"
          options={workspaces.map((workspace) => ({ value: workspace.id, label: workspace.name }))}
        />
        <FormSelectField
          meta={fields.expires}
          label="Expires"
          options={API_TOKEN_EXPIRIES.map((choice) => ({
            value: choice,
            label: choice === "never" ? "Never" : `In ${API_TOKEN_EXPIRY_LABELS[choice]}`,
          }))}
        />
        <FormControl component="fieldset" error={Boolean(scopeError)}>
          <FormLabel component="legend">Access</FormLabel>
          <RadioGroup
            key={fields.scope.key}
            row
            name={fields.scope.name}
            defaultValue={fields.scope.initialValue ?? "read"}
            aria-describedby={scopeError ? `${fields.scope.id}-error` : undefined}
          >
            {API_TOKEN_SCOPES.map((scope) => (
              <FormControlLabel key={scope} value={scope} control={<Radio />} label={API_TOKEN_SCOPE_LABELS[scope]} />
            ))}
          </RadioGroup>
          {scopeError ? <FormHelperText id={`${fields.scope.id}-error`}>{scopeError}</FormHelperText> : null}
        </FormControl>
      </FormGrid>
      <SubmitButton pending={pending} pendingLabel="Creating..." size="medium" sx={{ mt: 2 }}>
        Create token
      </SubmitButton>
    </Form>
  );
}

/** Two fields a row on wide screens (name and workspace, expiry and access), one column on a phone. */
const FormGrid = styled("div")(({ theme }) => ({
  display: "grid",
  gap: 16,
  gridTemplateColumns: "minmax(0, 1fr)",
  [theme.breakpoints.up("sm")]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" },
}));

/** The token rows' CSS, once for the list (decision 009). */
const TokenRows = styled("ul")(({ theme }) => {
  const { palette } = theme.vars;
  return {
    listStyle: "none",
    margin: 0,
    padding: 0,
    display: "grid",
    gap: 8,
    "& > li": {
      display: "flex",
      flexWrap: "wrap",
      alignItems: "flex-start",
      gap: "8px 16px",
      padding: 12,
      border: `1px solid ${palette.divider}`,
      borderRadius: 8,
    },
    "& .pl-token-main": { flex: "1 1 280px", minWidth: 0 },
    "& .pl-token-name": {
      display: "flex",
      flexWrap: "wrap",
      alignItems: "center",
      gap: 8,
      fontWeight: 600,
      overflowWrap: "anywhere",
    },
    "& .pl-token-meta": { margin: "4px 0 0", fontSize: 14, color: palette.text.secondary, overflowWrap: "anywhere" },
    "& .pl-token-expired": { color: palette.error.main, fontWeight: 600 },
    "& code": { fontSize: 13 },
    "& details > summary": {
      cursor: "pointer",
      color: palette.error.main,
      fontSize: 14,
      fontWeight: 500,
      padding: "4px 0",
    },
    "& details form": { marginTop: 8, maxWidth: 320 },
    "& details p": { margin: "0 0 8px", fontSize: 14 },
  };
});

function TokenRow({ token }: { token: ApiTokenSettings["tokens"][number] }) {
  return (
    <li aria-label={token.name}>
      <div className="pl-token-main">
        <div className="pl-token-name">
          {token.name}
          <Chip size="small" label={API_TOKEN_SCOPE_LABELS[token.scope]} />
        </div>
        <p className="pl-token-meta">
          <code>{token.prefix}…</code> · {token.workspace} · Created <TimeAgo at={token.createdAt} /> · Last used{" "}
          {token.lastUsedAt ? <TimeAgo at={token.lastUsedAt} /> : "Never"} ·{" "}
          {token.expired ? (
            <span className="pl-token-expired">Expired</span>
          ) : token.expiresAt ? (
            <>
              Expires <ExpiryDay at={token.expiresAt} />
            </>
          ) : (
            "Never expires"
          )}
        </p>
      </div>
      <details>
        <summary>
          Revoke<span style={visuallyHidden}> {token.name}</span>
        </summary>
        <Form method="post">
          <input type="hidden" name="intent" value="revoke-api-token" />
          <input type="hidden" name="tokenId" value={token.id} />
          <p>Scripts using &ldquo;{token.name}&rdquo; stop working at once. This cannot be undone.</p>
          <Button type="submit" color="error" variant="contained" size="small">
            Revoke token
          </Button>
        </Form>
      </details>
    </li>
  );
}

/** An expiry as the viewer's day ("Tomorrow", "Fri", "Dec 26"), titled with the full date. */
function ExpiryDay({ at }: { at: string }) {
  const { timeZone } = useDateViewer();
  return <DayText day={todayIn(timeZone, new Date(at))} />;
}
