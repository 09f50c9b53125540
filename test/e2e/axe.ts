// axe-core inside the page: the critical and serious violations of a screen
// at a desktop and a phone width, in the light and the dark theme. Used by
// the accessibility sweep and by flows that check their own screens.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const AXE = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');
export const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
] as const;
export const THEMES = ['light', 'dark'] as const;
// Page-side scripts as source text: tsx would wrap named inner functions in a helper the page lacks.
const RUN_AXE = `(async (scope) => {
  const context = scope ? { include: [...document.querySelectorAll(scope)] } : document;
  const result = await axe.run(context, { resultTypes: ['violations'], iframes: false });
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 3).map((n) => JSON.stringify(n.target) + ' ' + (n.failureSummary || '').split('\\n').slice(1, 2).join('').trim()).join(' | '));
})`;

/** Every critical or serious violation of the screen the page shows, at both widths in both themes. */
export async function violations(page: Page, screen: string, scope = ''): Promise<string[]> {
  const found: string[] = [];
  if (!(await page.evaluate('typeof axe !== "undefined"'))) await page.evaluate(AXE);
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme });
      await page.evaluate((value) => {
        if (document.documentElement.hasAttribute('data-theme')) document.documentElement.dataset.theme = value;
      }, theme);
      // Colours change with a transition: let it end before measuring.
      await page.waitForTimeout(400);
      for (const violation of (await page.evaluate(`${RUN_AXE}(${JSON.stringify(scope)})`)) as string[])
        found.push(`${screen} ${size.width}px ${theme}: ${violation}`);
    }
  }
  await page.setViewportSize(WIDTHS[0]);
  return found;
}
