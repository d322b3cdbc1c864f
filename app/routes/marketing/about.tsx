import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Container from "@mui/material/Container";
import Grid from "@mui/material/Grid";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Link } from "react-router";

import { content } from "~/.server/content";
import { valueIcon } from "~/components/company/icons";
import { IconCard, Section } from "~/components/company/section";
import { Timeline } from "~/components/company/timeline";
import { PageHero } from "~/components/site/page-hero";
import { HYDRATE_ON_INTERACTION } from "~/components/document/document-scripts";
import { SiteLayout } from "~/components/site/site-layout";
import { originFrom, pageMeta } from "~/utils/meta";
import type { Route } from "./+types/about";

/** Whole without JavaScript: its scripts wait for the first interaction (decision 039). */
export const handle = HYDRATE_ON_INTERACTION;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "About Us",
    description:
      "Plotline's mission, vision, story and values, and the remote team in Dhaka, Bangladesh building an open, self-hostable project manager.",
    path: "/company/about",
    origin: originFrom(matches),
  });

export function loader() {
  const { mission, vision, timeline, values, team } = content().site.company;
  return { mission, vision, timeline, values, team };
}

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const { mission, vision, timeline, values, team } = loaderData;
  return (
    <SiteLayout>
      <PageHero
        eyebrow="About Plotline"
        title="A calmer place for teams to plan and finish their work"
        subtitle="We are a small, remote company with a home base in Dhaka, Bangladesh, building an open project and task manager that teams can trust with their plans and their data."
      />

      <Container sx={{ py: { xs: 6, md: 9 } }}>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Statement title="Our mission" text={mission} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Statement title="Our vision" text={vision} />
          </Grid>
        </Grid>
      </Container>

      <Section
        id="story"
        eyebrow="Our story"
        title="How Plotline came together"
        intro="From two co-founders tired of juggling spreadsheets to a release used by teams on several continents, these are the moments that shaped the product."
        tinted
        split
      >
        <Timeline items={timeline} />
      </Section>

      <Section
        id="values"
        eyebrow="What we believe"
        title="Our core values"
        intro="Five ideas guide how we decide what to build, how we work with each other and how we treat the people who rely on Plotline."
      >
        <Box
          component="ul"
          sx={{
            listStyle: "none",
            m: 0,
            p: 0,
            display: "grid",
            gap: 2.5,
            gridTemplateColumns: { xs: "1fr", sm: "repeat(2, 1fr)", md: "repeat(3, 1fr)", lg: "repeat(5, 1fr)" },
          }}
        >
          {values.map((value) => (
            <IconCard
              key={value.title}
              icon={valueIcon(value.title)}
              title={value.title}
              description={value.description}
            />
          ))}
        </Box>
      </Section>

      <Section
        id="team"
        eyebrow="The people"
        title="Meet the team"
        intro="Plotline is built by a small group of designers and engineers who have all managed remote projects themselves."
        tinted
      >
        <Box
          component="ul"
          sx={{
            listStyle: "none",
            m: 0,
            p: 0,
            display: "grid",
            gap: 2.5,
            gridTemplateColumns: { xs: "1fr", sm: "repeat(2, 1fr)", lg: "repeat(4, 1fr)" },
          }}
        >
          {team.map((person) => (
            <Card component="li" key={person.name} sx={{ height: "100%" }}>
              <CardContent sx={{ p: 3 }}>
                <Box
                  component="img"
                  src={person.image}
                  alt=""
                  width={72}
                  height={72}
                  sx={{ display: "block", borderRadius: "50%", mb: 2 }}
                />
                <Typography component="h3" variant="h5">
                  {person.name}
                </Typography>
                <Typography variant="body2" color="primary" sx={{ fontWeight: 600, mb: 1.5 }}>
                  {person.role}
                </Typography>
                <Typography variant="body2" color="textSecondary">
                  {person.bio}
                </Typography>
              </CardContent>
            </Card>
          ))}
        </Box>
      </Section>

      <Container component="section" aria-labelledby="join-title" sx={{ py: { xs: 6, md: 9 }, textAlign: "center" }}>
        <Typography id="join-title" component="h2" variant="h3" sx={{ mb: 1.5 }}>
          Want to build Plotline with us?
        </Typography>
        <Typography color="textSecondary" sx={{ maxWidth: 560, mx: "auto", mb: 3 }}>
          We are hiring for a few roles, and we are always happy to hear from people who care about calm, well-made
          software.
        </Typography>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ justifyContent: "center" }}>
          <Button component={Link} to="/company/careers" variant="contained" size="large">
            See open roles
          </Button>
          <Button component={Link} to="/company/contact" variant="outlined" size="large">
            Contact us
          </Button>
        </Stack>
      </Container>
    </SiteLayout>
  );
}

function Statement({ title, text }: { title: string; text: string }) {
  return (
    <Card sx={{ height: "100%", position: "relative", overflow: "hidden" }}>
      <Box aria-hidden sx={{ position: "absolute", insetInline: 0, top: 0, height: 4, bgcolor: "primary.main" }} />
      <CardContent sx={{ p: { xs: 3, md: 4 } }}>
        <Typography component="h2" variant="h4" sx={{ mb: 2 }}>
          {title}
        </Typography>
        <Typography color="textSecondary" sx={{ fontSize: "1.0625rem", lineHeight: 1.7 }}>
          {text}
        </Typography>
      </CardContent>
    </Card>
  );
}
