import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";

import { ExpandMore as ExpandMoreIcon } from "~/components/icons/material";

export type Heading = { id: string; text: string };

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string) {
  return text.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (match, code: string) => {
    if (code.startsWith("#x") || code.startsWith("#X")) return String.fromCodePoint(parseInt(code.slice(2), 16));
    if (code.startsWith("#")) return String.fromCodePoint(parseInt(code.slice(1), 10));
    return ENTITIES[code.toLowerCase()] ?? match;
  });
}

/** The h2 headings (with the ids the Markdown renderer gave them) of rendered HTML, in order. */
export function h2Headings(html: string): Heading[] {
  return [...html.matchAll(/<h2 id="([^"]+)">([\s\S]*?)<\/h2>/g)].map(([, id = "", inner = ""]) => ({
    id: decodeEntities(id),
    text: decodeEntities(inner.replace(/<[^>]+>/g, "")).trim(),
  }));
}

function HeadingLinks({ headings }: { headings: Heading[] }) {
  return (
    <Box component="ol" sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 0.25 }}>
      {headings.map((heading) => (
        <li key={heading.id}>
          <Link
            href={`#${heading.id}`}
            underline="none"
            sx={{
              display: "block",
              py: 0.75,
              pl: 1.5,
              borderLeft: 2,
              borderColor: "divider",
              color: "text.secondary",
              fontSize: 14,
              lineHeight: 1.4,
              "&:hover": { color: "primary.main", borderColor: "primary.main" },
            }}
          >
            {heading.text}
          </Link>
        </li>
      ))}
    </Box>
  );
}

/**
 * "On this page": a sticky list beside the text on wide screens, a collapsed <details>
 * above it on narrow ones (only one of the two is ever displayed).
 */
export function TableOfContents({ headings }: { headings: Heading[] }) {
  if (headings.length === 0) return null;
  return (
    <>
      <Box
        component="nav"
        aria-labelledby="toc-title"
        sx={{
          display: { xs: "none", md: "block" },
          position: "sticky",
          top: 88,
          maxHeight: "calc(100vh - 112px)",
          overflowY: "auto",
        }}
      >
        <Typography id="toc-title" variant="overline" component="p" sx={{ display: "block", fontWeight: 700, mb: 1 }}>
          On this page
        </Typography>
        <HeadingLinks headings={headings} />
      </Box>
      <Box
        component="details"
        sx={{
          display: { xs: "block", md: "none" },
          border: 1,
          borderColor: "divider",
          borderRadius: 2,
          bgcolor: "background.paper",
          "&[open] .toc-icon": { transform: "rotate(180deg)" },
          "& > summary": { listStyle: "none" },
          "& > summary::-webkit-details-marker": { display: "none" },
        }}
      >
        <Box
          component="summary"
          sx={{
            cursor: "pointer",
            px: 2,
            py: 1.5,
            display: "flex",
            alignItems: "center",
            justifyContent: "space-between",
            fontWeight: 600,
            "&:focus-visible": { outline: 2, outlineColor: "primary.main", outlineOffset: -2 },
          }}
        >
          On this page
          <ExpandMoreIcon className="toc-icon" aria-hidden sx={{ transition: "transform 150ms" }} />
        </Box>
        <Box component="nav" aria-label="On this page" sx={{ px: 2, pb: 2 }}>
          <HeadingLinks headings={headings} />
        </Box>
      </Box>
    </>
  );
}
