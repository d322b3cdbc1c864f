import Autocomplete from "@mui/material/Autocomplete";
import InputBase from "@mui/material/InputBase";
import Popover from "@mui/material/Popover";
import { styled } from "@mui/material/styles";
import { useEffect, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";

import { Avatar } from "~/components/avatar";
import { Check } from "~/components/icons/material";
import {
  FIELD_NAMES,
  PRIORITY_NAMES,
  PRIORITY_ORDER,
  type EditorField,
  type EditorOptions,
  type ParentOptions,
  type TaskValues,
} from "~/components/tasks/fields/options";
import type { TaskPatch } from "~/components/tasks/fields/task-edits";
import { addDays, nextWeekday } from "~/utils/calendar-month";
import { colorForName } from "~/utils/projects";

/**
 * The one popover that edits a task's property, loaded when first opened (React.lazy) so
 * the views' bundles do not carry it: a searchable list for status, priority, assignees,
 * labels and the parent (MUI's Autocomplete, always open inside the popover; the parent's
 * tasks asked of the server as one types), quick picks and a date input for dates. A choice
 * saves at once; lists of several (assignees, labels) save each toggle and stay open.
 * Escape or a click outside closes it and the focus goes back to the chip.
 */
export type PopoverProps = {
  anchor: HTMLElement;
  field: EditorField;
  /** The task's route, under which the parent's candidates are asked for. */
  taskUrl: string;
  values: TaskValues;
  options: EditorOptions;
  /** YYYY-MM-DD in the user's calendar, for the date picks. */
  today: string;
  onSave: (patch: TaskPatch) => void;
  onClose: () => void;
};

type Option = {
  id: string;
  label: string;
  color?: string;
  person?: { name: string; avatarUrl: string | null };
  /** A task's key, shown before its title (the parent's candidates). */
  taskKey?: string;
  /** An absence ("No parent"), shown dimmed. */
  none?: boolean;
};

const Panel = styled("div")(({ theme }) => {
  const { palette } = theme.vars;
  return {
    width: 280,
    fontSize: 14,
    "& .pl-pop-title": {
      margin: 0,
      padding: "10px 12px 4px",
      fontSize: 12,
      fontWeight: 700,
      color: palette.text.secondary,
    },
    "& .pl-pop-input": {
      display: "block",
      width: "100%",
      padding: "4px 12px 8px",
      borderBottom: `1px solid ${palette.divider}`,
      fontSize: 14,
    },
    // The list sits in the popover under its input, not floating in a popper of its own.
    "& .MuiAutocomplete-popper": {
      position: "static !important",
      transform: "none !important",
      width: "100% !important",
    },
    "& .pl-pop-list": { margin: 0, padding: "4px 0", listStyle: "none", maxHeight: 300, overflowY: "auto" },
    "& .pl-pop-list li": {
      display: "flex",
      alignItems: "center",
      gap: 8,
      padding: "6px 12px",
      cursor: "pointer",
      minHeight: 34,
    },
    "& .pl-pop-list li.Mui-focused, & .pl-pop-list li:hover": { background: palette.action.hover },
    "& .pl-pop-list li[aria-selected=true]": { fontWeight: 600 },
    "& .pl-pop-check": { width: 18, flexShrink: 0, display: "inline-flex", color: palette.primary.main },
    "& .pl-pop-key": {
      flexShrink: 0,
      fontSize: 13,
      color: palette.text.secondary,
      fontVariantNumeric: "tabular-nums",
    },
    "& .pl-pop-text": { minWidth: 0, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" },
    "& .pl-pop-list li[data-none]": { color: palette.text.secondary },
    "& .pl-pop-dot": { width: 10, height: 10, borderRadius: "50%", background: palette.text.disabled },
    "& .pl-pop-empty": { padding: "8px 12px", color: palette.text.secondary },
    "& .pl-pop-picks": { display: "grid", padding: "4px 0" },
    "& .pl-pop-picks button": {
      font: "inherit",
      textAlign: "left",
      padding: "6px 12px",
      border: 0,
      background: "none",
      color: palette.text.primary,
      cursor: "pointer",
      "&:hover, &:focus-visible": { background: palette.action.hover, outline: "none" },
    },
    "& .pl-pop-date": { display: "grid", gap: 4, padding: "8px 12px 12px", borderTop: `1px solid ${palette.divider}` },
    "& .pl-pop-date label": { fontSize: 12, color: palette.text.secondary },
    "& .pl-pop-date input": {
      font: "inherit",
      padding: "6px 8px",
      borderRadius: 6,
      border: `1px solid ${palette.divider}`,
      background: palette.background.paper,
      color: palette.text.primary,
      colorScheme: "light dark",
    },
  };
});

export default function PropertyPopover(props: PopoverProps) {
  const { anchor, field, onClose } = props;
  const titleId = "pl-pop-title";
  return (
    <Popover
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: "bottom", horizontal: "left" }}
      slotProps={{ paper: { role: "dialog", "aria-labelledby": titleId } }}
    >
      <Panel>
        <h2 className="pl-pop-title" id={titleId}>
          {FIELD_NAMES[field]}
        </h2>
        {field === "dueDate" || field === "startDate" ? (
          <DatePanel {...props} field={field} />
        ) : field === "parent" ? (
          <ParentPanel {...props} />
        ) : (
          <ListPanel {...props} />
        )}
      </Panel>
    </Popover>
  );
}

