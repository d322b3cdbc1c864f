import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { styled } from "@mui/material/styles";
import { useState, type MouseEvent } from "react";
import { Form, useNavigation } from "react-router";

import { SectionCard } from "~/components/forms/section-card";
import { Close } from "~/components/icons/material";
import {
  EMPTY_ROW,
  TRIGGER_LABELS,
  type BuilderOptions,
  type ChoiceGroup,
  type RuleDraft,
  type RuleRow,
} from "~/utils/automation-builder";
import {
  AUTOMATION_MAX_ACTIONS,
  AUTOMATION_MAX_CONDITIONS,
  TEXT_ACTIONS,
  TEXT_CONDITIONS,
  TEXT_HINTS,
  TRIGGER_TYPES,
  type ActionKind,
  type ConditionKind,
} from "~/utils/automations";
import { TASK_PRIORITIES } from "~/validation/priorities";
import { useHydrated } from "~/utils/use-hydrated";

/**
 * The rule builder: a sentence in three blocks, "When … / If … / Then …". Every control is
 * a native select or text field of one form, so it works without JavaScript: "Add
 * condition" posts the form back with one more row, a changed trigger shows its own
 * choices after "Show its choices". With JavaScript the same buttons add rows in place,
 * the trigger's choices follow the select, and a row's text field shows only when its
 * choice takes text.
 */
export type BuilderRefusal = { field: string; message: string };

type Block = "conditions" | "anyConditions" | "actions";
const BLOCK_FIELDS: Record<Block, { choice: string; text: string; max: number; add: string; label: string }> = {
  conditions: {
    choice: "condition",
    text: "conditionText",
    max: AUTOMATION_MAX_CONDITIONS,
    add: "add-condition",
    label: "Condition",
  },
  anyConditions: {
    choice: "anyCondition",
    text: "anyConditionText",
    max: AUTOMATION_MAX_CONDITIONS,
    add: "add-any-condition",
    label: "Alternative",
  },
  actions: { choice: "action", text: "actionText", max: AUTOMATION_MAX_ACTIONS, add: "add-action", label: "Action" },
};

