import { styled } from "@mui/material/styles";
import { useId, useState } from "react";

import { Check, ContentCopy } from "~/components/icons/material";
import { useHydrated } from "~/utils/use-hydrated";

/**
 * A value to paste elsewhere (an address, a secret, a branch name): a read-only field whose
 * text is selected on focus, so it can be copied without JavaScript; with JavaScript a button
 * beside it copies it and says so. Plain elements styled once (decision 009): a page may show
 * a few of them in a list.
 */
const Field = styled("div")(({ theme }) => {
  const { palette } = theme.vars;
  return {
    display: "grid",
    gap: 4,
    minWidth: 0,
    "& label": { fontSize: 13, color: palette.text.secondary },
    // The button goes under the field when both do not fit (a phone): the value stays readable.
    "& .pl-copy-row": { display: "flex", flexWrap: "wrap", gap: 8, alignItems: "center", minWidth: 0 },
    "& input": {
      flex: "1 1 14rem",
      minWidth: 0,
      font: "inherit",
      fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
      fontSize: 13,
      padding: "7px 10px",
      borderRadius: 6,
      border: `1px solid ${palette.divider}`,
      background: palette.background.default,
      color: palette.text.primary,
      "&:focus": { outline: `2px solid ${palette.primary.main}`, outlineOffset: -1 },
    },
    "& button": {
      display: "inline-flex",
      alignItems: "center",
      gap: 6,
      flexShrink: 0,
      font: "inherit",
      fontSize: 13,
      fontWeight: 600,
      padding: "6px 10px",
      borderRadius: 6,
      border: `1px solid ${palette.divider}`,
      background: palette.background.paper,
      color: palette.primary.main,
      cursor: "pointer",
      "&:hover": { background: palette.action.hover },
      "&:focus-visible": { outline: `2px solid ${palette.primary.main}`, outlineOffset: 1 },
      "& svg": { fontSize: 16 },
    },
    "& .pl-copy-status": {
      position: "absolute",
      width: 1,
      height: 1,
      overflow: "hidden",
      clip: "rect(0 0 0 0)",
      whiteSpace: "nowrap",
    },
  };
});

export function CopyField({
  label,
  value,
  copyLabel = "Copy",
  copiedMessage,
  name,
}: {
  label: string;
  value: string;
  /** The button's words ("Copy branch name"). */
  copyLabel?: string;
  /** What a screen reader hears once copied. */
  copiedMessage?: string;
  /** A name for the field, for tests and forms that read it. */
  name?: string;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      <div className="pl-copy-row">
        <input
          id={id}
          name={name}
          value={value}
          readOnly
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
        />
        {hydrated ? (
          <button
            type="button"
            onClick={() =>
              void navigator.clipboard.writeText(value).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? <Check /> : <ContentCopy />}
            {copied ? "Copied" : copyLabel}
          </button>
        ) : null}
      </div>
      <span className="pl-copy-status" aria-live="polite">
        {copied ? (copiedMessage ?? `${label} copied to the clipboard`) : ""}
      </span>
    </Field>
  );
}