function optionsFor(field: EditorField, options: EditorOptions): Option[] {
  switch (field) {
    case "statusId":
      return options.statuses.map((status) => ({ id: status.id, label: status.name, color: status.color }));
    case "priority":
      return PRIORITY_ORDER.map((priority) => ({ id: priority, label: PRIORITY_NAMES[priority] }));
    case "assigneeIds":
      return options.members.map((member) => ({ id: member.id, label: member.name, person: member }));
    default:
      return options.labels.map((label) => ({ id: label.id, label: label.name, color: label.color }));
  }
}

function chosenIds(field: EditorField, values: TaskValues): string[] {
  switch (field) {
    case "statusId":
      return [values.statusId];
    case "priority":
      return [values.priority];
    case "assigneeIds":
      return values.assigneeIds;
    default:
      return values.labelIds;
  }
}

const NEW_LABEL = "new-label";

/** The list editors over what the view knows: type to filter, arrows to move, Enter to choose (to toggle, for several). */
function ListPanel({ field, values, options, onSave, onClose }: PopoverProps) {
  const all = optionsFor(field, options);
  const [typed, setTyped] = useState("");
  const several = field === "assigneeIds" || field === "labelIds";
  const [chosen, setChosen] = useState(() => chosenIds(field, values));
  const choose = ({ id }: Option) => {
    if (id === NEW_LABEL) {
      // Created in the workspace and put on the task in one save; its colour is picked for its name.
      const name = typed.trim();
      onSave({ labelIds: chosen, newLabel: { name, color: colorForName(name) } });
      setTyped("");
      return;
    }
    if (!several) {
      onSave(field === "statusId" ? { statusId: id } : { priority: id as TaskValues["priority"] });
      onClose();
      return;
    }
    const next = chosen.includes(id) ? chosen.filter((one) => one !== id) : [...chosen, id];
    setChosen(next);
    onSave(field === "assigneeIds" ? { assigneeIds: next } : { labelIds: next });
  };
  const noun = FIELD_NAMES[field].toLowerCase();
  return (
    <ChoiceList
      field={field}
      options={all}
      chosen={chosen}
      onChoose={choose}
      typed={typed}
      onType={setTyped}
      filter={(candidates, text) => {
        const query = text.trim().toLowerCase();
        const shown = candidates.filter(
          (option) => option.id === NEW_LABEL || option.label.toLowerCase().includes(query),
        );
        const exists = all.some((option) => option.label.toLowerCase() === query);
        if (field === "labelIds" && options.canCreateLabels && query && !exists) {
          shown.push({ id: NEW_LABEL, label: `Create label “${text.trim()}”` });
        }
        return shown;
      }}
      placeholder={several ? `Find ${noun}…` : `Change ${noun}…`}
      noOptionsText={`No ${noun} matches`}
      onClose={onClose}
    />
  );
}

const NO_PARENT = "no-parent";
/** The parent's search waits this long after the last key, so typing a title is one request, not one a letter. */
const SEARCH_DELAY_MS = 150;

/**
 * The parent: the project's tasks matched by key or title on the server (at most 20 of them,
 * `…/parent-options?q=`), "No parent" above them while nothing is typed, the current
 * parent ticked. A choice saves and closes.
 */
