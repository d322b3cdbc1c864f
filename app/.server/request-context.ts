import { createContext, RouterContextProvider } from "react-router";

/** Per-request values the server hands every loader, action and middleware. */
export const requestIdContext = createContext<string>("unknown");
/** The client's address (behind a proxy on loopback, from X-Forwarded-For). */
export const clientIpContext = createContext<string | null>(null);

export function createRequestContext(values: { requestId: string; clientIp: string | null }) {
  const context = new RouterContextProvider();
  context.set(requestIdContext, values.requestId);
  context.set(clientIpContext, values.clientIp);
  return context;
}
