import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { Form, useNavigation } from "react-router";

import { FormErrors, FormSelectField, FormTextField, SubmitButton } from "~/components/forms/fields";
import { PricingLink } from "~/components/pricing-link";
import { inviteSchema, ROLE_LABELS } from "~/validation/team";

/** Email, role (admin, editor, viewer; editor by default) and Invite Member. */
export function InviteForm({
  workspaceId,
  lastResult,
}: {
  workspaceId: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    // Not "invite": that is the section's id (the Share menu's #invite), and Conform finds
    // its form by id when it revalidates as the user types after a refusal.
    id: "invite-member",
    lastResult,
    defaultValue: { role: "editor" },
    constraint: getZodConstraint(inviteSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: inviteSchema }),
  });
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "invite";
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="invite-heading"
      id="invite"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id="invite-heading" component="h2" variant="h6" sx={{ mb: 2 }}>
        Invite Team Members
      </Typography>
      <Form method="post" {...getFormProps(form)} aria-label="Invite a member">
        <input type="hidden" name="intent" value="invite" />
        <input type="hidden" name="workspaceId" value={workspaceId} />
        <FormErrors errors={form.errors} id={form.errorId} />
        {/* Form-level errors here are seat limits: say where the plans are. */}
        {form.errors?.length ? <PricingLink /> : null}
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "flex-start", mt: 1 }}>
          <Box sx={{ flex: "1 1 280px" }}>
            <FormTextField meta={fields.email} label="Email" type="email" autoComplete="off" sx={{ width: "100%" }} />
          </Box>
          <FormSelectField
            meta={fields.role}
            label="Role"
            options={(["admin", "editor", "viewer"] as const).map((role) => ({
              value: role,
              label: ROLE_LABELS[role],
            }))}
          />
          <SubmitButton pending={pending} pendingLabel="Inviting..." sx={{ height: 56 }}>
            Invite Member
          </SubmitButton>
        </Box>
      </Form>
    </Paper>
  );
}
