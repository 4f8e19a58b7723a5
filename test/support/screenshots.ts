import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import sharp from 'sharp';

/**
 * The README's screenshots: the stories (test/story/*Story.test.ts) show the pages a merchant and
 * an admin work in, and when SCREENSHOTS_DIR names a folder (docs/screenshots for the README) they
 * also leave the curated ones there — the browser window as a person sees it (1280×800, not the
 * whole page), small palette PNG files. Without SCREENSHOTS_DIR nothing is written beside the
 * test-artifacts a story keeps anyway.
 */
export const README_VIEWPORT = { width: 1280, height: 800 };

export async function readmeShot(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  // A page just loaded may still be laying out its web font and charts: one frame settles it.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const png = await page.screenshot({ type: 'png', optimizeForSpeed: true });
  // A back-office page is a few flat colours: a palette PNG is a third of the size and looks the same.
  await sharp(png)
    .png({ palette: true, quality: 90, compressionLevel: 9 })
    .toFile(join(dir, `${name}.png`));
}
