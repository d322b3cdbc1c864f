/**
 * Database ids (UUIDs) received in forms. A looser pattern such as `[0-9a-f-]{36}` lets 36
 * hyphens through to PostgreSQL, which then fails the query with a 500.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID_PATTERN.test(value);
}
