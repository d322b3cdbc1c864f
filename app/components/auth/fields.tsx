import type { FieldMetadata } from "@conform-to/react";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import TextField, { type TextFieldProps } from "@mui/material/TextField";
import { useState, type ReactNode } from "react";

import { Visibility, VisibilityOff } from "~/components/icons/material";
import { useHydrated } from "~/utils/use-hydrated";
import { MESSAGE_DETAILS } from "~/validation/auth";

/**
 * The auth forms' fields: Conform metadata drawn with MUI, like the public forms' fields,
 * plus a second line under some messages and a show/hide toggle for passwords.
 */
type FieldProps = {
  meta: FieldMetadata<string | undefined>;
  label: string;
  /** Extra text under specific messages (message → description). */
  details?: Partial<Record<string, string>>;
} & Pick<TextFieldProps, "type" | "autoComplete" | "placeholder" | "helperText" | "slotProps">;

function helperFor(errors: string[] | undefined, details: Partial<Record<string, string>>, fallback: ReactNode) {
  if (!errors?.length) return fallback;
  return errors.map((error) => (
    <span key={error} style={{ display: "block" }}>
      {error}
      {details[error] ? <span style={{ display: "block" }}>{details[error]}</span> : null}
    </span>
  ));
}

export function AuthTextField({
  meta,
  label,
  type = "text",
  helperText,
  details = {},
  slotProps,
  ...rest
}: FieldProps) {
  const invalid = Boolean(meta.errors?.length);
  return (
    <TextField
      key={meta.key}
      id={meta.id}
      name={meta.name}
      label={label}
      type={type}
      defaultValue={meta.initialValue ?? ""}
      required={meta.required}
      error={invalid}
      helperText={helperFor(meta.errors, details, helperText)}
      fullWidth
      slotProps={{
        ...slotProps,
        htmlInput: { maxLength: meta.maxLength },
      }}
      {...rest}
    />
  );
}

/**
 * A password field with a show/hide toggle. The toggle needs JavaScript, so it appears
 * only once the page is hydrated; without it the field simply stays type=password.
 */
export function PasswordField({
  meta,
  label,
  autoComplete,
  placeholder,
  disabled,
}: Pick<FieldProps, "meta" | "label" | "autoComplete" | "placeholder"> & { disabled?: boolean }) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  return (
    <AuthTextField
      meta={meta}
      label={label}
      type={hydrated && visible ? "text" : "password"}
      autoComplete={autoComplete}
      placeholder={placeholder}
      details={MESSAGE_DETAILS}
      slotProps={{
        input: {
          endAdornment: hydrated ? (
            <InputAdornment position="end">
              <IconButton
                aria-label={visible ? "Hide password" : "Show password"}
                aria-controls={meta.id}
                onClick={() => setVisible((shown) => !shown)}
                onMouseDown={(event) => event.preventDefault()}
                edge="end"
                disabled={disabled}
              >
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}

/**
 * A failure shown on the page, worded like the spec's toasts (title and description).
 * It is an alert, so screen readers announce it when it appears.
 */
export function AuthAlert({
  title,
  description,
  severity = "error",
}: {
  title: string;
  description?: ReactNode;
  severity?: "error" | "success" | "info";
}) {
  return (
    <Alert severity={severity} role={severity === "error" ? "alert" : "status"} variant="outlined">
      <AlertTitle>{title}</AlertTitle>
      {description}
    </Alert>
  );
}
