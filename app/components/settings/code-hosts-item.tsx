import Chip from "@mui/material/Chip";
import { styled } from "@mui/material/styles";
import { Link } from "react-router";

import { TimeAgo } from "~/components/date-text";

/**
 * Settings → Integrations: the code hosts' state line (issue 33). Connected in N of the
 * member's workspaces (failing since … when a connection's last delivery was refused), or not
 * set up, with a link to the workspace page where owners and admins connect one.
 */
export type CodeHostSetup = {
  id: string;
  name: string;
  connections: number;
  failingSince: string | null;
  canManage: boolean;
}[];

const Item = styled("li")(({ theme }) => {
  const { palette } = theme.vars;
  return {
    display: "flex",
    alignItems: "center",
    gap: 16,
    padding: 16,
    border: `1px solid ${palette.divider}`,
    // As the list's other items (sx borderRadius 2).
    borderRadius: Number(theme.shape.borderRadius) * 2,
    "& > div": { flexGrow: 1, minWidth: 0 },
    "& .pl-int-name": { margin: 0, fontWeight: 600 },
    "& .pl-int-text": { margin: 0, fontSize: 14, color: palette.text.secondary, overflowWrap: "anywhere" },
    "& .pl-int-text a": { color: palette.primary.main },
  };
});

export function CodeHostsItem({ setup }: { setup: CodeHostSetup }) {
  const connected = setup.filter((workspace) => workspace.connections > 0);
  const failing = connected
    .map((workspace) => workspace.failingSince)
    .filter((since): since is string => since !== null)
    .sort()[0];
  const managed = setup.filter((workspace) => workspace.canManage);
  const where = (workspace: CodeHostSetup[number]) =>
    workspace.canManage ? (
      <Link to={`/app/workspaces/${workspace.id}/code-hosts`}>{workspace.name}</Link>
    ) : (
      <Link to={`/app/workspaces/${workspace.id}`}>{workspace.name}</Link>
    );
  return (
    <Item>
      <div>
        <p className="pl-int-name">GitHub, GitLab, Gitea and Forgejo</p>
        <p className="pl-int-text">
          Link pull requests and commits to tasks by their keys; a merged “Fixes WEB-42” moves the task to Done.
        </p>
        <p className="pl-int-text">
          {connected.length > 0 ? (
            <>
              Set up in {connected.length} workspace{connected.length === 1 ? "" : "s"}:{" "}
              {connected.map((workspace, index) => (
                <span key={workspace.id}>
                  {index > 0 ? ", " : ""}
                  {where(workspace)}
                </span>
              ))}
              {failing ? (
                <>
                  {" "}
                  · failing since <TimeAgo at={failing} />
                </>
              ) : null}
              .
            </>
          ) : managed[0] ? (
            <>
              Not set up. Connect a code host on a workspace&apos;s{" "}
              <Link to={`/app/workspaces/${managed[0].id}/code-hosts`}>Code hosts</Link> page.
            </>
          ) : (
            "Not set up. Your workspaces' owners and admins can connect a code host."
          )}
        </p>
      </div>
      {failing ? (
        <Chip label="Failing" size="small" color="error" />
      ) : connected.length > 0 ? (
        <Chip label="Set up" size="small" color="success" />
      ) : (
        <Chip label="Not set up" size="small" />
      )}
    </Item>
  );
}
