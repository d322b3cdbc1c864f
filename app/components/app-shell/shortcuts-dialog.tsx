import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import { styled } from "@mui/material/styles";

import { SHORTCUTS } from "~/utils/keyboard-shortcuts";

const List = styled("dl")(({ theme }) => ({
  display: "grid",
  gridTemplateColumns: "auto 1fr",
  gap: "10px 16px",
  margin: 0,
  "& > div": { display: "contents" },
  "& dt": { justifySelf: "start" },
  "& dd": { margin: 0 },
  "& kbd": {
    display: "inline-block",
    minWidth: 24,
    padding: "2px 6px",
    textAlign: "center",
    fontFamily: "inherit",
    fontWeight: 600,
    border: `1px solid ${theme.vars.palette.divider}`,
    borderRadius: 4,
    background: theme.vars.palette.action.hover,
  },
}));

/** The list of shortcuts, loaded when it first opens (keyboard-shortcuts.tsx). */
export default function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  // MUI's dialog closes on Escape and gives the focus back to where it was.
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="shortcuts-title" maxWidth="xs" fullWidth>
      <DialogTitle id="shortcuts-title">Keyboard shortcuts</DialogTitle>
      {/* Focusable: on a short window the list scrolls, and a keyboard must be able to scroll it. */}
      <DialogContent tabIndex={0}>
        <List>
          {SHORTCUTS.map((shortcut) => (
            <div key={shortcut.key}>
              <dt>
                <kbd>{shortcut.key}</kbd>
              </dt>
              <dd>{shortcut.description}</dd>
            </div>
          ))}
        </List>
        <p>Shortcuts do nothing while you type in a field.</p>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
