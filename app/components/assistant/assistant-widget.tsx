import type { CSSObject, Theme } from "@mui/material/styles";
import { lazy, Suspense, useRef, useState, type MouseEvent } from "react";
import { useLocation, useParams } from "react-router";

import { AutoAwesome, Close } from "~/components/icons/material";
import { useHydrated } from "~/utils/use-hydrated";
import type { AskContext } from "./use-assistant-chat";

// The panel (the conversation, its fetchers and stream) is fetched when it first opens.
const Panel = lazy(() => import("./assistant-panel"));

/**
 * The AI assistant widget (spec section 2; sizes from section 9): a round button at the
 * bottom right toggles the panel. Without JavaScript the button is a link to the assistant
 * page. The panel exists only while open, and its code is fetched then, so pages pay
 * nothing for it until it is used.
 * Its CSS, `.pl-ai-widget`, is in the theme stylesheet (app/theme/static-styles.ts): the
 * button is on every app page.
 */
export function assistantWidgetStyles(theme: Theme): CSSObject {
  const { palette } = theme.vars;
  return {
    position: "fixed",
    right: 24,
    bottom: 24,
    zIndex: theme.zIndex.speedDial,
    display: "flex",
    flexDirection: "column",
    alignItems: "flex-end",
    gap: 12,
    "& .pl-ai-fab": {
      width: 56,
      height: 56,
      borderRadius: "50%",
      display: "inline-flex",
      alignItems: "center",
      justifyContent: "center",
      background: palette.primary.main,
      color: palette.primary.contrastText,
      boxShadow: theme.shadows[6],
      border: 0,
      cursor: "pointer",
      "&:focus-visible": { outline: `3px solid ${palette.primary.light}`, outlineOffset: 2 },
    },
    "& .pl-ai-panel": {
      width: "min(420px, 90vw)",
      minWidth: "min(300px, 90vw)",
      height: "min(600px, 70vh)",
      minHeight: "min(400px, 70vh)",
      display: "flex",
      flexDirection: "column",
      background: palette.background.paper,
      color: palette.text.primary,
      border: `1px solid ${palette.divider}`,
      borderRadius: 12,
      boxShadow: theme.shadows[8],
      overflow: "hidden",
    },
    "& .pl-ai-head": {
      display: "flex",
      alignItems: "center",
      gap: 4,
      padding: "8px 8px 8px 16px",
      borderBottom: `1px solid ${palette.divider}`,
    },
    "& .pl-ai-head h2": { margin: 0, fontSize: 16, fontWeight: 600, flexGrow: 1 },
    "& .pl-ai-icon": {
      display: "inline-flex",
      padding: 6,
      borderRadius: 8,
      border: 0,
      background: "transparent",
      color: palette.text.secondary,
      cursor: "pointer",
      "&:hover": { background: palette.action.hover },
      "&:focus-visible": { outline: `2px solid ${palette.primary.main}` },
    },
    "& .pl-ai-body": { flexGrow: 1, overflowY: "auto", padding: 12 },
    "& .pl-ai-note": { fontSize: 13, color: palette.text.secondary, margin: 0 },
    "& .pl-ai-foot": { borderTop: `1px solid ${palette.divider}`, padding: 10 },
    "& .pl-ai-compose": { display: "flex", gap: 8, alignItems: "flex-end" },
    "& .pl-ai-input": {
      flexGrow: 1,
      boxSizing: "border-box",
      maxHeight: 120,
      minHeight: 38,
      resize: "none",
      padding: "8px 10px",
      borderRadius: 8,
      border: `1px solid ${palette.divider}`,
      background: palette.background.default,
      color: palette.text.primary,
      font: "inherit",
      fontSize: 14,
      "&:focus-visible": { outline: `2px solid ${palette.primary.main}`, outlineOffset: 0 },
    },
    "& .pl-ai-hint": { margin: "6px 0 0", fontSize: 12, color: palette.text.secondary },
  };
}

export function AssistantWidget() {
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  const params = useParams();
  const [open, setOpen] = useState(false);
  const fab = useRef<HTMLAnchorElement>(null);
  const context: AskContext = { projectId: params.projectId, workspaceId: params.workspaceId };
  if (pathname.startsWith("/app/assistant")) return null;

  const pageLink = context.projectId
    ? `/app/assistant?project=${context.projectId}`
    : context.workspaceId
      ? `/app/assistant?workspace=${context.workspaceId}`
      : "/app/assistant";
  const toggle = (event: MouseEvent) => {
    event.preventDefault();
    setOpen((was) => !was);
  };
  const close = () => {
    setOpen(false);
    fab.current?.focus();
  };
  // A landmark of its own: the button sits outside the page's others (axe's "region" rule
  // flags it as a link before hydration).
  return (
    <aside className="pl-ai-widget" aria-label="AI Assistant">
      {open ? (
        <Suspense fallback={null}>
          <Panel context={context} onClose={close} />
        </Suspense>
      ) : null}
      <a
        ref={fab}
        className="pl-ai-fab"
        href={pageLink}
        onClick={hydrated ? toggle : undefined}
        role={hydrated ? "button" : undefined}
        aria-expanded={hydrated ? open : undefined}
        aria-controls={open ? "assistant-panel" : undefined}
        aria-label={open ? "Close AI Assistant" : "Open AI Assistant"}
      >
        {open ? <Close /> : <AutoAwesome />}
      </a>
    </aside>
  );
}
