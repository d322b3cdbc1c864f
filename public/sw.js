/**
 * Plotline's service worker: shows Web Push notifications (sent by the push.notification
 * job, app/.server/push/delivery.ts) and opens their link when clicked. It has no fetch
 * handler, so pages load exactly as without it. Registered from the settings page when
 * the user turns Push Notifications on (app/utils/push-subscription.ts).
 */

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  const message = readMessage(event.data);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: "/icons/notification-192.png",
      // A retried job sends the same notification again: the same tag replaces it.
      tag: message.id || undefined,
      data: { link: message.link },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const link = sameOriginLink(event.notification.data && event.notification.data.link);
  event.waitUntil(openLink(link));
});

/** The job's JSON ({ id, title, body, link }); anything else still shows something. */
function readMessage(data) {
  let parsed;
  try {
    parsed = data ? data.json() : {};
  } catch {
    parsed = { body: data ? data.text() : "" };
  }
  if (!parsed || typeof parsed !== "object") parsed = {};
  const text = (value, fallback) => (typeof value === "string" && value ? value : fallback);
  return {
    id: text(parsed.id, ""),
    title: text(parsed.title, "Plotline"),
    body: text(parsed.body, ""),
    link: sameOriginLink(parsed.link),
  };
}

/** Only this site's pages: a link elsewhere (or none) opens the notifications page. */
function sameOriginLink(link) {
  const fallback = new URL("/app/notifications", self.location.origin).href;
  if (typeof link !== "string" || !link) return fallback;
  try {
    const url = new URL(link, self.location.origin);
    return url.origin === self.location.origin ? url.href : fallback;
  } catch {
    return fallback;
  }
}

/** A tab already on the link is focused; else an open Plotline tab goes there; else a new window. */
async function openLink(link) {
  const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const there = tabs.find((tab) => tab.url === link);
  if (there) return there.focus();
  for (const tab of tabs) {
    if (new URL(tab.url).origin !== self.location.origin || !("navigate" in tab)) continue;
    try {
      const moved = await tab.navigate(link);
      if (moved) return moved.focus();
    } catch {
      // A tab this worker does not control cannot be navigated: try the next, or open one.
    }
  }
  return self.clients.openWindow(link);
}
