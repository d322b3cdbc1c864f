import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { styled } from "@mui/material/styles";
import TextField from "@mui/material/TextField";
import type { ChangeEvent, ReactNode } from "react";
import { Form } from "react-router";

import { FormErrors } from "~/components/forms/fields";
import {
  createEventFields,
  createEventSchema,
  EVENT_TITLE_MAX,
  updateEventFields,
  updateEventSchema,
} from "~/validation/team-calendar";
import { TimeZoneField, useFormTimeZone } from "./time-zone";
import type { EventFormDefaults, EventFormOptions } from "~/.server/calendar/views";

type Inputs = Record<"startDate" | "startDateShown" | "endDate" | "startTime" | "endTime", HTMLInputElement | null>;

function inputsOf(input: HTMLInputElement): Inputs {
  const named = (name: string) => {
    const element = input.form?.elements.namedItem(name);
    return element instanceof HTMLInputElement ? element : null;
  };
  return {
    startDate: named("startDate"),
    startDateShown: named("startDateShown"),
    endDate: named("endDate"),
    startTime: named("startTime"),
    endTime: named("endTime"),
  };
}

/** A value set by script, announced as if typed, so Conform revalidates it like the others. */
function setValue(input: HTMLInputElement, value: string) {
  if (input.value === value) return;
  input.value = value;
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

/**
 * With JavaScript the end date follows the start: when it was on the start before the change,
 * or would now be before it. The hidden `startDateShown` follows too, so the server's rule
 * (validation/team-calendar.ts) sees nothing left to move.
 */
function endFollowsStartDate(event: ChangeEvent<HTMLInputElement>) {
  const { startDateShown, endDate } = inputsOf(event.currentTarget);
  const start = event.currentTarget.value;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(start) || !startDateShown || !endDate) return;
  if (endDate.value === startDateShown.value || endDate.value < start) setValue(endDate, start);
  startDateShown.value = start;
}

/** On the same day, an end time no longer after the start moves to an hour after it (at most 23:59). */
function endFollowsStartTime(event: ChangeEvent<HTMLInputElement>) {
  const { startDate, endDate, endTime } = inputsOf(event.currentTarget);
  const start = event.currentTarget.value;
  const match = /^(\d{2}):(\d{2})$/.exec(start);
  if (!match || !endTime || (endDate?.value && endDate.value !== startDate?.value)) return;
  if (endTime.value && endTime.value > start) return;
  const minutes = Math.min(Number(match[1]) * 60 + Number(match[2]) + 60, 23 * 60 + 59);
  setValue(endTime, `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`);
}

/**
 * The event form: Add Event (the dialog, the page, the day's page) and Edit. A plain POST
 * first: without JavaScript the server's answer brings back what was typed and the messages
 * beside the fields; with it Conform checks the same schema before sending. The times hide
 * by CSS when "All day" is ticked, so that needs no script either.
 */
const Fields = styled("div")(({ theme }) => {
  const { palette } = theme.vars;
  return {
    display: "grid",
    gap: 16,
    paddingTop: 8,
    "& .pl-ev-row": { display: "grid", gap: 12, gridTemplateColumns: "repeat(auto-fit, minmax(150px, 1fr))" },
    "& .pl-ev-check": { display: "flex", alignItems: "center", gap: 8, fontSize: 15 },
    "& .pl-ev-check input": { width: 18, height: 18 },
    "&:has(input[name=allDay]:checked) .pl-ev-time": { display: "none" },
    "& .pl-ev-zone": { margin: 0, fontSize: 13, color: palette.text.secondary },
    "& fieldset": {
      margin: 0,
      padding: "8px 12px 12px",
      border: `1px solid ${palette.divider}`,
      borderRadius: 8,
    },
    "& legend": { padding: "0 4px", fontSize: 14, color: palette.text.secondary },
    "& fieldset ul": {
      listStyle: "none",
      margin: 0,
      padding: 0,
      display: "grid",
      gap: 4,
      gridTemplateColumns: "repeat(auto-fill, minmax(180px, 1fr))",
      maxHeight: 200,
      overflowY: "auto",
    },
    "& fieldset label": { display: "flex", alignItems: "center", gap: 8, fontSize: 14 },
    "& .pl-ev-error": { margin: "4px 0 0", fontSize: 12, color: palette.error.main },
  };
});

type Props = {
  mode: "create" | "update";
  /** Where the form posts: /app/calendar/new, or the event's page. */
  action: string;
  defaults: EventFormDefaults;
  options: EventFormOptions;
  lastResult?: SubmissionResult<string[]> | null;
  /** Where to come back to after saving (the calendar or day it was opened from). */
  redirectTo?: string;
  FormElement?: typeof Form;
  actions: ReactNode;
};

