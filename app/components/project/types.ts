import type { Route } from "../../routes/app/+types/project";

/** The project page's loader data, as the browser receives it. */
export type ProjectPageData = Route.ComponentProps["loaderData"];
