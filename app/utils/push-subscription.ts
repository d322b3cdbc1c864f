/**
 * This browser's side of Web Push, for the settings page's Push Notifications toggle:
 * permission, the service worker (/sw.js), the push subscription with the server's VAPID
 * public key, and telling the server (POST /app/push). Each refusal is a PushUnavailable
 * whose message the page shows beside the toggle.
 */
export class PushUnavailable extends Error {
  override name = "PushUnavailable";
}

/** Why this browser cannot receive push at all, or null when it can try. */
export function pushSupportProblem(): string | null {
  if (typeof window === "undefined") return null;
  if (!window.isSecureContext) return "Push notifications need Plotline to be opened over https.";
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    return "This browser does not support push notifications.";
  }
  if (Notification.permission === "denied") return BLOCKED;
  return null;
}

const BLOCKED = "This browser blocks notifications from Plotline: allow them in the site's settings, then try again.";

/** Asks for permission, subscribes this browser and saves the subscription on the server. */
export async function enablePush(publicKey: string) {
  const problem = pushSupportProblem();
  if (problem) throw new PushUnavailable(problem);
  const permission = await Notification.requestPermission();
  if (permission === "denied") throw new PushUnavailable(BLOCKED);
  if (permission !== "granted")
    throw new PushUnavailable("Notifications were not allowed. Turn the toggle on to ask again.");
  const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  await navigator.serviceWorker.ready;
  const key = fromBase64Url(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // Subscribed before with other server keys (they were replaced): that subscription no longer works.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  try {
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } catch (error) {
    throw new PushUnavailable(`This browser could not subscribe to push notifications (${describe(error)}).`);
  }
  const { endpoint, keys } = subscription.toJSON();
  await post({ intent: "subscribe", endpoint: endpoint ?? "", p256dh: keys?.p256dh ?? "", auth: keys?.auth ?? "" });
}

/** Unsubscribes this browser and tells the server; a browser that was never subscribed has nothing to do. */
export async function disablePush() {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration("/");
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await post({ intent: "unsubscribe", endpoint: subscription.endpoint });
  await subscription.unsubscribe();
}

async function post(fields: Record<string, string>) {
  const response = await fetch("/app/push", { method: "POST", body: new URLSearchParams(fields) });
  if (response.ok) return;
  const answer = (await response.json().catch(() => null)) as { error?: string } | null;
  throw new PushUnavailable(answer?.error ?? `The server refused the subscription (${response.status}).`);
}

function fromBase64Url(value: string) {
  const base64 = value.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function sameKey(current: ArrayBuffer | null, wanted: Uint8Array) {
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === wanted.length && bytes.every((byte, index) => byte === wanted[index]);
}

function describe(error: unknown) {
  return error instanceof Error ? error.message : String(error);
}
