import type { Locator } from "@playwright/test";

/**
 * Picks up a dnd-kit draggable with the keyboard: focus, Space, then one turn of the page's
 * timers. dnd-kit announces the pick-up at once but listens for the arrow keys only from
 * its next zero-delay timer, so on a busy machine an arrow pressed right after the
 * announcement could come before that and be lost (no person types that fast).
 */
export async function pickUpByKeyboard(handle: Locator) {
  await handle.focus();
  await handle.page().keyboard.press("Space");
  await handle.page().evaluate(() => new Promise((resolve) => setTimeout(resolve)));
}
