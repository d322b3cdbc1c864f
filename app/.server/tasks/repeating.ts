import { sql, type SQLWrapper } from "drizzle-orm";

/**
 * Whether a task repeats (its series has not been stopped): the repeat icon on Board cards.
 * A primary-key probe of `task_series` for a task that has a series, nothing for one that has
 * none, so a page of cards reads it in the page's own statement. `seriesId` names the outer
 * query's `series_id` column unambiguously; the name inside is `rs`.
 */
export function repeatingFlag(seriesId: SQLWrapper) {
  return sql<boolean>`(${seriesId} is not null and coalesce((select true from task_series rs
    where rs.id = ${seriesId} and rs.stopped_at is null), false))`;
}
