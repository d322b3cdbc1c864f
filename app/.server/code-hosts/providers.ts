import { createHash, createHmac, timingSafeEqual } from "node:crypto";

import { verify as verifyGitHubSignature } from "@octokit/webhooks-methods";
import { z } from "zod";

import { TASK_LINK_STATES, type TaskLinkState } from "../db/schema";
import type { CodeHost } from "~/utils/code-hosts";

/**
 * Each code host's way of signing its deliveries and of saying what happened, read into one
 * shape (`CodeChange`) that receive.ts acts on. What a host sends is checked against the
 * fields read here only (anything else in its payload is ignored), and every text is cut to
 * a bound before it goes further.
 *
 * - GitHub: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the body>` (checked with
 *   @octokit/webhooks-methods), `X-GitHub-Event`, `X-GitHub-Delivery`.
 * - GitLab: `X-Gitlab-Token: <the secret>` (compared in constant time), `X-Gitlab-Event`
 *   ("Merge Request Hook", "Push Hook"), `Idempotency-Key` (the same on its retries) or
 *   `X-Gitlab-Event-UUID`.
 * - Gitea and Forgejo: `X-Gitea-Signature` / `X-Forgejo-Signature: <hex HMAC-SHA256 of the
 *   body>`, `X-Gitea-Event` / `X-Forgejo-Event`, `X-Gitea-Delivery` / `X-Forgejo-Delivery`.
 */
/** Bounds of what goes further: a push's first 100 commits, texts cut to these lengths. */
export const MAX_COMMITS = 100;
export const MAX_TITLE = 500;
export const MAX_BODY = 20_000;
export const MAX_MESSAGE = 5_000;
export const MAX_URL = 2_000;
export const MAX_NAME = 300;

export const codeChangeSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("ping") }),
  z.object({ kind: z.literal("ignored"), reason: z.string().max(200) }),
  z.object({
    kind: z.literal("pull_request"),
    repository: z.string().min(1).max(MAX_NAME),
    number: z.number().int().nonnegative(),
    /** How the host names it: `#12` (GitHub, Gitea), `!12` (GitLab). */
    reference: z.string().max(20),
    title: z.string().max(MAX_TITLE),
    body: z.string().max(MAX_BODY),
    branch: z.string().max(MAX_NAME),
    url: z.string().max(MAX_URL),
    state: z.enum(TASK_LINK_STATES),
  }),
  z.object({
    kind: z.literal("push"),
    repository: z.string().min(1).max(MAX_NAME),
    branch: z.string().max(MAX_NAME),
    /** Whether the push went to the repository's default branch (its commits have landed). */
    onDefaultBranch: z.boolean(),
    commits: z
      .array(
        z.object({
          sha: z.string().min(1).max(MAX_NAME),
          message: z.string().max(MAX_MESSAGE),
          url: z.string().max(MAX_URL),
        }),
      )
      .max(MAX_COMMITS),
  }),
]);
export type CodeChange = z.infer<typeof codeChangeSchema>;

export type PullRequestChange = Extract<CodeChange, { kind: "pull_request" }>;
export type PushChange = Extract<CodeChange, { kind: "push" }>;

/** A delivery the host signed but whose body says nothing we can read: 400, with why. */
export class PayloadError extends Error {}

type Provider = {
  /** Whether the delivery is the host's, by the connection's secret. */
  verify(secret: string, body: Buffer, headers: Headers): Promise<boolean>;
  /** The event's name as the host's header gives it ("pull_request", "Push Hook"). */
  event(headers: Headers): string;
  /** The host's id of this delivery, the same when it is sent again; null when it gives none. */
  deliveryId(headers: Headers): string | null;
  read(event: string, payload: unknown): CodeChange;
};

const cut = (max: number) => z.string().transform((text) => text.slice(0, max));
const name = cut(MAX_NAME);
const url = cut(MAX_URL);
const title = cut(MAX_TITLE);
/** A body or description: absent or null is empty. */
const body = z
  .string()
  .nullish()
  .transform((text) => (text ?? "").slice(0, MAX_BODY));
const commits = z
  .array(z.object({ id: name, message: z.string().transform((text) => text.slice(0, MAX_MESSAGE)), url }))
  .nullish()
  .transform((list) => (list ?? []).slice(0, MAX_COMMITS).map(({ id, message, url }) => ({ sha: id, message, url })));
