import { styled } from "@mui/material/styles";

import { TimeAgo } from "~/components/date-text";
import { CopyField } from "~/components/forms/copy-field";
import { SectionCard } from "~/components/forms/section-card";
import { branchNameFor } from "~/utils/branch-name";
import { CODE_HOST_NAMES, type CodeHost } from "~/utils/code-hosts";

/**
 * The task's code: the branch name to start from (its key, so the host's deliveries find
 * the task again), and the pull requests and commits that named it, each with its state
 * (open, draft, merged, closed) as a chip. Plain elements styled once (decision 009).
 */
export type CodeLink = {
  id: string;
  provider: CodeHost;
  kind: "pr" | "commit";
  repository: string;
  url: string | null;
  title: string;
  reference: string;
  state: "open" | "draft" | "merged" | "closed" | null;
  branch: string | null;
  updatedAt: string;
};

const STATE_NAMES = { open: "Open", draft: "Draft", merged: "Merged", closed: "Closed" } as const;

const Links = styled("ul")(({ theme }) => {
  const { palette } = theme.vars;
  return {
    listStyle: "none",
    margin: "16px 0 0",
    padding: 0,
    display: "grid",
    gap: 12,
    "& li": { display: "grid", gap: 2, minWidth: 0 },
    "& .pl-link-head": { display: "flex", alignItems: "baseline", gap: 8, minWidth: 0, flexWrap: "wrap" },
    "& .pl-link-title": { fontWeight: 600, overflowWrap: "anywhere", color: palette.text.primary },
    "& a.pl-link-title": { color: palette.primary.main },
    "& .pl-link-meta": { fontSize: 13, color: palette.text.secondary, overflowWrap: "anywhere" },
    "& .pl-link-state": {
      display: "inline-block",
      flexShrink: 0,
      padding: "0 8px",
      borderRadius: 999,
      border: "1px solid currentColor",
      fontSize: 12,
      fontWeight: 600,
      lineHeight: "20px",
      color: palette.text.secondary,
    },
    "& .pl-link-state[data-state=open]": { color: palette.success.main },
    "& .pl-link-state[data-state=merged]": { color: palette.primary.main },
    "& .pl-link-state[data-state=closed]": { color: palette.error.main },
  };
});

export function TaskCodeLinks({ taskKey, title, links }: { taskKey: string; title: string; links: CodeLink[] }) {
  return (
    <SectionCard title="Code" id="task-code">
      <CopyField
        label="Branch name"
        name="branchName"
        value={branchNameFor(taskKey, title)}
        copyLabel="Copy branch name"
        copiedMessage="Branch name copied to the clipboard"
      />
      {links.length === 0 ? (
        <p className="pl-muted" style={{ margin: "12px 0 0", fontSize: 14 }}>
          No pull requests or commits yet. Name {taskKey} in a branch, a commit message or a pull request&apos;s title
          and it shows here once the workspace has a code host connected.
        </p>
      ) : (
        <Links aria-label="Pull requests and commits">
          {links.map((link) => (
            <li key={link.id}>
              <div className="pl-link-head">
                <span className="pl-link-state" data-state={link.state ?? "commit"}>
                  {link.state ? STATE_NAMES[link.state] : "Commit"}
                </span>
                {link.url ? (
                  <a className="pl-link-title" href={link.url} target="_blank" rel="noopener noreferrer">
                    {link.title || link.reference}
                  </a>
                ) : (
                  <span className="pl-link-title">{link.title || link.reference}</span>
                )}
              </div>
              <span className="pl-link-meta">
                {linkName(link)} · {link.repository}
                {link.branch ? ` · ${link.branch}` : ""} · {CODE_HOST_NAMES[link.provider]} ·{" "}
                <TimeAgo at={link.updatedAt} />
              </span>
            </li>
          ))}
        </Links>
      )}
    </SectionCard>
  );
}

function linkName(link: CodeLink) {
  if (link.kind === "commit") return `Commit ${link.reference}`;
  return `${link.provider === "gitlab" ? "Merge request" : "Pull request"} ${link.reference}`;
}
