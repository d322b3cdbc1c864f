import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { Form, Link, useNavigation } from "react-router";

import { definitionSchema } from "~/.server/automations/definition";
import { describeRule } from "~/.server/automations/describe";
import { builderOptions, draftFromDefinition } from "~/.server/automations/form";
import { ruleForMember, runLogOf } from "~/.server/automations/rules";
import { intentAction } from "~/.server/http/intents";
import { load, requireActor } from "~/.server/http/respond";
import { viewerTimeZone } from "~/.server/http/viewer";
import { authorize, can } from "~/.server/policies";
import { projectForMember } from "~/.server/projects/access";
import { RuleBuilder } from "~/components/automations/rule-builder";
import { EnabledToggle, RuleState } from "~/components/automations/rule-list";
import { RunLog } from "~/components/automations/run-log";
import { SectionCard } from "~/components/forms/section-card";
import { emptyDraft } from "~/utils/automation-builder";
import type { Route } from "./+types/project-automation";
import {
  projectAutomationFallback,
  projectAutomationIntents,
  type AutomationAnswer,
} from "./project-automation-intents.server";

/**
 * One rule (`…/automations/new` for a new one): the builder, "Test against a task", and its
 * run log (the newest 50, older ones a page at a time). Turn off/on, duplicate and delete
 * sit beside it. Viewers see the rule and its log, read-only.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.rule?.name ?? "New rule"} · Automations · Plotline` : "Automations · Plotline" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requireActor(request, context);
  return load(async () => {
    if (params.ruleId === "new") {
      const access = await projectForMember(user.id, params.projectId);
      authorize(access.role, "automation.manage", access.project);
      return {
        project: { id: access.project.publicId, name: access.project.name },
        canManage: true,
        options: await builderOptions(access),
        draft: emptyDraft(viewerTimeZone(request)),
        rule: null,
        runs: [],
        olderHref: null,
      };
    }
    const { access, rule } = await ruleForMember(user.id, params.projectId, params.ruleId);
    const options = await builderOptions(access);
    const parsed = definitionSchema.parse(rule.definition);
    const before = new URL(request.url).searchParams.get("before");
    const beforeDate = before && !Number.isNaN(Date.parse(before)) ? new Date(before) : undefined;
    const log = await runLogOf(rule.id, beforeDate);
    const last = log.runs.at(-1);
    return {
      project: { id: access.project.publicId, name: access.project.name },
      canManage: can(access.role, "automation.manage", access.project),
      options,
      draft: draftFromDefinition(rule.name, parsed),
      rule: {
        id: rule.publicId,
        name: rule.name,
        enabled: rule.enabled,
        pausedReason: rule.pausedReason,
        summary: describeRule(parsed, options),
      },
      runs: log.runs.map((run) => ({
        id: run.id,
        at: run.createdAt.toISOString(),
        outcome: run.outcome,
        taskId: run.taskId,
        taskKey: run.taskKey,
        cause: run.cause,
        changes: run.changes,
        error: run.error,
        depth: run.depth,
      })),
      olderHref: log.more && last ? `?before=${encodeURIComponent(last.createdAt.toISOString())}#rule-runs` : null,
    };
  });
}

export const action = intentAction(projectAutomationIntents, { fallback: projectAutomationFallback });

export default function ProjectAutomation({ loaderData, actionData }: Route.ComponentProps) {
  const { project, rule, options, canManage, runs, olderHref } = loaderData;
  const answer = actionData as AutomationAnswer | undefined;
  const draft = answer?.draft ?? loaderData.draft;
  const base = `/app/project/${project.id}/automations`;
  return (
    <Box sx={{ maxWidth: 860, mx: "auto", display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: 3 }}>
      <Box sx={{ display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap", justifyContent: "space-between" }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h1" variant="h4" sx={{ overflowWrap: "anywhere" }}>
            {rule?.name ?? "New rule"}
          </Typography>
          <Typography color="textSecondary">
            <Box component={Link} to={base} sx={{ color: "primary.main" }}>
              Automations
            </Box>{" "}
            · {project.name}
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
        key={JSON.stringify(draft)}
        draft={draft}
        options={options}
        isNew={!rule}
        canManage={canManage}
        refused={answer?.intent === "refused" ? answer : undefined}
      >
        {canManage ? <TestPanel answer={answer} /> : null}
      </RuleBuilder>
      {rule ? (
        <SectionCard title="Runs" id="rule-runs">
          <RunLog runs={runs} projectId={project.id} olderHref={olderHref} />
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
    </Box>
  );
}

/** "Test against task KEY": what the rule would change there, nothing written. */
function TestPanel({ answer }: { answer?: AutomationAnswer }) {
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

function TestResult({ result }: { result: Extract<AutomationAnswer, { intent: "test" }>["result"] }) {
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
