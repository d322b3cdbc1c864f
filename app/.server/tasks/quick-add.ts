import { eq, sql } from "drizzle-orm";

import type { Actor } from "../activity/use-case";
import { prepared } from "../db/prepared";
import { labels, profiles, workspaceMembers, workspaces } from "../db/schema";
import { FieldError } from "../errors";
import { authorize } from "../policies";
import { projectForMember } from "../projects/access";
import { MEMBER_NAME, NAME_ORDER, ROLE_ORDER } from "../team/queries";
import { EMPTY_VOCABULARY, mayNeedVocabulary, parseQuickAdd, type QuickAddVocabulary } from "~/utils/quick-add-syntax";
import { MAX_TITLE_LENGTH } from "~/validation/task-fields";
import { createTask } from "./tasks";

/**
 * The quick add of the List, the Board and the `c` shortcut: one line of text with the
 * inline syntax of app/utils/quick-add-syntax.ts, read here again from the text as posted
 * against the workspace's members and labels, then one createTask (one transaction: the
 * task, its assignees and labels, the activity row).
 */
type SignedIn = Actor & { userId: string };

export type QuickAddTaskInput = {
  /** The project's public id. */
  projectId: string;
  /** A status's public id: the column or group the quick add sits under. */
  statusId: string;
  /** What was typed, tokens and all. */
  text: string;
  /** `YYYY-MM-DD`: the day `due:tomorrow` counts from (the loaders' `today`). */
  today: string;
};

export async function quickAddTask(actor: SignedIn, input: QuickAddTaskInput) {
  const access = await projectForMember(actor.userId, input.projectId);
  // Refused before the workspace's people and labels are read for someone who may not add.
  authorize(access.role, "task.create", { parent: access.project });
  const vocabulary = mayNeedVocabulary(input.text)
    ? await quickAddVocabulary(access.project.workspaceId)
    : EMPTY_VOCABULARY;
  const parsed = parseQuickAdd(input.text, vocabulary, input.today);
  if (!parsed.title) throw new FieldError("title", "Enter a task title");
  if (parsed.title.length > MAX_TITLE_LENGTH) {
    throw new FieldError("title", `Keep the title under ${MAX_TITLE_LENGTH} characters`);
  }
  const created = await createTask(actor, {
    projectId: input.projectId,
    statusId: input.statusId,
    title: parsed.title,
    priority: parsed.priority,
    dueDate: parsed.dueDate,
    assigneeIds: parsed.assigneeIds,
    labelIds: parsed.labelIds,
  });
  return { ...created, title: parsed.title };
}

/**
 * The workspace's members and labels as the syntax reads them (by internal workspace id):
 * each member's name as the app shows it and the local part of their address, never the
 * whole address; each label's name and colour. One statement.
 */
export async function quickAddVocabulary(workspaceId: string): Promise<QuickAddVocabulary> {
  const [row] = await vocabularyQuery().execute({ workspaceId });
  return row ?? EMPTY_VOCABULARY;
}

const vocabularyQuery = prepared((database) => {
  const workspaceId = sql.placeholder("workspaceId");
  const memberList = sql`(
    select coalesce(json_agg(json_build_object(
      'id', ${workspaceMembers.userId},
      'name', ${MEMBER_NAME},
      'handle', coalesce(split_part(${profiles.email}, '@', 1), '')
    ) order by ${ROLE_ORDER}, ${NAME_ORDER}), '[]')
    from ${workspaceMembers} left join ${profiles} on ${profiles.id} = ${workspaceMembers.userId}
    where ${workspaceMembers.workspaceId} = ${workspaceId})`;
  const labelList = sql`(
    select coalesce(json_agg(json_build_object('id', ${labels.publicId}, 'name', ${labels.name}, 'color', ${labels.color})
      order by lower(${labels.name})), '[]')
    from ${labels} where ${labels.workspaceId} = ${workspaceId})`;
  return database
    .select({
      members: sql<QuickAddVocabulary["members"]>`${memberList}`,
      labels: sql<QuickAddVocabulary["labels"]>`${labelList}`,
    })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .prepare("quick_add_vocabulary");
});
