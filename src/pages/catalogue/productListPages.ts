import type { Context } from 'koa';
import { createVendorProduct } from '../../../commands/catalogue/handlers.ts';
import { getVendorRef } from '../../modules/vendors.ts';
import { listVendorProducts } from '../../../queries/catalogue/listVendorProducts.ts';
import { VENDOR_PRODUCT_SORTS, type VendorProductSort } from '../../../queries/catalogue/productSorts.ts';
import { DomainException, ValidationException } from '../../core/errors.ts';
import { percentToBasisPoints } from '../../core/money.ts';
import type { Api } from '../../http/api.ts';
import { productQuota } from '../../http/planLimits.ts';
import { DEFAULT_TAX_RATE_BP, newProductFields } from '../../http/vendorProductInput.ts';
import type { Services } from '../../runtime/services.ts';
import { card, dataTable, filters, formatDateTime, formatMoney, linkButton, pager, pill, postForm } from '../backOffice/components.ts';
import { setFlash } from '../backOffice/flash.ts';
import { formViewer, pageViewer } from '../backOffice/guard.ts';
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
  type CatalogueArea,
} from './areas.ts';
import { postedValues, problemsOf, productBodyOf, productFields, shopMoneyOf, type FormValues } from './productForm.ts';
import { ct } from './texts.ts';

const PAGE_SIZE = 25;

/** The product list's filters from the query, leniently: a value the page does not offer is no filter. */
function listFilter(ctx: Context, viewer: Viewer) {
  const sort = queryText(ctx, 'sort');
  return {
    search: queryText(ctx, 'search'),
    is_active: ctx.query.is_active === 'true' ? true : ctx.query.is_active === 'false' ? false : undefined,
    vendor_id: scopeOf(viewer) ?? queryId(ctx, 'vendor_id'),
    language: viewer.language,
    sort: (sort && sort in VENDOR_PRODUCT_SORTS ? sort : '-id') as VendorProductSort,
  };
}

async function renderNewForm(
  ctx: Context,
  services: Services,
  viewer: Viewer,
  a: CatalogueArea,
  values: FormValues,
  problems: Record<string, string>,
  status = 200,
  error: string | null = null,
) {
  const l = viewer.language;
  const knex = services.db.knex;
  const vendorId = scopeOf(viewer) ?? (Number(values.vendor_id) || null);
  const money = vendorId ? await shopMoneyOf(services, vendorId) : { locale: l === 'lb' ? 'de-LU' : l, currency: 'EUR', country: 'LU' };
  const choice = await vendorField(knex, viewer, ct(l, 'vendor'), values.vendor_id ?? '', problems.vendor_id);
  await renderBackOffice(
    ctx,
    services,
    viewer,
    {
      title: ct(l, 'new_product'),
      nav: a.nav,
      error,
      crumbs: [{ label: ct(l, a.area === 'vendor' ? 'products' : 'vendor_products'), href: a.products }],
      body: card(
        null,
        postForm(
          ctx,
          a.products,
          html`${productFields(l, values, problems, money, choice)}
<div class="form-actions"><button type="submit" class="primary">${ct(l, 'create')}</button><a class="button ghost" href="${a.products}">${ct(l, 'products')}</a></div>`,
          { id: 'product-form' },
        ),
      ),
    },
    status,
  );
}

/**
 * The product lists and the new-product form of both back offices: the vendor's own products
 * (/vendor/products) and every vendor's for admins (/admin/vendor-products), with the API's
 * filters, search, sort and pages (the same paged query as GET …/products); a product is created
 * through the same command as POST …/products.
 */
