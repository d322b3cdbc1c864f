import { randomBytes } from "node:crypto";

import type { RequestHandler } from "express";

/**
 * Security headers on every answer. The Content-Security-Policy allows scripts and style
 * elements only from this origin or with this response's nonce: React Router's hydration
 * scripts, remix-themes' theme script and emotion's style tags all carry it (entry.server.tsx,
 * root.tsx). Style attributes stay allowed (MUI and React set them; they cannot run code).
 * The page may not be framed, types are not sniffed, other sites get no referrer, and with
 * an https APP_URL browsers are told to stay on https.
 */
export type SecurityOptions = { appUrl: string; development: boolean };

export function createNonce() {
  return randomBytes(16).toString("base64");
}

export function contentSecurityPolicy(nonce: string, options: Pick<SecurityOptions, "development">) {
  // Vite's development client injects style tags and talks over a WebSocket.
  const scripts = options.development ? "'self' 'unsafe-inline'" : `'self' 'nonce-${nonce}'`;
  const styleElements = options.development ? "'self' 'unsafe-inline'" : `'self' 'nonce-${nonce}'`;
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    `style-src ${styleElements}`,
    `style-src-elem ${styleElements}`,
    "style-src-attr 'unsafe-inline'",
    // Profile pictures from Google and GitHub sign-ins live on their servers.
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    // The office map on /company/contact.
    "frame-src https://www.openstreetmap.org",
    `connect-src 'self'${options.development ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function securityHeaders(options: () => SecurityOptions): RequestHandler {
  return (_req, res, next) => {
    const { appUrl, development } = options();
    // Development's policy allows inline code without one; a nonce there would only differ
    // between server and browser on React Router's development-only stylesheet link.
    const nonce = development ? "" : createNonce();
    if (nonce) res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, { development }));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "same-origin");
    if (appUrl.startsWith("https:")) res.setHeader("Strict-Transport-Security", "max-age=31536000");
    next();
  };
}
