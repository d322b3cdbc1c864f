import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";

/** The question of blocked-confirm.tsx, loaded when it is first asked. */
export default function BlockedConfirmDialog({
  open,
  message,
  onAnswer,
}: {
  open: boolean;
  message: string;
  onAnswer: (completeAnyway: boolean) => void;
}) {
  // Escape, a click outside and Cancel keep the task open; MUI gives the focus back to where it was.
  return (
    <Dialog
      open={open}
      onClose={() => onAnswer(false)}
      aria-labelledby="blocked-confirm-title"
      aria-describedby="blocked-confirm-text"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="blocked-confirm-title">Complete a blocked task?</DialogTitle>
      <DialogContent>
        <DialogContentText id="blocked-confirm-text">{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onAnswer(false)} autoFocus>
          Cancel
        </Button>
        <Button onClick={() => onAnswer(true)} variant="contained">
          Complete Anyway
        </Button>
      </DialogActions>
    </Dialog>
  );
}
