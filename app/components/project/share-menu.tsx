import Check from "@mui/icons-material/Check";
import ContentCopy from "@mui/icons-material/ContentCopy";
import GroupAddOutlined from "@mui/icons-material/GroupAddOutlined";
import ManageAccountsOutlined from "@mui/icons-material/ManageAccountsOutlined";
import ShareIcon from "@mui/icons-material/Share";
import Box from "@mui/material/Box";
import { useEffect, useState } from "react";
import { Link } from "react-router";

import { Dropdown, menuItemSx } from "~/components/dropdown";
import { visuallyHidden } from "~/components/visually-hidden";

/** The spec's copy confirmation: the check shows for 2 seconds. */
const COPIED_MS = 2000;

/**
 * Share: Invite Team Members (the workspace's invitation form), Copy Sharable Link (to
 * the clipboard with JavaScript; without, the Sharing view shows the link to copy) and
 * Sharing Settings (who has access).
 */
export function ShareMenu({ projectUrl, workspaceId }: { projectUrl: string; workspaceId: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Dropdown
      label="Share"
      width={260}
      summary={
        <Box
          component="span"
          sx={{ display: "flex", alignItems: "center", gap: 1, px: 1, color: "primary.main", fontWeight: 600 }}
        >
          <ShareIcon fontSize="small" /> Share
        </Box>
      }
      summarySx={{ border: 1, borderColor: "divider" }}
    >
      <Box component={Link} to={`/app/team?workspace=${workspaceId}#invite`} sx={menuItemSx}>
        <GroupAddOutlined fontSize="small" /> Invite Team Members
      </Box>
      <Box
        component={Link}
        to="?view=sharing"
        onClick={(event: React.MouseEvent) => {
          event.preventDefault();
          void navigator.clipboard.writeText(projectUrl).then(() => setCopied(true));
        }}
        sx={menuItemSx}
      >
        {copied ? <Check fontSize="small" color="success" /> : <ContentCopy fontSize="small" />}
        {copied ? "Link copied" : "Copy Sharable Link"}
      </Box>
      <Box component={Link} to="?view=sharing" sx={menuItemSx}>
        <ManageAccountsOutlined fontSize="small" /> Sharing Settings
      </Box>
      <Box aria-live="polite" sx={visuallyHidden}>
        {copied ? "Link copied to the clipboard" : ""}
      </Box>
    </Dropdown>
  );
}
