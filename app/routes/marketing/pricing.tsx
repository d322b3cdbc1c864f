import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import { Link } from "react-router";

import { content } from "~/.server/content";
import { BillingToggle } from "~/components/landing/billing-toggle";
import { ClosingCta } from "~/components/landing/closing-cta";
import { ComparisonTable } from "~/components/landing/comparison-table";
import { PricingPlans } from "~/components/landing/pricing-plans";
import { HEADER_HEIGHT, Section } from "~/components/landing/section";
import { Testimonials } from "~/components/landing/testimonials";
import type { Billing } from "~/components/landing/types";
import { visuallyHidden } from "~/components/visually-hidden";
import { Faq } from "~/components/site/faq";
import { PageHero } from "~/components/site/page-hero";
import { HYDRATE_ON_INTERACTION } from "~/components/document/document-scripts";
import { SiteLayout } from "~/components/site/site-layout";
import { originFrom, pageMeta } from "~/utils/meta";
import type { Route } from "./+types/pricing";

/** Whole without JavaScript: its scripts wait for the first interaction (decision 039). */
export const handle = HYDRATE_ON_INTERACTION;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Pricing",
    description:
      "Plotline is free for up to 5 projects. Pro is $12 a month and Business $25, or 20% less billed yearly. Self-hosted installs have no plan limits.",
    path: "/pricing",
    origin: originFrom(matches),
  });

/** ?billing=yearly shows the yearly prices; anything else (or nothing) shows monthly. */
export function loader({ request }: Route.LoaderArgs) {
  const billing: Billing = new URL(request.url).searchParams.get("billing") === "yearly" ? "yearly" : "monthly";
  const { site } = content();
  return {
    billing,
    plans: site.plans.pricing,
    comparison: site.plans.comparison,
    testimonials: site.testimonials,
    faq: site.faq.pricing,
  };
}

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const { billing, plans, comparison, testimonials, faq } = loaderData;
  return (
    <SiteLayout>
      <PageHero
        eyebrow="Pricing"
        title="Simple pricing for every team"
        subtitle="Start free, upgrade when your team grows, and save 20% when you pay once a year. Self-hosted installs have no plan limits at all."
      >
        <Box sx={{ mt: 4 }}>
          <BillingToggle billing={billing} />
        </Box>
      </PageHero>

      <Box
        component="section"
        id="plans"
        aria-labelledby="plans-title"
        sx={{ scrollMarginTop: `${HEADER_HEIGHT}px`, pt: { xs: 6, md: 8 } }}
      >
        <Container>
          <Box component="h2" id="plans-title" sx={visuallyHidden}>
            Plans
          </Box>
          <PricingPlans plans={plans} billing={billing} />
        </Container>
      </Box>

      <Section
        id="compare"
        eyebrow="Compare plans"
        title="Find the plan that fits"
        subtitle="Every plan includes task management and real-time collaboration. Here is what changes as you grow."
      >
        <ComparisonTable rows={comparison} />
      </Section>

      <Section
        id="testimonials"
        eyebrow="Testimonials"
        title="Trusted by teams that ship"
        subtitle="Hear from the people who run their projects on Plotline every day."
        tinted
      >
        <Testimonials testimonials={testimonials} />
      </Section>

      <Section id="faq" eyebrow="FAQ" title="Frequently asked questions">
        <Box sx={{ maxWidth: 800, mx: "auto" }}>
          <Faq items={faq} name="pricing-faq" />
        </Box>
      </Section>

      <ClosingCta
        id="sign-up"
        title="Start planning with Plotline today"
        text="The Free plan covers up to 5 projects with no time limit. Upgrade to Pro or Business whenever you need more room."
      >
        <Button component={Link} to="/auth/signup" variant="contained" size="large" sx={{ px: 4, py: 1.5 }}>
          Sign Up For Free
        </Button>
      </ClosingCta>
    </SiteLayout>
  );
}
