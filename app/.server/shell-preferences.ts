import { parse, serialize } from "cookie";

/**
 * The sidebar's open/closed choice, per browser (a cookie): a wide screen and a phone of
 * the same user may well want different ones.
 */
const SIDEBAR_COOKIE = "plotline-sidebar";

export function readSidebarOpen(request: Request) {
  return parse(request.headers.get("Cookie") ?? "")[SIDEBAR_COOKIE] !== "closed";
}

export function sidebarCookie(open: boolean, secure: boolean) {
  return serialize(SIDEBAR_COOKIE, open ? "open" : "closed", {
    path: "/",
    maxAge: 60 * 60 * 24 * 365,
    sameSite: "lax",
    httpOnly: true,
    secure,
  });
}
