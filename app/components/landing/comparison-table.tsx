import Box from "@mui/material/Box";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";

import type { ComparisonRow } from "./types";
import { Check as CheckIcon } from "~/components/icons/material";
import { visuallyHidden } from "~/components/visually-hidden";

const PLANS = [
  { key: "free", name: "Free" },
  { key: "pro", name: "Pro" },
  { key: "business", name: "Business" },
] as const;

/**
 * Which plan includes what, as a real table. On narrow screens the table scrolls sideways
 * inside its own focusable region (with the feature column pinned), never the page.
 */
export function ComparisonTable({ rows }: { rows: ComparisonRow[] }) {
  return (
    <Box
      role="region"
      aria-label="Feature comparison, scrollable"
      tabIndex={0}
      sx={{
        maxWidth: "100%",
        overflowX: "auto",
        border: 1,
        borderColor: "divider",
        borderRadius: "12px",
        bgcolor: "background.paper",
        "&:focus-visible": { outline: 2, outlineStyle: "solid", outlineColor: "primary.main", outlineOffset: 2 },
      }}
    >
      <Table sx={{ minWidth: 560, "& td, & th": { borderColor: "divider" } }}>
        <Box component="caption" sx={visuallyHidden}>
          Features included in the Free, Pro and Business plans
        </Box>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col" sx={{ ...pinned, fontWeight: 700, width: "34%" }}>
              Feature
            </TableCell>
            {PLANS.map((plan) => (
              <TableCell
                key={plan.key}
                component="th"
                scope="col"
                align="center"
                sx={{ fontWeight: 700, fontSize: "1rem", color: plan.key === "pro" ? "primary.main" : "text.primary" }}
              >
                {plan.name}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.feature} sx={{ "&:last-child td, &:last-child th": { borderBottom: 0 } }}>
              <TableCell component="th" scope="row" sx={{ ...pinned, fontWeight: 600 }}>
                {row.feature}
              </TableCell>
              {PLANS.map((plan) => (
                <TableCell
                  key={plan.key}
                  align="center"
                  sx={(theme) => ({
                    color: "text.primary",
                    bgcolor: plan.key === "pro" ? `rgba(${theme.vars.palette.primary.mainChannel} / 0.06)` : undefined,
                  })}
                >
                  <Value text={row[plan.key]} />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** The feature column stays put while the plan columns scroll under it on narrow screens. */
const pinned = {
  position: "sticky",
  left: 0,
  zIndex: 1,
  minWidth: 136,
  bgcolor: "background.paper",
  color: "text.primary",
  boxShadow: { xs: "inset -1px 0 0 var(--mui-palette-divider)", md: "none" },
} as const;

function Value({ text }: { text: string }) {
  if (text === "Included") {
    return (
      <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 0.75 }}>
        <CheckIcon aria-hidden sx={{ color: "primary.main", fontSize: 20 }} />
        Included
      </Box>
    );
  }
  if (text === "—" || text === "-") {
    return (
      <>
        <Box component="span" aria-hidden sx={{ color: "text.secondary" }}>
          —
        </Box>
        <Box component="span" sx={visuallyHidden}>
          Not included
        </Box>
      </>
    );
  }
  return <>{text}</>;
}
