import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import Paper from "@mui/material/Paper";
import { styled } from "@mui/material/styles";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { Form } from "react-router";

import { Avatar } from "~/components/avatar";
import { MoreGlyph } from "~/components/lists/icons";
import { useItemMenu } from "~/components/lists/item-menu";
import { MEMBER_ROLES, ROLE_LABELS } from "~/validation/team";
import type { TeamData } from "./types";

/** The table's rows are plain elements styled once here (docs/decisions/009). */
const Table = styled("table")(({ theme }) => {
  const { palette } = theme.vars;
  return {
    width: "100%",
    borderCollapse: "collapse",
    fontSize: 14,
    "& th, & td": { padding: 16, borderBottom: `1px solid ${palette.divider}`, textAlign: "left" },
    "& th": { fontWeight: 500 },
    "& th:last-child, & td:last-child": { textAlign: "right" },
    "& tbody tr:last-child td": { borderBottom: 0 },
    "& .pl-person": { display: "flex", alignItems: "center", gap: 12 },
    "& .pl-person .pl-avatar": { "--avatar-size": "32px" },
    "& .pl-menu": { display: "inline-block" },
    "& .pl-menu-panel": { width: 280 },
    "& .pl-menu-panel form": { display: "grid", gap: 8, padding: "8px 16px" },
    // A phone: a member per block, name with role and actions on the first line, e-mail below.
    [theme.breakpoints.down("sm")]: {
      "& thead": { display: "none" },
      "& tbody, & tr": { display: "block" },
      "& tr": {
        display: "grid",
        gridTemplateColumns: "minmax(0, 1fr) auto auto",
        alignItems: "center",
        columnGap: 8,
        padding: "12px 16px",
        borderBottom: `1px solid ${palette.divider}`,
      },
      "& tbody tr:last-child": { borderBottom: 0 },
      "& td": { display: "block", padding: 0, border: 0 },
      "& td:nth-child(1)": { gridColumn: 1, gridRow: 1 },
      "& td:nth-child(2)": {
        gridColumn: "1 / -1",
        gridRow: 2,
        paddingLeft: 44,
        color: palette.text.secondary,
        overflowWrap: "anywhere",
      },
      "& td:nth-child(3)": { gridColumn: 2, gridRow: 1 },
      "& td:nth-child(4)": { gridColumn: 3, gridRow: 1 },
    },
  };
});

/** Name, Email, Role, Actions; one actions menu for the table (Change Role, Remove Member). */
export function MemberTable({ team, userId }: { team: TeamData; userId: string }) {
  const manage = team.permissions["workspace.manage_members"];
  const isOwner = team.workspace.role === "owner";
  const menu = useItemMenu("member");
  return (
    <Paper variant="outlined" component="section" aria-labelledby="members-heading">
      <Typography id="members-heading" component="h2" variant="h6" sx={{ p: 2, pb: 1 }}>
        Members ({team.members.length})
      </Typography>
      <Box sx={{ overflowX: "auto" }}>
        <Table aria-labelledby="members-heading">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {team.members.map((member) => {
              const canManage = manage && (member.role !== "owner" || isOwner) && member.userId !== userId;
              const anchor = `member-${member.userId}`;
              return (
                <tr key={member.userId} id={anchor}>
                  <td>
                    <span className="pl-person">
                      <Avatar person={{ name: member.name, avatarUrl: member.avatarUrl }} decorative />
                      <span>
                        {member.name}
                        {member.userId === userId ? <span className="pl-secondary"> (you)</span> : null}
                      </span>
                    </span>
                  </td>
                  <td>{member.email}</td>
                  <td>
                    <span className="pl-chip" data-tone={member.role === "owner" ? "primary" : undefined}>
                      {ROLE_LABELS[member.role]}
                    </span>
                  </td>
                  <td>
                    {canManage ? (
                      <div className="pl-menu" {...menu.root(member.userId)}>
                        <a
                          className="pl-menu-button"
                          {...menu.trigger(member.userId, `Actions for ${member.name}`, anchor)}
                        >
                          <MoreGlyph />
                        </a>
                        {menu.openId === member.userId ? (
                          <MemberActions workspaceId={team.workspace.id} member={member} isOwner={isOwner} />
                        ) : null}
                      </div>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      </Box>
    </Paper>
  );
}

/** The open row's menu: Change Role (a select and a button) and Remove Member (confirmed). */
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
    <div className="pl-menu-panel">
      <Form method="post" aria-label={`Change role of ${member.name}`}>
        <input type="hidden" name="intent" value="change-role" />
        <input type="hidden" name="workspaceId" value={workspaceId} />
        <input type="hidden" name="userId" value={member.userId} />
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
      </Form>
      <Divider />
      <ConfirmedAction
        label="Remove Member"
        question={`Remove ${member.name}? They lose access to this workspace's projects at once.`}
        confirm="Remove"
        fields={{ intent: "remove", workspaceId, userId: member.userId }}
      />
    </div>
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
