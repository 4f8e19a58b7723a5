import type Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { findShownPage, listNavigationPages, type ShownPage } from '../../../queries/content-pages/shopPages.ts';
import { ContentPageNotFoundException } from '../../../commands/content-pages/errors.ts';
import { isLanguage, type LanguageCode } from '../../core/i18n.ts';
import { renderMarkdown } from '../../core/markdown.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { ShopContentPage, ShopNavigation, Slug } from '../schemas/contentPages.ts';
import { shopVendorOf } from '../vendorContext.ts';
import { resolveShopLanguage } from './shopLanguage.ts';

/** The page's text in the shopper's language, else in the page's default language, else its first one. */
function textIn(page: ShownPage, language: LanguageCode): { language: LanguageCode; title: string; body: string } {
  for (const lang of [language, page.default_language, ...Object.keys(page.translations)].filter(isLanguage)) {
    const text = page.translations[lang];
    if (text) return { language: lang, ...text };
  }
  // A page always has a text in its default language; this is only a page stored against that rule.
  return { language: page.default_language, title: page.slug, body: '' };
}

const sourceOf = (page: ShownPage) => (page.vendor_id === null ? ('platform' as const) : ('vendor' as const));

/**
 * The shop's content pages (SPEC.md 4.3, public): the navigation of the context vendor's shop and
 * one page by slug, the vendor's published page first, then the published platform default.
 * Drafts are never shown. Texts are in the shopper's language, bodies as safe HTML.
 */
export function shopContentPageRoutes(services: Services): Router {
  const api = new Api(services, 'shop');
  const knex = services.db.knex;
  const vendorOf = (ctx: { state: unknown }) => shopVendorOf(ctx).id;

  api.get(
    '/content-pages/navigation',
    {
      summary: "The shop's header and footer entries and legal links: its published pages and the published defaults it does not override",
      responses: { 200: ShopNavigation },
    },
    async (ctx) => {
      const language = (await resolveShopLanguage(services, ctx)).code;
      const entries = (await listNavigationPages(knex, vendorOf(ctx))).map((p) => ({
        page: p,
        entry: { slug: p.slug, title: textIn(p, language).title, template: p.template, sort_order: p.sort_order, source: sourceOf(p) },
      }));
      ctx.body = {
        language,
        header: entries.filter((e) => e.page.show_in_header).map((e) => e.entry),
        footer: entries.filter((e) => e.page.show_in_footer).map((e) => e.entry),
        legal: entries.filter((e) => e.page.show_in_legal).map((e) => e.entry),
      };
    },
  );

  api.get(
    '/content-pages/:slug',
    {
      summary: "One published page: the shop's own (or its override) first, then the platform default; `source` says which",
      params: Type.Object({ slug: Slug }),
      responses: { 200: ShopContentPage },
      errors: [ContentPageNotFoundException],
    },
    async (ctx, { params }) => {
      const page = await findShownPage(knex, vendorOf(ctx), params.slug);
      if (!page) throw new ContentPageNotFoundException('This shop has no published page at this address');
      const requested = (await resolveShopLanguage(services, ctx)).code;
      const text = textIn(page, requested);
      ctx.body = {
        id: page.id,
        slug: page.slug,
        source: sourceOf(page),
        template: page.template,
        language: text.language,
        requested_language: requested,
        title: text.title,
        html: renderMarkdown(text.body),
        show_in_header: page.show_in_header,
        show_in_footer: page.show_in_footer,
        show_in_legal: page.show_in_legal,
        updated_at: page.updated_at.toISOString(),
      };
    },
  );

  return api.router;
}
