import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";

import { Avatar as PersonAvatar } from "~/components/avatar";
import { ROLE_LABELS } from "~/validation/team";

type Member = { userId: string; name: string; email: string; avatarUrl: string | null; role: keyof typeof ROLE_LABELS };

/**
 * Sharing Settings: the link to share and who can open it. Access follows workspace
 * membership, managed on the Team Management page.
 */
export function Sharing({
  projectUrl,
  workspace,
  members,
}: {
  projectUrl: string;
  workspace: { id: string; name: string };
  members: Member[];
}) {
  return (
    <Box sx={{ display: "grid", gap: 3, maxWidth: 720 }}>
      <Box>
        <TextField
          label="Sharable link"
          value={projectUrl}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true } }}
          helperText={`Only members of ${workspace.name} can open it.`}
        />
      </Box>
      <Box component="section" aria-labelledby="access-heading">
        <Typography id="access-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
          Who has access
        </Typography>
        <Typography color="textSecondary" sx={{ mb: 2 }}>
          Everyone in {workspace.name}, with their workspace role.{" "}
          <Link component={RouterLink} to={`/app/team?workspace=${workspace.id}`}>
            Manage members in Team Management
          </Link>
        </Typography>
        <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0 }}>
          {members.map((member) => (
            <Box
              component="li"
              key={member.userId}
              sx={{ display: "flex", alignItems: "center", gap: 1.5, py: 1, borderTop: 1, borderColor: "divider" }}
            >
              <PersonAvatar person={member} size={32} decorative />
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography>{member.name}</Typography>
                <Typography variant="body2" color="textSecondary" noWrap>
                  {member.email}
                </Typography>
              </Box>
              <Chip size="small" label={ROLE_LABELS[member.role]} />
            </Box>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
