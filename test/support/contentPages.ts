import { unique, type TestApp } from './app.ts';

/** A fresh slug no other test takes (lowercase letters and digits). */
export const newSlug = (prefix = 'page') => unique(prefix).toLowerCase();

/** A page body as an author sends it: English text, a draft unless told. */
export const pageBody = (slug: string, over: Record<string, unknown> = {}) => ({
  slug,
  translations: { en: { title: `Title of ${slug}`, body: `Body of **${slug}**` } },
  ...over,
});

/** An admin writes a platform default; returns the page. */
export async function createPlatformPage(app: TestApp, body: Record<string, unknown>) {
  const res = await app.call('POST', '/api/v1/admin/content-pages/platform', { token: await app.adminToken(), body });
  if (res.status !== 201) throw new Error(`platform page creation failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; slug: string };
}

/** A vendor writes a page of its own (an override when the slug is a platform default's); returns the page. */
export async function createVendorPage(app: TestApp, token: string, body: Record<string, unknown>) {
  const res = await app.call('POST', '/api/v1/vendor/content-pages', { token, body });
  if (res.status !== 201) throw new Error(`vendor page creation failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; slug: string };
}
