import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the document being rendered (server/security-headers.ts).
 * entry.server.tsx provides it; the browser never needs it in React (its value is hidden from
 * the DOM once parsed), except for emotion's client cache, which reads it back with
 * `documentNonce()` so the style tags it adds are allowed too.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);

/** In the browser: the nonce the server gave this document's scripts. */
export function documentNonce(): string | undefined {
  if (typeof document === "undefined") return undefined;
  const script = document.querySelector<HTMLScriptElement>("script[nonce]");
  return script?.nonce || undefined;
}
