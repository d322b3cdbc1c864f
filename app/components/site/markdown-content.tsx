import Box from "@mui/material/Box";
import { useEffect, useRef } from "react";

const COPIED_FOR_MS = 2000;

/**
 * Sanitized HTML from the server's Markdown renderer, styled for reading. With JavaScript,
 * each code block gets a Copy button whose check mark shows for 2 seconds.
 */
export function MarkdownContent({ html, copyButtons = true }: { html: string; copyButtons?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!copyButtons || !ref.current) return;
    const cleanups: (() => void)[] = [];
    for (const pre of ref.current.querySelectorAll("pre")) {
      if (pre.querySelector("button")) continue;
      const button = document.createElement("button");
      button.type = "button";
      button.className = "copy-code";
      button.textContent = "Copy";
      button.setAttribute("aria-label", "Copy code");
      let timer: ReturnType<typeof setTimeout> | undefined;
      button.addEventListener("click", async () => {
        await navigator.clipboard.writeText(pre.querySelector("code")?.textContent ?? pre.textContent ?? "");
        button.textContent = "✓ Copied";
        button.setAttribute("aria-label", "Copied");
        clearTimeout(timer);
        timer = setTimeout(() => {
          button.textContent = "Copy";
          button.setAttribute("aria-label", "Copy code");
        }, COPIED_FOR_MS);
      });
      pre.appendChild(button);
      cleanups.push(() => {
        clearTimeout(timer);
        button.remove();
      });
    }
    return () => cleanups.forEach((cleanup) => cleanup());
  }, [html, copyButtons]);

  return (
    <Box
      ref={ref}
      className="markdown"
      dangerouslySetInnerHTML={{ __html: html }}
      sx={{
        fontSize: "1.0625rem",
        lineHeight: 1.75,
        color: "text.primary",
        overflowWrap: "anywhere",
        "& h2": { fontSize: "1.625rem", fontWeight: 700, mt: 5, mb: 2, lineHeight: 1.3 },
        "& h3": { fontSize: "1.25rem", fontWeight: 650, mt: 4, mb: 1.5 },
        "& h4": { fontSize: "1.0625rem", fontWeight: 650, mt: 3, mb: 1 },
        "& p, & ul, & ol": { mt: 0, mb: 2 },
        "& li": { mb: 0.5 },
        "& a": { color: "primary.main" },
        "& blockquote": { m: 0, mb: 2, pl: 2, borderLeft: 3, borderColor: "divider", color: "text.secondary" },
        "& code": {
          fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
          fontSize: "0.875em",
          bgcolor: "action.hover",
          px: 0.5,
          py: 0.25,
          borderRadius: 1,
        },
        "& pre": {
          position: "relative",
          bgcolor: "#0F172A",
          color: "#E2E8F0",
          p: 2,
          pr: 10,
          borderRadius: 2,
          overflowX: "auto",
          mb: 2,
          "& code": { bgcolor: "transparent", p: 0, color: "inherit", fontSize: "0.875rem" },
        },
        "& .copy-code": {
          position: "absolute",
          top: 8,
          right: 8,
          font: "inherit",
          fontSize: 12,
          color: "#E2E8F0",
          bgcolor: "rgba(255,255,255,0.08)",
          border: "1px solid rgba(255,255,255,0.2)",
          borderRadius: 1,
          px: 1,
          py: 0.5,
          cursor: "pointer",
        },
        "& table": { borderCollapse: "collapse", width: "100%", mb: 2, display: "block", overflowX: "auto" },
        "& th, & td": { border: 1, borderColor: "divider", px: 1.5, py: 1, textAlign: "left", verticalAlign: "top" },
        "& img": { maxWidth: "100%" },
        "& hr": { border: 0, borderTop: 1, borderColor: "divider", my: 4 },
      }}
    />
  );
}
