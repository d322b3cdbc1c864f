import { scopeFor } from "~/.server/assistant/service";
import type { AssistantScope } from "~/.server/assistant/types";
import type { TestUser } from "./factories";

/**
 * The scope the assistant's service builds for a member (their role read from the
 * membership): on a project page the project's, else their own first workspace's.
 */
export function assistantScope(user: TestUser, projectId: string | undefined, today: string): Promise<AssistantScope> {
  return scopeFor(user.actor, { projectId, workspaceId: projectId ? undefined : user.workspaceId, today });
}
