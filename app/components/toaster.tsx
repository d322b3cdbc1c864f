import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import { keyframes } from "@mui/material/styles";
import { useEffect, useState } from "react";

import { Close as CloseIcon } from "~/components/icons/material";
import { onToast } from "~/utils/client-toast";
import { DEFAULT_TOAST_DURATION, type Toast } from "~/utils/toast";

const leave = keyframes`to { opacity: 0; visibility: hidden; transform: translateY(8px); }`;

/** A key per toast object, so a new toast gets a new element and its own closing animation. */
const toastKeys = new WeakMap<Toast, number>();
let nextToastKey = 0;
function keyOf(toast: Toast) {
  let key = toastKeys.get(toast);
  if (key === undefined) {
    key = nextToastKey++;
    toastKeys.set(toast, key);
  }
  return key;
}

/**
 * One toast at a time, bottom right. It closes itself after its duration: by a CSS
 * animation (so it also goes away with JavaScript off) and, with JavaScript, by unmounting;
 * the close button needs JavaScript.
 */
export function Toaster({ toast: fromServer }: { toast: Toast | null }) {
  // Each toast object arrives once from the root loader, or from the browser (showToast):
  // a browser toast shows until the next one from the server; the one dismissed is remembered.
  const [fromBrowser, setFromBrowser] = useState<{ toast: Toast; over: Toast | null } | null>(null);
  useEffect(() => onToast((toast) => setFromBrowser({ toast, over: fromServer })), [fromServer]);
  const toast = fromBrowser && fromBrowser.over === fromServer ? fromBrowser.toast : fromServer;
  const [dismissed, setDismissed] = useState<Toast | null>(null);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setDismissed(toast), toast.duration ?? DEFAULT_TOAST_DURATION);
    return () => clearTimeout(timer);
  }, [toast]);
  const shown = toast && toast !== dismissed ? toast : null;
  if (!shown) return null;

  const duration = shown.duration ?? DEFAULT_TOAST_DURATION;
  return (
    <Box
      key={keyOf(shown)}
      sx={{
        position: "fixed",
        zIndex: "snackbar",
        right: { xs: 8, sm: 24 },
        left: { xs: 8, sm: "auto" },
        bottom: { xs: 8, sm: 24 },
        maxWidth: { sm: 420 },
        animation: `${leave} 300ms ease-in ${duration}ms forwards`,
      }}
    >
      <Alert
        // An error interrupts (alert); a success waits its turn (status).
        role={shown.variant === "error" ? "alert" : "status"}
        variant="filled"
        severity={shown.variant === "error" ? "error" : shown.variant === "success" ? "success" : "info"}
        action={
          <IconButton aria-label="Close" color="inherit" size="small" onClick={() => setDismissed(shown)}>
            <CloseIcon fontSize="small" />
          </IconButton>
        }
        sx={{ boxShadow: 6 }}
      >
        <AlertTitle>{shown.title}</AlertTitle>
        {shown.description}
      </Alert>
    </Box>
  );
}
