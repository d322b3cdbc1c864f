import type { Route } from "../../routes/app/+types/team";

/** The team page's data as the browser receives it (dates as ISO strings). */
export type TeamData = NonNullable<Route.ComponentProps["loaderData"]["team"]>;
