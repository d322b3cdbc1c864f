import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { Form, Link, useNavigation } from "react-router";

import { RuleBuilder } from "~/components/automations/rule-builder";
import { EnabledToggle, PresetList, RuleList, RuleState, type RuleItem } from "~/components/automations/rule-list";
import { RunLog, type RunItem } from "~/components/automations/run-log";
import { SectionCard } from "~/components/forms/section-card";
import type { BuilderOptions, DryRunResult, RuleAnswer, RuleDraft } from "~/utils/automation-builder";

/**
 * The Automations pages, the same for a project's rules and a workspace's: the list with the
 * presets, and one rule (builder, test, run log, copy or delete).
 */
type HomeView = { kind: "project" | "workspace"; name: string; path: string; back: string };

export function RulesPage({
  home,
  rules,
  presets,
  canManage,
}: {
  home: HomeView;
  rules: RuleItem[];
  presets: { id: string; name: string; description: string }[];
  canManage: boolean;
}) {
  return (
    <Page>
      <Box sx={{ display: "flex", gap: 2, alignItems: "flex-end", flexWrap: "wrap", justifyContent: "space-between" }}>
        <Box sx={{ minWidth: 0, flex: "1 1 420px" }}>
          <Typography component="h1" variant="h4">
            Automations
          </Typography>
          <Typography color="textSecondary">
            <Box component={Link} to={home.back} sx={{ color: "primary.main" }}>
              {home.name}
            </Box>{" "}
            ·{" "}
            {home.kind === "workspace"
              ? "Rules for every project of the workspace, naming statuses by category."
              : "Rules run right after the change that sets them off, as the member who saved them."}
          </Typography>
        </Box>
        {canManage ? (
          <Button component={Link} to={`${home.path}/new`} variant="contained">
            New rule
          </Button>
        ) : null}
      </Box>
      <RuleList rules={rules} base={home.path} canManage={canManage} />
      {presets.length > 0 ? (
        <SectionCard title="Start from a preset" id="automation-presets">
          <PresetList presets={presets} />
        </SectionCard>
      ) : null}
    </Page>
  );
}

export function RulePage({
  home,
  rule,
  options,
  canManage,
  runs,
  olderHref,
  draft,
  answer,
}: {
  home: HomeView;
  rule: { id: string; name: string; enabled: boolean; pausedReason: string | null; summary: string } | null;
  options: BuilderOptions;
  canManage: boolean;
  runs: RunItem[];
  olderHref: string | null;
  draft: RuleDraft;
  answer?: RuleAnswer;
}) {
  const shown = answer?.draft ?? draft;
  return (
    <Page>
      <Box sx={{ display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap", justifyContent: "space-between" }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h1" variant="h4" sx={{ overflowWrap: "anywhere" }}>
            {rule?.name ?? "New rule"}
          </Typography>
          <Typography color="textSecondary">
            <Box component={Link} to={home.path} sx={{ color: "primary.main" }}>
              Automations
            </Box>{" "}
            · {home.name}
          </Typography>
        </Box>
        {rule ? (
          <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
            <RuleState rule={rule} />
            {canManage ? <EnabledToggle rule={rule} from="rule" /> : null}
          </Box>
        ) : null}
      </Box>
      {rule ? (
        <Alert severity={rule.pausedReason && !rule.enabled ? "warning" : "info"} icon={false}>
          {rule.pausedReason && !rule.enabled ? `${rule.pausedReason} ` : ""}
          {rule.summary}
        </Alert>
      ) : null}
      <RuleBuilder
        // A new draft from the server (a row added, a refusal) starts the form from it.
        key={JSON.stringify(shown)}
        draft={shown}
        options={options}
        isNew={!rule}
        canManage={canManage}
        refused={answer?.intent === "refused" ? answer : undefined}
      >
        {canManage ? <TestPanel answer={answer} /> : null}
      </RuleBuilder>
      {rule ? (
        <SectionCard title="Runs" id="rule-runs">
          <RunLog runs={runs} olderHref={olderHref} />
        </SectionCard>
      ) : null}
      {rule && canManage ? (
        <SectionCard title="Copy or delete" id="rule-manage">
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
            <Form method="post">
              <input type="hidden" name="ruleId" value={rule.id} />
              <Button type="submit" name="intent" value="duplicate" variant="outlined">
                Duplicate
              </Button>
            </Form>
            <Form method="post">
              <input type="hidden" name="ruleId" value={rule.id} />
              <Button type="submit" name="intent" value="delete" variant="outlined" color="error">
                Delete rule
              </Button>
            </Form>
          </Box>
        </SectionCard>
      ) : null}
    </Page>
  );
}

function Page({ children }: { children: React.ReactNode }) {
  return (
    <Box sx={{ maxWidth: 860, mx: "auto", display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: 3 }}>
      {children}
    </Box>
  );
}

/** "Test against task KEY": what the rule would change there, nothing written. */
function TestPanel({ answer }: { answer?: RuleAnswer }) {
  const navigation = useNavigation();
  const testing = navigation.state === "submitting" && navigation.formData?.get("intent") === "test";
  const test = answer?.intent === "test" ? answer : null;
  const refused = answer?.intent === "refused" && answer.field === "taskKey" ? answer.message : undefined;
  return (
    <SectionCard title="Test" id="rule-test">
      <Typography color="textSecondary" variant="body2" sx={{ mb: 2 }}>
        Run the rule as it stands on one task, without changing anything, to see what it would do.
      </Typography>
      <Box sx={{ display: "flex", gap: 1.5, alignItems: "flex-start", flexWrap: "wrap" }}>
        <TextField
          name="taskKey"
          label="Task key"
          placeholder="WEB-12"
          defaultValue={test?.taskKey ?? ""}
          error={Boolean(refused)}
          helperText={refused}
          slotProps={{ htmlInput: { maxLength: 40 } }}
          size="small"
          sx={{ width: 200 }}
        />
        <Button type="submit" name="intent" value="test" variant="outlined" loading={testing}>
          Test
        </Button>
      </Box>
      {test ? <TestResult result={test.result} /> : null}
    </SectionCard>
  );
}

function TestResult({ result }: { result: DryRunResult }) {
  if (result.error)
    return (
      <Alert severity="error" sx={{ mt: 2 }} role="status">
        On {result.key} it would be refused: {result.error}
      </Alert>
    );
  if (!result.matched)
    return (
      <Alert severity="info" sx={{ mt: 2 }} role="status">
        {result.key} does not meet the conditions: nothing would change.
      </Alert>
    );
  return (
    <Alert severity="success" sx={{ mt: 2 }} role="status">
      On {result.key} it would:
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {(result.changes.length > 0 ? result.changes : ["change nothing (it is already so)"]).map((change, index) => (
          <li key={index}>{change}</li>
        ))}
      </Box>
    </Alert>
  );
}
