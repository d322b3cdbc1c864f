import { useSyncExternalStore } from "react";

const subscribeNothing = () => () => {};

/** False on the server and during hydration, true once the page's script runs. */
export function useHydrated() {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}
