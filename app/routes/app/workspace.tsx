import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { data, Form, Link, useNavigation } from "react-router";

import { load, requireActor, run, type SignedInActor } from "~/.server/http/respond";
import { permissionsOf } from "~/.server/policies";
import { dashboardPage } from "~/.server/projects/queries";
import { redirectWithToast } from "~/.server/toast";
import { workspaceActivity } from "~/.server/workspaces/activity";
import { workspaceForMember } from "~/.server/workspaces/membership";
import { deleteWorkspace, renameWorkspace } from "~/.server/workspaces/workspaces";
import { createLabel, deleteLabel, updateLabel, workspaceLabels } from "~/.server/tasks/labels";
import { LabelManager } from "~/components/tasks/label-manager";
import { ProjectList } from "~/components/lists/project-list";
import { ConfirmByNameForm } from "~/components/forms/confirm-by-name-form";
import { FormTextField, SubmitButton } from "~/components/forms/fields";
import { SectionCard } from "~/components/forms/section-card";
import { describeActivity } from "~/utils/activity-text";
import { TimeAgo } from "~/components/date-text";
import { ROLE_LABELS } from "~/validation/team";
import { deleteWorkspaceSchema, renameWorkspaceSchema } from "~/validation/workspace";
import { createLabelSchema, deleteLabelSchema, updateLabelSchema } from "~/validation/labels";
import type { Route } from "./+types/workspace";

/** A workspace's page: rename, delete (owner, by typing the name), its projects and recent activity. */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.workspace.name} · Plotline` : "Workspace Not Found · Plotline" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requireActor(request, context);
  const workspace = await load(() => workspaceForMember(user.id, params.workspaceId));
  const [projects, activity, labels] = await Promise.all([
    // Bounded: the first 50 by name, and how many there are.
    dashboardPage(user.id, { sort: "name", workspaceId: workspace.publicId, archived: false, limit: 50 }),
    workspaceActivity(workspace.id),
    workspaceLabels(workspace.id),
  ]);
  return {
    workspace: { id: workspace.publicId, name: workspace.name, role: workspace.role, personal: workspace.personal },
    permissions: permissionsOf(workspace.role),
    projects: projects.projects.items.map(({ id, name, color }) => ({ id, name, color })),
    projectCount: projects.projects.total,
    activity,
    labels,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireActor(request, context);
  const formData = await request.formData();
  const workspaceId = params.workspaceId;
  const intent = formData.get("intent");
  if (intent === "create-label" || intent === "update-label" || intent === "delete-label") {
    return labelAction(request, actor, workspaceId, formData);
  }
  if (intent === "delete") {
    const submission = parseWithZod(formData, { schema: deleteWorkspaceSchema });
    if (submission.status !== "success")
      return data({ intent: "delete", lastResult: submission.reply() }, { status: 400 });
    const result = await run(() => deleteWorkspace(actor, { workspaceId, confirmName: submission.value.confirmName }));
    if (!result.ok) {
      return data(
        { intent: "delete", lastResult: submission.reply({ fieldErrors: { confirmName: [result.message] } }) },
        { status: 400 },
      );
    }
    return redirectWithToast(
      "/app/dashboard",
      {
        title: "Workspace deleted",
        description: `${result.value.name} and its projects were deleted.`,
        variant: "success",
      },
      request,
    );
  }
  const submission = parseWithZod(formData, { schema: renameWorkspaceSchema });
  if (submission.status !== "success")
    return data({ intent: "rename", lastResult: submission.reply() }, { status: 400 });
  await run(() => renameWorkspace(actor, { workspaceId, name: submission.value.name }));
  return redirectWithToast(
    `/app/workspaces/${workspaceId}`,
    { title: "Workspace renamed", description: `It is now called ${submission.value.name}.`, variant: "success" },
    request,
  );
}

/** The Labels section's three forms: a refused name comes back beside its field. */
async function labelAction(request: Request, actor: SignedInActor, workspaceId: string, formData: FormData) {
  const intent = String(formData.get("intent"));
  const back = `/app/workspaces/${workspaceId}#workspace-labels`;
  const echo = (error: string) => {
    const labelId = formData.get("labelId");
    return data(
      {
        intent: "label" as const,
        label: {
          labelId: intent === "create-label" || typeof labelId !== "string" ? null : labelId,
          name: String(formData.get("name") ?? "").slice(0, 100),
          color: String(formData.get("color") ?? ""),
          error,
        },
      },
      { status: 400 },
    );
  };
  if (intent === "delete-label") {
    const submission = parseWithZod(formData, { schema: deleteLabelSchema });
    if (submission.status !== "success") throw data("Choose a label of this workspace.", { status: 400 });
    const result = await run(() => deleteLabel(actor, { workspaceId, labelId: submission.value.labelId }));
    const name = result.ok ? result.value.name : "The label";
    return redirectWithToast(
      back,
      { title: "Label deleted", description: `${name} was removed from every task.`, variant: "success" },
      request,
    );
  }
  const submission = parseWithZod(formData, {
    schema: intent === "create-label" ? createLabelSchema : updateLabelSchema,
  });
  if (submission.status !== "success") {
    const errors = Object.values(submission.error ?? {}).flat();
    return echo(errors[0] ?? "Check the label's name and colour.");
  }
  const value = submission.value;
  const { name } = value;
  const result = await run(() =>
    "labelId" in value
      ? updateLabel(actor, { workspaceId, labelId: value.labelId, name, color: value.color })
      : createLabel(actor, { workspaceId, name, color: value.color }),
  );
  if (!result.ok) return echo(result.message);
  return redirectWithToast(
    back,
    {
      title: intent === "create-label" ? "Label added" : "Label saved",
      description: `${name} is ready to use.`,
      variant: "success",
    },
    request,
  );
}

