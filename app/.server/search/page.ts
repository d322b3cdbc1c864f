import { SEARCH_MAX_SHOWN, SEARCH_PAGE_STEP as PAGE_STEP, SEARCH_TYPES, type SearchType } from "~/utils/search-params";
import type { SearchPageData } from "./views";
import { parseSearchQuery } from "./parse";
import { search, type SearchLimits } from "./search";

/**
 * What `/app/search` shows for its URL: `q`, an optional `type` (one group, paged with
 * `show`), or `palette=1` for the command palette's quick results (projects and tasks).
 */
export const SUMMARY_LIMITS: Record<SearchType, number> = {
  projects: 5,
  tasks: 10,
  comments: 5,
  templates: 5,
  members: 5,
};
export const PALETTE_LIMITS: SearchLimits = { projects: 5, tasks: 6 };

export async function searchPage(userId: string, url: URL): Promise<SearchPageData> {
  const params = url.searchParams;
  const query = parseSearchQuery(params.get("q"));
  const requested = params.get("type");
  const type = SEARCH_TYPES.find((name) => name === requested) ?? null;
  const show = pageSize(params.get("show"));
  const limits: SearchLimits =
    params.get("palette") === "1"
      ? PALETTE_LIMITS
      : type
        ? { ...Object.fromEntries(SEARCH_TYPES.map((name) => [name, 0])), [type]: show }
        : SUMMARY_LIMITS;
  const searched = query.tsquery !== null || query.key !== null;
  return {
    query: query.text,
    type,
    show,
    results: await search(userId, query, searched ? limits : {}),
  };
}

/** `show` as a whole number of pages, at least one and at most SEARCH_MAX_SHOWN rows. */
function pageSize(raw: string | null) {
  const asked = Number.parseInt(raw ?? "", 10);
  if (!Number.isFinite(asked) || asked <= PAGE_STEP) return PAGE_STEP;
  return Math.min(Math.ceil(asked / PAGE_STEP) * PAGE_STEP, SEARCH_MAX_SHOWN);
}
