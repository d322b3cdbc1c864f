import type { FieldMetadata } from "@conform-to/react";
import Box from "@mui/material/Box";
import Button, { type ButtonProps } from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import DialogActions from "@mui/material/DialogActions";
import TextField, { type TextFieldProps } from "@mui/material/TextField";
import { Link, useNavigation } from "react-router";
import { HoneypotInputs } from "remix-utils/honeypot/react";

import { useNonce } from "~/utils/nonce";

/**
 * Conform fields drawn with MUI. The server renders each field's value and errors, so a
 * form posted without JavaScript comes back with what was typed and the messages beside
 * the fields; with JavaScript, Conform validates with the same zod schema first.
 */
type FieldProps = {
  meta: FieldMetadata<string | undefined>;
  label: string;
} & Pick<TextFieldProps, "type" | "autoComplete" | "placeholder" | "multiline" | "minRows" | "helperText" | "sx">;

export function FormTextField({ meta, label, type = "text", helperText, ...rest }: FieldProps) {
  const error = meta.errors?.join(", ");
  return (
    <TextField
      key={meta.key}
      id={meta.id}
      name={meta.name}
      label={label}
      type={type}
      defaultValue={meta.initialValue ?? ""}
      required={meta.required}
      error={Boolean(error)}
      helperText={error ?? helperText}
      slotProps={{ htmlInput: { maxLength: meta.maxLength } }}
      {...rest}
    />
  );
}

/** A native <select>: it works without JavaScript, on every phone, with the keyboard. */
export function FormSelectField({
  meta,
  label,
  options,
  placeholder = "Choose…",
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
}) {
  const error = meta.errors?.join(", ");
  return (
    <TextField
      key={meta.key}
      id={meta.id}
      name={meta.name}
      label={label}
      select
      defaultValue={meta.initialValue ?? ""}
      required={meta.required}
      error={Boolean(error)}
      helperText={error}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="" disabled>
        {placeholder}
      </option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}

/**
 * remix-utils' honeypot inputs (their names and the encrypted time come from the root
 * loader through `HoneypotProvider`): hidden from people and assistive technology, filled
 * by bots. Kept off-screen here too, in case its own style tag is not applied.
 */
export function HoneypotField() {
  return (
    <Box aria-hidden sx={{ position: "absolute", left: "-10000px", width: 1, height: 1, overflow: "hidden" }}>
      {/* Its inline <style> needs the document's CSP nonce (server/security-headers.ts). */}
      <HoneypotInputs label="Leave this field empty" nonce={useNonce()} />
    </Box>
  );
}

/**
 * Shows the pending label (e.g. 'Sending...') while its form is being submitted, and refuses
 * a second submission meanwhile. It stays focusable (`aria-disabled`, MUI's disabled look): a
 * focused button that becomes `disabled` drops the keyboard's focus to the page's body, where
 * the next key (Escape in a panel, Tab) no longer reaches the form or the dialog around it.
 */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  className,
  onClick,
  ...rest
}: ButtonProps & { pending: boolean; pendingLabel: string }) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      aria-disabled={pending || undefined}
      className={pending ? `Mui-disabled ${className ?? ""}`.trim() : className}
      // Enter in a field submits through a click on this button too.
      onClick={(event) => (pending ? event.preventDefault() : onClick?.(event))}
      startIcon={pending ? <CircularProgress size={18} color="inherit" /> : undefined}
      {...rest}
    >
      {pending ? pendingLabel : children}
    </Button>
  );
}

/**
 * A page form's buttons: Cancel (a link back) and the submit, which shows its pending label
 * while the page's own submission runs.
 */
export function PageFormActions({
  cancelTo,
  label,
  pendingLabel,
}: {
  cancelTo: string;
  label: string;
  pendingLabel: string;
}) {
  const pending = useNavigation().state === "submitting";
  return (
    <Box sx={{ display: "flex", gap: 1, justifyContent: "flex-end" }}>
      <Button component={Link} to={cancelTo}>
        Cancel
      </Button>
      <SubmitButton pending={pending} pendingLabel={pendingLabel} size="medium">
        {label}
      </SubmitButton>
    </Box>
  );
}

/** A dialog form's buttons: Cancel closes the dialog; the submit shows the fetcher's pending state. */
export function DialogFormActions({
  onCancel,
  pending,
  label,
  pendingLabel,
}: {
  onCancel: () => void;
  pending: boolean;
  label: string;
  pendingLabel: string;
}) {
  return (
    <DialogActions sx={{ px: 0 }}>
      <Button onClick={onCancel}>Cancel</Button>
      <SubmitButton pending={pending} pendingLabel={pendingLabel} size="medium">
        {label}
      </SubmitButton>
    </DialogActions>
  );
}

/** A form-level error (e.g. a rate limit), announced to screen readers. */
export function FormErrors({ errors, id }: { errors?: string[]; id?: string }) {
  if (!errors?.length) return null;
  return (
    <Box id={id} role="alert" sx={{ color: "error.main", fontSize: 14 }}>
      {errors.join(" ")}
    </Box>
  );
}
