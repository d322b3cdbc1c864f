/** The assistant as the browser sees it (the server's stored shapes, app/.server/assistant). */
export type ProposedChange =
  | {
      kind: "create_task";
      projectId: string;
      projectName: string;
      title: string;
      description?: string;
      parentId?: string;
      parentLabel?: string;
      dueDate?: string | null;
      priority?: string;
      assigneeId?: string | null;
      assigneeName?: string | null;
      reason?: string;
    }
  | {
      kind: "update_task";
      taskId: string;
      taskLabel: string;
      status?: { statusId: string; from: string; to: string };
      assignee?: { userId: string | null; from: string | null; to: string | null };
      dueDate?: { from: string | null; to: string | null };
      reason?: string;
    }
  | { kind: "create_rule"; projectId: string; projectName: string; name: string; summary: string; reason?: string };

export type Proposal = { title: string; changes: ProposedChange[]; applied: number };

export type AssistantMessage = {
  id: string;
  role: "user" | "assistant";
  content: string;
  engine: string | null;
  proposal: Proposal | null;
  proposalState: "pending" | "applied" | "dismissed" | null;
  error: string | null;
};

/** An answer being written: what has arrived so far. */
export type PendingAnswer = {
  question: string;
  text: string;
  status: string | null;
  proposal: Proposal | null;
  engine: string | null;
};
