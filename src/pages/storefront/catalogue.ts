import type Router from '@koa/router';
import type { Context } from 'koa';
import { listShopProducts, SHOP_PRODUCT_SORTS, type ShopProductSort } from '../../modules/catalogue.ts';
import type { ShopProduct, ShopView } from '../../modules/catalogue.ts';
import { t } from '../../core/i18n.ts';
import { Api } from '../../http/api.ts';
import type { Services } from '../../runtime/services.ts';
import { html } from '../html.ts';
import type { Storefront } from './context.ts';
import { PRODUCT_PLACEHOLDER, renderPage } from './layout.ts';
import { HTML_PAGE, NOT_FOUND, positiveInt, shopPage } from './routing.ts';

export const CATALOGUE_PAGE_SIZE = 12;

/** Where a product image's variant is served: the shop API, which finds the shop from the page (Referer) or the host. */
export const imageUrl: ShopView['imageUrl'] = (productId, imageId, variant) =>
  `/api/v1/shop/products/${productId}/images/${imageId}/${variant}`;

export const viewOf = (sf: Storefront): ShopView => ({
  language: sf.language,
  storefrontLanguage: sf.vendor.storefront_language,
  formatLocale: sf.locale,
  imageUrl,
});

/** The catalogue's query string, read leniently: a value a shopper could not have chosen is ignored, never an error page. */
export function catalogueQuery(query: Context['query']) {
  const one = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : '');
  const clean = (v: string, max: number) =>
    v
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .trim()
      .slice(0, max);
  const sort = one('sort');
  return {
    search: clean(one('search'), 100),
    brand: clean(one('brand'), 200),
    in_stock: one('in_stock') === '1',
    sort: ((SHOP_PRODUCT_SORTS as readonly string[]).includes(sort) ? sort : '-created_at') as ShopProductSort,
    page: positiveInt(one('page'), 10_000) ?? 1,
  };
}
type CatalogueQuery = ReturnType<typeof catalogueQuery>;

function queryString(q: CatalogueQuery, page: number): string {
  const params = new URLSearchParams();
  if (q.search) params.set('search', q.search);
  if (q.brand) params.set('brand', q.brand);
  if (q.in_stock) params.set('in_stock', '1');
  if (q.sort !== '-created_at') params.set('sort', q.sort);
  if (page > 1) params.set('page', String(page));
  const s = params.toString();
  return s ? `?${s}` : '';
}

export function priceOf(p: Pick<ShopProduct, 'on_sale' | 'formatted'>) {
  return p.on_sale
    ? html`<span class="was">${p.formatted.price}</span><span class="price">${p.formatted.charged_price}</span>`
    : html`<span class="price">${p.formatted.charged_price}</span>`;
}

function card(sf: Storefront, p: ShopProduct) {
  const href = sf.shopPath(`/products/${p.id}`);
  return html`<li class="card product"><a class="thumb" href="${href}"><img src="${p.thumbnail_url ?? PRODUCT_PLACEHOLDER}" alt="" loading="lazy" width="200" height="200"></a>
<h2><a href="${href}">${p.title ?? p.vendor_sku ?? `#${p.id}`}</a></h2>${p.brand ? html`<p class="muted">${p.brand}</p>` : ''}
<p>${priceOf(p)}</p><p class="muted">${t(sf.language, p.availability.in_stock ? 'storefront.in_stock' : 'storefront.out_of_stock')}</p></li>`;
}

/**
 * The catalogue (the shop's home, /shop/): search, brand and in-stock
 * filters, sorting and pages, read in-process from the shop's catalogue query.
 */
export function storefrontCatalogueRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  const decl = {
    summary: 'Storefront page: the catalogue with search (`search`), filters (`brand`, `in_stock=1`), `sort` and `page`',
    responses: { 200: HTML_PAGE, 404: NOT_FOUND },
  };
  const catalogue = async (ctx: Context, sf: Storefront) => {
    const q = catalogueQuery(ctx.query);
    const found = await listShopProducts(
      services.db.knex,
      {
        vendor_id: sf.vendor.id,
        search: q.search || undefined,
        brand: q.brand || undefined,
        in_stock: q.in_stock || undefined,
      },
      { page: q.page, limit: CATALOGUE_PAGE_SIZE },
      q.sort,
      viewOf(sf),
    );
    const pages = Math.max(1, Math.ceil(found.total / CATALOGUE_PAGE_SIZE));
    const L = (key: Parameters<typeof t>[1], params?: Record<string, string | number>) => t(sf.language, key, params);
    const base = sf.shopPath('/');
    const sorts: [ShopProductSort, string][] = [
      ['-created_at', L('storefront.sort_newest')],
      ['price', L('storefront.sort_price_asc')],
      ['-price', L('storefront.sort_price_desc')],
      ['title', L('storefront.sort_title')],
    ];
    renderPage(ctx, sf, {
      title: q.search ? `${L('storefront.search')}: ${q.search}` : L('storefront.products'),
      body: html`<h1>${L('storefront.products')}</h1>
<form class="search" method="get" action="${base}" role="search">
<label>${L('storefront.search')}<br><input type="search" name="search" value="${q.search}" placeholder="${L('storefront.search_placeholder')}" maxlength="100"></label>
<label>${L('storefront.brand')}<br><input type="text" name="brand" value="${q.brand}" maxlength="200"></label>
<label>${L('storefront.sort')}<br><select name="sort">${sorts.map(([value, label]) => html`<option value="${value}"${q.sort === value ? html` selected` : ''}>${label}</option>`)}</select></label>
<label><input type="checkbox" name="in_stock" value="1"${q.in_stock ? html` checked` : ''}> ${L('storefront.in_stock_only')}</label>
<button type="submit" class="primary">${L('storefront.filter')}</button></form>
<p class="muted" id="result-count">${L('storefront.results', { count: found.total_exact ? found.total : `${found.total}+` })}</p>
${found.items.length === 0 ? html`<p>${L('storefront.no_products')}</p>` : html`<ul class="grid">${found.items.map((p) => card(sf, p))}</ul>`}
<nav class="pages" aria-label="pages">${q.page > 1 ? html`<a rel="prev" href="${base}${queryString(q, q.page - 1)}">${L('storefront.previous')}</a>` : ''}
<span>${L('storefront.page_of', { page: q.page, pages })}</span>
${q.page < pages ? html`<a rel="next" href="${base}${queryString(q, q.page + 1)}">${L('storefront.next')}</a>` : ''}</nav>`,
    });
  };
  // The shop's home is its catalogue. Not also at /shop/products: on a vendor host that path would share its
  // OpenAPI operation id with the shop API's GET /api/v1/shop/products.
  shopPage(services, api, 'get', '', decl, catalogue);
  return api.router;
}
