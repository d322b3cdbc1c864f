import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { styled } from "@mui/material/styles";
import { useRef, useState, type MouseEvent, type ReactNode } from "react";
import { Form, Link } from "react-router";

import { Avatar } from "~/components/avatar";
import { ArrowForward } from "~/components/icons/material";
import { DayText } from "~/components/date-text";
import { TaskAttachments } from "~/components/tasks/attachments";
import { TaskCodeLinks } from "~/components/tasks/task-code-links";
import { TaskDescription } from "~/components/tasks/task-description";
import { FollowButton } from "~/components/tasks/follow-button";
import { useTaskFormTarget, useTaskSubmitting } from "~/components/tasks/task-form-target";
import { Checklist } from "~/components/tasks/checklist";
import { Subtasks } from "~/components/tasks/subtasks";
import { Comments } from "~/components/tasks/comments";
import { TaskHistory } from "~/components/tasks/task-history";
import { TaskLabels } from "~/components/tasks/task-labels";
import { TaskRepeat } from "~/components/tasks/task-repeat";
import { BlockedCompletionNotice } from "~/components/tasks/blocked-notices";
import { blockedTitle, TaskRelations } from "~/components/tasks/task-relations";
import { FormErrors, FormTextField, SubmitButton } from "~/components/forms/fields";
import { SectionCard } from "~/components/forms/section-card";
import {
  FIELD_NAMES,
  PRIORITY_NAMES,
  PRIORITY_ORDER,
  type EditorField,
  type TaskRef,
  type TaskValues,
} from "~/components/tasks/fields/options";
import { editRequestOf, usePropertyEditor } from "~/components/tasks/fields/property-editor";
import { useFieldShortcuts } from "~/components/tasks/fields/shortcuts";
import { withPending, type TaskPatch } from "~/components/tasks/fields/task-edits";
import { useHydrated } from "~/utils/use-hydrated";
import { taskFieldsSchema } from "~/validation/task-fields";
import { MAX_PARENT_REFERENCE } from "~/validation/task-parent";
import type { Route } from "../../routes/app/+types/task";

/** The task route's loader data, as the browser receives it (the page, or the panel's fetcher). */
export type TaskPageData = Route.ComponentProps["loaderData"];
export type TaskActionData = Route.ComponentProps["actionData"];

/**
 * The task page's one surface, shared by the full page and the side panel over a project
 * view: the title and description edited in place, a properties sidebar whose chips open
 * the shared popover (app/components/tasks/fields/) and save on choice, then subtasks,
 * checklist, files, comments and the folded history. Without JavaScript every property is
 * a `<details>` holding its own small form, posting the same intent; every form names the
 * task route as its `action`, so it posts there from either place.
 */
