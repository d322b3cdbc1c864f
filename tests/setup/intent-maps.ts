import type { IntentMap } from "~/.server/http/intents";

/**
 * Every route's intent map (`app/routes/**\/<route>-intents.server.ts`), by the route file it
 * serves: what the authorization sweep and the action fuzz post, found rather than listed,
 * so a new intent is covered without editing a test.
 */
const modules = import.meta.glob<Record<string, unknown>>("../../app/routes/**/*-intents.server.ts", { eager: true });

function isIntentMap(value: unknown): value is IntentMap {
  return (
    typeof value === "object" &&
    value !== null &&
    Object.values(value).every((entry) => typeof entry === "object" && entry !== null && "parse" in entry)
  );
}

/** `routes/app/project.tsx` → its map. */
export const INTENT_MAPS: Record<string, IntentMap> = Object.fromEntries(
  Object.entries(modules).flatMap(([file, exports]) => {
    const route = file.replace("../../app/", "").replace(/-intents\.server\.ts$/, "");
    return Object.values(exports)
      .filter(isIntentMap)
      .map((map) => [route, map] as const);
  }),
);

/** The intents of a route (by its file without extension, e.g. `routes/app/task`). */
export function intentsOf(route: string): string[] {
  const map = INTENT_MAPS[route];
  if (!map) throw new Error(`No intent map for ${route}`);
  return Object.keys(map);
}
