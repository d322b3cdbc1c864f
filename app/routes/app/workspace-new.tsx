import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { data, Form, useNavigation } from "react-router";

import { requireActor, run } from "~/.server/http/respond";
import { redirectWithToast } from "~/.server/toast";
import { createWorkspace } from "~/.server/workspaces/workspaces";
import { FormErrors, FormTextField, SubmitButton } from "~/components/forms/fields";
import { PricingLink } from "~/components/pricing-link";
import { createWorkspaceSchema } from "~/validation/workspace";
import type { Route } from "./+types/workspace-new";

export const meta: Route.MetaFunction = () => [{ title: "New Workspace · Plotline" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireActor(request, context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireActor(request, context);
  const submission = parseWithZod(await request.formData(), { schema: createWorkspaceSchema });
  if (submission.status !== "success") return data({ lastResult: submission.reply(), limited: false }, { status: 400 });
  const result = await run(() => createWorkspace(actor, submission.value));
  if (!result.ok) {
    return data({ lastResult: submission.reply({ formErrors: [result.message] }), limited: true }, { status: 400 });
  }
  return redirectWithToast(
    `/app/workspaces/${result.value.id}`,
    {
      title: "Workspace created",
      description: `${result.value.name} is ready for projects and people.`,
      variant: "success",
    },
    request,
  );
}

export default function NewWorkspace({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "new-workspace",
    lastResult: actionData?.lastResult,
    constraint: getZodConstraint(createWorkspaceSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createWorkspaceSchema }),
  });
  return (
    <Box sx={{ maxWidth: 560, mx: "auto" }}>
      <Typography component="h1" variant="h4" sx={{ mb: 3 }}>
        New Workspace
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Form method="post" {...getFormProps(form)} aria-label="Create workspace">
          <Stack spacing={2.5}>
            <FormErrors errors={form.errors} id={form.errorId} />
            {actionData?.limited ? <PricingLink /> : null}
            <FormTextField meta={fields.name} label="Workspace name" autoComplete="off" />
            <Box>
              <SubmitButton pending={navigation.state === "submitting"} pendingLabel="Creating..." size="medium">
                Create Workspace
              </SubmitButton>
            </Box>
          </Stack>
        </Form>
      </Paper>
    </Box>
  );
}
