import Box from "@mui/material/Box";
import type { ReactNode } from "react";

import { AccessTimeOutlined, ApartmentOutlined, LocationOnOutlined } from "~/components/icons/material";

/** Department, location and type of an opening, as a labelled list of small facts. */
export function JobFacts({ department, location, type }: { department: string; location: string; type: string }) {
  return (
    <Box
      component="ul"
      aria-label="Role details"
      sx={{ listStyle: "none", m: 0, p: 0, display: "flex", flexWrap: "wrap", gap: 1 }}
    >
      <Fact icon={<ApartmentOutlined />} label="Department">
        {department}
      </Fact>
      <Fact icon={<LocationOnOutlined />} label="Location">
        {location}
      </Fact>
      <Fact icon={<AccessTimeOutlined />} label="Type">
        {type}
      </Fact>
    </Box>
  );
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Box
      component="li"
      sx={{
        display: "inline-flex",
        alignItems: "center",
        gap: 0.75,
        px: 1.25,
        py: 0.5,
        borderRadius: 99,
        border: 1,
        borderColor: "divider",
        bgcolor: "background.paper",
        color: "text.secondary",
        fontSize: 14,
        fontWeight: 500,
        "& svg": { fontSize: 16, color: "primary.main" },
      }}
    >
      <Box component="span" aria-hidden sx={{ display: "inline-flex" }}>
        {icon}
      </Box>
      <Box
        component="span"
        sx={{
          position: "absolute",
          width: "1px",
          height: "1px",
          overflow: "hidden",
          clip: "rect(0 0 0 0)",
          whiteSpace: "nowrap",
        }}
      >
        {label}:{" "}
      </Box>
      <Box component="span" sx={{ color: "text.primary" }}>
        {children}
      </Box>
    </Box>
  );
}
