import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import Link from "@mui/material/Link";
import TextField from "@mui/material/TextField";
import { Form } from "react-router";

import { subsectionAnchor, type DocsOutline } from "./docs-filter";

import { ExpandMore as ExpandMoreIcon, Search as SearchIcon } from "~/components/icons/material";

/** Sticky under the site header (64 px) on desktop. */
export const DOCS_STICKY_TOP = 88;

/**
 * The documentation sidebar: a search box (a GET form, so it works without JavaScript;
 * with it, the page filters as you type) and the sections, each a <details> that starts
 * open and collapses by click or keyboard. `selected` is the anchor to highlight.
 */
export function DocsSidebar({
  sections,
  query,
  onQueryChange,
  selected,
}: {
  sections: DocsOutline[];
  query: string;
  onQueryChange: (query: string) => void;
  selected: string | undefined;
}) {
  const filterKey = query.trim().toLocaleLowerCase("en");
  return (
    <Box
      sx={{
        alignSelf: "start",
        position: { md: "sticky" },
        top: { md: DOCS_STICKY_TOP },
        maxHeight: { md: `calc(100vh - ${DOCS_STICKY_TOP + 16}px)` },
        overflowY: { md: "auto" },
        pb: { md: 2 },
      }}
    >
      <Form method="get" role="search" preventScrollReset>
        <TextField
          id="docs-search"
          name="q"
          type="search"
          size="small"
          label="Search documentation"
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
          autoComplete="off"
          slotProps={{
            htmlInput: { maxLength: 100 },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton type="submit" edge="end" size="small" aria-label="Search">
                    <SearchIcon fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
          sx={{ mt: { md: 0.5 } }}
        />
      </Form>
      <Box component="nav" aria-label="Documentation" sx={{ mt: 2 }}>
        {sections.map((section) => (
          <Box
            component="details"
            // A new search starts with every matching section open again.
            key={`${section.id}:${filterKey}`}
            open
            sx={{
              mb: 0.5,
              "&[open] > summary .docs-toggle": { transform: "rotate(180deg)" },
              "& > summary": { listStyle: "none" },
              "& > summary::-webkit-details-marker": { display: "none" },
            }}
          >
            <Box
              component="summary"
              sx={{
                display: "flex",
                alignItems: "center",
                gap: 1,
                px: 1.5,
                py: 0.75,
                borderRadius: 1.5,
                cursor: "pointer",
                fontWeight: 650,
                fontSize: "0.9375rem",
                color: "text.primary",
                "&:hover": { bgcolor: "action.hover" },
                "&:focus-visible": { outline: 2, outlineColor: "primary.main", outlineOffset: -2 },
              }}
            >
              <Box component="span" sx={{ flexGrow: 1 }}>
                {section.title}
              </Box>
              <ExpandMoreIcon
                className="docs-toggle"
                fontSize="small"
                aria-hidden
                sx={{ color: "text.secondary", transition: "transform 150ms" }}
              />
            </Box>
            <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0, pl: 1.5, pb: 1 }}>
              {section.subsections.map((subsection) => {
                const anchor = subsectionAnchor(section.id, subsection.id);
                const current = anchor === selected;
                return (
                  <li key={subsection.id}>
                    <Link
                      href={`#${anchor}`}
                      underline="none"
                      aria-current={current ? "location" : undefined}
                      sx={{
                        display: "block",
                        px: 1.5,
                        py: 0.5,
                        borderLeft: 2,
                        borderColor: current ? "primary.main" : "divider",
                        color: current ? "primary.main" : "text.secondary",
                        fontWeight: current ? 600 : 400,
                        fontSize: "0.9375rem",
                        bgcolor: current ? "action.hover" : "transparent",
                        borderTopRightRadius: 6,
                        borderBottomRightRadius: 6,
                        "&:hover": { color: "text.primary", bgcolor: "action.hover" },
                        "&:focus-visible": { outline: 2, outlineColor: "primary.main", outlineOffset: -2 },
                      }}
                    >
                      {subsection.title}
                    </Link>
                  </li>
                );
              })}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
