import { MAX_PARENT_REFERENCE, parseParentReference, type ParentReference } from "./task-parent";

/**
 * Relations between two tasks of one workspace (issue 34, "Dependencies"), as Linear has
 * them: one blocks the other, they relate, or one duplicates the other. A row is stored
 * once, in one direction (`task_relations`: from → to, kind); each task sees it from its
 * own side, so "blocks" stored from A to B is "Blocks B" on A and "Blocked by A" on B.
 */
export const RELATION_KINDS = ["blocks", "relates", "duplicates"] as const;
export type RelationKind = (typeof RELATION_KINDS)[number];

/** A relation as one task sees it: what the add form offers and the task page groups by. */
export const RELATION_SIDES = ["blocked_by", "blocks", "relates", "duplicated_by", "duplicates"] as const;
export type RelationSide = (typeof RELATION_SIDES)[number];

/** The add form's choices: "WEB-3 … WEB-1". */
export const RELATION_SIDE_OPTIONS: Record<RelationSide, string> = {
  blocked_by: "Blocked by",
  blocks: "Blocks",
  relates: "Relates to",
  duplicated_by: "Duplicated by",
  duplicates: "Duplicate of",
};

/** A side in a sentence: "WEB-3 is blocked by WEB-1". */
export const RELATION_SENTENCES: Record<RelationSide, string> = {
  blocked_by: "is blocked by",
  blocks: "blocks",
  relates: "relates to",
  duplicated_by: "is duplicated by",
  duplicates: "is a duplicate of",
};

/** The task page's groups, in this order. */
export const RELATION_GROUP_NAMES: Record<RelationSide, string> = {
  blocked_by: "Blocked by",
  blocks: "Blocks",
  relates: "Related",
  duplicated_by: "Duplicates",
  duplicates: "Duplicate of",
};

export function isRelationSide(value: unknown): value is RelationSide {
  return typeof value === "string" && (RELATION_SIDES as readonly string[]).includes(value);
}

/** The stored row for a side seen from `self`: who is `from`, who is `to`, which kind. */
export function storedRelation<T>(side: RelationSide, self: T, other: T): { from: T; to: T; kind: RelationKind } {
  switch (side) {
    case "blocks":
      return { from: self, to: other, kind: "blocks" };
    case "blocked_by":
      return { from: other, to: self, kind: "blocks" };
    case "duplicates":
      return { from: self, to: other, kind: "duplicates" };
    case "duplicated_by":
      return { from: other, to: self, kind: "duplicates" };
    default:
      return { from: self, to: other, kind: "relates" };
  }
}

/** How the task at the `from` end (or the `to` end) sees a stored row. */
export function sideOf(kind: RelationKind, selfIsFrom: boolean): RelationSide {
  if (kind === "relates") return "relates";
  if (kind === "blocks") return selfIsFrom ? "blocks" : "blocked_by";
  return selfIsFrom ? "duplicates" : "duplicated_by";
}

/** The other task as the add form names it: a key as typed ("WEB-12", any case) or a public id (a suggestion). */
export const MAX_RELATED_REFERENCE = MAX_PARENT_REFERENCE;
export const RELATED_FORMAT_ERROR = "Enter a task key like WEB-12.";

export function parseRelatedReference(raw: string): ParentReference | undefined {
  return parseParentReference(raw) ?? undefined;
}

/**
 * The form field a page posts to complete a blocked task anyway (`confirmBlocked=true`), and
 * the field of the refusal that asks first (app/.server/tasks/blocked.ts).
 */
export const CONFIRM_BLOCKED_FIELD = "confirmBlocked";

/** "WEB-3 is blocked by WEB-1 Fix login (In Progress). Complete it anyway?": what completing a blocked task asks. */
export function blockedCompletionMessage(
  key: string,
  blockers: readonly { key: string; title: string; status: string }[],
  more = 0,
) {
  const named = blockers.map((blocker) => `${blocker.key} ${blocker.title} (${blocker.status})`);
  if (more > 0) named.push(`${more} more`);
  const list = named.length < 2 ? (named[0] ?? "") : `${named.slice(0, -1).join(", ")} and ${named.at(-1)}`;
  return `${key} is blocked by ${list}. Complete it anyway?`;
}