const Layout = styled("div")(({ theme }) => {
  const { palette } = theme.vars;
  return {
    maxWidth: 1080,
    margin: "0 auto",
    // The page and the 720 px side panel share the layout: it follows its own width, not the window's.
    containerType: "inline-size",
    "& .pl-task-head": { display: "flex", alignItems: "flex-start", gap: 12, marginBottom: 16 },
    "& .pl-task-head > div": { minWidth: 0, flexGrow: 1 },
    "& .pl-crumbs": { margin: 0, fontSize: 14, color: palette.text.secondary },
    "& .pl-crumbs a": { color: "inherit" },
    "& .pl-follow": { flexShrink: 0 },
    "& .pl-task-grid": {
      display: "grid",
      gap: 24,
      // The title and description, then (on a narrow page) the properties, then the rest.
      gridTemplateColumns: "minmax(0, 1fr)",
      gridTemplateAreas: '"main" "props" "rest"',
      "@container (min-width: 760px)": {
        gridTemplateColumns: "minmax(0, 1fr) 260px",
        gridTemplateAreas: '"main props" "rest props"',
        gridTemplateRows: "auto 1fr",
        alignItems: "start",
      },
    },
    "& .pl-page-title": {
      margin: "0 0 4px",
      fontSize: 28,
      lineHeight: 1.25,
      fontWeight: 700,
      overflowWrap: "anywhere",
    },
    "& .pl-title-button, & .pl-title-input": {
      display: "block",
      width: "100%",
      margin: "0 -8px",
      padding: "2px 8px",
      border: "1px solid transparent",
      borderRadius: 8,
      background: "none",
      color: "inherit",
      font: "inherit",
      textAlign: "left",
      overflowWrap: "anywhere",
    },
    "& .pl-title-button": { cursor: "text", "&:hover": { borderColor: palette.divider } },
    "& .pl-title-input": { borderColor: palette.primary.main, outline: "none", background: palette.background.paper },
    "& .pl-hint": { margin: 0, fontSize: 12, color: palette.text.secondary },
    "& .pl-task-main": { gridArea: "main", minWidth: 0 },
    "& .pl-task-rest": { gridArea: "rest" },
    "& .pl-props": {
      gridArea: "props",
      display: "grid",
      gap: 2,
      padding: 12,
      borderRadius: 12,
      border: `1px solid ${palette.divider}`,
      background: palette.background.paper,
      "@container (min-width: 760px)": { position: "sticky", top: 80 },
    },
    "& .pl-props h2": { margin: "0 0 6px", fontSize: 13, fontWeight: 700, color: palette.text.secondary },
    "& .pl-prop": {
      display: "grid",
      gridTemplateColumns: "88px minmax(0, 1fr)",
      alignItems: "center",
      gap: 8,
      minHeight: 34,
    },
    "& .pl-prop-name": { fontSize: 13, color: palette.text.secondary },
    "& .pl-prop-value, & .pl-prop details > summary": {
      display: "flex",
      flexWrap: "wrap",
      alignItems: "center",
      gap: 6,
      minWidth: 0,
      padding: "4px 8px",
      margin: "0 -8px",
      borderRadius: 6,
      border: 0,
      background: "none",
      color: palette.text.primary,
      font: "inherit",
      fontSize: 14,
      textAlign: "left",
    },
    "& button.pl-prop-value, & .pl-prop details > summary": {
      cursor: "pointer",
      "&:hover": { background: palette.action.hover },
      "&:focus-visible": { outline: `2px solid ${palette.primary.main}`, outlineOffset: -2 },
    },
    "& .pl-prop-value > span, & .pl-prop summary > span": {
      display: "inline-flex",
      flexWrap: "wrap",
      alignItems: "center",
      gap: 6,
      minWidth: 0,
    },
    "& .pl-prop details > summary": { listStyle: "none", "&::-webkit-details-marker": { display: "none" } },
    "& .pl-prop details[open]": { gridColumn: "1 / -1" },
    "& .pl-prop form": { display: "grid", gap: 8, padding: "8px 0 12px" },
    "& .pl-prop form select, & .pl-prop form input[type=date], & .pl-prop form input[type=text]": {
      font: "inherit",
      padding: "6px 8px",
      borderRadius: 6,
      border: `1px solid ${palette.divider}`,
      background: palette.background.paper,
      color: palette.text.primary,
    },
    "& .pl-prop fieldset": { border: 0, margin: 0, padding: 0, display: "grid", gap: 4 },
    "& .pl-prop fieldset label": { display: "flex", gap: 8, alignItems: "center" },
    "& .pl-muted": { color: palette.text.secondary },
    "& .pl-priority[data-priority=urgent]": { color: palette.error.main, fontWeight: 600 },
    "& .pl-priority[data-priority=high]": { color: palette.warning.main, fontWeight: 600 },
    "& .pl-person": { display: "inline-flex", alignItems: "center", gap: 6, minWidth: 0 },
    "& .pl-estimate": {
      width: "100%",
      font: "inherit",
      fontSize: 14,
      padding: "4px 8px",
      margin: "0 -8px",
      borderRadius: 6,
      border: "1px solid transparent",
      background: "none",
      color: palette.text.primary,
      "&:hover": { borderColor: palette.divider },
      "&:focus": { borderColor: palette.primary.main, outline: "none", background: palette.background.paper },
    },
    "& .pl-status": { display: "inline-flex", alignItems: "center", gap: 6, fontSize: 13, flexShrink: 0 },
    // The parent's chip, then a link to the parent (a link cannot sit inside the chip's button).
    "& .pl-prop-pair": { display: "flex", alignItems: "center", gap: 2, minWidth: 0 },
    "& .pl-prop-pair > .pl-prop-value": { flexGrow: 1, marginRight: 0 },
    "& .pl-prop-go": {
      display: "inline-flex",
      flexShrink: 0,
      padding: 5,
      borderRadius: 6,
      color: palette.text.secondary,
      "&:hover": { background: palette.action.hover, color: palette.text.primary },
      "&:focus-visible": { outline: `2px solid ${palette.primary.main}`, outlineOffset: -2 },
      "& svg": { fontSize: 18 },
    },
    // The key and title as one run of text, at most two lines (the crumb above has it whole).
    "& .pl-parent": {
      display: "-webkit-box",
      WebkitBoxOrient: "vertical",
      WebkitLineClamp: 2,
      overflow: "hidden",
      overflowWrap: "anywhere",
    },
    "& .pl-parent-key": {
      marginRight: 6,
      color: palette.text.secondary,
      fontSize: 13,
      fontVariantNumeric: "tabular-nums",
    },
    "& .pl-field-error": { margin: "4px 0 0", fontSize: 12, color: palette.error.main },
  };
});

