import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the document being rendered (server/security-headers.ts).
 * entry.server.tsx provides it. In the browser `documentNonce()` reads it back from a script
 * (its attribute is hidden once parsed) for emotion's client cache, so the style tags it adds
 * are allowed too, and for elements React first mounts there (`useNonce`).
 */
export const NonceContext = createContext<string | undefined>(undefined);

/**
 * The nonce for an element React renders: the server's, or in the browser this document's,
 * for what mounts there first (the honeypot's <style> in a dialog opened on demand).
 */
export const useNonce = () => useContext(NonceContext) ?? documentNonce();

/** In the browser: the nonce the server gave this document's scripts. */
export function documentNonce(): string | undefined {
  if (typeof document === "undefined") return undefined;
  const script = document.querySelector<HTMLScriptElement>("script[nonce]");
  return script?.nonce || undefined;
}
