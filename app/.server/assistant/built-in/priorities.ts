import type { Priority } from "../../db/schema";

/** Higher is more pressing. */
export const PRIORITY_RANK: Record<Priority, number> = { urgent: 4, high: 3, medium: 2, low: 1, none: 0 };

/** How priorities read in a sentence. */
export const PRIORITY_NAMES: Record<Priority, string> = {
  urgent: "urgent",
  high: "high priority",
  medium: "medium priority",
  low: "low priority",
  none: "no priority",
};
