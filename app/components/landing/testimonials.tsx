import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";

import type { Testimonial } from "./types";

import { FormatQuote as FormatQuoteIcon } from "~/components/icons/material";

/** Customer quotes as figures (quote + caption), three across on wide screens. */
export function Testimonials({ testimonials }: { testimonials: Testimonial[] }) {
  return (
    <Box
      sx={{
        display: "grid",
        gap: 3,
        gridTemplateColumns: { xs: "1fr", md: "repeat(3, minmax(0, 1fr))" },
      }}
    >
      {testimonials.map((testimonial) => (
        <Box
          component="figure"
          key={testimonial.name}
          sx={{
            m: 0,
            p: { xs: 3, md: 4 },
            display: "flex",
            flexDirection: "column",
            gap: 3,
            border: 1,
            borderColor: "divider",
            borderRadius: "12px",
            bgcolor: "background.paper",
          }}
        >
          <FormatQuoteIcon
            aria-hidden
            sx={{ color: "primary.main", fontSize: 32, transform: "rotate(180deg)", mb: -1 }}
          />
          <Box component="blockquote" sx={{ m: 0, flexGrow: 1 }}>
            <Typography sx={{ color: "text.primary", lineHeight: 1.7 }}>{testimonial.quote}</Typography>
          </Box>
          <Box component="figcaption" sx={{ display: "flex", alignItems: "center", gap: 2 }}>
            <Box
              component="img"
              src={testimonial.image}
              alt=""
              width={48}
              height={48}
              loading="lazy"
              sx={{ display: "block", width: 48, height: 48, borderRadius: "50%", flexShrink: 0 }}
            />
            <Box sx={{ minWidth: 0 }}>
              <Typography component="span" sx={{ display: "block", fontWeight: 700, color: "text.primary" }}>
                {testimonial.name}
              </Typography>
              <Typography component="span" variant="body2" color="textSecondary" sx={{ display: "block" }}>
                {testimonial.title}, {testimonial.company}
              </Typography>
            </Box>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