export default function WorkspacePage({ loaderData, actionData }: Route.ComponentProps) {
  const { workspace, permissions, projects, projectCount, activity } = loaderData;
  const result = (intent: string) =>
    actionData && "lastResult" in actionData && actionData.intent === intent ? actionData.lastResult : undefined;
  return (
    <Box sx={{ maxWidth: 900, mx: "auto", display: "grid", gap: 3 }}>
      <Box>
        <Typography component="h1" variant="h4">
          {workspace.name}
        </Typography>
        <Typography color="textSecondary">
          You are {ROLE_LABELS[workspace.role]} ·{" "}
          <Box component={Link} to={`/app/team?workspace=${workspace.id}`} sx={{ color: "primary.main" }}>
            Team Management
          </Box>
          {permissions["webhook.manage"] ? (
            <>
              {" "}
              ·{" "}
              <Box component={Link} to={`/app/workspaces/${workspace.id}/webhooks`} sx={{ color: "primary.main" }}>
                Webhooks
              </Box>
            </>
          ) : null}
        </Typography>
      </Box>
      <SectionCard title="Name" id="workspace-name">
        {permissions["workspace.update"] ? (
          <RenameForm name={workspace.name} lastResult={result("rename")} />
        ) : (
          <Typography color="textSecondary">Only workspace owners and admins can rename the workspace.</Typography>
        )}
      </SectionCard>
      <SectionCard title={`Projects (${projectCount})`} id="workspace-projects">
        {projects.length === 0 ? (
          <Typography color="textSecondary">No projects in this workspace yet.</Typography>
        ) : (
          <ProjectList projects={projects} />
        )}
        {projectCount > projects.length ? (
          <Button component={Link} to={`/app/dashboard?workspace=${workspace.id}`} sx={{ mt: 1 }}>
            All projects ({projectCount})
          </Button>
        ) : null}
        {permissions["project.create"] ? (
          <Button component={Link} to={`/app/projects/new?workspace=${workspace.id}`} sx={{ mt: 1 }}>
            New Project
          </Button>
        ) : null}
      </SectionCard>
      <LabelManager
        labels={loaderData.labels}
        canManage={permissions["label.manage"]}
        refused={actionData && "label" in actionData ? actionData.label : undefined}
      />
      <SectionCard title="Recent activity" id="workspace-recent-activity">
        {activity.length === 0 ? (
          <Typography color="textSecondary">Nothing yet.</Typography>
        ) : (
          <Box component="ol" aria-label="Workspace activity" sx={{ listStyle: "none", m: 0, p: 0 }}>
            {activity.map((item) => (
              <Box component="li" key={item.id} sx={{ py: 1, borderTop: 1, borderColor: "divider" }}>
                <Typography>
                  <strong>{item.actor}</strong> {describeActivity(item.verb, item.data)}
                </Typography>
                <Typography variant="caption" color="textSecondary">
                  <TimeAgo at={item.at} />
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </SectionCard>
      {permissions["workspace.delete"] ? (
        <ConfirmByNameForm
          id="delete-workspace"
          title="Delete workspace"
          warning={
            <>
              Deleting the workspace deletes all its projects for every member. Type <strong>{workspace.name}</strong>{" "}
              to confirm.
            </>
          }
          fieldLabel="Workspace name"
          submitLabel="Delete Workspace"
          schema={deleteWorkspaceSchema}
          lastResult={result("delete")}
        />
      ) : null}
    </Box>
  );
}

function RenameForm({ name, lastResult }: { name: string; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "rename-workspace",
    lastResult,
    defaultValue: { name },
    constraint: getZodConstraint(renameWorkspaceSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: renameWorkspaceSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} aria-label="Rename workspace">
      <input type="hidden" name="intent" value="rename" />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: "flex-start" }}>
        <FormTextField meta={fields.name} label="Workspace name" autoComplete="off" sx={{ flexGrow: 1 }} />
        <SubmitButton
          pending={navigation.state === "submitting" && navigation.formData?.get("intent") === "rename"}
          pendingLabel="Saving..."
          sx={{ height: 56 }}
        >
          Rename
        </SubmitButton>
      </Stack>
    </Form>
  );
}
