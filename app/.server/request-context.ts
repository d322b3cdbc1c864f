import { createContext, RouterContextProvider } from "react-router";

/** Per-request values the server hands every loader, action and middleware. */
export const requestIdContext = createContext<string>("unknown");

export function createRequestContext(requestId: string) {
  const context = new RouterContextProvider();
  context.set(requestIdContext, requestId);
  return context;
}
