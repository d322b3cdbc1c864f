import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import FormControlLabel from "@mui/material/FormControlLabel";
import Paper from "@mui/material/Paper";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { Form, useNavigation } from "react-router";
import { Theme, useTheme } from "remix-themes";

import { withoutTransitions } from "~/theme/switch-theme";
import { Avatar as PersonAvatar } from "~/components/avatar";
import { FormTextField, SubmitButton } from "~/components/forms/fields";
import { profileSchema } from "~/validation/settings";
import { PushToggle, type PushSetup } from "./push-toggle";
import { TabHeading } from "./settings-tabs";

type Settings = {
  fullName: string;
  email: string;
  avatarUrl: string | null;
  theme: "light" | "dark" | "system";
  emailNotifications: boolean;
  pushNotifications: boolean;
  aiSuggestions: boolean;
};

function usePending(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/** Avatar (PNG, JPEG, GIF or WebP up to 2 MB), full name, e-mail shown but not editable. */
export function ProfileTab({ settings, lastResult }: { settings: Settings; lastResult?: SubmissionResult<string[]> }) {
  const pending = usePending("profile");
  const [form, fields] = useForm({
    id: "profile",
    lastResult,
    defaultValue: { fullName: settings.fullName },
    constraint: getZodConstraint(profileSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
  });
  const avatarError = lastResult?.error?.avatar?.join(", ");
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <TabHeading>Profile</TabHeading>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} aria-label="Profile">
        <input type="hidden" name="intent" value="profile" />
        <Stack spacing={3} sx={{ maxWidth: 520 }}>
          <Box sx={{ display: "flex", alignItems: "center", gap: 2 }}>
            {settings.avatarUrl ? (
              <Avatar src={settings.avatarUrl} alt="Your avatar" sx={{ width: 72, height: 72 }} />
            ) : (
              // What others see without a picture: the initials on the name's colour.
              <PersonAvatar person={{ name: settings.fullName || settings.email, avatarUrl: null }} size={72} />
            )}
            {/* Narrower than the file field on a small phone: the field shrinks instead of the page widening. */}
            <Box sx={{ minWidth: 0, "& input": { maxWidth: "100%" } }}>
              <Typography component="label" htmlFor="avatar-file" sx={{ display: "block", fontWeight: 600, mb: 0.5 }}>
                Change Avatar
              </Typography>
              <input
                id="avatar-file"
                name="avatar"
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp"
                aria-invalid={avatarError ? true : undefined}
                aria-describedby={avatarError ? "avatar-error" : "avatar-hint"}
              />
              <Typography
                id={avatarError ? "avatar-error" : "avatar-hint"}
                variant="body2"
                color={avatarError ? "error" : "textSecondary"}
              >
                {avatarError ?? "PNG, JPEG, GIF or WebP, up to 2 MB."}
              </Typography>
            </Box>
          </Box>
          <FormTextField meta={fields.fullName} label="Full Name" autoComplete="name" />
          <TextField label="Email" value={settings.email} disabled />
          <Box>
            <SubmitButton pending={pending} pendingLabel="Saving..." size="medium">
              Save Changes
            </SubmitButton>
          </Box>
        </Stack>
      </Form>
    </Paper>
  );
}

function PreferenceSwitch(props: { name: string; label: string; hint: string; defaultChecked: boolean }) {
  return (
    <Box>
      <FormControlLabel
        control={<Switch name={props.name} defaultChecked={props.defaultChecked} value="on" />}
        label={props.label}
      />
      <Typography variant="body2" color="textSecondary" sx={{ ml: 6.5 }}>
        {props.hint}
      </Typography>
    </Box>
  );
}

export function NotificationsTab({ settings, push }: { settings: Settings; push: PushSetup }) {
  const pending = usePending("notifications");
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <TabHeading>Notifications</TabHeading>
      <Form method="post" aria-label="Notification preferences">
        <input type="hidden" name="intent" value="notifications" />
        <Stack spacing={2}>
          <PreferenceSwitch
            name="emailNotifications"
            label="Email Notifications"
            hint="Team changes and updates by e-mail."
            defaultChecked={settings.emailNotifications}
          />
          <PushToggle key={String(settings.pushNotifications)} saved={settings.pushNotifications} setup={push} />
          <PreferenceSwitch
            name="aiSuggestions"
            label="AI Suggestions"
            hint="Let the assistant suggest next steps and deadlines."
            defaultChecked={settings.aiSuggestions}
          />
          <Box>
            <SubmitButton pending={pending} pendingLabel="Saving..." size="medium">
              Save Preferences
            </SubmitButton>
          </Box>
        </Stack>
      </Form>
    </Paper>
  );
}

/**
 * Light, Dark or System, saved to the account and the cookie by the form's action. With
 * JavaScript, remix-themes also switches the page at once (it keeps its own state).
 */
export function AppearanceTab({ settings }: { settings: Settings }) {
  const pending = usePending("appearance");
  const [, setTheme] = useTheme();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <TabHeading>Appearance</TabHeading>
      <Form
        method="post"
        aria-label="Appearance"
        onSubmit={(event) => {
          const choice = new FormData(event.currentTarget).get("theme");
          withoutTransitions(() => setTheme(choice === "dark" ? Theme.DARK : choice === "light" ? Theme.LIGHT : null));
        }}
      >
        <input type="hidden" name="intent" value="appearance" />
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" sx={{ mb: 1 }}>
            Theme
          </Typography>
          <RadioGroup name="theme" defaultValue={settings.theme}>
            <FormControlLabel value="light" control={<Radio />} label="Light" />
            <FormControlLabel value="dark" control={<Radio />} label="Dark" />
            <FormControlLabel value="system" control={<Radio />} label="System" />
          </RadioGroup>
        </Box>
        <SubmitButton pending={pending} pendingLabel="Saving..." size="medium" sx={{ mt: 2 }}>
          Save Theme
        </SubmitButton>
      </Form>
    </Paper>
  );
}
