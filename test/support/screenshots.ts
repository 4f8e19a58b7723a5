import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';

/**
 * The README's screenshots: the stories (test/story/*Story.test.ts) show the pages a merchant and
 * an admin work in, and when SCREENSHOTS_DIR names a folder (docs/screenshots for the README) they
 * also leave the curated ones there — the browser window as a person sees it (1280×800, not the
 * whole page), small PNG files. Without SCREENSHOTS_DIR nothing is written beside the
 * test-artifacts a story keeps anyway.
 */
export const README_VIEWPORT = { width: 1280, height: 800 };

export async function readmeShot(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  // A page just loaded may still be laying out its web font and charts: one frame settles it.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.screenshot({ path: join(dir, `${name}.png`) as `${string}.png`, type: 'png', optimizeForSpeed: true });
}
