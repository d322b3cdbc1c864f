import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * An axe scan of `page` that collects only the violations, all the specs read: passes and
 * the rest are not gathered node by node (a fifth of a scan's time on a large page).
 */
export function axeScan(page: Page) {
  return new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
}
