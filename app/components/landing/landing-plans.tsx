import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";

import { PlanCard, PlanList } from "./plan-card";
import type { LandingPlan } from "./types";

/** The landing page's Starter, Pro and Enterprise cards. */
export function LandingPlans({ plans }: { plans: LandingPlan[] }) {
  return (
    <PlanList label="Plans">
      {plans.map((plan) => (
        <PlanCard
          key={plan.id}
          id={`landing-${plan.id}`}
          name={plan.name}
          description={plan.description}
          features={plan.features}
          cta={plan.cta}
          popular={plan.popular}
          price={
            <Typography component="p" sx={{ display: "flex", alignItems: "baseline", gap: 0.75, m: 0 }}>
              <Box
                component="span"
                sx={{ fontSize: "2.75rem", fontWeight: 800, letterSpacing: "-0.03em", lineHeight: 1 }}
              >
                {plan.price}
              </Box>
              {plan.period ? (
                <Box component="span" sx={{ color: "text.secondary", fontWeight: 500 }}>
                  {plan.period}
                </Box>
              ) : null}
            </Typography>
          }
        />
      ))}
    </PlanList>
  );
}
