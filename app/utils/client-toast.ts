import type { Toast } from "./toast";

/**
 * Toasts raised in the browser (a live notification), next to the ones the root loader
 * hands over after a redirect. The Toaster shows whichever came last, one at a time.
 */
type Listener = (toast: Toast) => void;
const listeners = new Set<Listener>();

export function showToast(toast: Toast) {
  for (const listener of listeners) listener(toast);
}

export function onToast(listener: Listener) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
