/**
 * What the search page and the command palette receive (app/.server/search/search.ts).
 *
 * A matched text is `Marked`: runs of text, plain at even indexes and matched at odd ones,
 * rendered as text and `<mark>` elements, never as HTML.
 */
export type Marked = string[];

export const SEARCH_TYPES = ["projects", "tasks", "comments", "templates", "members"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** A type's page grows by this many rows ("Show more"), up to SEARCH_MAX_SHOWN. */
export const SEARCH_PAGE_STEP = 20;
export const SEARCH_MAX_SHOWN = 200;

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
