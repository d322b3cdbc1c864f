import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { Form } from "react-router";

import { ConfirmedAction } from "./member-table";
import type { TeamData } from "./types";

/** Transfer ownership (owners) and Leave workspace (anyone but the last owner). */
export function LeaveAndTransfer({ team, userId }: { team: TeamData; userId: string }) {
  const others = team.members.filter((member) => member.userId !== userId);
  const lastOwner = team.workspace.role === "owner" && team.ownerCount <= 1;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="membership-heading"
      sx={{ p: 2, display: "grid", gap: 2 }}
    >
      <Typography id="membership-heading" component="h2" variant="h6">
        Your membership
      </Typography>
      {team.permissions["workspace.transfer_ownership"] && others.length > 0 ? (
        <Form method="post" aria-label="Transfer ownership">
          <input type="hidden" name="intent" value="transfer" />
          <input type="hidden" name="workspaceId" value={team.workspace.id} />
          <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, alignItems: "center" }}>
            <TextField
              select
              size="small"
              label="New owner"
              name="userId"
              defaultValue={others[0]?.userId}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              sx={{ minWidth: 240 }}
            >
              {others.map((member) => (
                <option key={member.userId} value={member.userId}>
                  {member.name}
                </option>
              ))}
            </TextField>
            <Button type="submit" variant="outlined">
              Transfer ownership
            </Button>
            <Typography variant="body2" color="textSecondary">
              They become an owner; you stay on as an admin.
            </Typography>
          </Box>
        </Form>
      ) : null}
      {lastOwner ? (
        <Typography variant="body2" color="textSecondary">
          You are the only owner, so you cannot leave. Transfer ownership first, or delete the workspace in its
          settings.
        </Typography>
      ) : (
        <ConfirmedAction
          label="Leave workspace"
          question={`Leave ${team.workspace.name}? You lose access to its projects until someone invites you again.`}
          confirm="Leave"
          fields={{ intent: "leave", workspaceId: team.workspace.id }}
        />
      )}
    </Paper>
  );
}