export function TaskPageBody({
  loaderData,
  actionData,
  headerAction,
  titleId = "task-title",
  titleLevel = "h1",
}: {
  loaderData: TaskPageData;
  actionData?: TaskActionData;
  /** The page's Back link, or the panel's Close button. */
  headerAction: ReactNode;
  /** The title's id, for a dialog to be labelled by. */
  titleId?: string;
  titleLevel?: "h1" | "h2";
}) {
  const { task, project, statuses, subtasks, parent, canEdit, canDelete, canArchive } = loaderData;
  const here = `/app/project/${project.id}/task/${task.id}`;
  const target = useTaskFormTarget();
  const hydrated = useHydrated();
  const inPlace = canEdit && hydrated;
  const options = {
    statuses,
    members: loaderData.members,
    labels: loaderData.labels,
    canCreateLabels: loaderData.canCreateLabels,
  };
  const editor = usePropertyEditor(options, loaderData.today);
  const pending = editor.pending.get(task.id);
  const values = withPending(valuesOf(loaderData), pending);
  const save = (patch: TaskPatch) => editor.save(here, task.id, patch);
  const props = useRef<HTMLElement>(null);
  const openField = (chip: HTMLElement, field: EditorField) =>
    editor.open(chip, { taskId: task.id, taskUrl: here, values }, field);
  useFieldShortcuts(inPlace, (field) => {
    const chip = props.current?.querySelector<HTMLElement>(`[data-field="${field}"]`);
    // The focus goes to the chip first, so it comes back there when the popover closes.
    chip?.focus();
    if (chip) openField(chip, field);
  });
  const onChip = (event: MouseEvent<HTMLElement>) => {
    const request = editRequestOf(event.target);
    if (!request) return;
    event.preventDefault();
    openField(request.chip, request.field);
  };
  const title = pending?.title ?? task.title;
  const fieldResult = actionData && "result" in actionData ? actionData.result : undefined;
  const parentRefused = actionData && "parent" in actionData ? actionData.parent : undefined;
  const moveRefused = actionData && "moveRefused" in actionData ? actionData.moveRefused : undefined;
  return (
    <Layout>
      <div className="pl-task-head">
        {headerAction}
        <div>
          <p className="pl-crumbs">
            {project.name} · {task.key}
            {loaderData.blocked ? (
              <>
                {" "}
                <span className="pl-blocked" title={blockedTitle(loaderData.relations)}>
                  Blocked
                </span>
              </>
            ) : null}
            {values.parent ? (
              <>
                {" · subtask of "}
                <Link to={`/app/project/${project.id}/task/${values.parent.id}`}>
                  {values.parent.key} {values.parent.title}
                </Link>
              </>
            ) : null}
          </p>
        </div>
        {loaderData.canFollow ? (
          <div className="pl-follow">
            <FollowButton taskUrl={here} following={loaderData.following} />
          </div>
        ) : null}
      </div>
      {task.archivedItself ? (
        <Alert
          severity="info"
          sx={{ mb: 3 }}
          action={
            canArchive ? (
              <Form method="post" action={here}>
                <Button type="submit" name="intent" value="restore-task" color="inherit" size="small">
                  Restore
                </Button>
              </Form>
            ) : undefined
          }
        >
          This task is archived and read-only: it is off the board and the lists, still found by search.
        </Alert>
      ) : task.archived ? (
        <Alert severity="info" sx={{ mb: 3 }}>
          This task is read-only: its project is archived.
        </Alert>
      ) : null}
      {actionData && "blocked" in actionData ? (
        <BlockedCompletionNotice taskUrl={here} taskId={task.id} blocked={actionData.blocked} />
      ) : null}
      <div className="pl-task-grid">
        <div className="pl-task-main">
          <TaskTitle id={titleId} level={titleLevel} title={title} editable={inPlace} onSave={save} />
          <TaskDescription
            taskUrl={here}
            html={task.descriptionHtml}
            markdown={task.description}
            pending={pending?.description}
            editable={inPlace}
            onSave={save}
          />
          {canEdit && !hydrated ? <TextFieldsForm action={here} task={task} lastResult={fieldResult} /> : null}
        </div>
        <Stack spacing={3} sx={{ minWidth: 0 }} className="pl-task-rest">
          <Subtasks
            projectId={project.id}
            taskUrl={here}
            subtasks={subtasks}
            statuses={statuses}
            options={options}
            today={loaderData.today}
            canEdit={canEdit}
            canAdd={canEdit && !values.parent}
            refused={actionData && "subtask" in actionData ? actionData.subtask : undefined}
          />
          <TaskRelations
            taskUrl={here}
            projectKey={project.key}
            relations={loaderData.relations}
            canEdit={canEdit}
            refused={actionData && "relationRefused" in actionData ? actionData.relationRefused : undefined}
          />
          <Checklist
            taskUrl={here}
            checklist={loaderData.checklist}
            canEdit={canEdit}
            refused={actionData && "checklistRefused" in actionData ? actionData.checklistRefused : undefined}
          />
          <TaskAttachments
            baseUrl={here}
            attachments={loaderData.attachments}
            canAttach={loaderData.canAttach}
            canRemove={loaderData.canRemoveAttachments}
            error={
              actionData && "attachment" in actionData && typeof actionData.attachment === "string"
                ? actionData.attachment
                : undefined
            }
          />
          <TaskCodeLinks taskKey={task.key} title={title} links={loaderData.codeLinks} />
          <Comments
            taskUrl={here}
            comments={loaderData.comments}
            canComment={loaderData.canComment}
            members={loaderData.members}
            refused={actionData && "commentRefused" in actionData ? actionData.commentRefused : undefined}
          />
          <TaskHistory history={loaderData.history} />
          {loaderData.moveTargets.length > 0 && !task.archived ? (
            <SectionCard title="Move to another project" id="task-move">
              <p className="pl-muted" style={{ marginTop: 0 }}>
                It takes the next key there; its subtasks, comments, files and history go with it.
              </p>
              <MoveForm method="post" action={here}>
                <TextField
                  select
                  name="targetProjectId"
                  label="Project"
                  defaultValue={moveRefused?.targetProjectId || loaderData.moveTargets[0]!.id}
                  error={Boolean(moveRefused)}
                  helperText={moveRefused?.error}
                  size="small"
                  slotProps={{ select: { native: true } }}
                >
                  {loaderData.moveTargets.map((target) => (
                    <option key={target.id} value={target.id}>
                      {target.name} ({target.key})
                    </option>
                  ))}
                </TextField>
                <Button type="submit" name="intent" value="move-to-project" variant="outlined">
                  Move Task
                </Button>
              </MoveForm>
            </SectionCard>
          ) : null}
          {canArchive && !task.archived ? (
            <SectionCard title="Archive task" id="task-archive">
              <p className="pl-muted" style={{ marginTop: 0 }}>
                The task and its subtasks leave the board, the lists and the calendars; search still finds them, and you
                can restore them.
              </p>
              <Form method="post" action={here} {...target}>
                <Button type="submit" name="intent" value="archive-task" variant="outlined">
                  Archive Task
                </Button>
              </Form>
            </SectionCard>
          ) : null}
          {canDelete ? (
            <SectionCard title="Delete task" id="task-delete">
              <p className="pl-muted" style={{ marginTop: 0 }}>
                The task and its subtasks disappear from every view.
              </p>
              <Form method="post" action={here} {...target}>
                <Button type="submit" name="intent" value="delete-task" color="error" variant="outlined">
                  Delete Task
                </Button>
              </Form>
            </SectionCard>
          ) : null}
        </Stack>
        <aside
          className="pl-props"
          aria-labelledby="task-properties"
          ref={props}
          data-task={task.id}
          onClick={inPlace ? onChip : undefined}
        >
          <h2 id="task-properties">Properties</h2>
          <Property
            field="statusId"
            mode={mode(canEdit, hydrated)}
            value={<StatusValue status={statuses.find((status) => status.id === values.statusId)} />}
          >
            <Form method="post" action={here} {...target}>
              <input type="hidden" name="intent" value="move-task" />
              <input type="hidden" name="taskId" value={task.id} />
              <select name="statusId" aria-label="Status" defaultValue={task.statusId} key={task.statusId}>
                {statuses.map((status) => (
                  <option key={status.id} value={status.id}>
                    {status.name}
                  </option>
                ))}
              </select>
              <Button type="submit" variant="outlined" size="small">
                Change status
              </Button>
            </Form>
          </Property>
          <Property
            field="priority"
            mode={mode(canEdit, hydrated)}
            value={<PriorityValue priority={values.priority} />}
          >
            <FieldForm action={here} submit="Save priority" error={fieldError(fieldResult, "priority")}>
              <select name="priority" aria-label="Priority" defaultValue={task.priority}>
                {PRIORITY_ORDER.map((priority) => (
                  <option key={priority} value={priority}>
                    {PRIORITY_NAMES[priority]}
                  </option>
                ))}
              </select>
            </FieldForm>
          </Property>
          <Property
            field="assigneeIds"
            mode={mode(canEdit, hydrated)}
            value={
              <PeopleValue people={loaderData.members.filter((member) => values.assigneeIds.includes(member.id))} />
            }
          >
            <Form method="post" action={here} {...target}>
              <input type="hidden" name="intent" value="set-assignees" />
              <fieldset>
                <legend className="pl-sr-only">Assign to</legend>
                {loaderData.members.map((member) => (
                  <label key={member.id}>
                    <input type="checkbox" name="assignee" value={member.id} defaultChecked={member.assigned} />
                    <Avatar person={member} decorative />
                    {member.name}
                  </label>
                ))}
              </fieldset>
              <Button type="submit" variant="outlined" size="small">
                Save Assignees
              </Button>
            </Form>
          </Property>
          <Property
            field="labelIds"
            mode={mode(canEdit, hydrated)}
            open={Boolean(actionData && "labels" in actionData)}
            value={<LabelsValue labels={loaderData.labels.filter((label) => values.labelIds.includes(label.id))} />}
          >
            <TaskLabels
              taskUrl={here}
              labels={loaderData.labels}
              canEdit={canEdit}
              canCreate={loaderData.canCreateLabels}
              workspaceId={loaderData.workspaceId}
              refused={actionData && "labels" in actionData ? actionData.labels : undefined}
            />
          </Property>
          {(["startDate", "dueDate"] as const).map((field) => (
            <Property
              key={field}
              field={field}
              mode={mode(canEdit, hydrated)}
              open={Boolean(fieldError(fieldResult, field))}
              value={<DateValue day={values[field]} />}
            >
              <FieldForm
                action={here}
                submit={`Save ${FIELD_NAMES[field].toLowerCase()}`}
                error={fieldError(fieldResult, field)}
              >
                <input type="date" name={field} aria-label={FIELD_NAMES[field]} defaultValue={task[field] ?? ""} />
              </FieldForm>
            </Property>
          ))}
          <TaskRepeat
            taskUrl={here}
            repeat={loaderData.repeat}
            canEdit={canEdit}
            refused={actionData && "repeatRefused" in actionData ? actionData.repeatRefused : undefined}
          />
          <div className="pl-prop" data-prop="estimate">
            <span className="pl-prop-name" id="prop-estimate">
              Estimate
            </span>
            {inPlace ? (
              <EstimateInput
                hours={pending?.estimateHours === undefined ? task.estimateHours : pending.estimateHours}
                onSave={save}
              />
            ) : canEdit ? (
              <details open={Boolean(fieldError(fieldResult, "estimateHours")) || undefined}>
                <summary aria-describedby="prop-estimate">{hoursText(task.estimateHours)}</summary>
                <FieldForm action={here} submit="Save estimate" error={fieldError(fieldResult, "estimateHours")}>
                  <input
                    type="text"
                    inputMode="decimal"
                    name="estimateHours"
                    aria-label="Estimate (hours)"
                    defaultValue={task.estimateHours === null ? "" : String(task.estimateHours)}
                  />
                </FieldForm>
              </details>
            ) : (
              <span className="pl-prop-value">{hoursText(task.estimateHours)}</span>
            )}
          </div>
          <Property
            field="parent"
            mode={mode(canEdit, hydrated)}
            open={Boolean(parentRefused)}
            value={<ParentValue parent={values.parent ?? null} />}
            after={
              values.parent ? (
                <Link
                  className="pl-prop-go"
                  to={`/app/project/${project.id}/task/${values.parent.id}`}
                  aria-label={`Open ${values.parent.key} ${values.parent.title}`}
                  title={`Open ${values.parent.key}`}
                >
                  <ArrowForward />
                </Link>
              ) : null
            }
          >
            <Form method="post" action={here} {...target}>
              <input type="hidden" name="intent" value="set-parent" />
              <input
                // Keyed by the saved parent, so the field shows it after the save.
                key={parent?.key ?? ""}
                type="text"
                name="parent"
                aria-label="Parent task's key"
                aria-describedby={parentRefused ? "task-parent-error" : "task-parent-hint"}
                aria-invalid={parentRefused ? true : undefined}
                placeholder={`${project.key}-1`}
                maxLength={MAX_PARENT_REFERENCE}
                autoComplete="off"
                defaultValue={parentRefused ? parentRefused.value : (parent?.key ?? "")}
              />
              {parentRefused ? (
                <p className="pl-field-error" id="task-parent-error" role="alert">
                  {parentRefused.error}
                </p>
              ) : (
                <p className="pl-hint" id="task-parent-hint">
                  A task of this project, like {project.key}-3. Empty for none.
                </p>
              )}
              <Button type="submit" variant="outlined" size="small">
                Save parent
              </Button>
            </Form>
          </Property>
        </aside>
      </div>
      {editor.element}
    </Layout>
  );
}