function ParentPanel({ taskUrl, values, onSave, onClose }: PopoverProps) {
  const [typed, setTyped] = useState("");
  const query = typed.trim();
  const { load, data } = useFetcher<ParentOptions>();
  useEffect(() => {
    const url = `${taskUrl}/parent-options?${new URLSearchParams({ q: query })}`;
    if (!query) {
      void load(url);
      return;
    }
    const timer = setTimeout(() => void load(url), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [taskUrl, query, load]);
  // Only the answer to what the box says now: Enter never picks a task of an earlier search.
  const answer = data?.q === query ? data : undefined;
  const current = values.parent ?? null;
  const found = (answer?.candidates ?? []).map((task) => ({ id: task.id, label: task.title, taskKey: task.key }));
  const listed: Option[] =
    query || answer?.refusal
      ? found
      : [
          { id: NO_PARENT, label: "No parent", none: true },
          // The current parent next, whether or not it is among the latest changed.
          ...(current ? [{ id: current.id, label: current.title, taskKey: current.key }] : []),
          ...found.filter((option) => option.id !== current?.id),
        ];
  const choose = (option: Option) => {
    const next = option.id === NO_PARENT ? null : { id: option.id, key: option.taskKey ?? "", title: option.label };
    if ((next?.id ?? null) !== (current?.id ?? null)) onSave({ parent: next });
    onClose();
  };
  return (
    <ChoiceList
      field="parent"
      options={listed}
      chosen={[current?.id ?? NO_PARENT]}
      onChoose={choose}
      typed={typed}
      onType={setTyped}
      // The server has matched them already.
      filter={(candidates) => candidates}
      loading={!answer}
      placeholder="Find a task by key or title…"
      noOptionsText={answer?.refusal ?? "No task matches"}
      onClose={onClose}
    />
  );
}

/**
 * The searchable list every list editor shows (MUI's Autocomplete, always open, its list in
 * the popover under the input): a tick on the chosen options, which stay listed.
 */
function ChoiceList({
  field,
  options,
  chosen,
  onChoose,
  typed,
  onType,
  filter,
  loading = false,
  placeholder,
  noOptionsText,
  onClose,
}: {
  field: EditorField;
  options: Option[];
  chosen: string[];
  onChoose: (option: Option) => void;
  typed: string;
  onType: (text: string) => void;
  /** The options shown for what is typed. */
  filter: (options: Option[], typed: string) => Option[];
  /** Waiting for the options of what is typed (the parent's, asked of the server). */
  loading?: boolean;
  placeholder: string;
  noOptionsText: string;
  onClose: () => void;
}) {
  const name = FIELD_NAMES[field];
  return (
    <Autocomplete
      open
      options={options}
      value={options.filter((option) => chosen.includes(option.id))}
      multiple
      disableCloseOnSelect
      disablePortal
      autoHighlight
      // Every option stays listed; the selection is shown by a tick, not by chips.
      filterSelectedOptions={false}
      renderValue={() => null}
      getOptionLabel={(option) => (option.taskKey ? `${option.taskKey} ${option.label}` : option.label)}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      inputValue={typed}
      onInputChange={(_, value, reason) => {
        // A choice keeps the filter (Autocomplete would clear it or put the option's name in).
        if (reason === "input" || reason === "clear") onType(value);
      }}
      filterOptions={(candidates, state) => filter(candidates, state.inputValue)}
      onChange={(_, __, reason, details) => {
        if (details && (reason === "selectOption" || reason === "removeOption")) onChoose(details.option);
      }}
      onClose={(_, reason) => {
        if (reason === "escape") onClose();
      }}
      loading={loading}
      loadingText="Searching…"
      noOptionsText={noOptionsText}
      slots={{ paper: PlainPaper }}
      slotProps={{ listbox: { className: "pl-pop-list", "aria-label": name } }}
      renderOption={({ key, ...rest }, option, { selected }) => (
        <li key={key} {...rest} data-none={option.none || undefined}>
          <span className="pl-pop-check" aria-hidden="true">
            {selected ? <Check fontSize="small" /> : null}
          </span>
          {option.person ? <Avatar person={option.person} size={20} decorative /> : null}
          {option.color ? <span className="pl-pop-dot pl-label-dot" data-color={option.color} /> : null}
          {option.taskKey ? (
            <>
              <span className="pl-pop-key">{option.taskKey}</span> <span className="pl-pop-text">{option.label}</span>
            </>
          ) : (
            option.label
          )}
        </li>
      )}
      renderInput={(params) => (
        <InputBase
          ref={params.slotProps.input.ref}
          inputProps={{
            ...params.slotProps.htmlInput,
            "aria-label": `Filter ${name.toLowerCase()}`,
            maxLength: 100,
          }}
          autoFocus
          placeholder={placeholder}
          className="pl-pop-input"
        />
      )}
    />
  );
}

function PlainPaper({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}

/** Quick picks and a date input: a pick saves at once, a typed date on Enter or on change by the picker. */
function DatePanel({ field, values, today, onSave, onClose }: PopoverProps & { field: "dueDate" | "startDate" }) {
  const current = values[field];
  const [typed, setTyped] = useState(current ?? "");
  const set = (value: string | null) => {
    onSave(field === "dueDate" ? { dueDate: value } : { startDate: value });
    onClose();
  };
  const picks: [string, string][] = [
    ["Today", today],
    ["Tomorrow", addDays(today, 1)],
    ["Next week", nextWeekday(today, 1)],
    ["In two weeks", addDays(today, 14)],
  ];
  return (
    <>
      <div className="pl-pop-picks">
        {picks.map(([label, day], index) => (
          <button key={label} type="button" autoFocus={index === 0} onClick={() => set(day)}>
            {label}
          </button>
        ))}
        {current ? (
          <button type="button" onClick={() => set(null)}>
            No {FIELD_NAMES[field].toLowerCase()}
          </button>
        ) : null}
      </div>
      <form
        className="pl-pop-date"
        onSubmit={(event) => {
          event.preventDefault();
          if (typed && typed !== current) set(typed);
          else onClose();
        }}
      >
        <label htmlFor="pl-pop-date-input">Pick a date (Enter to set)</label>
        <input
          id="pl-pop-date-input"
          type="date"
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          // A date input does not submit its form on Enter by itself.
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            event.currentTarget.form?.requestSubmit();
          }}
        />
      </form>
    </>
  );
}
