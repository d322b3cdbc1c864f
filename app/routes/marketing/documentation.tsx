import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { useState, useSyncExternalStore } from "react";
import { Link as RouterLink } from "react-router";

import { content } from "~/.server/content";
import { filterDocs, readQuery, subsectionAnchor, type DocsOutline } from "~/components/resources/docs-filter";
import { DOCS_STICKY_TOP, DocsSidebar } from "~/components/resources/docs-sidebar";
import { MarkdownContent } from "~/components/site/markdown-content";
import { PageHero } from "~/components/site/page-hero";
import { HYDRATE_ON_INTERACTION } from "~/components/document/document-scripts";
import { SiteLayout } from "~/components/site/site-layout";
import { originFrom, pageMeta } from "~/utils/meta";
import type { Route } from "./+types/documentation";

/** Whole without JavaScript: its scripts wait for the first interaction (decision 039). */
export const handle = HYDRATE_ON_INTERACTION;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Documentation",
    description:
      "Set up Plotline, sign in, run projects and tasks, use the AI assistant, connect integrations and adjust your settings.",
    path: "/resources/documentation",
    origin: originFrom(matches),
  });

export function loader({ request }: Route.LoaderArgs) {
  const q = readQuery(new URL(request.url).searchParams.get("q"));
  // Every section goes to the page (the browser filters as you type); the server renders
  // only the ones matching `q`, so the GET form works without JavaScript.
  const sections = content().docs.map((section) => ({
    id: section.id,
    title: section.title,
    subsections: section.subsections.map((subsection) => ({
      id: subsection.id,
      title: subsection.title,
      html: nestBodyHtml(subsection.html, subsectionAnchor(section.id, subsection.id)),
    })),
  }));
  return { q, sections };
}

/**
 * A subsection's body sits under its h3 title: its headings move one level down, and
 * their ids get the subsection's anchor in front, so the same heading in two bodies
 * ("Troubleshooting") never repeats an id or shadows a section's anchor.
 */
function nestBodyHtml(html: string, anchor: string) {
  return html
    .replace(/<(\/?)h([1-5])\b/g, (_match, slash: string, level: string) => `<${slash}h${Number(level) + 1}`)
    .replace(/ id="([^"]*)"/g, (_match, id: string) => ` id="${anchor}-${id}"`);
}

const subscribeToHash = (onChange: () => void) => {
  window.addEventListener("hashchange", onChange);
  window.addEventListener("popstate", onChange);
  return () => {
    window.removeEventListener("hashchange", onChange);
    window.removeEventListener("popstate", onChange);
  };
};

/** The URL's hash in the browser; "" on the server and during hydration. */
function useHash() {
  return useSyncExternalStore(
    subscribeToHash,
    () => window.location.hash,
    () => "",
  );
}

/** The subsection to highlight: the one the hash names, the first of a section it names, or the first of all. */
function selectedAnchor(sections: DocsOutline[], hash: string) {
  const target = decodeURIComponent(hash.replace(/^#/, ""));
  for (const section of sections) {
    const first = section.subsections[0];
    if (section.id === target && first) return subsectionAnchor(section.id, first.id);
    for (const subsection of section.subsections) {
      const anchor = subsectionAnchor(section.id, subsection.id);
      if (anchor === target) return anchor;
    }
  }
  const first = sections[0];
  const firstSubsection = first?.subsections[0];
  return first && firstSubsection ? subsectionAnchor(first.id, firstSubsection.id) : undefined;
}

export default function DocumentationPage({ loaderData }: Route.ComponentProps) {
  const { q, sections } = loaderData;
  // The box is live with JavaScript; a submitted search (or Back) brings the URL's query.
  const [query, setQuery] = useState(q);
  const [urlQuery, setUrlQuery] = useState(q);
  if (q !== urlQuery) {
    setUrlQuery(q);
    setQuery(q);
  }
  const visible = filterDocs(sections, query);
  const selected = selectedAnchor(sections, useHash());

  return (
    <SiteLayout>
      <PageHero
        eyebrow="Resources"
        title="Documentation"
        subtitle="Everything you need to set up Plotline, run your projects and connect the tools your team already uses."
      />
      <Container sx={{ py: { xs: 4, md: 6 } }}>
        <Box
          sx={{
            display: "grid",
            gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "280px minmax(0, 1fr)" },
            columnGap: { md: 6 },
            rowGap: 4,
          }}
        >
          <DocsSidebar sections={visible} query={query} onQueryChange={setQuery} selected={selected} />
          <Box sx={{ minWidth: 0, maxWidth: 760 }}>
            <Box role="status">
              {visible.length === 0 ? (
                <Box sx={{ border: 1, borderColor: "divider", borderRadius: 3, bgcolor: "background.paper", p: 4 }}>
                  <Typography sx={{ fontWeight: 600, mb: 1 }}>No sections match “{query.trim()}”</Typography>
                  <Typography color="textSecondary">
                    Try a shorter word, or{" "}
                    <Link component={RouterLink} to="/resources/documentation" onClick={() => setQuery("")}>
                      show all sections
                    </Link>
                    .
                  </Typography>
                </Box>
              ) : null}
            </Box>
            {visible.map((section, index) => (
              <Box
                component="section"
                key={section.id}
                sx={{
                  pt: index === 0 ? 0 : 5,
                  mt: index === 0 ? 0 : 5,
                  borderTop: index === 0 ? 0 : 1,
                  borderColor: "divider",
                }}
              >
                <Typography
                  component="h2"
                  variant="h2"
                  id={section.id}
                  sx={{ scrollMarginTop: DOCS_STICKY_TOP, mb: 1, fontSize: { xs: "1.75rem", md: "2rem" } }}
                >
                  {section.title}
                </Typography>
                {section.subsections.map((subsection) => {
                  const anchor = subsectionAnchor(section.id, subsection.id);
                  return (
                    <Box
                      key={subsection.id}
                      sx={{ mt: 4, "& .markdown :is(h4, h5, h6)": { scrollMarginTop: DOCS_STICKY_TOP } }}
                    >
                      <Typography
                        component="h3"
                        variant="h4"
                        id={anchor}
                        sx={{ scrollMarginTop: DOCS_STICKY_TOP, mb: 2 }}
                      >
                        {subsection.title}
                      </Typography>
                      <MarkdownContent html={subsection.html} />
                    </Box>
                  );
                })}
              </Box>
            ))}
          </Box>
        </Box>
      </Container>
    </SiteLayout>
  );
}
