import MoreVert from "@mui/icons-material/MoreVert";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Divider from "@mui/material/Divider";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { Form } from "react-router";

import { Dropdown } from "~/components/dropdown";
import { MEMBER_ROLES, ROLE_LABELS } from "~/validation/team";
import type { TeamData } from "./types";
import { generatedAvatarUrl } from "~/utils/avatar";

/** Name, Email, Role, Actions; each row's menu has Change Role and Remove Member. */
export function MemberTable({ team, userId }: { team: TeamData; userId: string }) {
  const manage = team.permissions["workspace.manage_members"];
  const isOwner = team.workspace.role === "owner";
  return (
    <Paper variant="outlined" component="section" aria-labelledby="members-heading">
      <Typography id="members-heading" component="h2" variant="h6" sx={{ p: 2, pb: 1 }}>
        Members ({team.members.length})
      </Typography>
      <TableContainer>
        <Table aria-labelledby="members-heading">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Email</TableCell>
              <TableCell>Role</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {team.members.map((member) => {
              const canManage = manage && (member.role !== "owner" || isOwner);
              return (
                <TableRow key={member.userId}>
                  <TableCell>
                    <Box sx={{ display: "flex", alignItems: "center", gap: 1.5 }}>
                      <Avatar
                        src={member.avatarUrl ?? generatedAvatarUrl(member.email || member.userId)}
                        alt=""
                        sx={{ width: 32, height: 32 }}
                      />
                      <span>
                        {member.name}
                        {member.userId === userId ? (
                          <Typography component="span" color="textSecondary">
                            {" "}
                            (you)
                          </Typography>
                        ) : null}
                      </span>
                    </Box>
                  </TableCell>
                  <TableCell>{member.email}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={ROLE_LABELS[member.role]}
                      color={member.role === "owner" ? "primary" : "default"}
                    />
                  </TableCell>
                  <TableCell align="right">
                    {canManage && member.userId !== userId ? (
                      <MemberActions workspaceId={team.workspace.id} member={member} isOwner={isOwner} />
                    ) : null}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

function MemberActions({
  workspaceId,
  member,
  isOwner,
}: {
  workspaceId: string;
  member: TeamData["members"][number];
  isOwner: boolean;
}) {
  const roles = MEMBER_ROLES.filter((role) => role !== "owner" || isOwner);
  return (
    <Box sx={{ display: "inline-block", textAlign: "left" }}>
      <Dropdown label={`Actions for ${member.name}`} summary={<MoreVert fontSize="small" />} width={280}>
        <Form method="post" aria-label={`Change role of ${member.name}`}>
          <input type="hidden" name="intent" value="change-role" />
          <input type="hidden" name="workspaceId" value={workspaceId} />
          <input type="hidden" name="userId" value={member.userId} />
          <Box sx={{ px: 2, py: 1, display: "grid", gap: 1 }}>
            <TextField
              select
              size="small"
              label="Role"
              name="role"
              defaultValue={member.role}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              {roles.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </TextField>
            <Button type="submit" variant="outlined" size="small">
              Change Role
            </Button>
          </Box>
        </Form>
        <Divider />
        <ConfirmedAction
          label="Remove Member"
          question={`Remove ${member.name}? They lose access to this workspace's projects at once.`}
          confirm="Remove"
          fields={{ intent: "remove", workspaceId, userId: member.userId }}
        />
      </Dropdown>
    </Box>
  );
}

/**
 * A destructive action behind a second step: a disclosure that reveals the question and the
 * button that posts. Works the same with and without JavaScript.
 */
export function ConfirmedAction({
  label,
  question,
  confirm,
  fields,
}: {
  label: string;
  question: string;
  confirm: string;
  fields: Record<string, string>;
}) {
  return (
    <Box
      component="details"
      sx={{ px: 2, py: 1, "& > summary": { cursor: "pointer", color: "error.main", fontSize: 14 } }}
    >
      <summary>{label}</summary>
      <Form method="post">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Typography variant="body2" sx={{ my: 1 }}>
          {question}
        </Typography>
        <Button type="submit" color="error" variant="contained" size="small">
          {confirm}
        </Button>
      </Form>
    </Box>
  );
}
