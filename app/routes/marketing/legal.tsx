import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Grid from "@mui/material/Grid";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";

import { content } from "~/.server/content";
import { formatLongDate } from "~/components/company/dates";
import { h2Headings, TableOfContents } from "~/components/company/table-of-contents";
import { MarkdownContent } from "~/components/site/markdown-content";
import { PageHero } from "~/components/site/page-hero";
import { HYDRATE_ON_INTERACTION } from "~/components/document/document-scripts";
import { SiteLayout } from "~/components/site/site-layout";
import { originFrom, pageMeta } from "~/utils/meta";
import type { Route } from "./+types/legal";

/** Whole without JavaScript: its scripts wait for the first interaction (decision 039). */
export const handle = HYDRATE_ON_INTERACTION;

/** One module for both documents (route ids "legal-terms" and "legal-privacy"); the path picks which. */
type LegalKind = "terms" | "privacy";

const DOCUMENTS: Record<LegalKind, { path: string; description: string; other: LegalKind }> = {
  terms: {
    path: "/legal/terms",
    description: "The rules for using Plotline's website and hosted service, written in plain English.",
    other: "privacy",
  },
  privacy: {
    path: "/legal/privacy",
    description: "What information Plotline collects, why, who we share it with and the choices you have.",
    other: "terms",
  },
};

function kindFrom(request: Request): LegalKind {
  return new URL(request.url).pathname.replace(/\/+$/, "").endsWith("/privacy") ? "privacy" : "terms";
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const kind = loaderData?.kind ?? "terms";
  return pageMeta({
    title: loaderData?.title ?? "Legal",
    description: DOCUMENTS[kind].description,
    path: DOCUMENTS[kind].path,
    origin: originFrom(matches),
  });
};

export function loader({ request }: Route.LoaderArgs) {
  const kind = kindFrom(request);
  const { legal } = content();
  const doc = legal[kind];
  const other = legal[DOCUMENTS[kind].other];
  return {
    kind,
    title: doc.title,
    lastUpdated: doc.lastUpdated,
    lastUpdatedLabel: formatLongDate(doc.lastUpdated),
    html: doc.html,
    headings: h2Headings(doc.html),
    other: { title: other.title, path: DOCUMENTS[DOCUMENTS[kind].other].path },
  };
}

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const { title, lastUpdated, lastUpdatedLabel, html, headings, other } = loaderData;
  return (
    <SiteLayout>
      <PageHero eyebrow="Legal" title={title}>
        <Typography color="textSecondary" sx={{ mt: 1 }}>
          Last updated <time dateTime={lastUpdated}>{lastUpdatedLabel}</time>
        </Typography>
      </PageHero>

      <Container sx={{ py: { xs: 4, md: 8 } }}>
        <Grid container spacing={{ xs: 3, md: 6 }}>
          <Grid size={{ xs: 12, md: 3 }}>
            <TableOfContents headings={headings} />
          </Grid>
          <Grid size={{ xs: 12, md: 9 }}>
            <Box
              component="article"
              aria-label={title}
              sx={{
                maxWidth: 760,
                "& .markdown > h2:first-of-type": { mt: 4 },
                "& .markdown h2": { scrollMarginTop: 88 },
              }}
            >
              <MarkdownContent html={html} copyButtons={false} />
              <Box sx={{ mt: 6, pt: 3, borderTop: 1, borderColor: "divider" }}>
                <Typography color="textSecondary">
                  See also our{" "}
                  <Link component={RouterLink} to={other.path}>
                    {other.title}
                  </Link>
                  . Questions about this page? Write to{" "}
                  <Link href="mailto:support@plotline.app">support@plotline.app</Link>.
                </Typography>
              </Box>
            </Box>
          </Grid>
        </Grid>
      </Container>
    </SiteLayout>
  );
}
