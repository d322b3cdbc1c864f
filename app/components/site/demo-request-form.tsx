import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { ComponentType } from "react";
import { Form, useFetcher, useLocation } from "react-router";

import { FormErrors, FormSelectField, FormTextField, HoneypotField, SubmitButton } from "~/components/forms/fields";
import { demoRequestSchema, TEAM_SIZES } from "~/validation/public-forms";

const TEAM_SIZE_OPTIONS = TEAM_SIZES.map((size) => ({ value: size, label: `${size} people` }));

/** The request-demo dialog: loaded only when someone opens it (it brings the form's validation code). */
export default function DemoRequestDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const fetcher = useFetcher<{ lastResult?: SubmissionResult<string[]> }>();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="demo-dialog-title" fullWidth maxWidth="sm">
      <DialogTitle id="demo-dialog-title">Request a demo</DialogTitle>
      <DialogContent>
        <Typography color="textSecondary" sx={{ mb: 2 }}>
          Tell us about your team and we will set up a personal walkthrough of Plotline.
        </Typography>
        <DemoRequestForm
          Form={fetcher.Form}
          lastResult={fetcher.data?.lastResult}
          pending={fetcher.state !== "idle"}
          id="demo-dialog"
        />
      </DialogContent>
    </Dialog>
  );
}

type FormComponent = ComponentType<React.ComponentProps<typeof Form>>;

export function DemoRequestForm({
  Form: FormElement = Form,
  lastResult,
  pending,
  id = "demo-request",
}: {
  Form?: FormComponent;
  lastResult?: SubmissionResult<string[]>;
  pending: boolean;
  id?: string;
}) {
  const location = useLocation();
  const [form, fields] = useForm({
    id,
    lastResult,
    constraint: getZodConstraint(demoRequestSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: demoRequestSchema }),
  });
  const back = location.pathname === "/request-demo" ? "/" : location.pathname + location.search;
  return (
    <FormElement method="post" action="/request-demo" {...getFormProps(form)}>
      <input type="hidden" name="redirectTo" value={back} />
      <HoneypotField />
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormErrors errors={form.errors} id={form.errorId} />
        <FormTextField meta={fields.name} label="Name" autoComplete="name" />
        <FormTextField meta={fields.workEmail} label="Work email" type="email" autoComplete="email" />
        <FormTextField meta={fields.company} label="Company" autoComplete="organization" />
        <FormSelectField meta={fields.teamSize} label="Team size" options={TEAM_SIZE_OPTIONS} />
        <SubmitButton pending={pending} pendingLabel="Sending...">
          Request Demo
        </SubmitButton>
      </Stack>
    </FormElement>
  );
}
