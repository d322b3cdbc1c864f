import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { Form } from "react-router";

import { TimeAgo } from "~/components/date-text";
import { ROLE_LABELS } from "~/validation/team";
import type { TeamData } from "./types";

/** Invitations not yet accepted: resend (a new link, 7 more days) or revoke. */
export function InvitationsList({
  workspaceId,
  invitations,
}: {
  workspaceId: string;
  invitations: TeamData["invitations"];
}) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="pending-heading" sx={{ p: 2 }}>
      <Typography id="pending-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
        Pending invitations
      </Typography>
      {invitations.length === 0 ? (
        <Typography color="textSecondary">No pending invitations.</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 1 }}>
          {invitations.map((invitation) => (
            <Box
              component="li"
              key={invitation.id}
              aria-label={`Invitation to ${invitation.email}`}
              sx={{
                display: "flex",
                flexWrap: "wrap",
                alignItems: "center",
                gap: 1.5,
                py: 1,
                borderTop: 1,
                borderColor: "divider",
              }}
            >
              <Box sx={{ flexGrow: 1, minWidth: 200 }}>
                <Typography sx={{ fontWeight: 600 }}>{invitation.email}</Typography>
                <Typography variant="body2" color="textSecondary">
                  {ROLE_LABELS[invitation.role]} · sent <TimeAgo at={invitation.sentAt} />
                </Typography>
              </Box>
              {invitation.expired ? <Chip size="small" color="warning" label="Expired" /> : null}
              <Form method="post">
                <input type="hidden" name="workspaceId" value={workspaceId} />
                <input type="hidden" name="invitationId" value={invitation.id} />
                <Box sx={{ display: "flex", gap: 1 }}>
                  <Button type="submit" name="intent" value="resend" size="small" variant="outlined">
                    Resend
                  </Button>
                  <Button type="submit" name="intent" value="revoke" size="small" color="error">
                    Revoke
                  </Button>
                </Box>
              </Form>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}
