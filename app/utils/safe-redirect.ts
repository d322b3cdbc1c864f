/**
 * A same-origin path to redirect to, or the fallback. Refuses absolute URLs,
 * protocol-relative `//host` and backslash tricks, so no redirect ever leaves the site.
 */
export function safeRedirectPath(target: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//")) return fallback;
  if (target.includes("\\") || [...target].some((char) => char.charCodeAt(0) < 0x20)) return fallback;
  return target;
}
