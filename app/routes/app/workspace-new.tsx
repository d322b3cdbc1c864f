import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Form, useNavigation } from "react-router";

import { intentAction } from "~/.server/http/intents";
import { requireActor } from "~/.server/http/respond";
import { FormErrors, FormTextField, SubmitButton } from "~/components/forms/fields";
import { PricingLink } from "~/components/pricing-link";
import { createWorkspaceSchema } from "~/validation/workspace";
import type { Route } from "./+types/workspace-new";
import { workspaceNewFallback, workspaceNewIntents } from "./workspace-new-intents.server";

export const meta: Route.MetaFunction = () => [{ title: "New Workspace · Plotline" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireActor(request, context);
  return null;
}

/** Its one form is the `create` intent of workspace-new-intents.server.ts. */
export const action = intentAction(workspaceNewIntents, { fallback: workspaceNewFallback, unnamed: "create" });

export default function NewWorkspace({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const refused = actionData && "lastResult" in actionData ? actionData : undefined;
  const [form, fields] = useForm({
    id: "new-workspace",
    lastResult: refused?.lastResult,
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
            {refused?.limited ? <PricingLink /> : null}
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
