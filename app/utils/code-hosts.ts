/**
 * The code hosts a workspace can connect (issue 33), as both sides name them: the page's
 * provider choice, its setup steps, and the inbound address. The server's verification and
 * payload reading are in app/.server/code-hosts/.
 */
export const CODE_HOSTS = ["github", "gitlab", "gitea"] as const;
export type CodeHost = (typeof CODE_HOSTS)[number];

export const CODE_HOST_NAMES: Record<CodeHost, string> = {
  github: "GitHub",
  gitlab: "GitLab",
  gitea: "Gitea / Forgejo",
};

/** The longest label a connection may have ("acme/web"). */
export const CODE_HOST_LABEL_MAX = 80;

/** Where a connection's deliveries go: `/hooks/code/<its public id>`, outside /app. */
export const CODE_HOST_HOOK_PREFIX = "/hooks/code/";

export function codeHostHookUrl(appUrl: string, connectionId: string) {
  return `${appUrl.replace(/\/+$/, "")}${CODE_HOST_HOOK_PREFIX}${connectionId}`;
}

export function isCodeHost(value: string): value is CodeHost {
  return (CODE_HOSTS as readonly string[]).includes(value);
}

/**
 * What to do in the host, step by step: where its webhook settings are, which field takes
 * the URL and the secret, and which events to tick (pull or merge requests, and pushes).
 */
export type SetupStep = { text: string; value?: "url" | "secret" };

export const SETUP_STEPS: Record<CodeHost, { where: string; steps: SetupStep[]; events: string[] }> = {
  github: {
    where: "In the repository (or organization) on GitHub: Settings → Webhooks → Add webhook.",
    steps: [
      { text: "Payload URL:", value: "url" },
      { text: "Content type: application/json" },
      { text: "Secret:", value: "secret" },
      { text: "Which events: “Let me select individual events”, then tick these and untick the rest:" },
    ],
    events: ["Pull requests", "Pushes"],
  },
  gitlab: {
    where: "In the project (or group) on GitLab: Settings → Webhooks → Add new webhook.",
    steps: [
      { text: "URL:", value: "url" },
      { text: "Secret token:", value: "secret" },
      { text: "Trigger: tick these:" },
    ],
    events: ["Push events (all branches)", "Merge request events"],
  },
  gitea: {
    where: "In the repository on Gitea or Forgejo: Settings → Webhooks → Add webhook → Gitea (or Forgejo).",
    steps: [
      { text: "Target URL:", value: "url" },
      { text: "HTTP method: POST · POST content type: application/json" },
      { text: "Secret:", value: "secret" },
      { text: "Trigger on: “Custom events”, then tick these:" },
    ],
    events: ["Push", "Pull request"],
  },
};
