/**
 * Axe (WCAG 2.2 AA) on a page as it stands: no violation. Run in the JavaScript project only: with JavaScript off
 * the same HTML is checked by the same test's JavaScript run.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export async function expectAxeClean(page: Page, js: boolean) {
  if (!js) return;
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}
