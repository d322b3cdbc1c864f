import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Grid from "@mui/material/Grid";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";

import { content } from "~/.server/content";
import { GuideCard } from "~/components/resources/guide-card";
import { PageHero } from "~/components/site/page-hero";
import { HYDRATE_ON_INTERACTION } from "~/components/document/document-scripts";
import { SiteLayout } from "~/components/site/site-layout";
import { originFrom, pageMeta } from "~/utils/meta";
import type { Route } from "./+types/guides";

/** Whole without JavaScript: its scripts wait for the first interaction (decision 039). */
export const handle = HYDRATE_ON_INTERACTION;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Guides",
    description:
      "Step-by-step guides to Kanban workflows, real-time collaboration, project views, the AI assistant and running Plotline on Supabase.",
    path: "/resources/guides",
    origin: originFrom(matches),
  });

export function loader() {
  return {
    guides: content().guides.map((guide) => ({
      slug: guide.slug,
      title: guide.title,
      description: guide.description,
      tags: guide.tags,
      readingMinutes: guide.readingMinutes,
    })),
  };
}

export default function GuidesPage({ loaderData }: Route.ComponentProps) {
  return (
    <SiteLayout>
      <PageHero
        eyebrow="Resources"
        title="Guides"
        subtitle="Hands-on walkthroughs for the ways teams use Plotline, from a first board to a self-hosted setup."
      />
      <Container sx={{ py: { xs: 4, md: 6 } }}>
        <Grid container spacing={3}>
          {loaderData.guides.map((guide) => (
            <Grid key={guide.slug} size={{ xs: 12, md: 6 }}>
              <GuideCard guide={guide} />
            </Grid>
          ))}
        </Grid>
        <Box sx={{ mt: { xs: 5, md: 6 }, textAlign: "center" }}>
          <Typography color="textSecondary">
            Looking for a specific setting or command? Read the{" "}
            <Link component={RouterLink} to="/resources/documentation">
              documentation
            </Link>
            .
          </Typography>
        </Box>
      </Container>
    </SiteLayout>
  );
}
