import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";

import { ExpandMore as ExpandMoreIcon } from "~/components/icons/material";

/**
 * Questions as <details> sharing one `name`: the browser keeps one open at a time, each
 * opens and closes with Enter or Space, and everything works without JavaScript.
 */
export function Faq({ items, name }: { items: { question: string; answer: string }[]; name: string }) {
  return (
    <Box sx={{ border: 1, borderColor: "divider", borderRadius: 3, bgcolor: "background.paper", overflow: "hidden" }}>
      {items.map((item, index) => (
        <Box
          key={item.question}
          component="details"
          name={name}
          sx={{
            borderTop: index === 0 ? 0 : 1,
            borderColor: "divider",
            "&[open] .faq-icon": { transform: "rotate(180deg)" },
            "& > summary": { listStyle: "none" },
            "& > summary::-webkit-details-marker": { display: "none" },
          }}
        >
          <Box
            component="summary"
            sx={{
              cursor: "pointer",
              px: 3,
              py: 2,
              display: "flex",
              alignItems: "center",
              gap: 2,
              fontWeight: 600,
              "&:hover": { bgcolor: "action.hover" },
              "&:focus-visible": { outline: 2, outlineColor: "primary.main", outlineOffset: -2 },
            }}
          >
            <Box component="span" sx={{ flexGrow: 1 }}>
              {item.question}
            </Box>
            <ExpandMoreIcon className="faq-icon" sx={{ transition: "transform 150ms" }} aria-hidden />
          </Box>
          <Typography color="textSecondary" sx={{ px: 3, pb: 2.5 }}>
            {item.answer}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