export function RuleBuilder({
  draft,
  options,
  isNew,
  refused,
  canManage,
  children,
}: {
  draft: RuleDraft;
  options: BuilderOptions;
  isNew: boolean;
  refused?: BuilderRefusal;
  canManage: boolean;
  children?: React.ReactNode;
}) {
  const [state, setState] = useState(draft);
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" && ["create", "save"].includes(String(navigation.formData?.get("intent")));
  const setRows = (block: Block, rows: RuleRow[]) => setState((current) => ({ ...current, [block]: rows }));
  const addRow = (block: Block) => (event: MouseEvent) => {
    if (!hydrated) return;
    event.preventDefault();
    if (state[block].length < BLOCK_FIELDS[block].max) setRows(block, [...state[block], EMPTY_ROW]);
  };
  const fieldError = (field: string) => (refused?.field === field ? refused.message : undefined);
  return (
    <Form method="post" aria-label={isNew ? "New rule" : "Edit rule"}>
      <input type="hidden" name="timeZone" value={state.timeZone} />
      <Sections>
        {refused ? (
          <Alert severity="error" role="alert">
            {refused.message}
          </Alert>
        ) : null}
        <SectionCard title="Name" id="rule-name">
          <TextField
            name="name"
            label="Rule name"
            value={state.name}
            onChange={(event) => setState({ ...state, name: event.target.value })}
            error={Boolean(fieldError("name"))}
            helperText={fieldError("name") ?? "How the run log and the activity log name it: Rule “…”."}
            slotProps={{ htmlInput: { maxLength: 80 } }}
            fullWidth
            disabled={!canManage}
          />
        </SectionCard>
        <SectionCard title="When" id="rule-when">
          <TriggerFields
            state={state}
            setState={setState}
            options={options}
            hydrated={hydrated}
            error={fieldError("trigger")}
          />
        </SectionCard>
        <SectionCard title="If" id="rule-if">
          <Hint>Leave empty to act on every task the trigger finds.</Hint>
          <TextField
            select
            name="match"
            label="Match"
            value={state.match}
            onChange={(event) => setState({ ...state, match: event.target.value === "any" ? "any" : "all" })}
            slotProps={NATIVE}
            sx={{ mb: 2, width: { xs: "100%", sm: 320 } }}
          >
            <option value="all">All of these are true</option>
            <option value="any">Any of these is true</option>
          </TextField>
          <Rows
            block="conditions"
            rows={state.conditions}
            groups={options.conditionChoices}
            textKinds={TEXT_CONDITIONS}
            hydrated={hydrated}
            onChange={(rows) => setRows("conditions", rows)}
            error={fieldError("conditions")}
          />
          <AddButton block="conditions" count={state.conditions.length} onClick={addRow("conditions")}>
            Add condition
          </AddButton>
          <Typography component="h3" variant="subtitle2" sx={{ mt: 3, mb: 1 }}>
            {state.match === "all" ? "… and at least one of these" : "… or at least one of these"}
          </Typography>
          <Rows
            block="anyConditions"
            rows={state.anyConditions}
            groups={options.conditionChoices}
            textKinds={TEXT_CONDITIONS}
            hydrated={hydrated}
            onChange={(rows) => setRows("anyConditions", rows)}
            error={fieldError("anyConditions")}
          />
          <AddButton block="anyConditions" count={state.anyConditions.length} onClick={addRow("anyConditions")}>
            Add alternative
          </AddButton>
        </SectionCard>
        <SectionCard title="Then" id="rule-then">
          <Hint>In this order, all or nothing. Texts may use {"{key}, {title}, {status}, {due}, {assignees}"}.</Hint>
          <Rows
            block="actions"
            rows={state.actions}
            groups={options.actionChoices}
            textKinds={TEXT_ACTIONS}
            hydrated={hydrated}
            onChange={(rows) => setRows("actions", rows)}
            error={fieldError("actions")}
          />
          <AddButton block="actions" count={state.actions.length} onClick={addRow("actions")}>
            Add action
          </AddButton>
        </SectionCard>
        {canManage ? (
          <Actions>
            <Button type="submit" name="intent" value={isNew ? "create" : "save"} variant="contained" loading={saving}>
              {isNew ? "Save rule" : "Save changes"}
            </Button>
          </Actions>
        ) : null}
        {children}
      </Sections>
    </Form>
  );
}

