import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";

import type { Integration } from "./types";

/**
 * The integration logos with their names. The logo's alt text is the name, so the visible
 * caption under it is hidden from screen readers to avoid reading each name twice.
 */
export function IntegrationGrid({ integrations }: { integrations: Integration[] }) {
  return (
    <Box
      component="ul"
      sx={{
        listStyle: "none",
        m: 0,
        p: 0,
        display: "grid",
        gap: 2,
        gridTemplateColumns: {
          xs: "repeat(2, minmax(0, 1fr))",
          sm: "repeat(3, minmax(0, 1fr))",
          md: "repeat(4, minmax(0, 1fr))",
          lg: "repeat(6, minmax(0, 1fr))",
        },
      }}
    >
      {integrations.map((integration) => (
        <Box
          component="li"
          key={integration.id}
          sx={{
            display: "flex",
            flexDirection: "column",
            alignItems: "center",
            gap: 1.5,
            px: 2,
            py: { xs: 2.5, md: 3 },
            border: 1,
            borderColor: "divider",
            borderRadius: "12px",
            bgcolor: "background.paper",
            textAlign: "center",
          }}
        >
          <Box
            component="img"
            src={`/images/integrations/${integration.id}.svg`}
            alt={integration.name}
            width={48}
            height={48}
            loading="lazy"
            sx={{ display: "block", width: 48, height: 48 }}
          />
          <Typography variant="body2" aria-hidden sx={{ fontWeight: 600, color: "text.primary" }}>
            {integration.name}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
