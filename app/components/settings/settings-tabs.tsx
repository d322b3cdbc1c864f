import Box from "@mui/material/Box";
import { Link } from "react-router";

import type { SettingsTab } from "~/validation/settings";

const LABELS: Record<SettingsTab, string> = {
  profile: "Profile",
  notifications: "Notifications",
  appearance: "Appearance",
  security: "Security",
  billing: "Billing",
  integrations: "Integrations",
};

/** The tabs as links (`?tab=`): each survives a reload and works without JavaScript. */
export function SettingsTabs({ current }: { current: SettingsTab }) {
  return (
    <Box
      component="nav"
      aria-label="Settings sections"
      sx={{ display: "flex", gap: 0.5, overflowX: "auto", borderBottom: 1, borderColor: "divider" }}
    >
      {(Object.keys(LABELS) as SettingsTab[]).map((tab) => (
        <Box
          key={tab}
          component={Link}
          to={`?tab=${tab}`}
          aria-current={tab === current ? "page" : undefined}
          sx={{
            px: 2,
            py: 1.25,
            color: "text.secondary",
            textDecoration: "none",
            fontWeight: 500,
            whiteSpace: "nowrap",
            borderBottom: 2,
            borderColor: "transparent",
            "&:hover": { color: "text.primary" },
            "&[aria-current=page]": { color: "primary.main", borderColor: "primary.main", fontWeight: 600 },
          }}
        >
          {LABELS[tab]}
        </Box>
      ))}
    </Box>
  );
}

export function TabHeading({ children }: { children: string }) {
  return (
    <Box component="h2" id="settings-tab-heading" sx={{ typography: "h6", mt: 0, mb: 2 }}>
      {children}
    </Box>
  );
}
