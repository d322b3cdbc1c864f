/**
 * A channel's URL is its receiver's credential (Slack, Discord and Teams put the token in
 * the path), so it is shown and logged masked: the origin and the path's last 4 characters.
 */
export function maskedUrl(raw: string) {
  if (!URL.canParse(raw)) return "(invalid URL)";
  const url = new URL(raw);
  const path = url.pathname.replace(/\/+$/, "");
  return path.length > 1 ? `${url.origin}/…${path.slice(-4)}` : url.origin;
}
