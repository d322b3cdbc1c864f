import Dialog from "@mui/material/Dialog";
import { styled } from "@mui/material/styles";
import { useEffect, useId, useState, type KeyboardEvent as ReactKeyboardEvent } from "react";
import { useFetcher, useLocation, useNavigate } from "react-router";
import { Theme, useTheme } from "remix-themes";

import { withoutTransitions } from "~/theme/switch-theme";
import { Glyph } from "~/components/lists/icons";
import { MarkedText } from "~/components/search/search-results";
import type { Marked, SearchPageData } from "~/.server/search/views";
import type { PaletteProject } from "./command-palette";
import { useCreateProject } from "./create-project-dialog";

const DEBOUNCE_MS = 150;
/** A project page, or a task page inside one: "New task" adds to that project. */
const PROJECT_PATH = /^\/app\/project\/([A-Za-z0-9]+)/;
/** The quick add of the Board or List (as the "c" shortcut finds it). */
const QUICK_ADD = 'main input[aria-label^="New task in "]';

type Option = {
  id: string;
  group: "Projects" | "Tasks" | "Actions" | "Search";
  label: Marked;
  detail?: string;
  run: () => void;
};

const PaletteDialog = styled(Dialog)(({ theme }) => {
  const { palette } = theme.vars;
  return {
    "& .MuiDialog-container": { alignItems: "flex-start" },
    "& .MuiDialog-paper": { marginTop: "12vh", width: "100%", maxWidth: 600 },
    "& .pl-palette-input": {
      display: "flex",
      alignItems: "center",
      gap: 10,
      padding: "12px 16px",
      borderBottom: `1px solid ${palette.divider}`,
      color: palette.text.secondary,
    },
    "& .pl-palette-input input": {
      flexGrow: 1,
      minWidth: 0,
      border: 0,
      outline: "none",
      background: "transparent",
      color: palette.text.primary,
      font: "inherit",
      fontSize: 16,
    },
    "& .pl-palette-mode": { fontSize: 13, fontWeight: 600, color: palette.primary.main, whiteSpace: "nowrap" },
    "& [role=listbox]": { maxHeight: "min(420px, 60vh)", overflowY: "auto", padding: "4px 0 8px" },
    "& .pl-palette-group": {
      padding: "10px 16px 4px",
      fontSize: 12,
      fontWeight: 600,
      letterSpacing: 0.4,
      textTransform: "uppercase",
      color: palette.text.secondary,
    },
    "& [role=option]": {
      display: "flex",
      alignItems: "baseline",
      gap: 10,
      padding: "8px 16px",
      cursor: "pointer",
      overflowWrap: "anywhere",
    },
    "& [role=option][aria-selected=true]": { background: palette.action.selected },
    "& .pl-palette-detail": { marginLeft: "auto", fontSize: 13, color: palette.text.secondary, whiteSpace: "nowrap" },
    "& mark": { background: "transparent", color: "inherit", fontWeight: 700 },
    "& .pl-palette-empty": { padding: "16px", color: palette.text.secondary },
    "& .pl-palette-hint": {
      padding: "8px 16px",
      borderTop: `1px solid ${palette.divider}`,
      fontSize: 12,
      color: palette.text.secondary,
    },
  };
});

