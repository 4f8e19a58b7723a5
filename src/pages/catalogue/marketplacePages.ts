import type { Context } from 'koa';
import { Type } from '@sinclair/typebox';
import { getMarketplaceProductStats } from '../../../queries/catalogue/getMarketplaceProductStats.ts';
import { getMarketplaceProduct, listMarketplaceProducts } from '../../../queries/catalogue/listMarketplaceProducts.ts';
import { getVendorProduct } from '../../../queries/catalogue/listVendorProducts.ts';
import { MARKETPLACE_PRODUCT_SORTS, type MarketplaceProductSort } from '../../../queries/catalogue/productSorts.ts';
import { ValidationException } from '../../core/errors.ts';
import { MarketplaceProductNotFoundException } from '../../../commands/catalogue/errors.ts';
import { formatMoney as moneyIn } from '../../core/money.ts';
import type { Api } from '../../http/api.ts';
import { copyMarketplaceProduct } from '../../http/marketplaceCopy.ts';
import type { Services } from '../../runtime/services.ts';
import { card, dataTable, facts, filters, formatNumber, input, pager, postForm, tiles } from '../backOffice/components.ts';
import { act, formViewer, orNotFound, pageViewer } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import type { Viewer } from '../backOffice/registry.ts';
import { field, seeOther } from '../forms.ts';
import { html } from '../html.ts';
import {
  CATALOGUE_AREAS,
  FORM_RESPONSES,
  HTML,
  pageNumber,
  queryId,
  queryText,
  scopeOf,
  SEE_OTHER,
  vendorField,
  vendorOptions,
} from './areas.ts';
import { amountInLocale, shopMoneyOf } from './productForm.ts';
import { ct } from './texts.ts';

const Params = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
const PATHS = { vendor: '/vendor/marketplace', admin: '/admin/catalogue' } as const;

/** A marketplace product the viewer may see: an admin any, a vendor those of its own imports. */
async function visibleProduct(services: Services, viewer: Viewer, id: number) {
  const p = await getMarketplaceProduct(services.db.knex, id, viewer.language);
  const scope = scopeOf(viewer);
  if (scope !== null && p.vendor_id !== scope) throw new MarketplaceProductNotFoundException(`Marketplace product ${id} not found`);
  return p;
}

function listFilter(ctx: Context, viewer: Viewer) {
  const sort = queryText(ctx, 'sort');
  return {
    search: queryText(ctx, 'search'),
    marketplace: queryText(ctx, 'marketplace'),
    brand: queryText(ctx, 'brand'),
    vendor_id: scopeOf(viewer) ?? queryId(ctx, 'vendor_id'),
    language: viewer.language,
    sort: (sort && (MARKETPLACE_PRODUCT_SORTS as readonly string[]).includes(sort) ? sort : '-id') as MarketplaceProductSort,
  };
}

/**
 * The marketplace catalogue in both back offices: every imported product for admins
 * (/admin/catalogue, with the statistics of GET /admin/products/stats) and a vendor's own imports
 * (/vendor/marketplace); the copy into a vendor's catalogue runs the command of POST
 * /admin/products/{id}/copy-to-vendor (a vendor copies into its own catalogue only).
 */
