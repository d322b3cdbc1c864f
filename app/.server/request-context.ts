import { createContext, RouterContextProvider } from "react-router";

/** Per-request values the server hands every loader, action and middleware. */
export const requestIdContext = createContext<string>("unknown");
/** The client's address (behind a proxy on loopback, from X-Forwarded-For). */
export const clientIpContext = createContext<string | null>(null);
/** This response's Content-Security-Policy nonce (server/security-headers.ts), for inline scripts and styles. */
export const cspNonceContext = createContext<string | undefined>(undefined);
/**
 * True when the request came straight from a browser on this machine: a loopback socket,
 * a loopback Host and no sign of a proxy in between (`isDirectLocalRequest`).
 */
export const directLocalContext = createContext<boolean>(false);
/**
 * A task attachment's form, already parsed as it streamed in, its file on disk
 * (server/streamed-uploads.ts); the request's own body was read by then. Undefined otherwise.
 */
export const streamedFormContext = createContext<FormData | undefined>(undefined);

export function createRequestContext(values: {
  requestId: string;
  clientIp: string | null;
  cspNonce?: string;
  directLocal?: boolean;
  streamedForm?: FormData;
}) {
  const context = new RouterContextProvider();
  context.set(requestIdContext, values.requestId);
  context.set(clientIpContext, values.clientIp);
  context.set(cspNonceContext, values.cspNonce);
  context.set(directLocalContext, values.directLocal ?? false);
  context.set(streamedFormContext, values.streamedForm);
  return context;
}
