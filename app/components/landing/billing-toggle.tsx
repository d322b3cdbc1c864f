import Box from "@mui/material/Box";
import type { ReactNode } from "react";
import { Link } from "react-router";

import type { Billing } from "./types";

export const YEARLY_SAVING_LABEL = "Save 20%";

/**
 * The monthly/yearly switch: two links to ?billing=monthly and ?billing=yearly drawn as a
 * segmented control, the current one marked with aria-current. It needs no JavaScript; with
 * it, React Router swaps the page in place and keeps the scroll position.
 */
export function BillingToggle({ billing }: { billing: Billing }) {
  return (
    <Box
      role="group"
      aria-label="Billing period"
      sx={{
        display: "inline-flex",
        gap: 0.5,
        p: 0.5,
        border: 1,
        borderColor: "divider",
        borderRadius: 999,
        bgcolor: "background.paper",
      }}
    >
      <Option value="monthly" active={billing === "monthly"}>
        Monthly
      </Option>
      <Option value="yearly" active={billing === "yearly"}>
        Yearly
        <Box
          component="span"
          sx={{
            ml: 1,
            px: 1,
            py: 0.25,
            borderRadius: 999,
            fontSize: 12,
            fontWeight: 700,
            bgcolor: billing === "yearly" ? "primary.contrastText" : "primary.main",
            color: billing === "yearly" ? "primary.main" : "primary.contrastText",
          }}
        >
          {YEARLY_SAVING_LABEL}
        </Box>
      </Option>
    </Box>
  );
}

function Option({ value, active, children }: { value: Billing; active: boolean; children: ReactNode }) {
  return (
    <Box
      component={Link}
      to={{ search: `?billing=${value}` }}
      preventScrollReset
      replace
      aria-current={active ? "true" : undefined}
      sx={{
        display: "inline-flex",
        alignItems: "center",
        minHeight: 40,
        px: 2.5,
        borderRadius: 999,
        fontWeight: 600,
        fontSize: 15,
        textDecoration: "none",
        whiteSpace: "nowrap",
        transition: "background-color 150ms, color 150ms",
        color: active ? "primary.contrastText" : "text.secondary",
        bgcolor: active ? "primary.main" : "transparent",
        "&:hover": { color: active ? "primary.contrastText" : "text.primary" },
        "&:focus-visible": { outline: 2, outlineStyle: "solid", outlineColor: "primary.main", outlineOffset: 2 },
      }}
    >
      {children}
    </Box>
  );
}
