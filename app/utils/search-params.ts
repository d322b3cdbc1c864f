/**
 * The search page's query parameters, shared by its links (the UI) and its loader
 * (app/.server/search/page.ts): which type `?type=` may name and how far `?show=` goes.
 */
export const SEARCH_TYPES = ["projects", "tasks", "comments", "templates", "members"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** A type's page grows by this many rows ("Show more"), up to SEARCH_MAX_SHOWN. */
export const SEARCH_PAGE_STEP = 20;
export const SEARCH_MAX_SHOWN = 200;
