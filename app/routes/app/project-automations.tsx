import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { Link } from "react-router";

import { describeRule } from "~/.server/automations/describe";
import { definitionSchema } from "~/.server/automations/definition";
import { builderOptions } from "~/.server/automations/form";
import { presetsFor } from "~/.server/automations/presets";
import { rulesOf } from "~/.server/automations/rules";
import { intentAction } from "~/.server/http/intents";
import { load, requireActor } from "~/.server/http/respond";
import { viewerTimeZone } from "~/.server/http/viewer";
import { can } from "~/.server/policies";
import { projectForMember } from "~/.server/projects/access";
import { PresetList, RuleList } from "~/components/automations/rule-list";
import { SectionCard } from "~/components/forms/section-card";
import type { Route } from "./+types/project-automations";
import { projectAutomationsFallback, projectAutomationsIntents } from "./project-automations-intents.server";

/**
 * A project's automations (issue 34): its rules with their sentence, state and last run, a
 * switch each, and the presets added in one click. Editors and above manage them; viewers
 * read them. Every control works without JavaScript.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Automations · ${loaderData.project.name} · Plotline` : "Automations · Plotline" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requireActor(request, context);
  return load(async () => {
    const access = await projectForMember(user.id, params.projectId);
    const options = await builderOptions(access);
    const rules = await rulesOf(access.project.id);
    const canManage = can(access.role, "automation.manage", access.project);
    const taken = new Set(rules.map((rule) => rule.name));
    return {
      project: { id: access.project.publicId, name: access.project.name },
      canManage,
      rules: rules.map((rule) => {
        const parsed = definitionSchema.safeParse(rule.definition);
        return {
          id: rule.publicId,
          name: rule.name,
          summary: parsed.success ? describeRule(parsed.data, options) : "This rule's definition is not valid.",
          enabled: rule.enabled,
          pausedReason: rule.pausedReason,
          lastRun: rule.lastRun ? { outcome: rule.lastRun.outcome, at: rule.lastRun.createdAt.toISOString() } : null,
        };
      }),
      presets: canManage
        ? presetsFor(options.statuses, viewerTimeZone(request))
            .filter((preset) => !taken.has(preset.name))
            .map(({ id, name, description }) => ({ id, name, description }))
        : [],
    };
  });
}

export const action = intentAction(projectAutomationsIntents, { fallback: projectAutomationsFallback });

export default function ProjectAutomations({ loaderData }: Route.ComponentProps) {
  const { project, rules, presets, canManage } = loaderData;
  const base = `/app/project/${project.id}/automations`;
  return (
    <Box sx={{ maxWidth: 860, mx: "auto", display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: 3 }}>
      <Box sx={{ display: "flex", gap: 2, alignItems: "flex-end", flexWrap: "wrap", justifyContent: "space-between" }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h1" variant="h4">
            Automations
          </Typography>
          <Typography color="textSecondary">
            <Box component={Link} to={`/app/project/${project.id}?view=settings`} sx={{ color: "primary.main" }}>
              {project.name}
            </Box>{" "}
            · Rules run right after the change that sets them off, as the member who saved them.
          </Typography>
        </Box>
        {canManage ? (
          <Button component={Link} to={`${base}/new`} variant="contained">
            New rule
          </Button>
        ) : null}
      </Box>
      <RuleList rules={rules} base={base} canManage={canManage} />
      {presets.length > 0 ? (
        <SectionCard title="Start from a preset" id="automation-presets">
          <PresetList presets={presets} />
        </SectionCard>
      ) : null}
    </Box>
  );
}
