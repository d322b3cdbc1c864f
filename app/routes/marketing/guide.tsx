import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import Typography from "@mui/material/Typography";

import { findGuide } from "~/.server/content";
import { ArticleColumn, BackLink } from "~/components/resources/article-layout";
import { formatDate } from "~/components/resources/format";
import { ReadingTime } from "~/components/resources/guide-card";
import { TagList } from "~/components/resources/tag-list";
import { MarkdownContent } from "~/components/site/markdown-content";
import { HYDRATE_ON_INTERACTION } from "~/components/document/document-scripts";
import { SiteLayout } from "~/components/site/site-layout";
import { notFound } from "~/utils/http";
import { originFrom, pageMeta } from "~/utils/meta";
import type { Route } from "./+types/guide";

/** Whole without JavaScript: its scripts wait for the first interaction (decision 039). */
export const handle = HYDRATE_ON_INTERACTION;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  // A 404 renders the root error boundary, which does not use this route's meta.
  if (!loaderData) return [];
  const { guide } = loaderData;
  return pageMeta({
    title: guide.title,
    description: guide.description,
    path: `/resources/guides/${guide.slug}`,
    type: "article",
    origin: originFrom(matches),
  });
};

export function loader({ params }: Route.LoaderArgs) {
  const guide = findGuide(params.guideSlug);
  if (!guide) {
    throw notFound({
      title: "Guide Not Found",
      message: "The guide you're looking for doesn't exist or has been moved.",
      backTo: "/resources/guides",
      backLabel: "Back to Guides",
    });
  }
  return { guide };
}

export default function GuidePage({ loaderData }: Route.ComponentProps) {
  const { guide } = loaderData;
  return (
    <SiteLayout>
      <ArticleColumn>
        <BackLink to="/resources/guides">Back to Guides</BackLink>
        <Typography
          variant="overline"
          component="p"
          color="primary"
          sx={{ mt: 4, fontWeight: 700, letterSpacing: "0.08em" }}
        >
          Guide
        </Typography>
        <Typography component="h1" variant="h1" sx={{ fontSize: { xs: "2rem", md: "2.625rem" }, mb: 2 }}>
          {guide.title}
        </Typography>
        <Typography component="p" variant="h6" color="textSecondary" sx={{ fontWeight: 400, mb: 3 }}>
          {guide.description}
        </Typography>
        <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 2, mb: 4 }}>
          <TagList tags={guide.tags} />
          <Typography variant="body2" color="textSecondary">
            Updated <time dateTime={guide.updated}>{formatDate(guide.updated)}</time>
          </Typography>
          <ReadingTime minutes={guide.readingMinutes} />
        </Box>
        <Divider sx={{ mb: { xs: 2, md: 3 } }} />
        <MarkdownContent html={guide.html} />
        <Divider sx={{ my: 5 }} />
        <BackLink to="/resources/guides">Back to Guides</BackLink>
      </ArticleColumn>
    </SiteLayout>
  );
}
