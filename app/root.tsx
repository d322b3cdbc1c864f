// First: zod reads its configuration as each schema is made (app/utils/zod-config.ts).
import "~/utils/zod-config";
import { CacheProvider } from "@emotion/react";
import { ThemeProvider as MuiThemeProvider } from "@mui/material/styles";
import { useEffect, type ReactNode } from "react";
import { data, isRouteErrorResponse, Links, Meta, Outlet, useRouteLoaderData } from "react-router";
import { PreventFlashOnWrongTheme, Theme, ThemeProvider, useTheme } from "remix-themes";
import { HoneypotProvider } from "remix-utils/honeypot/react";

import { globalStylesheet } from "~/.server/theme/global-stylesheet";
import { readSystemThemeHint, readThemePreference } from "~/.server/theme/theme-cookie";
import { env } from "~/.server/env";
import { honeypotInputProps } from "~/.server/public-forms/honeypot";
import { readToast } from "~/.server/toast";
import { authMiddleware, optionalUser, SESSION_ENDED_TOAST, sessionEnded } from "~/.server/auth/session";
import { checkRequestBody } from "~/.server/http/form-body";
import { dateViewerOf } from "~/.server/http/viewer";
import { DateViewerProvider } from "~/components/date-text";
import {
  DocumentScripts,
  HydrateOnInteractionLoader,
  useHydratesOnInteraction,
} from "~/components/document/document-scripts";
import { toSessionUser } from "~/utils/session-user";
import { ErrorPage, type ErrorPageContent } from "~/components/error-page";
import { Toaster } from "~/components/toaster";
import { createEmotionCache } from "~/theme/emotion-cache";
import { documentNonce, useNonce } from "~/utils/nonce";
import { DEFAULT_THEME, THEME_STORAGE_KEY } from "~/theme/preference";
import { theme as muiTheme } from "~/theme/theme";
import type { Route } from "./+types/root";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export const middleware: Route.MiddlewareFunction[] = [checkRequestBody, authMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { toast, clear } = await readToast(request);
  const user = await optionalUser(context);
  const ended = sessionEnded(context) ? SESSION_ENDED_TOAST : null;
  return data(
    {
      theme: readThemePreference(request),
      systemTheme: readSystemThemeHint(request),
      themeStylesheet: globalStylesheet().href,
      toast: toast ?? ended,
      user: user ? toSessionUser(user) : null,
      // Canonical URLs and share tags use the configured public URL, not the request's host.
      origin: env().appUrl,
      // The public forms' spam trap: field names and the encrypted time the page was rendered.
      honeypot: await honeypotInputProps(),
      // The viewer's locale, zone, today and now: dates render from these on the server and
      // again in the browser, so both write the same text (components/date-text.tsx).
      dates: dateViewerOf(request),
    },
    clear ? { headers: { "Set-Cookie": clear } } : undefined,
  );
}

// The browser keeps one emotion cache for the page's life; the server makes one per request.
const clientEmotionCache = typeof document === "undefined" ? null : createEmotionCache(documentNonce());

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const preference = data?.theme ?? DEFAULT_THEME;
  const specifiedTheme = preference === "system" ? null : preference === "dark" ? Theme.DARK : Theme.LIGHT;
  const page = (
    // No disableTransitionOnThemeChange: its unnonced <style> broke the CSP; the switches
    // wrap setTheme in withoutTransitions (app/theme/switch-theme.ts) instead.
    <ThemeProvider specifiedTheme={specifiedTheme} themeAction="/action/set-theme">
      <HoneypotProvider {...data?.honeypot}>
        <Document
          ssrTheme={preference !== "system"}
          systemTheme={data?.systemTheme}
          stylesheet={data?.themeStylesheet ?? "/theme.css"}
        >
          {children}
        </Document>
      </HoneypotProvider>
    </ThemeProvider>
  );
  return clientEmotionCache ? <CacheProvider value={clientEmotionCache}>{page}</CacheProvider> : page;
}

type DocumentProps = {
  children: ReactNode;
  ssrTheme: boolean;
  systemTheme?: "light" | "dark";
  /** The theme's variables and baseline, made once per process (app/.server/theme/global-stylesheet.tsx). */
  stylesheet: string;
};

function Document({ children, ssrTheme, systemTheme, stylesheet }: DocumentProps) {
  const [theme, , { definedBy }] = useTheme();
  const nonce = useNonce();
  const deferred = useHydratesOnInteraction();
  useEffect(() => {
    // Says the page is live (the end-to-end tests wait for it on pages hydrated on interaction).
    document.documentElement.dataset.hydrated = "";
  }, []);
  useEffect(() => {
    // Mirror the choice under the spec's key, as the prototype kept it.
    window.localStorage.setItem(THEME_STORAGE_KEY, definedBy === "SYSTEM" ? "system" : (theme ?? "light"));
  }, [theme, definedBy]);

  return (
    // With "system" the server knows the scheme only from the browser's client hint; where
    // there is none, remix-themes' inline script sets the class before first paint.
    <html lang="en" className={theme ?? systemTheme} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {deferred && <HydrateOnInteractionLoader nonce={nonce} />}
        <PreventFlashOnWrongTheme ssrTheme={ssrTheme} nonce={nonce} />
        <link rel="stylesheet" href={stylesheet} />
        <Meta />
        <Links />
      </head>
      <body>
        {/* MUI reads the class on <html>; remix-themes owns it, so MUI keeps no storage of its own.
            Its variables and baseline are the stylesheet linked above, not rendered per page. */}
        <MuiThemeProvider theme={muiTheme} storageManager={null} colorSchemeNode={null} disableStyleSheetGeneration>
          {children}
        </MuiThemeProvider>
        <DocumentScripts deferred={deferred} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <DateViewerProvider viewer={loaderData.dates} revalidate={loaderData.user !== null}>
      <Outlet />
      <Toaster toast={loaderData.toast} />
    </DateViewerProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage {...describeError(error)} />;
}

function describeError(error: unknown): ErrorPageContent {
  if (isRouteErrorResponse(error)) {
    const custom = error.data as Partial<ErrorPageContent> | undefined;
    if (error.status === 404) {
      return {
        status: 404,
        title: custom?.title ?? "Page Not Found",
        message: custom?.message ?? "The page you're looking for doesn't exist or has been moved.",
        backTo: custom?.backTo ?? "/",
        backLabel: custom?.backLabel ?? "Back to home",
      };
    }
    return {
      status: error.status,
      title: custom?.title ?? (error.status === 403 ? "Access Denied" : "Request Failed"),
      message: custom?.message ?? (typeof error.data === "string" ? error.data : error.statusText),
      backTo: custom?.backTo ?? "/",
      backLabel: custom?.backLabel ?? "Back to home",
    };
  }
  return {
    status: 500,
    title: "Something Went Wrong",
    message: "An unexpected error occurred on our side. Please try again in a moment.",
    backTo: "/",
    backLabel: "Back to home",
    // Details only in development: users in production never see a stack trace.
    detail: import.meta.env.DEV && error instanceof Error ? error.stack : undefined,
  };
}
