import { styled } from "@mui/material/styles";
import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";

import { isProjectColor } from "~/utils/projects";
import { SEARCH_MAX_SHOWN, SEARCH_PAGE_STEP, type SearchType } from "~/utils/search-params";
import type { Marked, SearchGroup, SearchResults } from "~/.server/search/views";

/** A matched text: plain runs as text, matched runs as `<mark>`; nothing is ever parsed as HTML. */
export function MarkedText({ runs }: { runs: Marked }) {
  return runs.map((run, index) =>
    index % 2 === 1 ? <mark key={index}>{run}</mark> : <Fragment key={index}>{run}</Fragment>,
  );
}

export const TYPE_LABELS: Record<SearchType, { heading: string; one: string; many: string }> = {
  projects: { heading: "Projects", one: "project", many: "projects" },
  tasks: { heading: "Tasks", one: "task", many: "tasks" },
  comments: { heading: "Comments", one: "comment", many: "comments" },
  templates: { heading: "Templates", one: "template", many: "templates" },
  members: { heading: "Members", one: "member", many: "members" },
};

/** The groups in the page's order. */
const ORDER: SearchType[] = ["projects", "tasks", "comments", "templates", "members"];

export function countLabel(group: Pick<SearchGroup<unknown>, "total" | "capped">) {
  return group.capped ? `${group.total.toLocaleString("en")}+` : String(group.total);
}

/** The results page's lists: one styled root for every group (docs/decisions/009), plain items inside. */
const Root = styled("div")(({ theme }) => {
  const { palette } = theme.vars;
  return {
    marginTop: 24,
    "& .pl-types": {
      display: "flex",
      flexWrap: "wrap",
      gap: 8,
      margin: "0 0 16px",
      padding: 0,
      listStyle: "none",
    },
    "& .pl-types a": {
      display: "inline-block",
      padding: "4px 12px",
      borderRadius: 16,
      border: `1px solid ${palette.divider}`,
      color: palette.text.primary,
      fontSize: 14,
      textDecoration: "none",
      "&:hover": { background: palette.action.hover },
      "&[aria-current=page]": {
        background: palette.primary.main,
        borderColor: palette.primary.main,
        color: palette.primary.contrastText,
      },
      "&:focus-visible": { outline: `2px solid ${palette.primary.main}`, outlineOffset: 2 },
    },
    "& .pl-status": { margin: "0 0 8px", fontSize: 18, fontWeight: 600 },
    "& .pl-hint": { color: palette.text.secondary },
    "& section": { marginTop: 24 },
    "& section > h2": { margin: "0 0 4px", fontSize: 16, fontWeight: 600 },
    "& ul.pl-hits": { listStyle: "none", margin: 0, padding: 0 },
    "& .pl-hits > li + li": { borderTop: `1px solid ${palette.divider}` },
    "& .pl-hits a": {
      display: "flex",
      alignItems: "flex-start",
      gap: 12,
      padding: "10px 4px",
      color: palette.text.primary,
      textDecoration: "none",
      "&:hover": { background: palette.action.hover },
      "&:focus-visible": { outline: `2px solid ${palette.primary.main}`, outlineOffset: -2 },
    },
    "& .pl-dot": { marginTop: 6 },
    "& .pl-text": { flexGrow: 1, minWidth: 0, overflowWrap: "anywhere" },
    "& .pl-name": { display: "block", fontWeight: 600 },
    "& .pl-detail": { display: "block", fontSize: 14, color: palette.text.secondary },
    "& .pl-excerpt": { display: "block", fontSize: 14, marginTop: 2 },
    "& .pl-key": { fontWeight: 400, color: palette.text.secondary, marginRight: 8, whiteSpace: "nowrap" },
    "& mark": {
      background: "transparent",
      color: "inherit",
      fontWeight: 700,
      textDecoration: "underline",
      textDecorationColor: palette.primary.main,
      textDecorationThickness: 2,
      textUnderlineOffset: 2,
    },
    "& .pl-more": { marginTop: 8 },
  };
});

type Props = {
  query: string;
  type: SearchType | null;
  show: number;
  results: SearchResults;
};

/** Where a type's "all" view or next page is: a GET link, so it works without JavaScript. */
function searchHref(query: string, type: SearchType | null, show?: number, anchor?: string) {
  const params = new URLSearchParams({ q: query });
  if (type) params.set("type", type);
  if (show) params.set("show", String(show));
  return `/app/search?${params}${anchor ? `#${anchor}` : ""}`;
}

