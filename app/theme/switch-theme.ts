/**
 * Switches the colour scheme without its transitions (every button and card would fade
 * between the two palettes): an attribute on <html> that the theme stylesheet answers with
 * `transition: none` (static-styles.ts), removed once the new colours are painted.
 *
 * remix-themes' own `disableTransitionOnThemeChange` does this by inserting a <style>
 * element, which carries no nonce, so the Content-Security-Policy refused it and the console
 * logged violations at each switch. An attribute is not React's (it owns the class), so a
 * render in between does not drop it.
 */
export const THEME_SWITCHING_ATTRIBUTE = "data-theme-switching";

export function withoutTransitions(change: () => void) {
  if (typeof document === "undefined") return change();
  const root = document.documentElement;
  root.setAttribute(THEME_SWITCHING_ATTRIBUTE, "");
  change();
  setTimeout(() => {
    // Reading a computed style makes the browser apply the new colours before the transitions return.
    void window.getComputedStyle(root).color;
    root.removeAttribute(THEME_SWITCHING_ATTRIBUTE);
  }, 100);
}
