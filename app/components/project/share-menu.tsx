import { useEffect, useState } from "react";
import { Link } from "react-router";

import { Dropdown } from "~/components/dropdown";
import {
  Check,
  ContentCopy,
  GroupAddOutlined,
  ManageAccountsOutlined,
  SaveAsOutlined,
  Share as ShareIcon,
} from "~/components/icons/material";

/** The spec's copy confirmation: the check shows for 2 seconds. */
const COPIED_MS = 2000;

/**
 * Share: Invite Team Members (the workspace's invitation form), Copy Sharable Link (to
 * the clipboard with JavaScript; without, the Sharing view shows the link to copy) and
 * Sharing Settings (who has access), and Save as Template for those who may save one.
 */
export function ShareMenu({
  projectUrl,
  workspaceId,
  saveTemplateHref,
}: {
  projectUrl: string;
  workspaceId: string;
  saveTemplateHref?: string;
}) {
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
        <span className="pl-menu-label">
          <ShareIcon fontSize="small" /> Share
        </span>
      }
      summaryShape="outlined"
    >
      <Link to={`/app/team?workspace=${workspaceId}#invite`} className="pl-menu-item">
        <GroupAddOutlined fontSize="small" /> Invite Team Members
      </Link>
      <Link
        to="?view=sharing"
        onClick={(event) => {
          event.preventDefault();
          void navigator.clipboard.writeText(projectUrl).then(() => setCopied(true));
        }}
        className="pl-menu-item"
      >
        {copied ? <Check fontSize="small" color="success" /> : <ContentCopy fontSize="small" />}
        {copied ? "Link copied" : "Copy Sharable Link"}
      </Link>
      <Link to="?view=sharing" className="pl-menu-item">
        <ManageAccountsOutlined fontSize="small" /> Sharing Settings
      </Link>
      {saveTemplateHref ? (
        <Link to={saveTemplateHref} className="pl-menu-item">
          <SaveAsOutlined fontSize="small" /> Save as Template
        </Link>
      ) : null}
      <span aria-live="polite" className="pl-sr-only">
        {copied ? "Link copied to the clipboard" : ""}
      </span>
    </Dropdown>
  );
}
