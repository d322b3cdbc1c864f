import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { Link } from "react-router";

import { planHref } from "./types";

import { Check as CheckIcon } from "~/components/icons/material";

export const POPULAR_LABEL = "Most Popular";

/**
 * One plan: name, description, price, what it includes and its button. The popular plan
 * gets a primary border, a badge and a filled button. The button is described by the
 * plan's name, so three "Get Started" links still say which plan they start.
 */
export function PlanCard({
  id,
  name,
  description,
  price,
  limits,
  features,
  cta,
  popular,
}: {
  id: string;
  name: string;
  description: string;
  price: ReactNode;
  limits?: string;
  features: string[];
  cta: string;
  popular: boolean;
}) {
  const nameId = `plan-${id}-name`;
  return (
    <Box
      component="li"
      aria-labelledby={nameId}
      sx={(theme) => ({
        display: "flex",
        flexDirection: "column",
        p: { xs: 3, md: 4 },
        border: 1,
        borderColor: popular ? "primary.main" : "divider",
        borderRadius: "12px",
        bgcolor: "background.paper",
        // A second pixel of border drawn as a shadow, so the popular card's content stays aligned.
        boxShadow: popular
          ? `0 0 0 1px ${theme.vars.palette.primary.main}, 0 24px 48px -28px rgba(${theme.vars.palette.primary.mainChannel} / 0.5)`
          : "none",
      })}
    >
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 1, flexWrap: "wrap" }}>
        <Typography id={nameId} component="h3" variant="h4">
          {name}
        </Typography>
        {popular ? (
          <Box
            component="span"
            sx={{
              px: 1.25,
              py: 0.25,
              borderRadius: 999,
              fontSize: 12,
              fontWeight: 700,
              letterSpacing: "0.02em",
              bgcolor: "primary.main",
              color: "primary.contrastText",
            }}
          >
            {POPULAR_LABEL}
          </Box>
        ) : null}
      </Box>
      <Typography color="textSecondary" sx={{ mt: 1, minHeight: { md: 48 } }}>
        {description}
      </Typography>
      <Box sx={{ my: 3 }}>{price}</Box>
      {limits ? (
        <Typography
          variant="body2"
          sx={{
            mb: 3,
            px: 1.5,
            py: 1,
            borderRadius: "8px",
            bgcolor: "action.hover",
            color: "text.primary",
            fontWeight: 600,
          }}
        >
          {limits}
        </Typography>
      ) : null}
      <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0, mb: 4, display: "grid", gap: 1.5, flexGrow: 1 }}>
        {features.map((feature) => (
          <Box component="li" key={feature} sx={{ display: "flex", gap: 1.5, alignItems: "flex-start" }}>
            <CheckIcon aria-hidden sx={{ color: "primary.main", fontSize: 20, mt: "2px", flexShrink: 0 }} />
            <Typography component="span" sx={{ color: "text.primary" }}>
              {feature}
            </Typography>
          </Box>
        ))}
      </Box>
      <Button
        component={Link}
        to={planHref(cta)}
        variant={popular ? "contained" : "outlined"}
        size="large"
        fullWidth
        aria-describedby={nameId}
      >
        {cta}
      </Button>
    </Box>
  );
}

/** Three plan cards side by side on wide screens, stacked on narrow ones. */
export function PlanList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: "none",
        m: 0,
        p: 0,
        display: "grid",
        gap: 3,
        alignItems: "stretch",
        gridTemplateColumns: { xs: "1fr", md: "repeat(3, minmax(0, 1fr))" },
      }}
    >
      {children}
    </Box>
  );
}
