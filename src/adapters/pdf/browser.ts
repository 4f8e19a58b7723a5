import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';

/**
 * One headless Debian chromium per process (ARCHITECTURE.md "Real parts": puppeteer-core 24,
 * pinned, no browser download). Flags needed as root and in a sandboxed container; its config
 * and cache go to a temporary folder so nothing is written to the home directory.
 * CHROMIUM_PATH overrides /usr/bin/chromium.
 */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

let shared: Promise<Browser> | null = null;

export function browser(): Promise<Browser> {
  if (!shared) {
    const home = mkdtempSync(join(tmpdir(), 'chromium-'));
    shared = puppeteer
      .launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        headless: true,
        args: FLAGS,
        env: { ...process.env, XDG_CONFIG_HOME: join(home, 'config'), XDG_CACHE_HOME: join(home, 'cache') },
      })
      .then(
        (b) => {
          b.on('disconnected', () => {
            shared = null;
          });
          return b;
        },
        (err) => {
          shared = null;
          throw err;
        },
      );
  }
  return shared;
}

/** Renders an HTML document to an A4 PDF; the page loads nothing from the network. */
export async function htmlToPdf(document: string): Promise<Buffer> {
  const page = await (await browser()).newPage();
  try {
    await page.setJavaScriptEnabled(false);
    await page.setRequestInterception(true);
    page.on('request', (req) => (req.url().startsWith('data:') ? req.continue() : req.abort()));
    await page.setContent(document, { waitUntil: 'load' });
    return Buffer.from(
      await page.pdf({ format: 'A4', printBackground: true, margin: { top: '15mm', bottom: '15mm', left: '15mm', right: '15mm' } }),
    );
  } finally {
    await page.close();
  }
}

export async function closeBrowser(): Promise<void> {
  const b = await shared?.catch(() => null);
  shared = null;
  await b?.close();
}