const repository = z.object({ full_name: name, default_branch: name.nullish() });

function parse<S extends z.ZodType>(schema: S, payload: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join(".") || "the body";
  throw new PayloadError(`This ${what} could not be read: ${field} is missing or not what it should be.`);
}

/** `refs/heads/main` → `main`; a tag or another kind of ref → null (nothing to link). */
function branchOf(ref: string) {
  return ref.startsWith("refs/heads/") ? ref.slice("refs/heads/".length) : null;
}

const ZERO_SHA = /^0+$/;

function push(input: {
  ref: string;
  after?: string | null;
  deleted?: boolean | null;
  repository: string;
  defaultBranch: string | null | undefined;
  commits: PushChange["commits"];
}): CodeChange {
  const branch = branchOf(input.ref);
  if (!branch) return { kind: "ignored", reason: "a push of a tag" };
  if (input.deleted || (input.after && ZERO_SHA.test(input.after))) {
    return { kind: "ignored", reason: "a deleted branch" };
  }
  return {
    kind: "push",
    repository: input.repository,
    branch,
    onDefaultBranch: Boolean(input.defaultBranch) && branch === input.defaultBranch,
    commits: input.commits,
  };
}

/** Constant-time equality of two texts of any length (compared as SHA-256 digests). */
function sameText(a: string, b: string) {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(a), digest(b));
}

const hmacHex = (secret: string, body: Buffer) => createHmac("sha256", secret).update(body).digest("hex");

const githubPullRequest = z.object({
  pull_request: z.object({
    number: z.number().int().nonnegative(),
    title,
    body,
    html_url: url,
    state: z.string(),
    draft: z.boolean().nullish(),
    merged: z.boolean().nullish(),
    merged_at: z.string().nullish(),
    head: z.object({ ref: name }),
  }),
  repository,
});

const githubPush = z.object({
  ref: name,
  after: name.nullish(),
  deleted: z.boolean().nullish(),
  repository,
  commits,
});

function pullRequestState(input: { state: string; merged: boolean; draft: boolean }): TaskLinkState {
  if (input.merged) return "merged";
  if (input.state === "closed") return "closed";
  return input.draft ? "draft" : "open";
}

const github: Provider = {
  async verify(secret, body, headers) {
    const signature = headers.get("x-hub-signature-256");
    if (!signature || body.length === 0) return false;
    return verifyGitHubSignature(secret, body.toString("utf8"), signature);
  },
  event: (headers) => headers.get("x-github-event") ?? "",
  deliveryId: (headers) => headers.get("x-github-delivery"),
  read(event, payload) {
    if (event === "ping") return { kind: "ping" };
    if (event === "pull_request") {
      const { pull_request: pr, repository: repo } = parse(githubPullRequest, payload, "pull request");
      return {
        kind: "pull_request",
        repository: repo.full_name,
        number: pr.number,
        reference: `#${pr.number}`,
        title: pr.title,
        body: pr.body,
        branch: pr.head.ref,
        url: pr.html_url,
        state: pullRequestState({
          state: pr.state,
          merged: pr.merged === true || Boolean(pr.merged_at),
          draft: pr.draft === true,
        }),
      };
    }
    if (event === "push") {
      const data = parse(githubPush, payload, "push");
      return push({
        ref: data.ref,
        after: data.after,
        deleted: data.deleted,
        repository: data.repository.full_name,
        defaultBranch: data.repository.default_branch,
        commits: data.commits,
      });
    }
    return { kind: "ignored", reason: `the ${event.slice(0, 60) || "unnamed"} event` };
  },
};

const gitlabProject = z.object({ path_with_namespace: name, default_branch: name.nullish() });

const gitlabMergeRequest = z.object({
  project: gitlabProject,
  object_attributes: z.object({
    iid: z.number().int().nonnegative(),
    title,
    description: body,
    source_branch: name,
    url,
    state: z.string(),
    draft: z.boolean().nullish(),
    work_in_progress: z.boolean().nullish(),
  }),
});

const gitlabPush = z.object({ ref: name, after: name.nullish(), project: gitlabProject, commits });

