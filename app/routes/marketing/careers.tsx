import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Container from "@mui/material/Container";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";

import { content } from "~/.server/content";
import { BENEFIT_ICONS } from "~/components/company/icons";
import { JobFacts } from "~/components/company/job-facts";
import { IconCard, Section } from "~/components/company/section";
import { ArrowForward } from "~/components/icons/material";
import { PageHero } from "~/components/site/page-hero";
import { HYDRATE_ON_INTERACTION } from "~/components/document/document-scripts";
import { SiteLayout } from "~/components/site/site-layout";
import { originFrom, pageMeta } from "~/utils/meta";
import type { Route } from "./+types/careers";

/** Whole without JavaScript: its scripts wait for the first interaction (decision 039). */
export const handle = HYDRATE_ON_INTERACTION;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Careers",
    description:
      "Join Plotline's remote team. See our benefits and open roles in engineering, design and AI, and apply by e-mail.",
    path: "/company/careers",
    origin: originFrom(matches),
  });

export function loader() {
  const { jobs, site } = content();
  return {
    benefits: site.company.benefits,
    openings: jobs.map(({ id, title, department, location, type, summary }) => ({
      id,
      title,
      department,
      location,
      type,
      summary,
    })),
  };
}

export default function CareersPage({ loaderData }: Route.ComponentProps) {
  const { benefits, openings } = loaderData;
  return (
    <SiteLayout>
      <PageHero
        eyebrow="Careers"
        title="Help teams everywhere do their best work"
        subtitle="We are a small, remote team building the project manager we always wanted to use. If you like careful work, clear writing and shipping often, we would love to meet you."
      />

      <Section
        id="benefits"
        eyebrow="Why Plotline"
        title="Benefits that support your life and your work"
        intro="Good work comes from rested, curious people with the right tools. These are the basics every teammate gets."
      >
        <Box
          component="ul"
          sx={{
            listStyle: "none",
            m: 0,
            p: 0,
            display: "grid",
            gap: 2.5,
            gridTemplateColumns: { xs: "1fr", sm: "repeat(2, 1fr)", md: "repeat(3, 1fr)" },
          }}
        >
          {benefits.map((benefit) => (
            <IconCard
              key={benefit.title}
              icon={BENEFIT_ICONS[benefit.icon]}
              title={benefit.title}
              description={benefit.description}
            />
          ))}
        </Box>
      </Section>

      <Section
        id="openings"
        eyebrow="Open positions"
        title="Current openings"
        intro="Every role is fully remote. Choose one to read what the work involves and how to apply."
        tinted
      >
        <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 2 }}>
          {openings.map((job) => (
            <Card
              component="li"
              key={job.id}
              sx={{
                position: "relative",
                transition: "border-color 150ms, box-shadow 150ms",
                "&:hover": { borderColor: "primary.main" },
                "&:focus-within": { borderColor: "primary.main" },
              }}
            >
              <CardContent
                sx={{
                  p: { xs: 2.5, md: 3 },
                  "&:last-child": { pb: { xs: 2.5, md: 3 } },
                  display: "flex",
                  flexDirection: { xs: "column", md: "row" },
                  gap: { xs: 2, md: 4 },
                  alignItems: { md: "center" },
                }}
              >
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography component="h3" variant="h5" sx={{ mb: 1 }}>
                    {/* The title's link covers the whole card (::after), so the card is one link. */}
                    <Link
                      component={RouterLink}
                      to={`/company/careers/${job.id}`}
                      underline="hover"
                      color="inherit"
                      sx={{
                        "&::after": { content: '""', position: "absolute", inset: 0, borderRadius: "inherit" },
                        "&:focus-visible": { outline: "none" },
                        "&:focus-visible::after": { outline: 2, outlineColor: "primary.main", outlineOffset: 2 },
                      }}
                    >
                      {job.title}
                    </Link>
                  </Typography>
                  <JobFacts department={job.department} location={job.location} type={job.type} />
                  <Typography color="textSecondary" sx={{ mt: 1.5 }}>
                    {job.summary}
                  </Typography>
                </Box>
                <Box
                  aria-hidden
                  sx={{
                    display: "inline-flex",
                    alignItems: "center",
                    gap: 0.5,
                    color: "primary.main",
                    fontWeight: 600,
                    flexShrink: 0,
                  }}
                >
                  View role <ArrowForward fontSize="small" />
                </Box>
              </CardContent>
            </Card>
          ))}
        </Box>
      </Section>

      <Container component="section" aria-labelledby="no-role-title" sx={{ py: { xs: 6, md: 8 }, textAlign: "center" }}>
        <Typography id="no-role-title" component="h2" variant="h4" sx={{ mb: 1.5 }}>
          Don&apos;t see the right role?
        </Typography>
        <Typography color="textSecondary" sx={{ maxWidth: 560, mx: "auto" }}>
          We are always glad to hear from thoughtful people. Tell us what you would like to work on at{" "}
          <Link href="mailto:careers@plotline.app">careers@plotline.app</Link>.
        </Typography>
      </Container>
    </SiteLayout>
  );
}
