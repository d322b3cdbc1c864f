/**
 * Search's read models: what the search page and the command palette receive
 * (search.ts, page.ts). The UI imports them with `import type` only.
 */
import type { SearchType } from "~/utils/search-params";

/**
 * A matched text is `Marked`: runs of text, plain at even indexes and matched at odd ones,
 * rendered as text and `<mark>` elements, never as HTML.
 */
export type Marked = string[];

export type ProjectHit = {
  id: string;
  name: Marked;
  key: string;
  color: string;
  workspace: string;
  archived: boolean;
  /** Where the description matched, if it did. */
  excerpt: Marked | null;
};

export type TaskHit = {
  id: string;
  projectId: string;
  key: string;
  title: Marked;
  project: string;
  archived: boolean;
  excerpt: Marked | null;
  /** Found by its key ("WEB-12") rather than its words. */
  exact: boolean;
};

export type CommentHit = {
  id: string;
  taskId: string;
  projectId: string;
  taskKey: string;
  taskTitle: string;
  author: string;
  excerpt: Marked;
};

export type TemplateHit = {
  id: string;
  name: Marked;
  category: string;
  builtIn: boolean;
  excerpt: Marked | null;
};

export type MemberHit = {
  name: Marked;
  email: Marked;
  /** A workspace the user shares with them (its team page). */
  workspaceId: string;
  workspace: string;
};

export type SearchGroup<T> = {
  items: T[];
  /** How many match, counted among at most SEARCH_CANDIDATES; `capped` when there are more. */
  total: number;
  capped: boolean;
};

export type SearchResults = {
  projects: SearchGroup<ProjectHit>;
  tasks: SearchGroup<TaskHit>;
  comments: SearchGroup<CommentHit>;
  templates: SearchGroup<TemplateHit>;
  members: SearchGroup<MemberHit>;
};

/** What `/app/search` answers, for the page and the command palette's fetcher. */
export type SearchPageData = {
  query: string;
  type: SearchType | null;
  /** How many of `type` are shown (its "Show more" asks for SEARCH_PAGE_STEP more). */
  show: number;
  results: SearchResults;
};