export function SearchResultsView({ query, type, show, results }: Props) {
  if (!query) {
    return (
      <Root>
        <p className="pl-hint">
          Search your projects, tasks, comments, templates and members by their words, or a task by its key (WEB-12).
        </p>
      </Root>
    );
  }
  const all = ORDER.reduce((sum, name) => sum + results[name].total, 0);
  const capped = ORDER.some((name) => results[name].capped);
  const scope = type ? results[type] : { total: all, capped };
  const shown = type ? [type] : ORDER.filter((name) => results[name].items.length > 0);
  return (
    <Root>
      <nav aria-label="Result types">
        <ul className="pl-types">
          <li>
            <Link to={searchHref(query, null)} aria-current={type === null ? "page" : undefined} discover="none">
              All ({countLabel({ total: all, capped })})
            </Link>
          </li>
          {ORDER.map((name) => (
            <li key={name}>
              <Link to={searchHref(query, name)} aria-current={type === name ? "page" : undefined} discover="none">
                {TYPE_LABELS[name].heading} ({countLabel(results[name])})
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="pl-status" role="status">
        {scope.total === 0
          ? `No ${type ? TYPE_LABELS[type].many : "results"} for “${query}”`
          : `${countLabel(scope)} ${
              type
                ? scope.total === 1 && !scope.capped
                  ? TYPE_LABELS[type].one
                  : TYPE_LABELS[type].many
                : scope.total === 1 && !scope.capped
                  ? "result"
                  : "results"
            } for “${query}”`}
      </p>
      {scope.total === 0 ? (
        <p className="pl-hint">
          Try fewer or shorter words: each word matches the start of a word, and every word must match.
        </p>
      ) : null}
      {shown.map((name) => (
        <Group key={name} name={name} query={query} type={type} show={show} results={results} />
      ))}
    </Root>
  );
}

function Group({ name, query, type, show, results }: { name: SearchType } & Props) {
  const group = results[name];
  if (group.items.length === 0) return null;
  const labels = TYPE_LABELS[name];
  const more =
    group.items.length < group.total || group.capped
      ? type
        ? group.items.length < show || show >= SEARCH_MAX_SHOWN
          ? null
          : { to: searchHref(query, type, show + SEARCH_PAGE_STEP, `${name}-${show}`), label: "Show more" }
        : { to: searchHref(query, name), label: `Show all ${countLabel(group)} ${labels.many}` }
      : null;
  return (
    <section aria-labelledby={`${name}-heading`}>
      <h2 id={`${name}-heading`}>
        {labels.heading} ({countLabel(group)})
      </h2>
      <ul className="pl-hits">{items(name, results)}</ul>
      {more ? (
        <p className="pl-more">
          <Link to={more.to} className="pl-link-button" discover="none">
            {more.label}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

function items(name: SearchType, results: SearchResults): ReactNode {
  switch (name) {
    case "projects":
      return results.projects.items.map((hit, index) => (
        <li key={hit.id} id={`projects-${index}`}>
          <Link to={`/app/project/${hit.id}`} discover="none">
            <span className="pl-dot" data-color={isProjectColor(hit.color) ? hit.color : "slate"} />
            <span className="pl-text">
              <span className="pl-name">
                <MarkedText runs={hit.name} />
              </span>
              <span className="pl-detail">
                {hit.workspace} · {hit.key}
                {hit.archived ? " · Archived" : ""}
              </span>
              {hit.excerpt ? (
                <span className="pl-excerpt">
                  <MarkedText runs={hit.excerpt} />
                </span>
              ) : null}
            </span>
          </Link>
        </li>
      ));
    case "tasks":
      return results.tasks.items.map((hit, index) => (
        <li key={hit.id} id={`tasks-${index}`}>
          <Link to={`/app/project/${hit.projectId}/task/${hit.id}`} discover="none">
            <span className="pl-text">
              <span className="pl-name">
                <span className="pl-key">{hit.key}</span>
                <MarkedText runs={hit.title} />
              </span>
              <span className="pl-detail">
                {hit.project}
                {hit.exact ? " · Key match" : ""}
                {hit.archived ? " · Archived" : ""}
              </span>
              {hit.excerpt ? (
                <span className="pl-excerpt">
                  <MarkedText runs={hit.excerpt} />
                </span>
              ) : null}
            </span>
          </Link>
        </li>
      ));
    case "comments":
      return results.comments.items.map((hit, index) => (
        <li key={hit.id} id={`comments-${index}`}>
          <Link to={`/app/project/${hit.projectId}/task/${hit.taskId}#comment-${hit.id}`} discover="none">
            <span className="pl-text">
              <span className="pl-excerpt">
                <MarkedText runs={hit.excerpt} />
              </span>
              <span className="pl-detail">
                {hit.author} on {hit.taskKey} {hit.taskTitle}
              </span>
            </span>
          </Link>
        </li>
      ));
    case "templates":
      return results.templates.items.map((hit, index) => (
        <li key={hit.id} id={`templates-${index}`}>
          <Link to={`/app/templates/${hit.id}`} discover="none">
            <span className="pl-text">
              <span className="pl-name">
                <MarkedText runs={hit.name} />
              </span>
              <span className="pl-detail">
                {hit.category}
                {hit.builtIn ? " · Built-in" : ""}
              </span>
              {hit.excerpt ? (
                <span className="pl-excerpt">
                  <MarkedText runs={hit.excerpt} />
                </span>
              ) : null}
            </span>
          </Link>
        </li>
      ));
    case "members":
      return results.members.items.map((hit, index) => (
        <li key={index} id={`members-${index}`}>
          <Link to={`/app/team?workspace=${encodeURIComponent(hit.workspaceId)}`} discover="none">
            <span className="pl-text">
              <span className="pl-name">
                <MarkedText runs={hit.name} />
              </span>
              <span className="pl-detail">
                <MarkedText runs={hit.email} /> · {hit.workspace}
              </span>
            </span>
          </Link>
        </li>
      ));
  }
}
