import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

import { useHydrated } from "~/utils/use-hydrated";
import { TIME_ZONE_COOKIE } from "~/utils/time-zones";

/**
 * The viewer's time zone reaches the server two ways (docs/decisions/017): the calendar's
 * script writes the browser's zone to the `plotline-tz` cookie, which later loaders read to
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
 * Once hydrated: when the zone the page was drawn in is not the browser's, remember the
 * browser's in the cookie and load the page again (once) so its days and times are the viewer's.
 */
export function useViewerTimeZone(serverZone: string) {
  const revalidator = useRevalidator();
  const done = useRef(false);
  useEffect(() => {
    const zone = browserTimeZone();
    if (!zone || zone === serverZone || done.current) return;
    done.current = true;
    document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
    void revalidator.revalidate();
  }, [serverZone, revalidator]);
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