export function marketplacePages(api: Api, services: Services, area: 'vendor' | 'admin') {
  const base = PATHS[area];
  const a = CATALOGUE_AREAS[area];
  const knex = services.db.knex;
  const nav = area === 'vendor' ? 'products' : 'catalogue';

  api.get(
    base,
    {
      summary: `Back-office page: the marketplace catalogue${area === 'vendor' ? " of the vendor's imports" : ' with its statistics'} (\`search\`, \`marketplace\`, \`brand\`${area === 'admin' ? ', `vendor_id`' : ''}, \`sort\`, \`page\`)`,
      responses: { 200: HTML, 303: SEE_OTHER, 403: HTML },
    },
    async (ctx) => {
      const viewer = await pageViewer(services, ctx, area, 'products.view', 'marketplace_copy');
      if (!viewer) return;
      const l = viewer.language;
      const { sort, ...filter } = listFilter(ctx, viewer);
      const [page, stats] = await Promise.all([
        listMarketplaceProducts(knex, filter, { page: pageNumber(ctx), limit: 25 }, sort),
        getMarketplaceProductStats(knex, { vendor_id: filter.vendor_id, marketplace: filter.marketplace }),
      ]);
      const table = dataTable(
        ctx,
        l,
        [
          {
            label: ct(l, 'product'),
            sort: 'title',
            cell: (p) =>
              html`<a href="${base}/${p.id}"><strong>${p.title ?? `#${p.id}`}</strong></a>${p.brand ? html`<div class="muted">${p.brand}</div>` : ''}`,
          },
          { label: ct(l, 'gtin'), cell: (p) => p.gtin, narrowHide: true },
          { label: 'Marketplace', cell: (p) => p.marketplace, narrowHide: true },
          ...(area === 'admin'
            ? [{ label: ct(l, 'imported_by'), cell: (p: (typeof page.items)[number]) => p.vendor_name, narrowHide: true }]
            : []),
          { label: ct(l, 'languages'), cell: (p) => (p.languages ?? []).join(', '), narrowHide: true },
          {
            label: ct(l, 'marketplace_price'),
            sort: 'price',
            num: true,
            cell: (p) => (p.price_cents === null ? null : moneyIn(p.price_cents, p.currency ?? 'EUR', l === 'lb' ? 'de-LU' : l)),
          },
        ],
        page.items,
        { caption: ct(l, 'marketplace') },
      );
      const vendors = area === 'admin' ? await vendorOptions(knex) : [];
      await renderBackOffice(ctx, services, viewer, {
        title: ct(l, 'marketplace'),
        nav,
        crumbs: area === 'vendor' ? [{ label: ct(l, 'products'), href: a.products }] : [],
        body: html`${tiles([
          { label: ct(l, 'total'), value: formatNumber(stats.total_products, l) },
          { label: ct(l, 'with_gtin'), value: formatNumber(stats.with_gtin, l) },
          { label: ct(l, 'marketplaces'), value: formatNumber(stats.marketplaces, l) },
          {
            label: ct(l, 'languages'),
            value:
              Object.entries(stats.translations_by_language)
                .map(([k, n]) => `${k} ${n}`)
                .join(' · ') || '—',
          },
        ])}${card(
          null,
          html`${filters(ctx, l, [
            { name: 'search', label: ct(l, 'search'), type: 'search', placeholder: ct(l, 'search_hint'), grow: true },
            {
              name: 'marketplace',
              label: 'Marketplace',
              type: 'select',
              options: stats.by_marketplace.map((m: { marketplace: string }) => [m.marketplace, m.marketplace]),
            },
            ...(area === 'admin' ? [{ name: 'vendor_id', label: ct(l, 'imported_by'), type: 'select' as const, options: vendors }] : []),
          ])}${table}${pager(ctx, l, page)}`,
          { flush: true },
        )}`,
      });
    },
  );

  api.get(
    `${base}/:id`,
    {
      summary: "Back-office page: a marketplace product with every translation, and the form that copies it into a vendor's catalogue",
      params: Params,
      responses: { 200: HTML, 303: SEE_OTHER, 403: HTML, 404: HTML },
    },
    async (ctx, { params }) => {
      const viewer = await pageViewer(services, ctx, area, 'products.view', 'marketplace_copy');
      if (!viewer) return;
      const l = viewer.language;
      const p = await orNotFound(ctx, services, viewer, () => visibleProduct(services, viewer, params.id));
      if (!p) return;
      const money = await shopMoneyOf(services, scopeOf(viewer) ?? p.vendor_id ?? 0);
      const copyForm = postForm(
        ctx,
        `${base}/${p.id}/copy`,
        html`<p class="muted">${ct(l, 'copy_hint')}</p><div class="form-grid">
${(await vendorField(knex, viewer, ct(l, 'vendor'), queryText(ctx, 'vendor_id') ?? '')) ?? ''}
${input(l, { name: 'vendor_sku', label: ct(l, 'sku'), attrs: html` maxlength="100"` })}
${input(l, { name: 'price', label: ct(l, 'price'), value: amountInLocale(p.price_cents, money.locale), attrs: html` inputmode="decimal"` })}
</div><div class="form-actions"><button type="submit" class="primary">${ct(l, area === 'vendor' ? 'copy_to_mine' : 'copy')}</button></div>`,
        { id: 'copy-form' },
      );
      const texts = Object.entries(
        p.translations as Record<string, { title: string; short_description: string | null; description: string | null }>,
      ).map(
        ([lang, t]) =>
          html`<section lang="${lang}"><h3>${t.title} <span class="muted">(${lang})</span></h3>${t.short_description ? html`<p>${t.short_description}</p>` : ''}${t.description ? html`<p class="muted">${t.description}</p>` : ''}</section>`,
      );
      await renderBackOffice(ctx, services, viewer, {
        title: p.title ?? `#${p.id}`,
        nav,
        crumbs: [{ label: ct(l, 'marketplace'), href: base }],
        body: html`<div class="grid sidebar">${card(ct(l, 'translations'), html`${texts}`)}<div>${card(
          ct(l, 'product'),
          facts([
            [ct(l, 'gtin'), p.gtin],
            [ct(l, 'brand'), p.brand],
            ['Marketplace', p.marketplace],
            [ct(l, 'imported_by'), p.vendor_name],
            [ct(l, 'marketplace_price'), p.price_cents === null ? null : moneyIn(p.price_cents, p.currency ?? 'EUR', money.locale)],
            [ct(l, 'vat_category'), p.vat_rate_category],
          ]),
        )}${card(ct(l, 'copy'), copyForm)}</div></div>`,
      });
    },
  );

  api.post(
    `${base}/:id/copy`,
    {
      summary:
        "Back-office form: copy a marketplace product into a vendor's catalogue (the command of POST /admin/products/{id}/copy-to-vendor), then the new product",
      params: Params,
      responses: FORM_RESPONSES,
    },
    async (ctx, { params }) => {
      const viewer = await formViewer(services, ctx, area, 'products.create', 'marketplace_copy');
      if (!viewer) return;
      let created = 0;
      await act(ctx, `${base}/${params.id}`, async () => {
        await visibleProduct(services, viewer, params.id);
        const vendorId = scopeOf(viewer) ?? Number(field(ctx, 'vendor_id'));
        if (!Number.isInteger(vendorId) || vendorId < 1)
          throw new ValidationException('Choose a vendor', [{ pointer: '/body/vendor_id', message: 'required' }]);
        const price = field(ctx, 'price')
          .replace(/[\s\u00a0\u202f]/g, '')
          .replace(',', '.');
        if (price && !/^\d{1,12}(\.\d{1,2})?$/.test(price))
          throw new ValidationException('The price is not an amount (at most two decimals)', [
            { pointer: '/body/price', message: 'not an amount' },
          ]);
        created = await copyMarketplaceProduct(
          services,
          params.id,
          vendorId,
          {
            vendor_sku: field(ctx, 'vendor_sku').trim() || null,
            ...(price ? { price: Number(price) } : {}),
          },
          viewer.context,
        );
        const copy = await getVendorProduct(knex, created, null, viewer.language);
        return ct(viewer.language, 'copied', { title: copy.title ?? `#${created}` });
      });
      if (created) seeOther(ctx, `${a.products}/${created}`);
    },
  );
}
