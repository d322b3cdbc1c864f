import { createHmac, randomUUID } from "node:crypto";

import { sign } from "@octokit/webhooks-methods";

/**
 * A code host's delivery as the host sends it: the body, its event and delivery headers, and
 * the signature made the host's way (GitHub: `X-Hub-Signature-256` by @octokit/webhooks-methods'
 * `sign`; GitLab: the secret itself in `X-Gitlab-Token`; Gitea/Forgejo: the hex HMAC-SHA256 in
 * `X-Gitea-Signature`, plus the GitHub-style one Gitea also sends). For the integration tests
 * and the e2e spec alike.
 */
export type Host = "github" | "gitlab" | "gitea";

export async function signedDelivery(
  host: Host,
  options: { secret: string; event: string; payload: unknown; deliveryId?: string },
): Promise<{ body: string; headers: Record<string, string> }> {
  const body = JSON.stringify(options.payload);
  const id = options.deliveryId ?? randomUUID();
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (host === "github") {
    headers["X-GitHub-Event"] = options.event;
    headers["X-GitHub-Delivery"] = id;
    headers["X-Hub-Signature-256"] = await sign(options.secret, body);
  } else if (host === "gitlab") {
    headers["X-Gitlab-Event"] = options.event;
    headers["X-Gitlab-Event-UUID"] = id;
    headers["Idempotency-Key"] = id;
    headers["X-Gitlab-Token"] = options.secret;
  } else {
    const hex = createHmac("sha256", options.secret).update(body).digest("hex");
    headers["X-Gitea-Event"] = options.event;
    headers["X-Gitea-Delivery"] = id;
    headers["X-Gitea-Signature"] = hex;
    headers["X-Hub-Signature-256"] = `sha256=${hex}`;
  }
  return { body, headers };
}