type Mode = "read" | "form" | "popover";

function mode(canEdit: boolean, hydrated: boolean): Mode {
  return !canEdit ? "read" : hydrated ? "popover" : "form";
}

function valuesOf(data: TaskPageData): TaskValues {
  return {
    statusId: data.task.statusId,
    priority: data.task.priority,
    dueDate: data.task.dueDate,
    startDate: data.task.startDate,
    assigneeIds: data.members.filter((member) => member.assigned).map((member) => member.id),
    labelIds: data.labels.filter((label) => label.checked).map((label) => label.id),
    parent: data.parent,
  };
}

/**
 * One property of the sidebar: its value as a chip that opens the popover (JavaScript), a
 * `<details>` around its own small form (without), or the value alone (read-only).
 */
function Property({
  field,
  mode,
  value,
  open,
  after,
  children,
}: {
  field: EditorField;
  mode: Mode;
  value: ReactNode;
  /** Open the form without JavaScript (a refusal to show beside it). */
  open?: boolean;
  /** Beside the chip (JavaScript): the parent's link. */
  after?: ReactNode;
  children: ReactNode;
}) {
  const nameId = `prop-${field}`;
  const valueId = `prop-${field}-value`;
  // Named by the property and its value ("Priority High"): the chip, and the summary without JavaScript.
  const labelledBy = `${nameId} ${valueId}`;
  const shown = <span id={valueId}>{value}</span>;
  return (
    <div className="pl-prop" data-prop={field}>
      <span className="pl-prop-name" id={nameId}>
        {FIELD_NAMES[field]}
      </span>
      {mode === "popover" ? (
        <Beside after={after}>
          <button
            type="button"
            className="pl-prop-value"
            data-field={field}
            aria-haspopup="dialog"
            aria-labelledby={labelledBy}
          >
            {shown}
          </button>
        </Beside>
      ) : mode === "form" ? (
        <details open={open || undefined}>
          <summary aria-labelledby={labelledBy}>{shown}</summary>
          {children}
        </details>
      ) : (
        <span className="pl-prop-value">{shown}</span>
      )}
    </div>
  );
}