const gitlab: Provider = {
  async verify(secret, _body, headers) {
    const token = headers.get("x-gitlab-token");
    return token !== null && sameText(token, secret);
  },
  event: (headers) => headers.get("x-gitlab-event") ?? "",
  deliveryId: (headers) => headers.get("idempotency-key") ?? headers.get("x-gitlab-event-uuid"),
  read(event, payload) {
    if (event === "Merge Request Hook") {
      const { object_attributes: mr, project } = parse(gitlabMergeRequest, payload, "merge request");
      return {
        kind: "pull_request",
        repository: project.path_with_namespace,
        number: mr.iid,
        reference: `!${mr.iid}`,
        title: mr.title,
        body: mr.description,
        branch: mr.source_branch,
        url: mr.url,
        // GitLab's states: opened, closed, merged, locked (a merge in progress: still open).
        state: pullRequestState({
          state: mr.state,
          merged: mr.state === "merged",
          draft: mr.draft === true || mr.work_in_progress === true,
        }),
      };
    }
    if (event === "Push Hook") {
      const data = parse(gitlabPush, payload, "push");
      return push({
        ref: data.ref,
        after: data.after,
        repository: data.project.path_with_namespace,
        defaultBranch: data.project.default_branch,
        commits: data.commits,
      });
    }
    return { kind: "ignored", reason: `the ${event.slice(0, 60) || "unnamed"} event` };
  },
};

const giteaPullRequest = z.object({
  pull_request: z.object({
    number: z.number().int().nonnegative(),
    title,
    body,
    html_url: url,
    state: z.string(),
    merged: z.boolean().nullish(),
    draft: z.boolean().nullish(),
    head: z.object({ ref: name }),
  }),
  repository,
});

const giteaPush = z.object({ ref: name, after: name.nullish(), repository, commits });

/** Gitea marks a draft by a title prefix (its default `WIP:` and `[WIP]`); newer versions also say `draft`. */
const WIP_TITLE = /^\s*(wip:|\[wip\])/i;

const gitea: Provider = {
  async verify(secret, body, headers) {
    const given = (headers.get("x-forgejo-signature") ?? headers.get("x-gitea-signature") ?? "")
      .trim()
      .toLowerCase()
      .replace(/^sha256=/, "");
    if (!/^[0-9a-f]{64}$/.test(given)) return false;
    return timingSafeEqual(Buffer.from(given, "hex"), Buffer.from(hmacHex(secret, body), "hex"));
  },
  event: (headers) => headers.get("x-forgejo-event") ?? headers.get("x-gitea-event") ?? "",
  deliveryId: (headers) => headers.get("x-forgejo-delivery") ?? headers.get("x-gitea-delivery"),
  read(event, payload) {
    // Gitea names a pull request's events pull_request, pull_request_sync, pull_request_label …
    // (their payload is the same); its comments and reviews are other events.
    if (event === "pull_request" || event === "pull_request_sync") {
      const { pull_request: pr, repository: repo } = parse(giteaPullRequest, payload, "pull request");
      return {
        kind: "pull_request",
        repository: repo.full_name,
        number: pr.number,
        reference: `#${pr.number}`,
        title: pr.title,
        body: pr.body,
        branch: pr.head.ref,
        url: pr.html_url,
        state: pullRequestState({
          state: pr.state,
          merged: pr.merged === true,
          draft: pr.draft === true || WIP_TITLE.test(pr.title),
        }),
      };
    }
    if (event === "push") {
      const data = parse(giteaPush, payload, "push");
      return push({
        ref: data.ref,
        after: data.after,
        repository: data.repository.full_name,
        defaultBranch: data.repository.default_branch,
        commits: data.commits,
      });
    }
    return { kind: "ignored", reason: `the ${event.slice(0, 60) || "unnamed"} event` };
  },
};

export const PROVIDERS: Record<CodeHost, Provider> = { github, gitlab, gitea };

/** The delivery's id as the host gives it (bounded), or the body's digest when it gives none. */
export function deliveryIdOf(provider: CodeHost, headers: Headers, body: Buffer) {
  const given = PROVIDERS[provider].deliveryId(headers)?.trim();
  if (given) return given.slice(0, 200);
  return `sha256:${createHash("sha256").update(body).digest("hex")}`;
}
