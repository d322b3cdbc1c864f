import { createCookie, redirect } from "react-router";
import { z } from "zod";

import type { Toast } from "~/utils/toast";
import { secrets } from "./secrets";

/**
 * Toasts survive a redirect in a signed one-time cookie: the action sets it, the root
 * loader of the next page reads and clears it.
 */
const toastSchema = z.object({
  title: z.string(),
  description: z.string().optional(),
  variant: z.enum(["success", "error", "info"]),
  duration: z.number().int().positive().optional(),
});

function toastCookie() {
  return createCookie("plotline-toast", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secrets: [secrets().sessionSecret],
  });
}

export async function toastHeader(toast: Toast, request: Request) {
  const secure = new URL(request.url).protocol === "https:";
  return toastCookie().serialize(toast, { secure, maxAge: 60 });
}

export async function redirectWithToast(url: string, toast: Toast, request: Request, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await toastHeader(toast, request));
  return redirect(url, { ...init, headers });
}

/** The pending toast, if any, and the header that clears it. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; clear: string | null }> {
  const cookie = toastCookie();
  const value = await cookie.parse(request.headers.get("Cookie"));
  if (value === null || value === undefined) return { toast: null, clear: null };
  const parsed = toastSchema.safeParse(value);
  return { toast: parsed.success ? parsed.data : null, clear: await cookie.serialize("", { maxAge: 0 }) };
}
