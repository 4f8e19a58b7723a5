/**
 * The stock lists of both back offices: stock by warehouse and bin (a vendor's own, or every
 * vendor's for admins with the vendor filter) with the vendor's form to add a bin, and the stock
 * ledger, whose admin page adds the statistics by movement type.
 */
import type { Context } from 'koa';
import { getTransactionStats } from '../../../queries/inventory/getTransactionStats.ts';
import { listInventory } from '../../../queries/inventory/listInventory.ts';
import { listInventoryTransactions } from '../../../queries/inventory/listInventoryTransactions.ts';
import { stockProductChoices } from '../../../queries/inventory/stockProductChoices.ts';
import { vendorChoices } from '../../modules/vendors.ts';
import type { Api } from '../../http/api.ts';
import { TRANSACTION_TYPES } from '../../http/schemas/inventory.ts';
import type { Services } from '../../runtime/services.ts';
import { barChart } from '../backOffice/charts.ts';
import {
  card,
  filters,
  formatDateTime,
  formatNumber,
  input,
  linkButton,
  pager,
  postForm,
  select,
  tiles,
  type FilterField,
} from '../backOffice/components.ts';
import { pageViewer } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import { can, hasFeature, type Viewer } from '../backOffice/registry.ts';
import { html, type Html } from '../html.ts';
import { HTML, SEE_OTHER, pageNumber, queryId } from '../pageRoutes.ts';
import { scope } from './formFields.ts';
import { IMPORT_FEATURE } from './stockImportPages.ts';
import { ivt } from './texts.ts';
import { inventoryFilter, inventoryTable, ledgerFilter, ledgerTable, PAGE_SIZE, typeName } from './views.ts';

