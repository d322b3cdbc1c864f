import { CLIENT_ID_HEADER } from "./realtime";

/**
 * This tab's id: sent with every request the app's scripts make, handed back in the
 * real-time events those requests cause, so the tab can skip its own echo.
 */
export const CLIENT_ID = typeof window === "undefined" ? "" : crypto.randomUUID();

/** Adds the header to same-origin fetches (React Router's form and fetcher submissions among them). */
export function sendClientIdWithRequests() {
  const original = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    if (url.origin !== window.location.origin) return original(input, init);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    headers.set(CLIENT_ID_HEADER, CLIENT_ID);
    return original(input, { ...init, headers });
  };
}
