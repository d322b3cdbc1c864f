import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Form, Link, useNavigation } from "react-router";

import { intentAction } from "~/.server/http/intents";
import { load, requireActor } from "~/.server/http/respond";
import { permissionsOf } from "~/.server/policies";
import { dashboardPage } from "~/.server/projects/queries";
import { workspaceActivity } from "~/.server/workspaces/activity";
import { workspaceForMember } from "~/.server/workspaces/membership";
import { workspaceLabels } from "~/.server/tasks/labels";
import { LabelManager } from "~/components/tasks/label-manager";
import { ProjectList } from "~/components/lists/project-list";
import { ConfirmByNameForm } from "~/components/forms/confirm-by-name-form";
import { FormTextField, SubmitButton } from "~/components/forms/fields";
import { SectionCard } from "~/components/forms/section-card";
import { describeActivity } from "~/utils/activity-text";
import { TimeAgo } from "~/components/date-text";
import { ROLE_LABELS } from "~/validation/team";
import { deleteWorkspaceSchema, renameWorkspaceSchema } from "~/validation/workspace";
import type { Route } from "./+types/workspace";
import { workspaceFallback, workspaceIntents } from "./workspace-intents.server";

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

/** Every write of the page is an intent of workspace-intents.server.ts, run as its command. */
export const action = intentAction(workspaceIntents, { fallback: workspaceFallback });

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
          {permissions["chat_channel.manage"] ? (
            <>
              {" "}
              ·{" "}
              <Box component={Link} to={`/app/workspaces/${workspace.id}/chat-channels`} sx={{ color: "primary.main" }}>
                Chat channels
              </Box>
            </>
          ) : null}{" "}
          ·{" "}
          <Box component={Link} to={`/app/workspaces/${workspace.id}/automations`} sx={{ color: "primary.main" }}>
            Automations
          </Box>
          {permissions["code_host.manage"] ? (
            <>
              {" "}
              ·{" "}
              <Box component={Link} to={`/app/workspaces/${workspace.id}/code-hosts`} sx={{ color: "primary.main" }}>
                Code hosts
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
      <SectionCard title="Export and import" id="workspace-export-import">
        <Typography color="textSecondary" sx={{ mb: 1 }}>
          {permissions["workspace.export"]
            ? "Download the whole workspace as a zip (its projects, tasks, files and members by e-mail), or import an export from another Plotline server as a new workspace."
            : "Import an export from another Plotline server as a new workspace. Only the workspace owner can export this one."}
        </Typography>
        <Button component={Link} to={`/app/workspaces/${workspace.id}/export`} variant="outlined">
          Export and import
        </Button>
      </SectionCard>
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
