import Button from "@mui/material/Button";
import { styled } from "@mui/material/styles";
import { useState } from "react";
import { Form, useFetcher } from "react-router";

import { DayText } from "~/components/date-text";
import { Repeat } from "~/components/icons/material";
import { browserTimeZone } from "~/components/team-calendar/time-zone";
import {
  describeRepeat,
  FREQUENCIES,
  MAX_AFTER_DAYS,
  MAX_INTERVAL,
  NTH_NAMES,
  NTHS,
  parseRule,
  WEEKDAY_NAMES,
  WEEKDAY_SHORT,
  WEEKDAYS,
  type Repeat as RepeatValues,
  type RepeatMode,
} from "~/utils/recurrence";
import { useHydrated } from "~/utils/use-hydrated";
import { repeatFromForm } from "~/validation/recurrence";
import type { TaskRepeat as TaskRepeatData } from "~/.server/tasks/recurrence";
import { useTaskFormTarget } from "./task-form-target";

/**
 * The task's Repeat property (docs/decisions/034): the sentence it repeats by ("Repeats every
 * 2 weeks on Mon, Thu") and the next date, opening a form of presets for the task's day and a
 * custom rule, with "Skip next", "Stop repeating" and "Use for future repeats" (edit all
 * future). Without JavaScript every control is a plain form posting its intent; with it the
 * same forms go through a fetcher: a preset saves when chosen, the sentence shows the choice
 * at once, and the page is not reloaded.
 */
const Panel = styled("div")(({ theme }) => {
  const { palette } = theme.vars;
  const field = {
    font: "inherit",
    padding: "4px 6px",
    borderRadius: 6,
    border: `1px solid ${palette.divider}`,
    background: palette.background.paper,
    color: palette.text.primary,
  };
  return {
    display: "grid",
    gap: 8,
    padding: "4px 0 12px",
    fontSize: 14,
    // Above the task page's own `.pl-prop form` rule (a padded grid): these forms sit in a row.
    "&&& form": { padding: 0, gap: 10 },
    "& .pl-repeat-custom": { display: "grid", gap: 10, border: 0, margin: 0, padding: 0, minWidth: 0 },
    "& .pl-repeat-row": { display: "flex", flexWrap: "wrap", alignItems: "center", gap: 6 },
    "& .pl-repeat-row label, & .pl-repeat-choice": { display: "inline-flex", alignItems: "center", gap: 4 },
    "& input[type=number]": { ...field, width: 60 },
    "& select": field,
    "& input[type=radio], & input[type=checkbox]": { margin: 0 },
    // The week's days as one row of small toggles.
    "& fieldset.pl-repeat-days": { display: "flex", flexWrap: "wrap", gap: 4 },
    "& fieldset.pl-repeat-days label": {
      display: "inline-flex",
      alignItems: "center",
      gap: 3,
      padding: "2px 6px",
      borderRadius: 6,
      border: `1px solid ${palette.divider}`,
      fontSize: 13,
      cursor: "pointer",
    },
    "& fieldset.pl-repeat-days label:has(input:checked)": {
      borderColor: palette.primary.main,
      background: palette.action.selected,
    },
    "& fieldset.pl-repeat-month": { display: "grid", gap: 6 },
    "&&& .pl-repeat-actions": { display: "flex", flexWrap: "wrap", gap: 6, marginTop: 4 },
    "&&& .pl-repeat-actions form": { display: "block" },
    "& .pl-repeat-next": { margin: 0, fontSize: 12, color: palette.text.secondary },
    "& legend": { fontSize: 12, color: palette.text.secondary, padding: 0, marginBottom: 4 },
    "& [hidden]": { display: "none !important" },
  };
});

/** The icon and the sentence on one line (the page's summary rule lets its items wrap). */
const Shown = styled("span")({
  "&&&": { flexWrap: "nowrap", alignItems: "flex-start" },
  "& svg": { flexShrink: 0, marginTop: 1 },
});

const CUSTOM = "custom";