export function EventForm({
  mode,
  action,
  defaults,
  options,
  lastResult,
  redirectTo,
  FormElement = Form,
  actions,
}: Props) {
  const schema = mode === "create" ? createEventSchema : updateEventSchema;
  const [form, fields] = useForm({
    id: mode === "create" ? `new-event-${options.workspace ?? ""}` : "edit-event",
    lastResult,
    defaultValue: {
      ...defaults,
      allDay: defaults.allDay ? "on" : undefined,
      workspaceId: options.workspace ?? "",
    },
    constraint: getZodConstraint(mode === "create" ? createEventFields : updateEventFields),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  // An edit keeps the zone the times were typed in; a new event takes the browser's.
  const zone = useFormTimeZone(defaults.timeZone, mode === "update");
  const initial = (name: keyof EventFormDefaults | "startDateShown") => {
    const value = (form.initialValue as Record<string, unknown> | undefined)?.[name];
    return typeof value === "string" ? value : "";
  };
  const chosenAttendees = new Set(
    ([] as unknown[]).concat((form.initialValue as Record<string, unknown> | undefined)?.attendeeIds ?? []),
  );
  const text = (
    meta: (typeof fields)["title"],
    label: string,
    extra: {
      type?: string;
      className?: string;
      multiline?: boolean;
      required?: boolean;
      maxLength?: number;
      onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
    } = {},
  ) => {
    const error = meta.errors?.join(", ");
    const field = (
      <TextField
        key={meta.key}
        id={meta.id}
        name={meta.name}
        label={label}
        type={extra.type ?? "text"}
        defaultValue={initial(meta.name as keyof EventFormDefaults)}
        required={extra.required}
        error={Boolean(error)}
        helperText={error}
        multiline={extra.multiline}
        minRows={extra.multiline ? 3 : undefined}
        onChange={extra.onChange}
        slotProps={{
          htmlInput: { maxLength: extra.maxLength },
          inputLabel: extra.type === "date" || extra.type === "time" ? { shrink: true } : undefined,
        }}
      />
    );
    return extra.className ? (
      <div className={extra.className} key={meta.key}>
        {field}
      </div>
    ) : (
      field
    );
  };
  const projectError = fields.projectId.errors?.join(", ");
  const attendeeError = fields.attendeeIds.errors?.join(", ");

  return (
    <FormElement
      method="post"
      action={action}
      {...getFormProps(form)}
      aria-label={mode === "create" ? "Add event" : "Edit event"}
    >
      <input type="hidden" name="intent" value={mode === "create" ? "create-event" : "update-event"} />
      {mode === "create" ? <input type="hidden" name="workspaceId" value={options.workspace ?? ""} /> : null}
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {/* The start the end date was drawn on (after a refusal, still the first one drawn). */}
      <input type="hidden" name="startDateShown" defaultValue={initial("startDateShown") || initial("startDate")} />
      <TimeZoneField serverZone={defaults.timeZone} fixed={mode === "update"} />
      <Fields>
        <FormErrors errors={form.errors} id={form.errorId} />
        {fields.workspaceId?.errors ? <FormErrors errors={fields.workspaceId.errors} /> : null}
        {text(fields.title, "Title", { required: true, maxLength: EVENT_TITLE_MAX })}
        <label className="pl-ev-check">
          <input type="checkbox" name="allDay" key={fields.allDay.key} defaultChecked={initial("allDay") === "on"} />
          All day
        </label>
        <div className="pl-ev-row">
          {text(fields.startDate, "Start date", { type: "date", required: true, onChange: endFollowsStartDate })}
          {text(fields.startTime, "Start time", {
            type: "time",
            className: "pl-ev-time",
            onChange: endFollowsStartTime,
          })}
        </div>
        <div className="pl-ev-row">
          {text(fields.endDate, "End date", { type: "date" })}
          {text(fields.endTime, "End time", { type: "time", className: "pl-ev-time" })}
        </div>
        <p className="pl-ev-zone pl-ev-time">Times are in {zone.replaceAll("_", " ")}.</p>
        {text(fields.description, "Description", { multiline: true })}
        <TextField
          key={fields.projectId.key}
          id={fields.projectId.id}
          name={fields.projectId.name}
          label="Project"
          select
          defaultValue={initial("projectId")}
          error={Boolean(projectError)}
          helperText={projectError ?? "Optional: the project this event is about"}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">No project</option>
          {options.projects.map((project) => (
            <option key={project.id} value={project.id}>
              {project.name}
            </option>
          ))}
        </TextField>
        <fieldset aria-describedby={attendeeError ? `${fields.attendeeIds.id}-error` : undefined}>
          <legend>Attendees</legend>
          <ul>
            {options.members.map((member) => (
              <li key={member.id}>
                <label>
                  <input
                    type="checkbox"
                    name="attendeeIds"
                    value={member.id}
                    defaultChecked={chosenAttendees.has(member.id)}
                  />
                  {member.name}
                </label>
              </li>
            ))}
          </ul>
          {attendeeError ? (
            <p className="pl-ev-error" id={`${fields.attendeeIds.id}-error`} role="alert">
              {attendeeError}
            </p>
          ) : null}
        </fieldset>
        {actions}
      </Fields>
    </FormElement>
  );
}
