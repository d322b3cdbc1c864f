import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { Link } from "react-router";

import { content } from "~/.server/content";
import { ArrowForward as ArrowForwardIcon } from "~/components/icons/material";
import { ClosingCta } from "~/components/landing/closing-cta";
import { FeatureGrid } from "~/components/landing/feature-grid";
import { IntegrationGrid } from "~/components/landing/integration-grid";
import { CallsToAction, LandingHero } from "~/components/landing/landing-hero";
import { LandingPlans } from "~/components/landing/landing-plans";
import { Section } from "~/components/landing/section";
import { Testimonials } from "~/components/landing/testimonials";
import { HYDRATE_ON_INTERACTION } from "~/components/document/document-scripts";
import { SiteLayout } from "~/components/site/site-layout";
import { originFrom, pageMeta } from "~/utils/meta";
import type { Route } from "./+types/home";

/** Whole without JavaScript: its scripts wait for the first interaction (decision 039). */
export const handle = HYDRATE_ON_INTERACTION;

const TITLE = "Plotline · Project and task management with an AI assistant";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Plotline",
    description:
      "Plan projects, track tasks and work together in real time, with an AI assistant that knows your work. Hosted or on your own server.",
    path: "/",
    origin: originFrom(matches),
  }).map((tag) => {
    // The home page carries the tagline in its title; the other pages read "<Page> · Plotline".
    if ("title" in tag) return { title: TITLE };
    if ("property" in tag && tag.property === "og:title") return { ...tag, content: TITLE };
    return tag;
  });

export function loader() {
  const { site } = content();
  return {
    features: site.features,
    integrations: site.integrations,
    testimonials: site.testimonials,
    plans: site.plans.landing,
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { features, integrations, testimonials, plans } = loaderData;
  return (
    <SiteLayout>
      <LandingHero />

      <Section
        id="features"
        eyebrow="Features"
        title="Everything your team needs to get work done"
        subtitle="Projects, tasks, views and automation in one calm place, with an assistant that reads your real work and respects who may see what."
      >
        <FeatureGrid features={features} />
      </Section>

      <Section
        id="integrations"
        eyebrow="Integrations"
        title="Works with the tools you already use"
        subtitle="Send updates to chat, sync calendars, link files and designs, and reach anything else through webhooks and the REST API."
        tinted
      >
        <IntegrationGrid integrations={integrations} />
        <Box sx={{ textAlign: "center", mt: 5 }}>
          <Button
            component={Link}
            to="/resources/documentation#integrations"
            variant="outlined"
            size="large"
            endIcon={<ArrowForwardIcon aria-hidden />}
          >
            View All Integrations
          </Button>
        </Box>
      </Section>

      <Section
        id="testimonials"
        eyebrow="Testimonials"
        title="Teams that plan with Plotline"
        subtitle="From design studios to engineering teams, people use Plotline to see the same picture at the same moment."
      >
        <Testimonials testimonials={testimonials} />
      </Section>

      <Section
        id="pricing"
        eyebrow="Pricing"
        title="Simple plans that grow with your team"
        subtitle="Pay per member, start small, and move up when your team does."
        tinted
      >
        <LandingPlans plans={plans} />
        <Box sx={{ textAlign: "center", mt: 5 }}>
          <Button component={Link} to="/pricing" endIcon={<ArrowForwardIcon aria-hidden />}>
            Compare all plans
          </Button>
        </Box>
      </Section>

      <ClosingCta
        id="get-started"
        title="Ready to get started?"
        text="Join the teams that plan, track and ship with Plotline. Sign up for early access, or let us walk you through it first."
      >
        <CallsToAction centered />
      </ClosingCta>
    </SiteLayout>
  );
}
