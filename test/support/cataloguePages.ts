import sharp from 'sharp';
import type { TestApp } from './app.ts';
import { signedIn } from './backOffice.ts';
import { putOnTier } from './plans.ts';
import { createVendorWithOwner, type VendorFixture } from './tenancy.ts';

/**
 * The catalogue's back-office pages as their users reach them: a vendor on a tier with every
 * catalogue feature and its owner signed in, multipart forms sent with the visitor's cookies and
 * form token, and a real picture to upload.
 */
export type PageVisitor = Awaited<ReturnType<typeof signedIn>>;

export async function catalogueVendor(
  app: TestApp,
  over: Parameters<typeof createVendorWithOwner>[1] = {},
): Promise<{ v: VendorFixture; owner: PageVisitor }> {
  const v = await createVendorWithOwner(app, over);
  await putOnTier(app, v.vendorId, 'enterprise');
  return { v, owner: await signedIn(app, 'vendor', v.ownerEmail, v.ownerPassword) };
}

/** A multipart form (a file upload) posted by a signed-in visitor. */
export async function postMultipart(
  app: TestApp,
  who: PageVisitor,
  path: string,
  fields: Record<string, string>,
  file?: { name: string; data: Buffer | string; type: string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file)
    form.append('file', new Blob([typeof file.data === 'string' ? file.data : new Uint8Array(file.data)], { type: file.type }), file.name);
  const res = await fetch(app.url + path, {
    method: 'POST',
    redirect: 'manual',
    body: form,
    headers: { cookie: [...who.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const eq = pair.indexOf('=');
    who.jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return { status: res.status, location: res.headers.get('location'), body: await res.text() };
}

/** A small PNG picture. */
export const picture = (width = 640, height = 480): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: '#c46a2b' } })
    .png()
    .toBuffer();

/** The flash message a page shows after a form (the notice or the refusal). */
export const flashOf = (body: string): string | null =>
  /class="flash (?:notice|error)"[^>]*>(?:<svg[\s\S]*?<\/svg>)?<span>([\s\S]*?)<\/span>/.exec(body)?.[1] ?? null;

/**
 * The issues' proof steps of the catalogue, as the browser story walks them (the lead assembles
 * the end-to-end stories from these): each step acts in the page like a person and leaves a
 * screenshot.
 */
type Page = import('puppeteer-core').Page;
type People = import('./backOffice.ts').BrowserPeople;

/** A vendor creates a product with a price in the shop's locale and a French text, then uploads its image. */
export async function createProductWithImage(
  people: People,
  page: Page,
  baseUrl: string,
  product: { title: string; titleFr: string; price: string },
  image: string,
): Promise<number> {
  await page.goto(`${baseUrl}/vendor/products/new`, { waitUntil: 'load' });
  await page.type('#i-title_en', product.title);
  await page.type('#i-price', product.price);
  await page.click('details:has(#i-title_fr) summary');
  await page.type('#i-title_fr', product.titleFr);
  await people.shot(page, 'vendor-product-new');
  await people.submit(page, '#product-form button[type=submit]');
  const id = Number(/\/vendor\/products\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
  await page.goto(`${baseUrl}/vendor/products/${id}/images`, { waitUntil: 'load' });
  const input = await page.$('#i-file');
  await (input as any).uploadFile(image);
  await people.submit(page, '#image-upload button[type=submit]');
  await people.shot(page, 'vendor-product-images');
  return id;
}

/** Starts an import from a CSV file in the page and watches the job's page until its progress stops refreshing. */
export async function importAndWatch(
  people: People,
  page: Page,
  baseUrl: string,
  area: 'vendor' | 'admin',
  csvPath: string,
  vendorId?: number,
): Promise<string> {
  await page.goto(`${baseUrl}/${area}/imports`, { waitUntil: 'load' });
  if (vendorId) await page.select('#i-vendor_id', String(vendorId));
  const input = await page.$('#i-file');
  await (input as any).uploadFile(csvPath);
  await people.submit(page, '#import-form button[type=submit]');
  await people.shot(page, `${area}-import-started`);
  await page.waitForSelector('#job-status:not([data-refresh])', { timeout: 30_000 });
  await people.shot(page, `${area}-import-finished`);
  return page.$eval('#job-status', (el) => el.textContent ?? '');
}
