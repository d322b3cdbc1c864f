import { useEffect, useRef } from "react";
import { useLocation, useNavigation } from "react-router";

/**
 * Empties a form after its post succeeded. A successful public form redirects back to the
 * same page, so the route (and the form in it) stays mounted with what was typed; a post
 * that failed comes back with a result (field messages), which must stay on screen.
 */
export function useResetOnSuccess(reset: () => void, lastResult: unknown) {
  const navigation = useNavigation();
  const location = useLocation();
  const posted = useRef(false);
  useEffect(() => {
    if (navigation.state === "submitting") {
      const target = new URL(navigation.formAction ?? "", window.location.href).pathname;
      posted.current = navigation.formMethod?.toUpperCase() === "POST" && target === location.pathname;
    } else if (navigation.state === "idle" && posted.current) {
      posted.current = false;
      if (!lastResult) reset();
    }
  }, [navigation.state, navigation.formAction, navigation.formMethod, location.pathname, lastResult, reset]);
}