function Beside({ after, children }: { after?: ReactNode; children: ReactNode }) {
  if (!after) return children;
  return (
    <div className="pl-prop-pair">
      {children}
      {after}
    </div>
  );
}

/** A property's own form without JavaScript: the `update-task` intent with that field only. */
function FieldForm({
  action,
  submit,
  error,
  children,
}: {
  action: string;
  submit: string;
  error?: string;
  children: ReactNode;
}) {
  const target = useTaskFormTarget();
  return (
    <Form method="post" action={action} {...target}>
      <input type="hidden" name="intent" value="update-task" />
      {children}
      {error ? (
        <p className="pl-field-error" role="alert">
          {error}
        </p>
      ) : null}
      <Button type="submit" variant="outlined" size="small">
        {submit}
      </Button>
    </Form>
  );
}

function fieldError(result: SubmissionResult<string[]> | undefined, field: string) {
  return result?.error?.[field]?.[0];
}

function StatusValue({ status }: { status?: { name: string; color: string } }) {
  return (
    <span className="pl-status">
      <span className="pl-dot" data-color={status?.color} aria-hidden="true" />
      {status?.name ?? "—"}
    </span>
  );
}

function PriorityValue({ priority }: { priority: TaskValues["priority"] }) {
  return (
    <span className={priority === "none" ? "pl-muted" : "pl-priority"} data-priority={priority}>
      {PRIORITY_NAMES[priority]}
    </span>
  );
}

