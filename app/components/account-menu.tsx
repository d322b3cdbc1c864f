import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import Typography from "@mui/material/Typography";
import { Form, Link } from "react-router";

import { Dropdown, menuItemSx } from "~/components/dropdown";
import { UserAvatar } from "~/components/user-avatar";
import type { SessionUser } from "~/utils/session-user";

/**
 * The signed-in user's menu: name (or 'User') and e-mail, then Settings and Logout (a POST);
 * the public site's header adds a way to the Dashboard. A <details> dropdown, so it opens
 * with the keyboard and without JavaScript.
 */
export function AccountMenu({ user, withDashboard = false }: { user: SessionUser; withDashboard?: boolean }) {
  return (
    <Dropdown label="Account menu" summary={<UserAvatar user={user} />} summarySx={{ p: 0.25, borderRadius: "50%" }}>
      <Box sx={{ px: 2, py: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{user.fullName || "User"}</Typography>
        <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: "anywhere" }}>
          {user.email}
        </Typography>
      </Box>
      <Divider />
      <Box component="nav" aria-label="Account">
        {withDashboard ? (
          <Box component={Link} to="/app/dashboard" sx={menuItemSx}>
            Dashboard
          </Box>
        ) : null}
        <Box component={Link} to="/app/settings" sx={menuItemSx}>
          Settings
        </Box>
      </Box>
      <Form method="post" action="/auth/signout">
        <Box component="button" type="submit" sx={menuItemSx}>
          Logout
        </Box>
      </Form>
    </Dropdown>
  );
}