/** The palette itself, loaded when it first opens (command-palette.tsx). */
export default function Palette({ projects, onClose }: { projects: PaletteProject[]; onClose: () => void }) {
  const ids = useId();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const openCreateProject = useCreateProject();
  const [theme, setTheme, { definedBy }] = useTheme();
  const [text, setText] = useState("");
  const [mode, setMode] = useState<"everything" | "new-task">("everything");
  const [active, setActive] = useState(0);
  /** Set when closing, with what to run once the dialog has gone (a navigation, a focus, another dialog). */
  const [closing, setClosing] = useState<{ then: (() => void) | null } | null>(null);
  const fetcher = useFetcher<SearchPageData>();
  const query = text.trim().normalize("NFC");

  // Quick results a moment after the typing stops.
  const { load } = fetcher;
  useEffect(() => {
    if (!query) return;
    const timer = setTimeout(
      () => void load(`/app/search?${new URLSearchParams({ q: query, palette: "1" })}`),
      DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [query, load]);
  // Only the answer to what the box says now: Enter never picks a result of an earlier query.
  const found = query && fetcher.data?.query === query ? fetcher.data.results : null;

  const close = (then?: () => void) => setClosing({ then: then ?? null });
  const go = (to: string, then?: () => void) =>
    close(() => {
      void Promise.resolve(navigate(to)).then(() => then?.());
    });
  const focusQuickAdd = () => focusWhenShown(QUICK_ADD);
  const addTaskTo = (projectId: string) => {
    if (document.querySelector(QUICK_ADD) && pathname.startsWith(`/app/project/${projectId}`)) {
      close(focusQuickAdd);
    } else go(`/app/project/${projectId}?view=board`, focusQuickAdd);
  };

  const options: Option[] = [];
  const matches = (label: string) => label.toLowerCase().includes(query.toLowerCase());
  if (mode === "new-task") {
    const listed = found
      ? found.projects.items
          .filter((hit) => !hit.archived)
          .map((hit) => ({ id: hit.id, label: hit.name, detail: hit.workspace }))
      : projects.filter((project) => matches(project.name)).map((project) => ({ ...project, label: [project.name] }));
    for (const project of listed) {
      options.push({
        id: `project-${project.id}`,
        group: "Projects",
        label: project.label,
        detail: "detail" in project ? project.detail : undefined,
        run: () => addTaskTo(project.id),
      });
    }
    options.push({
      id: "my-tasks",
      group: "Actions",
      label: ["Go to My Tasks"],
      run: () => go("/app/my-tasks"),
    });
  } else {
    for (const hit of found?.projects.items ?? []) {
      options.push({
        id: `project-${hit.id}`,
        group: "Projects",
        label: hit.name,
        detail: hit.archived ? `${hit.workspace} · Archived` : hit.workspace,
        run: () => go(`/app/project/${hit.id}`),
      });
    }
    for (const hit of found?.tasks.items ?? []) {
      options.push({
        id: `task-${hit.id}`,
        group: "Tasks",
        label: [`${hit.key} ${hit.title[0] ?? ""}`, ...hit.title.slice(1)],
        detail: hit.project,
        run: () => go(`/app/project/${hit.projectId}/task/${hit.id}`),
      });
    }
    const current = definedBy === "SYSTEM" ? "system" : theme === Theme.DARK ? "dark" : "light";
    const projectHere = PROJECT_PATH.exec(pathname)?.[1];
    const actions: { id: string; label: string; run: () => void }[] = [
      {
        id: "new-task",
        label: projectHere ? "New task in this project" : "New task…",
        run: () => {
          if (projectHere) addTaskTo(projectHere);
          else {
            setMode("new-task");
            setText("");
            setActive(0);
          }
        },
      },
      { id: "new-project", label: "New project", run: () => close(() => openCreateProject()) },
      ...(
        [
          ["light", "Switch to the light theme", Theme.LIGHT],
          ["dark", "Switch to the dark theme", Theme.DARK],
          ["system", "Use the system theme", null],
        ] as const
      )
        .filter(([name]) => name !== current)
        .map(([name, label, value]) => ({
          id: `theme-${name}`,
          label,
          run: () => close(() => withoutTransitions(() => setTheme(value))),
        })),
    ];
    for (const action of actions) {
      if (matches(action.label)) options.push({ ...action, group: "Actions", label: [action.label] });
    }
    if (query) {
      options.push({
        id: "search",
        group: "Search",
        label: [`Search everything for “${query}”`],
        run: () => go(`/app/search?${new URLSearchParams({ q: query })}`),
      });
    }
  }
  const selected = Math.min(active, options.length - 1);
  const optionId = (option: Option) => `${ids}-${option.id}`;

  const onKeyDown = (event: ReactKeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (step && options.length) {
      event.preventDefault();
      const next = (selected + step + options.length) % options.length;
      setActive(next);
      document.getElementById(optionId(options[next]!))?.scrollIntoView({ block: "nearest" });
    } else if (event.key === "Home" || event.key === "End") {
      if (!options.length) return;
      event.preventDefault();
      setActive(event.key === "Home" ? 0 : options.length - 1);
    } else if (event.key === "Enter") {
      event.preventDefault();
      options[selected]?.run();
    } else if (event.key === "Backspace" && mode === "new-task" && text === "") {
      setMode("everything");
    }
  };

  const groups = [...new Set(options.map((option) => option.group))];
  const listbox = `${ids}-listbox`;
  const loading = query !== "" && found === null;
  return (
    <PaletteDialog
      open={closing === null}
      onClose={() => close()}
      aria-labelledby={`${ids}-title`}
      // The focus goes back where it was as the dialog starts closing; what was chosen runs once it has gone.
      slotProps={{ transition: { onExited: () => onCloseAndThen(onClose, closing?.then ?? null) } }}
    >
      <h2 id={`${ids}-title`} className="pl-sr-only">
        Command palette
      </h2>
      <div className="pl-palette-input">
        <Glyph name="search" />
        {mode === "new-task" ? <span className="pl-palette-mode">New task in</span> : null}
        <input
          type="text"
          role="combobox"
          aria-label={mode === "new-task" ? "Project for the new task" : "Search or run a command"}
          aria-expanded={options.length > 0}
          aria-controls={listbox}
          aria-autocomplete="list"
          aria-activedescendant={options[selected] ? optionId(options[selected]) : undefined}
          placeholder={mode === "new-task" ? "Pick a project…" : "Search projects and tasks, or run a command…"}
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          autoFocus
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      <div role="listbox" id={listbox} aria-label={mode === "new-task" ? "Projects" : "Results and commands"}>
        {groups.map((group) => (
          <div role="group" key={group} aria-labelledby={`${ids}-group-${group}`}>
            <div role="presentation" id={`${ids}-group-${group}`} className="pl-palette-group">
              {group}
            </div>
            {options
              .filter((option) => option.group === group)
              .map((option) => {
                const index = options.indexOf(option);
                return (
                  <div
                    key={option.id}
                    id={optionId(option)}
                    role="option"
                    aria-selected={index === selected}
                    onMouseMove={() => setActive(index)}
                    onClick={option.run}
                  >
                    <span>
                      <MarkedText runs={option.label} />
                    </span>
                    {option.detail ? <span className="pl-palette-detail">{option.detail}</span> : null}
                  </div>
                );
              })}
          </div>
        ))}
      </div>
      {options.length === 0 ? <p className="pl-palette-empty">Nothing matches “{query}”.</p> : null}
      <p className="pl-palette-hint" role="status">
        {loading ? "Searching… " : ""}
        {options.length} {options.length === 1 ? "option" : "options"} · ↑↓ to move, Enter to choose, Esc to close
      </p>
    </PaletteDialog>
  );
}

/** Unmounts the palette, then runs what was chosen. */
function onCloseAndThen(onClose: () => void, then: (() => void) | null) {
  onClose();
  then?.();
}

/**
 * Focuses the element once the page shows it: after a navigation React renders the new page
 * in a transition, a few frames after the navigation's promise settles. Gives up after a second.
 */
function focusWhenShown(selector: string, frames = 60) {
  const element = document.querySelector<HTMLElement>(selector);
  if (element) element.focus();
  else if (frames > 0) requestAnimationFrame(() => focusWhenShown(selector, frames - 1));
}
