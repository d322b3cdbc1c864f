import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import { styled } from "@mui/material/styles";
import { Form, Link, useFetcher } from "react-router";

import { TimeAgo } from "~/components/date-text";
import { RUN_OUTCOME_LABELS, type RunOutcome } from "~/utils/automations";
import { useHydrated } from "~/utils/use-hydrated";

/**
 * A project's rules, each a card: its name, its sentence, whether it is on (or paused, and
 * why), its last run; a switch turns it off and on in place (a button without JavaScript).
 */
export type RuleItem = {
  id: string;
  name: string;
  summary: string;
  enabled: boolean;
  pausedReason: string | null;
  lastRun: { outcome: string; at: string } | null;
};

export function RuleList({ rules, base, canManage }: { rules: RuleItem[]; base: string; canManage: boolean }) {
  if (rules.length === 0) {
    return (
      <Empty variant="outlined">
        <Typography sx={{ fontWeight: 600 }}>No rules yet</Typography>
        <Typography color="textSecondary">
          Rules do the routine for you: when something happens to a task, they change it, comment or tell someone.
          {canManage ? " Start from a preset below or make your own." : ""}
        </Typography>
      </Empty>
    );
  }
  return (
    <Items aria-label="Rules">
      {rules.map((rule) => (
        <RuleCard key={rule.id} rule={rule} base={base} canManage={canManage} />
      ))}
    </Items>
  );
}

function RuleCard({ rule, base, canManage }: { rule: RuleItem; base: string; canManage: boolean }) {
  return (
    <Card variant="outlined" component="li">
      <div className="pl-rule-text">
        <Title>
          <Link to={`${base}/${rule.id}`} className="pl-rule-name">
            {rule.name}
          </Link>
          <RuleState rule={rule} />
        </Title>
        <Typography color="textSecondary" variant="body2">
          {rule.summary}
        </Typography>
        <Typography color="textSecondary" variant="caption" component="p" className="pl-rule-last">
          {rule.lastRun ? (
            <>
              Last run <TimeAgo at={rule.lastRun.at} /> ·{" "}
              {RUN_OUTCOME_LABELS[rule.lastRun.outcome as RunOutcome] ?? rule.lastRun.outcome}
            </>
          ) : (
            "Not run yet"
          )}
        </Typography>
      </div>
      {canManage ? <EnabledToggle rule={rule} from="list" /> : null}
    </Card>
  );
}

export function RuleState({ rule }: { rule: Pick<RuleItem, "enabled" | "pausedReason"> }) {
  if (rule.enabled) return <Chip label="On" color="success" size="small" variant="outlined" />;
  if (rule.pausedReason) return <Chip label="Paused" color="warning" size="small" title={rule.pausedReason} />;
  return <Chip label="Off" size="small" variant="outlined" />;
}

/** On/off in place: the switch posts through a fetcher and shows the new state at once. */
export function EnabledToggle({
  rule,
  from,
}: {
  rule: Pick<RuleItem, "id" | "name" | "enabled">;
  from: "list" | "rule";
}) {
  const fetcher = useFetcher<{ enabled?: boolean; error?: string }>();
  const hydrated = useHydrated();
  const pending = fetcher.formData?.get("enabled");
  const enabled = pending ? pending === "true" : rule.enabled;
  if (!hydrated) {
    return (
      <Form method="post">
        <input type="hidden" name="ruleId" value={rule.id} />
        <input type="hidden" name="enabled" value={String(!rule.enabled)} />
        <input type="hidden" name="from" value={from} />
        <Button type="submit" name="intent" value="toggle" variant="outlined" size="small">
          {rule.enabled ? "Turn off" : "Turn on"}
        </Button>
      </Form>
    );
  }
  // A refusal puts the switch back (the page's data never changed) and says why beside it.
  const refusal = fetcher.state === "idle" ? fetcher.data?.error : undefined;
  return (
    <ToggleBox>
      <Switch
        checked={enabled}
        slotProps={{ input: { "aria-label": `${rule.name} is ${enabled ? "on" : "off"}` } }}
        onChange={(event) =>
          fetcher.submit(
            { intent: "toggle", ruleId: rule.id, enabled: String(event.target.checked), from, via: "fetcher" },
            { method: "post" },
          )
        }
      />
      {refusal ? (
        <Typography color="error" variant="caption" role="alert">
          {refusal}
        </Typography>
      ) : null}
    </ToggleBox>
  );
}

/** The presets, each added in one click. */
export function PresetList({ presets }: { presets: { id: string; name: string; description: string }[] }) {
  return (
    <Items aria-label="Presets">
      {presets.map((preset) => (
        <Card variant="outlined" component="li" key={preset.id}>
          <div className="pl-rule-text">
            <Typography className="pl-rule-name">{preset.name}</Typography>
            <Typography color="textSecondary" variant="body2">
              {preset.description}
            </Typography>
          </div>
          <Form method="post">
            <input type="hidden" name="preset" value={preset.id} />
            <Button
              type="submit"
              name="intent"
              value="add-preset"
              variant="outlined"
              size="small"
              aria-label={`Add ${preset.name}`}
            >
              Add
            </Button>
          </Form>
        </Card>
      ))}
    </Items>
  );
}

const ToggleBox = styled("div")({ display: "grid", justifyItems: "end" });

const Items = styled("ul")(({ theme }) => ({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: theme.spacing(1.5),
}));

const Card = styled(Paper)(({ theme }) => ({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) auto",
  gap: theme.spacing(2),
  alignItems: "center",
  padding: theme.spacing(1.5, 2),
  "& .pl-rule-text": { minWidth: 0 },
  "& .pl-rule-name": { color: theme.vars.palette.text.primary, fontWeight: 600 },
  "& .pl-rule-last": { marginTop: theme.spacing(0.5) },
})) as typeof Paper;

const Title = styled("div")(({ theme }) => ({
  display: "flex",
  alignItems: "center",
  gap: theme.spacing(1),
  flexWrap: "wrap",
}));

const Empty = styled(Paper)(({ theme }) => ({ padding: theme.spacing(3), display: "grid", gap: theme.spacing(0.5) }));