/** The trigger and the choices that belong to it (a status, a member, hours, a schedule). */
function TriggerFields({
  state,
  setState,
  options,
  hydrated,
  error,
}: {
  state: RuleDraft;
  setState: (draft: RuleDraft) => void;
  options: BuilderOptions;
  hydrated: boolean;
  error?: string;
}) {
  const set = (field: keyof RuleDraft) => (event: { target: { value: string } }) =>
    setState({ ...state, [field]: event.target.value });
  const statusOptions = options.statuses.map((status) => (
    <option key={status.id} value={status.id}>
      {status.name}
    </option>
  ));
  const kind = state.trigger;
  const valueChoices =
    kind === "assigned" || kind === "unassigned"
      ? { label: "Who", any: "Anyone", items: options.members }
      : kind === "label_added" || kind === "label_removed"
        ? { label: "Label", any: "Any label", items: options.labels }
        : kind === "priority_changed"
          ? {
              label: "To",
              any: "Any priority",
              items: TASK_PRIORITIES.map((priority) => ({ id: priority, name: priority })),
            }
          : null;
  return (
    <Inline>
      <TextField
        select
        name="trigger"
        label="When"
        value={kind}
        onChange={set("trigger")}
        error={Boolean(error)}
        helperText={error}
        slotProps={NATIVE}
      >
        {TRIGGER_TYPES.map((type) => (
          <option key={type} value={type}>
            {TRIGGER_LABELS[type]}
          </option>
        ))}
      </TextField>
      {kind === "status_changed" ? (
        <>
          <TextField
            select
            name="triggerFrom"
            label="From"
            value={state.triggerFrom}
            onChange={set("triggerFrom")}
            slotProps={NATIVE}
          >
            <option value="">Any status</option>
            {statusOptions}
          </TextField>
          <TextField
            select
            name="triggerTo"
            label="To"
            value={state.triggerTo}
            onChange={set("triggerTo")}
            slotProps={NATIVE}
          >
            <option value="">Any status</option>
            {statusOptions}
          </TextField>
        </>
      ) : null}
      {valueChoices ? (
        <TextField
          select
          name="triggerValue"
          label={valueChoices.label}
          value={state.triggerValue}
          onChange={set("triggerValue")}
          slotProps={NATIVE}
        >
          <option value="">{valueChoices.any}</option>
          {valueChoices.items.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </TextField>
      ) : null}
      {kind === "due_soon" ? (
        <TextField
          name="triggerHours"
          label="Hours before"
          type="number"
          value={state.triggerHours}
          onChange={set("triggerHours")}
          slotProps={{ htmlInput: { min: 1, max: 720 }, inputLabel: { shrink: true } }}
        />
      ) : null}
      {kind === "schedule" ? <ScheduleFields state={state} set={set} options={options} /> : null}
      {hydrated ? null : (
        <Button type="submit" name="intent" value="refresh" variant="outlined">
          Show its choices
        </Button>
      )}
    </Inline>
  );
}

function ScheduleFields({
  state,
  set,
  options,
}: {
  state: RuleDraft;
  set: (field: keyof RuleDraft) => (event: { target: { value: string } }) => void;
  options: BuilderOptions;
}) {
  return (
    <>
      <TextField
        select
        name="scheduleEvery"
        label="Every"
        value={state.scheduleEvery}
        onChange={set("scheduleEvery")}
        slotProps={NATIVE}
      >
        <option value="day">Day</option>
        <option value="weekday">Weekday</option>
        <option value="week">Week</option>
        <option value="month">Month</option>
        <option value="cron">Custom (cron)</option>
      </TextField>
      {state.scheduleEvery === "cron" ? (
        <TextField
          name="scheduleCron"
          label="Cron expression"
          placeholder="0 9 * * 1-5"
          value={state.scheduleCron}
          onChange={set("scheduleCron")}
          helperText="Minute, hour, day, month, weekday; it runs within the hour it names."
          slotProps={{ htmlInput: { maxLength: 100 }, inputLabel: { shrink: true } }}
        />
      ) : (
        <input type="hidden" name="scheduleCron" value={state.scheduleCron} />
      )}
      {state.scheduleEvery === "week" ? (
        <TextField
          select
          name="scheduleWeekday"
          label="On"
          value={state.scheduleWeekday}
          onChange={set("scheduleWeekday")}
          slotProps={NATIVE}
        >
          {options.weekdays.map((day, index) => (
            <option key={day} value={String(index)}>
              {day}
            </option>
          ))}
        </TextField>
      ) : (
        <input type="hidden" name="scheduleWeekday" value={state.scheduleWeekday} />
      )}
      {state.scheduleEvery === "month" ? (
        <TextField
          select
          name="scheduleDay"
          label="Day"
          value={state.scheduleDay}
          onChange={set("scheduleDay")}
          slotProps={NATIVE}
        >
          {Array.from({ length: 31 }, (_, index) => (
            <option key={index} value={String(index + 1)}>
              {index + 1}
              {index + 1 > 28 ? " (or the month's last)" : ""}
            </option>
          ))}
        </TextField>
      ) : (
        <input type="hidden" name="scheduleDay" value={state.scheduleDay} />
      )}
      {state.scheduleEvery === "cron" ? null : (
        <TextField
          select
          name="scheduleHour"
          label="At"
          value={state.scheduleHour}
          onChange={set("scheduleHour")}
          slotProps={NATIVE}
        >
          {Array.from({ length: 24 }, (_, hour) => (
            <option key={hour} value={String(hour)}>
              {String(hour).padStart(2, "0")}:00
            </option>
          ))}
        </TextField>
      )}
      <Typography variant="body2" color="textSecondary" sx={{ alignSelf: "center" }}>
        {state.timeZone}
      </Typography>
    </>
  );
}

/** A block's rows: a choice and, when it takes one, its text; each row removable with JavaScript. */
function Rows({
  block,
  rows,
  groups,
  textKinds,
  hydrated,
  onChange,
  error,
}: {
  block: Block;
  rows: RuleRow[];
  groups: ChoiceGroup[];
  textKinds: readonly (ConditionKind | ActionKind)[];
  hydrated: boolean;
  onChange: (rows: RuleRow[]) => void;
  error?: string;
}) {
  const fields = BLOCK_FIELDS[block];
  const update = (index: number, change: Partial<RuleRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  return (
    <Box sx={{ display: "grid", gap: 1.5 }}>
      {error ? (
        <Typography color="error" variant="body2" role="alert">
          {error}
        </Typography>
      ) : null}
      {rows.map((row, index) => {
        const kind = row.choice.split(":")[0] as ConditionKind | ActionKind;
        const takesText = textKinds.includes(kind);
        const label = `${fields.label} ${index + 1}`;
        return (
          <RowBox key={index}>
            <TextField
              select
              name={fields.choice}
              label={label}
              value={row.choice}
              onChange={(event) => update(index, { choice: event.target.value })}
              slotProps={NATIVE}
            >
              <option value="">—</option>
              {groups.map((group) => (
                <optgroup key={group.label} label={group.label}>
                  {group.options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </optgroup>
              ))}
            </TextField>
            {hydrated && !takesText ? (
              <input type="hidden" name={fields.text} value="" />
            ) : (
              <TextField
                name={fields.text}
                label={hydrated ? (TEXT_HINTS[kind] ?? "Text") : `${label}: text, when it takes one`}
                placeholder={hydrated ? undefined : (TEXT_HINTS[kind] ?? "")}
                value={row.text}
                onChange={(event) => update(index, { text: event.target.value })}
                slotProps={{ htmlInput: { maxLength: 2000 } }}
              />
            )}
            {hydrated ? (
              <IconButton
                aria-label={`Remove ${label.toLowerCase()}`}
                onClick={() => onChange(rows.filter((_, at) => at !== index))}
                size="small"
              >
                <Close fontSize="small" />
              </IconButton>
            ) : null}
          </RowBox>
        );
      })}
    </Box>
  );
}

function AddButton({
  block,
  count,
  onClick,
  children,
}: {
  block: Block;
  count: number;
  onClick: (event: MouseEvent) => void;
  children: React.ReactNode;
}) {
  const fields = BLOCK_FIELDS[block];
  return (
    <Button
      type="submit"
      name="intent"
      value={fields.add}
      onClick={onClick}
      disabled={count >= fields.max}
      size="small"
      sx={{ mt: 1 }}
    >
      {children}
    </Button>
  );
}

/** A native select (works without JavaScript) whose label stays above its value, even an empty one. */
const NATIVE = { select: { native: true }, inputLabel: { shrink: true } } as const;

const Sections = styled("div")(({ theme }) => ({ display: "grid", gap: theme.spacing(3), minWidth: 0 }));

const Inline = styled("div")(({ theme }) => ({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(220px, 1fr))",
  gap: theme.spacing(2),
  alignItems: "start",
}));

const RowBox = styled("div")(({ theme }) => ({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr) auto",
  gridTemplateAreas: '"choice text remove"',
  gap: theme.spacing(1.5),
  alignItems: "center",
  "& > div:nth-of-type(1)": { gridArea: "choice" },
  "& > div:nth-of-type(2)": { gridArea: "text" },
  "& > button": { gridArea: "remove" },
  // On a phone the text goes under its choice, full width.
  [theme.breakpoints.down("sm")]: {
    gridTemplateColumns: "minmax(0, 1fr) auto",
    gridTemplateAreas: '"choice remove" "text text"',
  },
}));

const Actions = styled("div")({ display: "flex", gap: 8, flexWrap: "wrap" });

function Hint({ children }: { children: React.ReactNode }) {
  return (
    <Typography color="textSecondary" variant="body2" sx={{ mb: 2 }}>
      {children}
    </Typography>
  );
}