export function TaskRepeat({
  taskUrl,
  repeat,
  canEdit,
  refused,
}: {
  taskUrl: string;
  repeat: TaskRepeatData;
  canEdit: boolean;
  refused?: { error: string; field: string };
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ error?: string; sentence?: string }>({ key: `repeat:${taskUrl}` });
  const pending = fetcher.formData ? pendingSentence(fetcher.formData) : undefined;
  const sentence = pending === undefined ? (repeat.series?.sentence ?? null) : pending;
  const error = fetcher.data?.error ?? refused?.error;
  const shown = sentence ?? "Does not repeat";
  if (!canEdit || !repeat.canRepeat) {
    return (
      <div className="pl-prop" id="task-repeat" data-prop="repeat">
        <span className="pl-prop-name">Repeat</span>
        <span className="pl-prop-value">
          <span>{repeat.canRepeat ? shown : "With its parent task"}</span>
        </span>
      </div>
    );
  }
  return (
    <div className="pl-prop" id="task-repeat" data-prop="repeat">
      <span className="pl-prop-name" id="prop-repeat">
        Repeat
      </span>
      <details open={Boolean(refused) || undefined}>
        <summary aria-labelledby="prop-repeat prop-repeat-value">
          <Shown>
            {sentence ? <Repeat fontSize="small" /> : null}
            <span id="prop-repeat-value" className={sentence ? undefined : "pl-muted"}>
              {shown}
            </span>
          </Shown>
        </summary>
        <Panel>
          {repeat.series && pending === undefined ? (
            <p className="pl-repeat-next">
              {repeat.series.nextOn ? (
                <>
                  Next: <DayText day={repeat.series.nextOn} />
                </>
              ) : repeat.series.mode === "after_completion" ? (
                "The next one is added when this one is completed."
              ) : null}
            </p>
          ) : null}
          <RepeatForm taskUrl={taskUrl} repeat={repeat} fetcher={hydrated ? fetcher : null} />
          {error ? (
            <p className="pl-field-error" role="alert">
              {error}
            </p>
          ) : null}
          {repeat.series ? (
            <div className="pl-repeat-actions">
              {repeat.series.mode === "schedule" ? (
                <ActionForm
                  taskUrl={taskUrl}
                  intent="skip-occurrence"
                  label="Skip next"
                  fetcher={hydrated ? fetcher : null}
                />
              ) : null}
              <ActionForm
                taskUrl={taskUrl}
                intent="update-series"
                label="Use for future repeats"
                title="Edit all future: the next ones copy this task's title, description, checklist, labels, assignees, priority and dates"
                fetcher={hydrated ? fetcher : null}
              />
              <ActionForm
                taskUrl={taskUrl}
                intent="stop-recurrence"
                label="Stop repeating"
                fetcher={hydrated ? fetcher : null}
              />
            </div>
          ) : null}
        </Panel>
      </details>
    </div>
  );
}

type Fetcher = ReturnType<typeof useFetcher>;

/** The sentence of a Repeat form being posted; null for a stop; undefined when it says nothing new. */
function pendingSentence(formData: FormData): string | null | undefined {
  const intent = formData.get("intent");
  if (intent === "stop-recurrence") return null;
  if (intent !== "set-recurrence") return undefined;
  const parsed = repeatFromForm(formData);
  if (!parsed.ok) return undefined;
  const values = parseRule(parsed.rule, "2000-01-03");
  return values ? describeRepeat(values, parsed.mode) : undefined;
}

function ActionForm({
  taskUrl,
  intent,
  label,
  title,
  fetcher,
}: {
  taskUrl: string;
  intent: string;
  label: string;
  title?: string;
  fetcher: Fetcher | null;
}) {
  const target = useTaskFormTarget();
  const FormElement = fetcher ? fetcher.Form : Form;
  return (
    <FormElement method="post" action={taskUrl} {...(fetcher ? {} : target)}>
      <input type="hidden" name="intent" value={intent} />
      {fetcher ? <input type="hidden" name="via" value="fetcher" /> : null}
      <Button type="submit" size="small" variant="outlined" title={title}>
        {label}
      </Button>
    </FormElement>
  );
}