export function productListPages(api: Api, services: Services, area: 'vendor' | 'admin') {
  const a = CATALOGUE_AREAS[area];
  const knex = services.db.knex;

  api.get(
    a.products,
    {
      summary: `Back-office page: ${area === 'vendor' ? "the vendor's products" : "every vendor's products"} (\`search\`, \`is_active\`, ${area === 'admin' ? '`vendor_id`, ' : ''}\`sort\`, \`page\`)`,
      responses: { 200: HTML, 303: SEE_OTHER, 403: HTML },
    },
    async (ctx) => {
      const viewer = await pageViewer(services, ctx, area, 'products.view', 'product_management');
      if (!viewer) return;
      const l = viewer.language;
      const { sort, ...filter } = listFilter(ctx, viewer);
      const page = await listVendorProducts(knex, filter, { page: pageNumber(ctx), limit: PAGE_SIZE }, sort);
      const vendors = area === 'admin' ? await vendorOptions(knex) : [];
      const table = dataTable(
        ctx,
        l,
        [
          {
            label: ct(l, 'product'),
            sort: 'title',
            cell: (p) =>
              html`<a href="${a.products}/${p.id}"><strong>${p.title ?? `#${p.id}`}</strong></a>${p.brand ? html`<div class="muted">${p.brand}</div>` : ''}`,
          },
          ...(area === 'admin'
            ? [{ label: ct(l, 'vendor'), cell: (p: (typeof page.items)[number]) => p.vendor_name, narrowHide: true }]
            : []),
          { label: ct(l, 'sku'), cell: (p) => (p.vendor_sku ? html`<code>${p.vendor_sku}</code>` : null), narrowHide: true },
          { label: ct(l, 'gtin'), cell: (p) => p.gtin, narrowHide: true },
          { label: ct(l, 'price'), sort: 'price', num: true, cell: (p) => formatMoney(p.price_cents, p.currency, l) },
          { label: ct(l, 'stock'), num: true, cell: (p) => (p.inventory.unlimited ? '∞' : p.inventory.available_quantity) },
          {
            label: ct(l, 'status'),
            cell: (p) =>
              p.is_placeholder
                ? pill(ct(l, 'placeholder'), 'neutral')
                : p.is_active
                  ? pill(ct(l, 'active'), 'ok')
                  : pill(ct(l, 'inactive'), 'warn'),
          },
          {
            label: ct(l, 'updated'),
            sort: 'updated_at',
            narrowHide: true,
            cell: (p) => html`<span class="nowrap">${formatDateTime(p.updated_at, l)}</span>`,
          },
        ],
        page.items,
        { caption: ct(l, 'products') },
      );
      await renderBackOffice(ctx, services, viewer, {
        title: ct(l, area === 'vendor' ? 'products' : 'vendor_products'),
        nav: a.nav,
        actions: html`${area === 'vendor' ? linkButton('/vendor/marketplace', ct(l, 'marketplace'), 'ghost', 'layers') : ''}${linkButton(`${a.products}/new`, ct(l, 'new_product'), 'primary', 'plus')}`,
        body: card(
          null,
          html`${filters(ctx, l, [
            { name: 'search', label: ct(l, 'search'), type: 'search', placeholder: ct(l, 'search_hint'), grow: true },
            {
              name: 'is_active',
              label: ct(l, 'status'),
              type: 'select',
              options: [
                ['true', ct(l, 'active')],
                ['false', ct(l, 'inactive')],
              ],
            },
            ...(area === 'admin' ? [{ name: 'vendor_id', label: ct(l, 'vendor'), type: 'select' as const, options: vendors }] : []),
          ])}${table}${pager(ctx, l, page)}`,
          { flush: true },
        ),
      });
    },
  );

  api.get(
    `${a.products}/new`,
    {
      summary: "Back-office page: the new-product form (prices in the shop's locale, VAT rate category, texts per language)",
      responses: { 200: HTML, 303: SEE_OTHER, 403: HTML },
    },
    async (ctx) => {
      const viewer = await pageViewer(services, ctx, area, 'products.create', 'product_management');
      if (!viewer) return;
      const vendor = queryId(ctx, 'vendor_id');
      await renderNewForm(
        ctx,
        services,
        viewer,
        a,
        { is_active: 'on', vendor_id: vendor ? String(vendor) : '', vat_rate_category: 'standard' },
        {},
      );
    },
  );

  api.post(
    a.products,
    {
      summary:
        'Back-office form: create a product (the command of POST …/products), then its page; a refused field shows the form again with its problem',
      responses: FORM_RESPONSES,
    },
    async (ctx) => {
      const viewer = await formViewer(services, ctx, area, 'products.create', 'product_management');
      if (!viewer) return;
      const values = postedValues(ctx);
      try {
        const vendorId = scopeOf(viewer) ?? Number(field(ctx, 'vendor_id'));
        if (!Number.isInteger(vendorId) || vendorId < 1)
          throw new ValidationException('The request is not valid', [{ pointer: '/body/vendor_id', message: 'choose a vendor' }]);
        const vendor = await getVendorRef(knex, vendorId);
        const money = await shopMoneyOf(services, vendor.id);
        const fields = newProductFields(productBodyOf(values, 'create'), money.country, {
          tax_rate_bp: percentToBasisPoints(vendor.default_tax_rate ?? NaN) ?? DEFAULT_TAX_RATE_BP,
        });
        const { id, done } = await createVendorProduct(
          { store: services.store, db: knex, clock: services.clock },
          { vendor_id: vendor.id, fields, quota: await productQuota(services, vendor.id) },
          viewer.context,
        );
        await services.settle(done);
        setFlash(ctx, 'notice', ct(viewer.language, 'created'));
        seeOther(ctx, `${a.products}/${id}`);
      } catch (err) {
        if (!(err instanceof DomainException) || err.status >= 500) throw err;
        const problems = err instanceof ValidationException ? problemsOf(err) : {};
        await renderNewForm(
          ctx,
          services,
          viewer,
          a,
          values,
          problems,
          err.status === 400 ? 422 : err.status,
          err instanceof ValidationException ? null : err.message,
        );
      }
    },
  );
}