function PeopleValue({ people }: { people: { id: string; name: string; avatarUrl: string | null }[] }) {
  if (people.length === 0) return <span className="pl-muted">Unassigned</span>;
  return people.map((person) => (
    <span key={person.id} className="pl-person">
      <Avatar person={person} size={20} decorative />
      {person.name}
    </span>
  ));
}

function LabelsValue({ labels }: { labels: { id: string; name: string; color: string }[] }) {
  if (labels.length === 0) return <span className="pl-muted">No labels</span>;
  return labels.map((label) => (
    <span key={label.id} className="pl-label" data-color={label.color}>
      {label.name}
    </span>
  ));
}

function ParentValue({ parent }: { parent: TaskRef | null }) {
  if (!parent) return <span className="pl-muted">None</span>;
  return (
    <span className="pl-parent" title={`${parent.key} ${parent.title}`}>
      <span className="pl-parent-key">{parent.key}</span> {parent.title}
    </span>
  );
}

function DateValue({ day }: { day: string | null }) {
  if (!day) return <span className="pl-muted">No date</span>;
  return <DayText day={day} />;
}

function hoursText(hours: number | string | null) {
  return hours === null || hours === "" ? "—" : `${hours} h`;
}

/** The title in place: a click (or Enter on it) edits it; Enter or leaving saves, Escape cancels. */
function TaskTitle({
  id,
  level,
  title,
  editable,
  onSave,
}: {
  id: string;
  level: "h1" | "h2";
  title: string;
  editable: boolean;
  onSave: (patch: TaskPatch) => void;
}) {
  const [editing, setEditing] = useState(false);
  const Heading = level;
  if (!editable) {
    return (
      <Heading id={id} className="pl-page-title">
        {title}
      </Heading>
    );
  }
  const finish = (input: HTMLInputElement, keep: boolean) => {
    const next = input.value.trim();
    setEditing(false);
    if (keep && next !== "" && next !== title) onSave({ title: next });
  };
  return (
    <Heading id={id} className="pl-page-title">
      {editing ? (
        <input
          className="pl-title-input"
          aria-label="Title"
          defaultValue={title}
          maxLength={200}
          autoFocus
          onFocus={(event) => event.currentTarget.select()}
          onBlur={(event) => finish(event.currentTarget, true)}
          onKeyDown={(event) => {
            if (event.key === "Enter") finish(event.currentTarget, true);
            if (event.key === "Escape") {
              event.stopPropagation();
              finish(event.currentTarget, false);
            }
          }}
        />
      ) : (
        <button type="button" className="pl-title-button" title="Rename" onClick={() => setEditing(true)}>
          {title}
        </button>
      )}
    </Heading>
  );
}

