import FormControlLabel from "@mui/material/FormControlLabel";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import { styled } from "@mui/material/styles";
import { useState, type ChangeEvent } from "react";
import { useSubmit } from "react-router";

import { useHydrated } from "~/utils/use-hydrated";
import { disablePush, enablePush, pushSupportProblem, PushUnavailable } from "~/utils/push-subscription";

/** What the server can do: its VAPID public key, or what is missing for Web Push. */
export type PushSetup = { publicKey: string; missing: null } | { publicKey: null; missing: string };

const HINT =
  "Alerts on this device, even when Plotline is closed. This browser must allow notifications (needs JavaScript).";

const Hint = styled(Typography)(({ theme }) => ({ marginLeft: theme.spacing(6.5) }));

/**
 * The Push Notifications switch of the notification preferences form. Without JavaScript it
 * is a plain checkbox saved with the form. With it, turning it on first asks this browser's
 * permission and subscribes it (app/utils/push-subscription.ts), turning it off unsubscribes
 * it; then the form is saved. A browser that refuses or cannot keeps it off and says why.
 * Without VAPID keys on the server it is disabled and says what is missing. Keyed by the
 * saved value where it is used, so a save starts it afresh.
 */
export function PushToggle({ saved, setup }: { saved: boolean; setup: PushSetup }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const [checked, setChecked] = useState(saved);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Read in the browser only: the server renders the plain hint.
  const shown = problem ?? (hydrated && setup.publicKey ? pushSupportProblem() : null);

  const change = async (event: ChangeEvent<HTMLInputElement>) => {
    const on = event.target.checked;
    const form = event.target.form;
    if (!setup.publicKey || !form) return;
    setBusy(true);
    setProblem(null);
    try {
      if (on) await enablePush(setup.publicKey);
      else await disablePush().catch((error: unknown) => setProblem(messageOf(error)));
    } catch (error) {
      setProblem(messageOf(error));
      setBusy(false);
      return;
    }
    setChecked(on);
    setBusy(false);
    const values = new FormData(form);
    if (on) values.set("pushNotifications", "on");
    else values.delete("pushNotifications");
    await submit(values, { method: "post", action: form.getAttribute("action") ?? undefined });
  };

  const hintId = "push-notifications-hint";
  return (
    <div>
      <FormControlLabel
        control={
          <Switch
            name="pushNotifications"
            value="on"
            checked={checked}
            disabled={Boolean(setup.missing) || busy}
            onChange={change}
            slotProps={{ input: { "aria-describedby": hintId } }}
          />
        }
        label="Push Notifications"
      />
      {/* A disabled checkbox is not sent: keep what was saved when another preference is saved. */}
      {setup.missing && saved ? <input type="hidden" name="pushNotifications" value="on" /> : null}
      <Hint id={hintId} variant="body2" color={shown ? "error" : "textSecondary"} aria-live="polite">
        {setup.missing ?? shown ?? (busy ? "Asking this browser…" : HINT)}
      </Hint>
    </div>
  );
}

function messageOf(error: unknown) {
  return error instanceof PushUnavailable
    ? error.message
    : `Push notifications could not be set up: ${error instanceof Error ? error.message : String(error)}`;
}
