import type Router from '@koa/router';
import type { Context } from 'koa';
import { findShownPage, type ShownPage } from '../../modules/contentPages.ts';
import { renderMarkdown } from '../../core/markdown.ts';
import { Api } from '../../http/api.ts';
import type { Services } from '../../runtime/services.ts';
import { html, raw } from '../html.ts';
import { type Storefront, storefrontOf, vendorOfPage } from './context.ts';
import { pageTitle, renderNotFound, renderPage } from './layout.ts';
import { HTML_PAGE, NOT_FOUND, pathParams, routeParam, SEE_OTHER, seeOther } from './routing.ts';

const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;

/**
 * The shop's landing page: its published page with template `full` (the vendor's own first,
 * then a platform default, by navigation order), as the shop shows it (a vendor's published
 * override of that slug replaces the default, and is the landing page only while it is `full`).
 */
export async function landingPage(services: Services, vendorId: number): Promise<ShownPage | null> {
  const knex = services.db.knex;
  const candidates = await knex('content_pages')
    .select('slug')
    .where({ template: 'full', is_published: true })
    .where((q) => q.where('vendor_id', vendorId).orWhereNull('vendor_id'))
    .orderByRaw('vendor_id NULLS LAST, sort_order, slug, id')
    .limit(20);
  for (const { slug } of candidates) {
    const shown = await findShownPage(knex, vendorId, slug);
    if (shown && shown.template === 'full') return shown;
  }
  return null;
}

function renderContent(ctx: Context, sf: Storefront, shown: ShownPage): void {
  const own = shown.translations[sf.language];
  const text = own?.title
    ? own
    : (shown.translations[shown.default_language] ?? Object.values(shown.translations)[0] ?? { title: shown.slug, body: '' });
  // The body is Markdown rendered by the sanitising renderer (src/core/markdown.ts): its output is the one trusted markup here.
  renderPage(ctx, sf, {
    title: pageTitle(shown, sf.language),
    body: html`<article class="content-page template-${shown.template}" data-slug="${shown.slug}"><h1>${text.title || shown.slug}</h1>
<div class="body">${raw(renderMarkdown(text.body ?? ''))}</div></article>`,
  });
}

/** The vendor root: the landing page, or the shop itself. */
async function serveRoot(services: Services, ctx: Context, sf: Storefront): Promise<void> {
  const landing = await landingPage(services, sf.vendor.id);
  if (landing) renderContent(ctx, sf, landing);
  else seeOther(ctx, sf.shopPath('/'));
}

async function serveSlug(services: Services, ctx: Context, sf: Storefront, slug: string): Promise<void> {
  const shown = SLUG.test(slug) ? await findShownPage(services.db.knex, sf.vendor.id, slug) : null;
  if (shown) renderContent(ctx, sf, shown);
  else renderNotFound(ctx, sf);
}

/**
 * GET / on a vendor's host (the home route hands it over): the landing page or a redirect to
 * /shop/. False when the host names no shop (the platform's own home page then answers).
 */
export async function serveVendorHostRoot(services: Services, ctx: Context): Promise<boolean> {
  const vendor = await vendorOfPage(services, ctx);
  if (!vendor) return false;
  await serveRoot(services, ctx, await storefrontOf(services, ctx, vendor));
  return true;
}

/**
 * The vendor root and the content pages: /vendors/{code}/, /vendors/{code}/{slug} and
 * /{code}/{slug} on the platform host, /{slug} on a vendor host. Mounted last, so a real route (the API, /docs,
 * /health, the shop pages) always answers first; a slug naming no shown page is the shop's 404
 * page, and on a host that names no shop /{slug} is the service's plain 404.
 */
export function storefrontContentRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  const page = async (ctx: Context, serve: (sf: Storefront) => Promise<void>) => {
    // The path form names the shop by its code; on a vendor's host (no code in the path) the host names it.
    const vendor = await vendorOfPage(services, ctx, routeParam(ctx, 'vendor_code') || undefined);
    if (!vendor) {
      ctx.status = 404;
      return;
    }
    await serve(await storefrontOf(services, ctx, vendor));
  };
  api.get(
    '/vendors/:vendor_code',
    {
      params: pathParams('/vendors/:vendor_code'),
      summary: "Storefront page: the shop's landing page (its published page with template `full`), else a redirect to its /shop/",
      responses: { 200: HTML_PAGE, 303: SEE_OTHER, 404: NOT_FOUND },
    },
    (ctx) => page(ctx, (sf) => serveRoot(services, ctx, sf)),
  );
  api.get(
    '/vendors/:vendor_code/:slug',
    {
      params: pathParams('/vendors/:vendor_code/:slug'),
      summary: 'Storefront page: a content page of the shop (its published page, else the published platform default)',
      responses: { 200: HTML_PAGE, 404: NOT_FOUND },
    },
    (ctx) => page(ctx, (sf) => serveSlug(services, ctx, sf, routeParam(ctx, 'slug'))),
  );
  // SPEC.md 4.3 names the catch-all /{vendor_code}/{slug}: on the platform's own host it serves the
  // vendor's content page as /vendors/{code}/{slug} does (links stay in the path form); on a vendor's
  // host the shop is the host, so two segments name nothing there.
  api.get(
    '/:vendor_code/:slug',
    {
      params: pathParams('/:vendor_code/:slug'),
      summary: 'Storefront page on the platform host: a content page of the shop whose code comes first (SPEC.md 4.3 catch-all)',
      responses: { 200: HTML_PAGE, 404: NOT_FOUND },
    },
    async (ctx) => {
      if (await vendorOfPage(services, ctx)) {
        ctx.status = 404;
        return;
      }
      await page(ctx, (sf) => serveSlug(services, ctx, sf, routeParam(ctx, 'slug')));
    },
  );
  api.get(
    '/:slug',
    {
      params: pathParams('/:slug'),
      summary: "Storefront page on a vendor's subdomain or custom domain: a content page of the shop",
      responses: { 200: HTML_PAGE, 404: NOT_FOUND },
    },
    (ctx) => page(ctx, (sf) => serveSlug(services, ctx, sf, routeParam(ctx, 'slug'))),
  );
  return api.router;
}