/** The stock by warehouse and bin (`/{area}/inventory`) and the stock ledger (`…/transactions`) of one back office. */
export function stockListPages(api: Api, services: Services, area: 'vendor' | 'admin') {
  const knex = services.db.knex;
  const base = `/${area}/inventory`;

  api.get(
    base,
    {
      summary:
        area === 'vendor'
          ? "Back-office page: the vendor's stock by warehouse and bin (`warehouse`, `bin_location`, `product_id`, `low_stock`, `page`)"
          : 'Back-office page: stock of every vendor by warehouse and bin (`vendor_id`, `warehouse`, `bin_location`, `product_id`, `low_stock`, `page`)',
      responses: { 200: HTML, 303: SEE_OTHER, 403: HTML },
    },
    async (ctx) => {
      const viewer = await pageViewer(services, ctx, area, 'inventory.view');
      if (!viewer) return;
      const l = viewer.language;
      const vendorId = scope(viewer) ?? queryId(ctx, 'vendor_id');
      const page = await listInventory(knex, { ...inventoryFilter(ctx), vendor_id: vendorId }, { page: pageNumber(ctx), limit: PAGE_SIZE });
      const fields: FilterField[] = [
        ...(area === 'admin'
          ? [{ name: 'vendor_id', label: ivt(l, 'vendor'), type: 'select' as const, options: await vendorChoices(knex) }]
          : []),
        { name: 'warehouse', label: ivt(l, 'warehouse'), type: 'text' },
        { name: 'bin_location', label: ivt(l, 'bin_location'), type: 'text' },
        { name: 'low_stock', label: ivt(l, 'low_stock'), type: 'number' },
      ];
      const canEdit = area === 'vendor' && can(viewer, 'inventory.edit');
      const canImport = area === 'admin' || (can(viewer, 'inventory.import') && hasFeature(viewer, IMPORT_FEATURE));
      const openCard = canEdit ? await openForm(ctx, viewer) : '';
      await renderBackOffice(ctx, services, viewer, {
        title: ivt(l, 'inventory'),
        nav: 'inventory',
        subtitle: ivt(l, area === 'admin' ? 'lead_admin' : 'lead'),
        actions: html`${linkButton(`${base}/transactions`, ivt(l, 'ledger'), 'ghost', 'activity')} ${canImport ? linkButton(`${base}/import`, ivt(l, 'import'), 'primary', 'upload') : ''}`,
        body: html`${card(null, html`${filters(ctx, l, fields)}${inventoryTable(ctx, viewer, page.items)}${pager(ctx, l, page)}`, { flush: true })}${openCard}`,
      });
    },
  );

  api.get(
    `${base}/transactions`,
    {
      summary:
        'Back-office page: the stock ledger (`transaction_type`, `product_id`, `order_id`, `date_from`, `date_to`, `page`' +
        (area === 'admin' ? ', `vendor_id`) with its statistics by movement type' : ')'),
      responses: { 200: HTML, 303: SEE_OTHER, 403: HTML },
    },
    async (ctx) => {
      const viewer = await pageViewer(services, ctx, area, 'inventory.view');
      if (!viewer) return;
      const l = viewer.language;
      const vendorId = scope(viewer) ?? queryId(ctx, 'vendor_id');
      const filter = { ...ledgerFilter(ctx), vendor_id: vendorId };
      const page = await listInventoryTransactions(knex, filter, { page: pageNumber(ctx), limit: PAGE_SIZE }, area === 'admin');
      const fields: FilterField[] = [
        ...(area === 'admin'
          ? [{ name: 'vendor_id', label: ivt(l, 'vendor'), type: 'select' as const, options: await vendorChoices(knex) }]
          : []),
        { name: 'transaction_type', label: ivt(l, 'type'), type: 'select', options: TRANSACTION_TYPES.map((t) => [t, typeName(l, t)]) },
        { name: 'product_id', label: ivt(l, 'product_id'), type: 'number' },
        { name: 'order_id', label: ivt(l, 'order_id'), type: 'number' },
        { name: 'date_from', label: ivt(l, 'date_from'), type: 'date' },
        { name: 'date_to', label: ivt(l, 'date_to'), type: 'date' },
      ];
      const stats =
        area === 'admin'
          ? await statistics(
              viewer,
              await getTransactionStats(knex, { vendor_id: vendorId, date_from: filter.date_from, date_to: filter.date_to }),
            )
          : '';
      await renderBackOffice(ctx, services, viewer, {
        title: ivt(l, 'ledger'),
        nav: 'inventory',
        subtitle: ivt(l, 'ledger_lead'),
        crumbs: [{ label: ivt(l, 'inventory'), href: base }],
        body: html`${stats}${card(null, html`${filters(ctx, l, fields)}${ledgerTable(ctx, viewer, page.items)}${pager(ctx, l, page)}`, { flush: true })}`,
      });
    },
  );

  async function openForm(ctx: Context, viewer: Viewer): Promise<Html> {
    const l = viewer.language;
    const products = await stockProductChoices(knex, viewer.vendor!.id);
    if (products.length === 0) return card(ivt(l, 'open'), html`<p class="muted">${ivt(l, 'no_products')}</p>`);
    return card(
      ivt(l, 'open'),
      postForm(
        ctx,
        '/vendor/inventory',
        html`<p class="muted">${ivt(l, 'open_lead')}</p><div class="form-grid">
${select(l, { name: 'product_id', label: ivt(l, 'product'), required: true, options: products, span2: true })}
${input(l, { name: 'warehouse', label: ivt(l, 'warehouse'), value: 'main', required: true })}
${input(l, { name: 'bin_location', label: ivt(l, 'bin_location'), required: true, placeholder: 'A-01' })}
${input(l, { name: 'quantity', label: ivt(l, 'quantity'), type: 'number', value: 0, required: true, attrs: html` min="0" step="1"` })}
${input(l, { name: 'note', label: ivt(l, 'note') })}
</div><div class="form-actions"><button type="submit" class="primary">${ivt(l, 'open')}</button></div>`,
        { id: 'open-bin' },
      ),
    );
  }

  async function statistics(viewer: Viewer, stats: Awaited<ReturnType<typeof getTransactionStats>>): Promise<Html> {
    const l = viewer.language;
    const types = stats.by_type.map((t) => typeName(l, t.transaction_type));
    return html`${tiles([
      { label: ivt(l, 'movements'), value: formatNumber(stats.total_transactions, l) },
      { label: ivt(l, 'products'), value: formatNumber(stats.products, l) },
      { label: ivt(l, 'vendors'), value: formatNumber(stats.vendors, l) },
      { label: ivt(l, 'last_movement'), value: formatDateTime(stats.last_transaction_at, l) },
    ])}${
      stats.by_type.length === 0
        ? ''
        : card(
            ivt(l, 'statistics'),
            html`<div class="grid cols-2"><div>${barChart(ivt(l, 'statistics'), types, { label: ivt(l, 'movements'), values: stats.by_type.map((t) => t.count) })}</div>
<div class="table-wrap"><table class="data"><thead><tr><th scope="col">${ivt(l, 'type')}</th><th scope="col" class="num">${ivt(l, 'movements')}</th><th scope="col" class="num">${ivt(l, 'units_moved')}</th></tr></thead>
<tbody>${stats.by_type.map((t, i) => html`<tr><td>${types[i]}</td><td class="num">${formatNumber(t.count, l)}</td><td class="num">${formatNumber(t.quantity_change, l)}</td></tr>`)}</tbody></table></div></div>`,
          )
    }`;
  }
}
