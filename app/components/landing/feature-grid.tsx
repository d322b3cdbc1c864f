import Box from "@mui/material/Box";
import type { SvgIconProps } from "@mui/material/SvgIcon";
import Typography from "@mui/material/Typography";
import type { ComponentType } from "react";

import type { Feature, FeatureIcon } from "./types";

import {
  AutoAwesome as AutoAwesomeIcon,
  AutoMode as AutoModeIcon,
  Bolt as BoltIcon,
  Shield as ShieldIcon,
  ViewKanban as ViewKanbanIcon,
  ViewQuilt as ViewQuiltIcon,
} from "~/components/icons/material";

const ICONS: Record<FeatureIcon, ComponentType<SvgIconProps>> = {
  ai: AutoAwesomeIcon,
  board: ViewKanbanIcon,
  realtime: BoltIcon,
  views: ViewQuiltIcon,
  automation: AutoModeIcon,
  security: ShieldIcon,
};

/** The six feature cards of the landing page, as a list. */
export function FeatureGrid({ features }: { features: Feature[] }) {
  return (
    <Box
      component="ul"
      sx={{
        listStyle: "none",
        m: 0,
        p: 0,
        display: "grid",
        gap: 3,
        gridTemplateColumns: { xs: "1fr", sm: "repeat(2, minmax(0, 1fr))", md: "repeat(3, minmax(0, 1fr))" },
      }}
    >
      {features.map((feature) => {
        const Icon = ICONS[feature.icon];
        return (
          <Box
            component="li"
            key={feature.id}
            sx={{
              p: { xs: 3, md: 4 },
              border: 1,
              borderColor: "divider",
              borderRadius: "12px",
              bgcolor: "background.paper",
              transition: "border-color 150ms",
              "&:hover": { borderColor: "primary.main" },
            }}
          >
            <Box
              sx={(theme) => ({
                width: 48,
                height: 48,
                mb: 2.5,
                borderRadius: "10px",
                display: "grid",
                placeItems: "center",
                color: "primary.main",
                bgcolor: `rgba(${theme.vars.palette.primary.mainChannel} / 0.1)`,
              })}
            >
              <Icon aria-hidden />
            </Box>
            <Typography component="h3" variant="h5" sx={{ mb: 1 }}>
              {feature.title}
            </Typography>
            <Typography color="textSecondary" sx={{ lineHeight: 1.65 }}>
              {feature.description}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
