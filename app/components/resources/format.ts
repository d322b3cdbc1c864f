const LONG_DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

/** A content date (YYYY-MM-DD) as "March 11, 2025", the same on the server and in the browser. */
export function formatDate(isoDate: string) {
  return LONG_DATE.format(new Date(`${isoDate}T00:00:00Z`));
}
