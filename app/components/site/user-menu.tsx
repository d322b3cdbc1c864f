import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import Typography from "@mui/material/Typography";
import { Form, Link } from "react-router";

import { UserAvatar } from "~/components/user-avatar";
import type { SessionUser } from "~/utils/session-user";

/**
 * The signed-in header menu: name (or 'User'), e-mail, Dashboard, Settings and Logout.
 * A <details> dropdown, so it opens with the keyboard and without JavaScript; Logout is
 * a POST.
 */
export function UserMenu({ user }: { user: SessionUser }) {
  return (
    <Box
      component="details"
      sx={{
        position: "relative",
        "& > summary": { listStyle: "none", cursor: "pointer" },
        "& > summary::-webkit-details-marker": { display: "none" },
      }}
    >
      <Box
        component="summary"
        aria-label="Account menu"
        sx={{ borderRadius: "50%", display: "flex", "&:focus-visible": { outline: 2, outlineColor: "primary.main" } }}
      >
        <UserAvatar user={user} />
      </Box>
      <Box
        sx={{
          position: "absolute",
          right: 0,
          top: "calc(100% + 8px)",
          minWidth: 240,
          bgcolor: "background.paper",
          border: 1,
          borderColor: "divider",
          borderRadius: 2,
          boxShadow: 6,
          py: 1,
          zIndex: "modal",
        }}
      >
        <Box sx={{ px: 2, py: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>{user.fullName || "User"}</Typography>
          <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: "anywhere" }}>
            {user.email}
          </Typography>
        </Box>
        <Divider />
        <Box component="nav" aria-label="Account" sx={{ display: "grid", p: 1 }}>
          <Button component={Link} to="/app/dashboard" color="inherit" sx={{ justifyContent: "flex-start" }}>
            Dashboard
          </Button>
          <Button component={Link} to="/app/settings" color="inherit" sx={{ justifyContent: "flex-start" }}>
            Settings
          </Button>
          <Form method="post" action="/auth/signout">
            <Button type="submit" color="inherit" fullWidth sx={{ justifyContent: "flex-start" }}>
              Logout
            </Button>
          </Form>
        </Box>
      </Box>
    </Box>
  );
}
