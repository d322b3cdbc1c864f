import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";

import { OpenInNew, PlaceOutlined } from "~/components/icons/material";

/** Half the map's width and height around the marker, in degrees. */
const SPAN_LON = 0.02;
const SPAN_LAT = 0.015;

const fixed = (value: number) => value.toFixed(4);

/** OpenStreetMap's embeddable map centred on a point, with a marker on it. */
export function openStreetMapEmbedUrl(lat: number, lon: number) {
  const bbox = [lon - SPAN_LON, lat - SPAN_LAT, lon + SPAN_LON, lat + SPAN_LAT].map(fixed).join(",");
  return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${fixed(lat)},${fixed(lon)}`;
}

export function openStreetMapUrl(lat: number, lon: number) {
  return `https://www.openstreetmap.org/?mlat=${fixed(lat)}&mlon=${fixed(lon)}#map=14/${fixed(lat)}/${fixed(lon)}`;
}

/**
 * The office on a map. The frame loads lazily, sends no referrer and sits in a box of its
 * own size, so the page keeps its layout while (or if) the map service does not answer;
 * the plain link below works everywhere.
 */
export function OfficeMap({ lat, lon, place }: { lat: number; lon: number; place: string }) {
  return (
    <Box>
      <Box
        className="office-map"
        sx={{
          position: "relative",
          aspectRatio: "16 / 10",
          borderRadius: 2,
          overflow: "hidden",
          border: 1,
          borderColor: "divider",
          bgcolor: "action.hover",
        }}
      >
        {/* Seen while the map loads, or if the map service cannot be reached. */}
        <Box
          aria-hidden
          sx={{
            position: "absolute",
            inset: 0,
            display: "grid",
            placeContent: "center",
            justifyItems: "center",
            gap: 1,
            color: "text.secondary",
          }}
        >
          <PlaceOutlined sx={{ fontSize: 32, color: "primary.main" }} />
          <Typography variant="body2">{place}</Typography>
        </Box>
        <Box
          component="iframe"
          title={`Map of our headquarters in ${place}`}
          src={openStreetMapEmbedUrl(lat, lon)}
          loading="lazy"
          referrerPolicy="no-referrer"
          sx={{ position: "absolute", inset: 0, width: "100%", height: "100%", border: 0 }}
        />
      </Box>
      <Link
        href={openStreetMapUrl(lat, lon)}
        rel="noreferrer"
        sx={{ display: "inline-flex", alignItems: "center", gap: 0.5, mt: 1.5, fontWeight: 600 }}
      >
        View larger map
        <OpenInNew sx={{ fontSize: 16 }} aria-hidden />
      </Link>
    </Box>
  );
}
