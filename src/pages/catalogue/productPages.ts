import type { Context } from 'koa';
import { Type } from '@sinclair/typebox';
import { changeVendorProduct, deleteVendorProduct } from '../../../commands/catalogue/handlers.ts';
import { getVendorProduct } from '../../../queries/catalogue/listVendorProducts.ts';
import { DomainException, ValidationException } from '../../core/errors.ts';
import { formatMoney as moneyIn } from '../../core/money.ts';
import type { Api } from '../../http/api.ts';
import { productChanges } from '../../http/vendorProductInput.ts';
import type { Services } from '../../runtime/services.ts';
import { recordHistory } from '../../modules/history.ts';
import { card, facts, formatDateTime, pill, postForm } from '../backOffice/components.ts';
import { setFlash } from '../backOffice/flash.ts';
import { act, formViewer, orNotFound, pageViewer } from '../backOffice/guard.ts';
import type { Viewer } from '../backOffice/registry.ts';
import { seeOther } from '../forms.ts';
import { html, type Html } from '../html.ts';
import { CATALOGUE_AREAS, FORM_RESPONSES, HTML, scopeOf, SEE_OTHER, type CatalogueArea } from './areas.ts';
import { productForPage, renderProductTab, type PageProduct } from './productFrame.ts';
import { postedValues, problemsOf, productBodyOf, productFields, shopMoneyOf, valuesOfProduct, type FormValues } from './productForm.ts';
import { ct } from './texts.ts';

const Params = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
type Product = PageProduct;
interface Shown {
  values?: FormValues;
  problems?: Record<string, string>;
  error?: string | null;
  status?: number;
}

/** The product's page: the details tab (its figures and the edit form) or the history tab. */
async function renderProduct(ctx: Context, services: Services, viewer: Viewer, a: CatalogueArea, p: Product, shown: Shown = {}) {
  const l = viewer.language;
  const money = await shopMoneyOf(services, p.vendor_id, p.currency);
  const history = ctx.query.tab === 'history' || Boolean(ctx.query.as_of || ctx.query.history_page);
  const money$ = (c: number | null) => (c === null ? null : moneyIn(c, p.currency, money.locale));
  let body: Html;
  if (history) body = await recordHistory(services, ctx, l, `vendor_product-${p.id}`);
  else {
    const figures = facts([
      [
        ct(l, 'status'),
        p.is_placeholder ? pill(ct(l, 'placeholder')) : p.is_active ? pill(ct(l, 'active'), 'ok') : pill(ct(l, 'inactive'), 'warn'),
      ],
      ...(a.area === 'admin' ? [[ct(l, 'vendor'), `${p.vendor_name ?? ''} (${p.vendor_code ?? p.vendor_id})`] as [string, string]] : []),
      [ct(l, 'price'), money$(p.price_cents)],
      [ct(l, 'net_price'), money$(p.net_price_cents)],
      [ct(l, 'vat_amount'), `${money$(p.vat_amount_cents)} (${p.tax_rate_percent} %, ${p.vat_rate_category})`],
      [
        ct(l, 'profit'),
        p.profit_cents === null
          ? null
          : `${money$(p.profit_cents)}${p.profit_margin_percent === null ? '' : ` · ${ct(l, 'margin')} ${p.profit_margin_percent} %`}`,
      ],
      [ct(l, 'stock'), p.inventory.unlimited ? ct(l, 'unlimited') : String(p.inventory.available_quantity)],
      [ct(l, 'updated'), formatDateTime(p.updated_at, l)],
      ...(p.source_marketplace_product_id
        ? [[ct(l, 'product'), ct(l, 'source', { id: p.source_marketplace_product_id })] as [string, string]]
        : []),
    ]);
    const form = postForm(
      ctx,
      `${a.products}/${p.id}`,
      html`${productFields(l, shown.values ?? valuesOfProduct(p, money), shown.problems ?? {}, money)}
<div class="form-actions"><button type="submit" class="primary">${ct(l, 'save')}</button></div>`,
      { id: 'product-form' },
    );
    body = html`<div class="grid sidebar">${card(ct(l, 'details'), form)}${card(ct(l, 'product'), figures)}</div>`;
  }
  await renderProductTab(ctx, services, viewer, p, history ? 'history' : 'details', body, shown);
}

/**
 * A vendor product's page in both back offices (/vendor/products/{id}, /admin/vendor-products/{id}):
 * the same detail as GET …/products/{id}, saved and deleted through the commands of PUT and
 * DELETE …/products/{id}. A vendor meets another vendor's product as "not found".
 */
export function productPages(api: Api, services: Services, area: 'vendor' | 'admin') {
  const a = CATALOGUE_AREAS[area];
  const knex = services.db.knex;
  const deps = { store: services.store, db: knex, clock: services.clock };

  api.get(
    `${a.products}/:id`,
    {
      summary: 'Back-office page: a product (`tab`: details with the edit form, images with their variants, history with `as_of`)',
      params: Params,
      responses: { 200: HTML, 303: SEE_OTHER, 403: HTML, 404: HTML },
    },
    async (ctx, { params }) => {
      const viewer = await pageViewer(services, ctx, area, 'products.view', 'product_management');
      if (!viewer) return;
      const p = await productForPage(ctx, services, viewer, params.id);
      if (p) await renderProduct(ctx, services, viewer, a, p);
    },
  );

  api.post(
    `${a.products}/:id`,
    {
      summary:
        'Back-office form: save a product (the command of PUT …/products/{id}); a refused field shows the form again with its problem',
      params: Params,
      responses: FORM_RESPONSES,
    },
    async (ctx, { params }) => {
      const viewer = await formViewer(services, ctx, area, 'products.edit', 'product_management');
      if (!viewer) return;
      const p = await productForPage(ctx, services, viewer, params.id);
      if (!p) return;
      const values = postedValues(ctx);
      try {
        const money = await shopMoneyOf(services, p.vendor_id, p.currency);
        const done = await changeVendorProduct(
          deps,
          p.id,
          productChanges(productBodyOf(values, 'update'), money.country),
          scopeOf(viewer),
          viewer.context,
        );
        await services.settle(done);
        setFlash(ctx, 'notice', ct(viewer.language, 'saved'));
        seeOther(ctx, `${a.products}/${p.id}`);
      } catch (err) {
        if (!(err instanceof DomainException) || err.status >= 500) throw err;
        const invalid = err instanceof ValidationException;
        await renderProduct(ctx, services, viewer, a, p, {
          values,
          problems: invalid ? problemsOf(err) : {},
          error: invalid ? null : err.message,
          status: err.status === 400 ? 422 : err.status,
        });
      }
    },
  );

  api.post(
    `${a.products}/:id/delete`,
    {
      summary: 'Back-office form: delete a product (the command of DELETE …/products/{id}), then the list',
      params: Params,
      responses: FORM_RESPONSES,
    },
    async (ctx, { params }) => {
      const viewer = await formViewer(services, ctx, area, 'products.delete', 'product_management');
      if (!viewer) return;
      await act(
        ctx,
        `${a.products}/${params.id}`,
        async () => {
          await services.settle(await deleteVendorProduct(deps, params.id, scopeOf(viewer), viewer.context));
          return ct(viewer.language, 'deleted');
        },
        { done: a.products },
      );
    },
  );
}
