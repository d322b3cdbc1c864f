import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * An axe scan of `page` that collects only the violations, all the specs read: passes and
 * the rest are not gathered node by node (a fifth of a scan's time on a large page). The
 * scan waits for running transitions to end first: a dialog still fading in has colours
 * between its backdrop's and its own, which axe reports as poor contrast. Animations that
 * have not started yet (still in their delay) are not waited for.
 */
export function axeScan(page: Page) {
  return new SettledAxeBuilder(page).options({ resultTypes: ["violations"] });
}

class SettledAxeBuilder extends AxeBuilder {
  readonly #scanned: Page;

  constructor(page: Page) {
    super({ page });
    this.#scanned = page;
  }

  override async analyze() {
    await this.#scanned.waitForFunction(() =>
      document.getAnimations().every((animation) => {
        if (animation.playState !== "running") return true;
        const timing = animation.effect?.getComputedTiming();
        // An endless one never settles; one still in its delay has not begun to change
        // anything (a toast's leaving, seconds away: waiting for it cost 5 s a scan).
        return timing?.iterations === Infinity || timing?.progress === null;
      }),
    );
    return super.analyze();
  }
}
