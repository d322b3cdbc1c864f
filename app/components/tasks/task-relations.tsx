import Button from "@mui/material/Button";
import { styled } from "@mui/material/styles";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form, Link, useFetcher } from "react-router";

import type { RelationOptions, TaskRelation } from "~/.server/tasks/views";
import { SectionCard } from "~/components/forms/section-card";
import { Close } from "~/components/icons/material";
import { sendInPlace, useEditsInFlight } from "~/components/tasks/fields/task-edits";
import { useTaskFormTarget } from "~/components/tasks/task-form-target";
import { useHydrated } from "~/utils/use-hydrated";
import {
  MAX_RELATED_REFERENCE,
  RELATION_GROUP_NAMES,
  RELATION_SENTENCES,
  RELATION_SIDE_OPTIONS,
  RELATION_SIDES,
} from "~/validation/task-relations";

/**
 * A task's relations (issue 34, "Dependencies"), its own component beside the task page's
 * body: grouped as Blocked by, Blocks, Related, Duplicates, Duplicate of, each other task with
 * its key, title (a link) and status, and a remove button; then "Add relation", a kind and a
 * task key. With JavaScript the add goes through a fetcher (no page load; a refusal comes back
 * beside the field with what was typed, and the field suggests the workspace's tasks as it is
 * typed in, `…/relation-options`), a removal through the edits sent in place (the row goes at
 * once, and comes back with a toast if refused). Without JavaScript both are plain forms that
 * come back to the page.
 */
const Section = styled("div")(({ theme }) => {
  const { palette } = theme.vars;
  return {
    display: "grid",
    gap: 16,
    "& h3": { margin: "0 0 4px", fontSize: 13, fontWeight: 700, color: palette.text.secondary },
    "& ul": { listStyle: "none", margin: "0 -6px", padding: 0, display: "grid" },
    "& li": {
      display: "flex",
      alignItems: "center",
      gap: 10,
      minHeight: 36,
      padding: "2px 6px",
      borderRadius: 8,
      minWidth: 0,
      "&:hover": { background: palette.action.hover },
    },
    // Keys of several projects line up: the titles start at one place.
    "& .pl-key": {
      minWidth: "4.5em",
      fontSize: 13,
      color: palette.text.secondary,
      flexShrink: 0,
      fontVariantNumeric: "tabular-nums",
    },
    "& .pl-rel-title": {
      flexGrow: 1,
      minWidth: 0,
      color: palette.text.primary,
      fontWeight: 500,
      textDecoration: "none",
      overflow: "hidden",
      textOverflow: "ellipsis",
      whiteSpace: "nowrap",
      "&:hover": { textDecoration: "underline" },
    },
    "& li[data-done] .pl-rel-title": { textDecoration: "line-through", color: palette.text.secondary },
    "& .pl-rel-status": {
      display: "inline-flex",
      alignItems: "center",
      gap: 6,
      flexShrink: 0,
      width: 132,
      fontSize: 13,
      color: palette.text.secondary,
      whiteSpace: "nowrap",
      "& > span:last-child": { overflow: "hidden", textOverflow: "ellipsis" },
    },
    "& .pl-rel-remove form": { display: "contents" },
    "& .pl-rel-remove button": {
      display: "inline-flex",
      padding: 4,
      border: 0,
      borderRadius: 6,
      background: "none",
      color: palette.text.secondary,
      cursor: "pointer",
      "&:hover": { background: palette.action.selected, color: palette.text.primary },
      "&:focus-visible": { outline: `2px solid ${palette.primary.main}`, outlineOffset: -2 },
      "& svg": { fontSize: 18 },
    },
    // Narrow (a phone): the title on a line of its own, the key and status under it.
    "@container (max-width: 480px)": {
      "& li": { flexWrap: "wrap", rowGap: 0, columnGap: 8, padding: 6 },
      "& .pl-rel-title": { order: -1, flexBasis: "calc(100% - 40px)" },
      "& .pl-rel-remove": { order: -1, marginLeft: "auto" },
      "& .pl-rel-status": { width: "auto" },
    },
    "& .pl-hint": { margin: 0, color: palette.text.secondary },
    "& .pl-add-relation": { display: "flex", gap: 8, flexWrap: "wrap", alignItems: "flex-start" },
    "& .pl-add-relation > div": { flexGrow: 1, minWidth: 140, display: "grid", gap: 4 },
    "& .pl-add-relation select, & .pl-add-relation input": {
      minWidth: 0,
      padding: 8,
      font: "inherit",
      borderRadius: 6,
      border: `1px solid ${palette.divider}`,
      background: palette.background.paper,
      color: palette.text.primary,
    },
    "& .pl-add-relation input[aria-invalid=true]": { borderColor: palette.error.main },
    "& .pl-field-error": { margin: 0, fontSize: 12, color: palette.error.main },
  };
});

