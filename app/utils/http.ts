import { data } from "react-router";

import type { ErrorPageContent } from "~/components/error-page";

/** A 404 with the page's own texts, rendered by the root error boundary. Throw it from a loader. */
export function notFound(page: Omit<ErrorPageContent, "status" | "detail">) {
  return data(page, { status: 404 });
}
