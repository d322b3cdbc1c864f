import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";

import { PlanCard, PlanList } from "./plan-card";
import type { Billing, PricingPlan } from "./types";

/** The pricing page's Free, Pro and Business cards at the chosen billing cycle. */
export function PricingPlans({ plans, billing }: { plans: PricingPlan[]; billing: Billing }) {
  return (
    <PlanList label={billing === "yearly" ? "Plans, billed yearly" : "Plans, billed monthly"}>
      {plans.map((plan) => {
        const perMonth = billing === "yearly" ? plan.yearly : plan.monthly;
        const free = plan.monthly === 0 && plan.yearly === 0;
        return (
          <PlanCard
            key={plan.id}
            id={`pricing-${plan.id}`}
            name={plan.name}
            description={plan.description}
            limits={plan.limits}
            features={plan.features}
            cta={plan.cta}
            popular={plan.popular}
            price={
              <>
                <Typography component="p" sx={{ display: "flex", alignItems: "baseline", gap: 0.75, m: 0 }}>
                  <Box
                    component="span"
                    sx={{ fontSize: "2.75rem", fontWeight: 800, letterSpacing: "-0.03em", lineHeight: 1 }}
                  >
                    {formatDollars(perMonth)}
                  </Box>
                  <Box component="span" sx={{ color: "text.secondary", fontWeight: 500 }}>
                    per month
                  </Box>
                </Typography>
                <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
                  {free
                    ? "Free forever"
                    : billing === "yearly"
                      ? `billed annually (${formatDollars(plan.yearly * 12)} a year)`
                      : "billed monthly"}
                </Typography>
              </>
            }
          />
        );
      })}
    </PlanList>
  );
}

function formatDollars(amount: number) {
  return `$${Number.isInteger(amount) ? amount : amount.toFixed(2)}`;
}
