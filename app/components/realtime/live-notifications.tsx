import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

import { showToast } from "~/utils/client-toast";
import { DEFAULT_TOAST_DURATION } from "~/utils/toast";
import { useRealtime } from "./realtime-provider";

/**
 * A new notification, live: a toast with its title (the Toaster shows one at a time, 5000
 * ms) and a reload of the page's data, so the bell's unread count, its menu and the
 * Notifications page show it without a refresh. A burst reloads once.
 */
export function LiveNotifications({ delayMs = 150 }: { delayMs?: number }) {
  const revalidator = useRevalidator();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useRealtime((message) => {
    if (message.event !== "notification") return;
    showToast({ title: message.data.title, variant: "info", duration: DEFAULT_TOAST_DURATION });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void revalidator.revalidate(), delayMs);
  });
  return null;
}