function RepeatForm({
  taskUrl,
  repeat,
  fetcher,
}: {
  taskUrl: string;
  repeat: TaskRepeatData;
  fetcher: Fetcher | null;
}) {
  const target = useTaskFormTarget();
  const [preset, setPreset] = useState(repeat.chosen || repeat.presets[2]?.value || CUSTOM);
  const [mode, setMode] = useState<RepeatMode>(repeat.values.mode);
  const [frequency, setFrequency] = useState(repeat.values.frequency);
  const [monthly, setMonthly] = useState(repeat.values.monthly);
  const values: RepeatValues & { afterDays: number } = repeat.values;
  const FormElement = fetcher ? fetcher.Form : Form;
  // With JavaScript only the parts that apply show; without it the custom fields are all there.
  const custom = !fetcher || preset === CUSTOM;
  const submit = (form: HTMLFormElement | null) => {
    if (fetcher && form) fetcher.submit(form);
  };
  return (
    <FormElement method="post" action={taskUrl} {...(fetcher ? {} : target)} aria-label="Repeat">
      <input type="hidden" name="intent" value="set-recurrence" />
      {fetcher ? <input type="hidden" name="via" value="fetcher" /> : null}
      {fetcher ? <input type="hidden" name="timeZone" value={browserTimeZone() ?? ""} /> : null}
      <select
        name="preset"
        aria-label="Repeat"
        value={preset}
        onChange={(event) => {
          setPreset(event.target.value);
          // A preset is the whole choice: it saves at once.
          if (event.target.value !== CUSTOM) {
            const form = event.target.form;
            queueMicrotask(() => submit(form));
          }
        }}
      >
        {repeat.presets.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        <option value={CUSTOM}>Custom…</option>
      </select>
      <fieldset className="pl-repeat-custom" hidden={!custom || undefined}>
        <legend>{fetcher ? "Custom" : "Custom (choose Custom… above)"}</legend>
        <div className="pl-repeat-row">
          <label>
            <input
              type="radio"
              name="mode"
              value="schedule"
              checked={mode === "schedule"}
              onChange={() => setMode("schedule")}
            />{" "}
            On a schedule
          </label>
          <label>
            <input
              type="radio"
              name="mode"
              value="after_completion"
              checked={mode === "after_completion"}
              onChange={() => setMode("after_completion")}
            />{" "}
            After completion
          </label>
        </div>
        <div className="pl-repeat-row" hidden={(fetcher && mode !== "after_completion") || undefined}>
          <input
            type="number"
            name="afterDays"
            min={1}
            max={MAX_AFTER_DAYS}
            defaultValue={values.afterDays}
            aria-label="Days after completion"
          />
          <span>days after completion</span>
        </div>
        <div className="pl-repeat-row" hidden={(fetcher && mode !== "schedule") || undefined}>
          <span>Every</span>
          <input
            type="number"
            name="interval"
            min={1}
            max={MAX_INTERVAL}
            defaultValue={values.interval}
            aria-label="Interval"
          />
          <select
            name="frequency"
            aria-label="Frequency"
            value={frequency}
            onChange={(event) => setFrequency(event.target.value as RepeatValues["frequency"])}
          >
            {FREQUENCIES.map((option) => (
              <option key={option} value={option}>
                {{ daily: "day(s)", weekly: "week(s)", monthly: "month(s)", yearly: "year(s)" }[option]}
              </option>
            ))}
          </select>
        </div>
        <fieldset
          className="pl-repeat-days"
          hidden={(fetcher && (mode !== "schedule" || frequency !== "weekly")) || undefined}
        >
          <legend>On (weekly)</legend>
          {WEEKDAYS.map((day) => (
            <label key={day} title={WEEKDAY_NAMES[day]}>
              <input type="checkbox" name="day" value={day} defaultChecked={values.days.includes(day)} />
              {WEEKDAY_SHORT[day]}
            </label>
          ))}
        </fieldset>
        <fieldset
          className="pl-repeat-month"
          hidden={(fetcher && (mode !== "schedule" || frequency !== "monthly")) || undefined}
        >
          <legend>Monthly</legend>
          <div className="pl-repeat-row">
            <label className="pl-repeat-choice">
              <input
                type="radio"
                name="monthly"
                value="day"
                checked={monthly === "day"}
                onChange={() => setMonthly("day")}
              />
              On day
            </label>
            <input
              type="number"
              name="monthDay"
              min={1}
              max={31}
              defaultValue={values.monthDay}
              aria-label="Day of the month"
            />
          </div>
          <div className="pl-repeat-row">
            <label className="pl-repeat-choice">
              <input
                type="radio"
                name="monthly"
                value="weekday"
                checked={monthly === "weekday"}
                onChange={() => setMonthly("weekday")}
              />
              On the
            </label>
            <select name="nth" aria-label="Which weekday of the month" defaultValue={String(values.nth)}>
              {NTHS.map((nth) => (
                <option key={nth} value={nth}>
                  {NTH_NAMES[nth]}
                </option>
              ))}
            </select>
            <select name="weekday" aria-label="Weekday of the month" defaultValue={values.weekday}>
              {WEEKDAYS.map((day) => (
                <option key={day} value={day}>
                  {WEEKDAY_NAMES[day]}
                </option>
              ))}
            </select>
          </div>
        </fieldset>
        <input type="hidden" name="month" value={values.month} />
      </fieldset>
      {custom ? (
        <Button type="submit" variant="outlined" size="small">
          Save repeat
        </Button>
      ) : null}
    </FormElement>
  );
}