/** The estimate in hours, saved on Enter or leaving; the server says why a value is refused. */
function EstimateInput({ hours, onSave }: { hours: number | string | null; onSave: (patch: TaskPatch) => void }) {
  const shown = hours === null ? "" : String(hours);
  const commit = (input: HTMLInputElement) => {
    const next = input.value.trim();
    if (next !== shown) onSave({ estimateHours: next || null });
  };
  return (
    <input
      key={shown}
      className="pl-estimate"
      inputMode="decimal"
      aria-labelledby="prop-estimate"
      placeholder="Hours"
      defaultValue={shown}
      onBlur={(event) => commit(event.currentTarget)}
      onKeyDown={(event) => {
        if (event.key === "Enter") event.currentTarget.blur();
        if (event.key === "Escape") {
          event.currentTarget.value = shown;
          event.currentTarget.blur();
        }
      }}
    />
  );
}

type TaskData = TaskPageData["task"];

/** Without JavaScript: the title and description in one form (with JavaScript they are edited in place). */
function TextFieldsForm({
  action,
  task,
  lastResult,
}: {
  action: string;
  task: TaskData;
  lastResult?: SubmissionResult<string[]>;
}) {
  const target = useTaskFormTarget();
  const [form, fields] = useForm({
    id: "task-details",
    lastResult,
    defaultValue: { title: task.title, description: task.description },
    constraint: getZodConstraint(taskFieldsSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: taskFieldsSchema }),
  });
  const pending = useTaskSubmitting("update-task");
  const failed = Boolean(fields.title.errors || fields.description.errors);
  return (
    <details open={failed || undefined} style={{ marginTop: 12 }}>
      <summary>Edit title and description</summary>
      <Form method="post" action={action} {...target} {...getFormProps(form)} aria-label="Task details">
        <input type="hidden" name="intent" value="update-task" />
        <Stack spacing={2.5} sx={{ pt: 2 }}>
          <FormErrors errors={form.errors} id={form.errorId} />
          <FormTextField meta={fields.title} label="Title" autoComplete="off" />
          <FormTextField meta={fields.description} label="Description (Markdown)" multiline minRows={4} />
          <div>
            <SubmitButton pending={pending} pendingLabel="Saving..." size="medium">
              Save Changes
            </SubmitButton>
          </div>
        </Stack>
      </Form>
    </details>
  );
}

/** The project select and its button on one line, wrapping on a phone. */
const MoveForm = styled(Form)(({ theme }) => ({
  display: "flex",
  gap: theme.spacing(1.5),
  alignItems: "center",
  flexWrap: "wrap",
}));