/** The header's Blocked badge's tooltip: "Blocked by WEB-1 and WEB-2 (open)". */
export function blockedTitle(relations: TaskRelation[]) {
  const keys = relations
    .filter((relation) => relation.relation === "blocked_by" && relation.task.status.category !== "done")
    .map((relation) => relation.task.key);
  if (keys.length === 0) return "Blocked by an open task";
  return `Blocked by ${keys.length < 2 ? keys[0] : `${keys.slice(0, -1).join(", ")} and ${keys.at(-1)}`}`;
}

/** What a refused add brought back (a plain post, or the fetcher's answer): what was chosen, typed, and why. */
type Refused = { relation: string; other: string; error: string };
type AddAnswer = { ok?: true; added?: string; relationRefused?: Refused; error?: string };

export function TaskRelations({
  taskUrl,
  projectKey,
  relations,
  canEdit,
  refused,
}: {
  /** The task's page, where the forms post. */
  taskUrl: string;
  /** For the field's example key. */
  projectKey: string;
  relations: TaskRelation[];
  canEdit: boolean;
  /** A refused add, after a plain post. */
  refused?: Refused;
}) {
  const hydrated = useHydrated();
  const target = useTaskFormTarget();
  const removeKind = `relation-remove:${taskUrl}`;
  const removing = new Set(useEditsInFlight(removeKind).map(({ form }) => String(form.get("relationId"))));
  const shown = relations.filter((relation) => !removing.has(relation.id));
  const groups = RELATION_SIDES.map((side) => ({
    side,
    items: shown.filter((relation) => relation.relation === side),
  })).filter((group) => group.items.length > 0);
  const remove = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    form.delete("redirectTo");
    sendInPlace(removeKind, taskUrl, form);
  };
  return (
    <SectionCard title="Relations" id="task-relations">
      <Section>
        {groups.length === 0 ? <p className="pl-hint">No relations yet.</p> : null}
        {groups.map(({ side, items }) => (
          <div key={side}>
            <h3 id={`relations-${side}`}>{RELATION_GROUP_NAMES[side]}</h3>
            <ul aria-labelledby={`relations-${side}`}>
              {items.map(({ id, relation, task }) => (
                <li key={id} data-done={task.status.category === "done" || undefined}>
                  <span className="pl-key">{task.key}</span>
                  <Link className="pl-rel-title" to={`/app/project/${task.projectId}/task/${task.id}`}>
                    {task.title}
                  </Link>
                  <span className="pl-rel-status">
                    <span className="pl-dot" data-color={task.status.color} aria-hidden="true" />
                    <span>{task.status.name}</span>
                  </span>
                  {canEdit ? (
                    <span className="pl-rel-remove">
                      <Form method="post" action={taskUrl} {...target} onSubmit={hydrated ? remove : undefined}>
                        <input type="hidden" name="intent" value="remove-relation" />
                        <input type="hidden" name="relationId" value={id} />
                        <button
                          type="submit"
                          aria-label={`Remove: ${RELATION_SENTENCES[relation]} ${task.key}`}
                          title="Remove relation"
                        >
                          <Close />
                        </button>
                      </Form>
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        ))}
        {canEdit ? <AddRelation taskUrl={taskUrl} projectKey={projectKey} refused={refused} /> : null}
      </Section>
    </SectionCard>
  );
}

/** The suggestions wait this long after the last key: one request per pause, not one a letter. */
const SUGGEST_DELAY_MS = 150;

/**
 * "Add relation": a kind and another task's key. With JavaScript, sent through a fetcher:
 * the field empties when it is added, keeps what was typed with the reason when refused, and
 * suggests tasks (a `<datalist>` of keys and titles from the server's bounded search).
 */
function AddRelation({ taskUrl, projectKey, refused }: { taskUrl: string; projectKey: string; refused?: Refused }) {
  const hydrated = useHydrated();
  const target = useTaskFormTarget();
  const adder = useFetcher<AddAnswer>({ key: `relation-add:${taskUrl}` });
  const suggestions = useFetcher<RelationOptions>();
  const form = useRef<HTMLFormElement>(null);
  const [typed, setTyped] = useState<string | null>(null);
  const answer = adder.state === "idle" ? adder.data : undefined;
  // The latest answer (the fetcher's, else the plain post's); its reason shows until the field is typed in again.
  const source: AddAnswer | Refused | undefined = answer ?? refused;
  const [dismissed, setDismissed] = useState<typeof source>(undefined);
  const error =
    source === dismissed ? undefined : answer ? (answer.relationRefused?.error ?? answer.error) : refused?.error;
  const { load } = suggestions;
  useEffect(() => {
    if (typed === null) return;
    const timer = setTimeout(
      () => void load(`${taskUrl}/relation-options?${new URLSearchParams({ q: typed.trim() })}`),
      typed.trim() ? SUGGEST_DELAY_MS : 0,
    );
    return () => clearTimeout(timer);
  }, [typed, taskUrl, load]);
  // Added: the field empties for the next one (the section shows it once the page's data has it).
  useEffect(() => {
    if (answer?.ok) form.current?.reset();
  }, [answer]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    data.set("via", "fetcher");
    void adder.submit(data, { method: "post", action: taskUrl, preventScrollReset: true });
  };
  return (
    <Form
      ref={form}
      method="post"
      action={taskUrl}
      {...target}
      className="pl-add-relation"
      aria-label="Add relation"
      onSubmit={hydrated ? submit : undefined}
    >
      <input type="hidden" name="intent" value="add-relation" />
      <select name="relation" aria-label="Relation" defaultValue={refused?.relation || "blocked_by"}>
        {RELATION_SIDES.map((side) => (
          <option key={side} value={side}>
            {RELATION_SIDE_OPTIONS[side]}
          </option>
        ))}
      </select>
      <div>
        <input
          type="text"
          name="other"
          aria-label="Task key"
          placeholder={`A task key, like ${projectKey}-12`}
          maxLength={MAX_RELATED_REFERENCE}
          autoComplete="off"
          defaultValue={refused?.other}
          list={hydrated ? "relation-candidates" : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "relation-error" : undefined}
          onFocus={hydrated && typed === null ? () => setTyped("") : undefined}
          onChange={
            hydrated
              ? (event) => {
                  setTyped(event.currentTarget.value);
                  if (error) setDismissed(source);
                }
              : undefined
          }
        />
        {hydrated ? (
          <datalist id="relation-candidates">
            {(suggestions.data?.candidates ?? []).map((task) => (
              <option key={task.id} value={task.key} label={`${task.title} · ${task.status.name}`} />
            ))}
          </datalist>
        ) : null}
        {error ? (
          <p id="relation-error" role="alert" className="pl-field-error">
            {error}
          </p>
        ) : null}
      </div>
      <Button type="submit" variant="outlined" disabled={adder.state !== "idle"}>
        Add Relation
      </Button>
    </Form>
  );
}
