import { useHydrated } from "~/utils/use-hydrated";

/**
 * The viewer's time zone reaches the server two ways (docs/decisions/017): the root's
 * script (components/date-text.tsx) writes the browser's zone to the `plotline-tz` cookie
 * and loads the page again once when it changed; loaders read it to
 * lay out the grid and write times, and forms carry it in a hidden `timeZone` field. Without
 * JavaScript the server uses the cookie's last zone, or UTC.
 */
export function browserTimeZone() {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * The zone a form's times are typed in: the browser's once the script runs (unless `fixed`,
 * an edit keeps the event's own zone), the server's guess before.
 */
export function TimeZoneField({ serverZone, fixed }: { serverZone: string; fixed?: boolean }) {
  const hydrated = useHydrated();
  const zone = !fixed && hydrated ? (browserTimeZone() ?? serverZone) : serverZone;
  return <input type="hidden" name="timeZone" value={zone} />;
}

/** The zone shown beside the times ("Times are in Europe/Paris"). */
export function useFormTimeZone(serverZone: string, fixed?: boolean) {
  const hydrated = useHydrated();
  return !fixed && hydrated ? (browserTimeZone() ?? serverZone) : serverZone;
}
