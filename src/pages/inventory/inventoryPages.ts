import type Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { adjustInventory, closeInventory, moveStock, openInventory, type InventoryDeps } from '../../../commands/inventory/handlers.ts';
import { getTransactionStats } from '../../../queries/inventory/getTransactionStats.ts';
import { getInventory, listInventory, type InventoryItem } from '../../../queries/inventory/listInventory.ts';
import { listInventoryTransactions } from '../../../queries/inventory/listInventoryTransactions.ts';
import { stockProductChoices } from '../../../queries/inventory/stockProductChoices.ts';
import { vendorChoices } from '../../modules/vendors.ts';
import { DomainException, ValidationException } from '../../core/errors.ts';
import { ImportFileException } from '../../../commands/inventory/errors.ts';
import { importInventoryFile } from '../../http/admin/inventoryImport.ts';
import { Api } from '../../http/api.ts';
import { multipart, uploadedFile, uploadLimits } from '../../http/multipart.ts';
import { TRANSACTION_TYPES } from '../../http/schemas/inventory.ts';
import { withHistoryTab } from '../../modules/history.ts';
import type { Services } from '../../runtime/services.ts';
import { barChart } from '../backOffice/charts.ts';
import {
  card, filters, formatDateTime, formatNumber, input, linkButton, pager, postButton, postForm, select, tiles, type FilterField,
} from '../backOffice/components.ts';
import { act, formViewer, orNotFound, pageViewer, refusalInWords } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import { can, hasFeature, type BackOfficeContribution, type Viewer } from '../backOffice/registry.ts';
import { field, seeOther } from '../forms.ts';
import { html, type Html } from '../html.ts';
import { HTML, SEE_OTHER, pageNumber, queryId } from '../pageRoutes.ts';
import { ivt } from './texts.ts';
import {
  binFacts, importForm, importReport, inventoryFilter, inventoryTable, ledgerFilter, ledgerTable, PAGE_SIZE, stockAsOf, typeName,
} from './views.ts';

const Params = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
const FORM = { responses: { 303: SEE_OTHER, 403: HTML } };
const IMPORT_FEATURE = 'inventory_import';
const importUpload = multipart(() => ({ maxFileBytes: uploadLimits.inventoryImportBytes }));

const label = (en: string, fr: string, de: string, lb: string) => ({ en, fr, de, lb });
export const inventoryNavigation: BackOfficeContribution['navigation'] = [
  { area: 'vendor', key: 'inventory', href: '/vendor/inventory', section: 'catalogue', icon: 'box', order: 30, permission: 'inventory.view', label: label('Inventory', 'Stock', 'Lager', 'Lager') },
  { area: 'admin', key: 'inventory', href: '/admin/inventory', section: 'catalogue', icon: 'box', order: 30, label: label('Inventory', 'Stock', 'Lager', 'Lager') },
];

/** A whole number from a form field, or a refusal naming the field. */
function wholeNumber(ctx: Context, name: string, min: number, max: number, optional = false): number | undefined {
  const raw = field(ctx, name).trim();
  if (raw === '' && optional) return undefined;
  const n = Number(raw);
  if (raw === '' || !Number.isInteger(n) || n < min || n > max) {
    throw new ValidationException(`${name} must be a whole number`, [{ pointer: `/body/${name}`, message: `must be a whole number from ${min} to ${max}` }]);
  }
  return n;
}

/** A place name (warehouse, bin) as the API's schema takes it. */
function place(ctx: Context, name: string, fallback?: string): string {
  const v = field(ctx, name).trim() || fallback || '';
  if (!v || v.length > 100 || /[\u0000-\u001f]/.test(v)) throw new ValidationException(`${name} is required`, [{ pointer: `/body/${name}`, message: 'from 1 to 100 characters' }]);
  return v;
}

const note = (ctx: Context) => field(ctx, 'note').trim().slice(0, 500) || null;

/**
 * The inventory pages of both back offices. Vendor: stock by warehouse and bin, a bin's page with
 * its history tab (the product's stock stream), the adjustment, move and removal forms, adding a
 * bin, the stock ledger and the stock import — every write through the inventory commands the
 * vendor API runs. Admin: stock across vendors with the vendor filter, any bin's page and history
 * (with its export), the ledger with its statistics by movement type, and the bulk stock import
 * for any vendor (the import of POST /admin/inventory/import).
 */
export function inventoryPageRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  const knex = services.db.knex;
  const deps = (): InventoryDeps => ({ store: services.store, db: knex, clock: services.clock });
  const scope = (viewer: Viewer) => (viewer.area === 'vendor' ? viewer.vendor!.id : null);

  for (const area of ['vendor', 'admin'] as const) {
    const base = `/${area}/inventory`;

    api.get(base, {
      summary: area === 'vendor' ? 'Back-office page: the vendor\'s stock by warehouse and bin (`warehouse`, `bin_location`, `product_id`, `low_stock`, `page`)'
        : 'Back-office page: stock of every vendor by warehouse and bin (`vendor_id`, `warehouse`, `bin_location`, `product_id`, `low_stock`, `page`)',
      responses: { 200: HTML, 303: SEE_OTHER, 403: HTML },
    }, async (ctx) => {
      const viewer = await pageViewer(services, ctx, area, 'inventory.view');
      if (!viewer) return;
      const l = viewer.language;
      const vendorId = scope(viewer) ?? queryId(ctx, 'vendor_id');
      const page = await listInventory(knex, { ...inventoryFilter(ctx), vendor_id: vendorId }, { page: pageNumber(ctx), limit: PAGE_SIZE });
      const fields: FilterField[] = [
        ...(area === 'admin' ? [{ name: 'vendor_id', label: ivt(l, 'vendor'), type: 'select' as const, options: await vendorChoices(knex) }] : []),
        { name: 'warehouse', label: ivt(l, 'warehouse'), type: 'text' },
        { name: 'bin_location', label: ivt(l, 'bin_location'), type: 'text' },
        { name: 'low_stock', label: ivt(l, 'low_stock'), type: 'number' },
      ];
      const canEdit = area === 'vendor' && can(viewer, 'inventory.edit');
      const canImport = area === 'admin' || (can(viewer, 'inventory.import') && hasFeature(viewer, IMPORT_FEATURE));
      const openCard = canEdit ? await openForm(ctx, viewer) : '';
      await renderBackOffice(ctx, services, viewer, {
        title: ivt(l, 'inventory'), nav: 'inventory', subtitle: ivt(l, area === 'admin' ? 'lead_admin' : 'lead'),
        actions: html`${linkButton(`${base}/transactions`, ivt(l, 'ledger'), 'ghost', 'activity')} ${canImport ? linkButton(`${base}/import`, ivt(l, 'import'), 'primary', 'upload') : ''}`,
        body: html`${card(null, html`${filters(ctx, l, fields)}${inventoryTable(ctx, viewer, page.items)}${pager(ctx, l, page)}`, { flush: true })}${openCard}`,
      });
    });

    api.get(`${base}/transactions`, {
      summary: 'Back-office page: the stock ledger (`transaction_type`, `product_id`, `order_id`, `date_from`, `date_to`, `page`' + (area === 'admin' ? ', `vendor_id`) with its statistics by movement type' : ')'),
      responses: { 200: HTML, 303: SEE_OTHER, 403: HTML },
    }, async (ctx) => {
      const viewer = await pageViewer(services, ctx, area, 'inventory.view');
      if (!viewer) return;
      const l = viewer.language;
      const vendorId = scope(viewer) ?? queryId(ctx, 'vendor_id');
      const filter = { ...ledgerFilter(ctx), vendor_id: vendorId };
      const page = await listInventoryTransactions(knex, filter, { page: pageNumber(ctx), limit: PAGE_SIZE }, area === 'admin');
      const fields: FilterField[] = [
        ...(area === 'admin' ? [{ name: 'vendor_id', label: ivt(l, 'vendor'), type: 'select' as const, options: await vendorChoices(knex) }] : []),
        { name: 'transaction_type', label: ivt(l, 'type'), type: 'select', options: TRANSACTION_TYPES.map((t) => [t, typeName(l, t)]) },
        { name: 'product_id', label: ivt(l, 'product_id'), type: 'number' },
        { name: 'order_id', label: ivt(l, 'order_id'), type: 'number' },
        { name: 'date_from', label: ivt(l, 'date_from'), type: 'date' },
        { name: 'date_to', label: ivt(l, 'date_to'), type: 'date' },
      ];
      const stats = area === 'admin' ? await statistics(viewer, await getTransactionStats(knex, { vendor_id: vendorId, date_from: filter.date_from, date_to: filter.date_to })) : '';
      await renderBackOffice(ctx, services, viewer, {
        title: ivt(l, 'ledger'), nav: 'inventory', subtitle: ivt(l, 'ledger_lead'),
        crumbs: [{ label: ivt(l, 'inventory'), href: base }],
        body: html`${stats}${card(null, html`${filters(ctx, l, fields)}${ledgerTable(ctx, viewer, page.items)}${pager(ctx, l, page)}`, { flush: true })}`,
      });
    });

    api.get(`${base}/import`, {
      summary: 'Back-office page: the stock import form (TSV/CSV with BIN, EAN, PRODUCT, QUANTITY)',
      responses: { 200: HTML, 303: SEE_OTHER, 403: HTML },
    }, async (ctx) => {
      const viewer = await pageViewer(services, ctx, area, 'inventory.import', area === 'vendor' ? IMPORT_FEATURE : undefined);
      if (!viewer) return;
      await renderImport(ctx, viewer, html``);
    });

    api.post(`${base}/import`, {
      summary: 'Back-office form: import a stock file (multipart `file`, `warehouse`, `mode`' + (area === 'admin' ? ', `vendor_id`' : '') + '); the page shows what it did, row by row',
      use: [importUpload], responses: { 200: HTML, 303: SEE_OTHER, 403: HTML, 413: HTML, 422: HTML },
    }, async (ctx) => {
      const viewer = await formViewer(services, ctx, area, 'inventory.import', area === 'vendor' ? IMPORT_FEATURE : undefined);
      if (!viewer) return;
      const file = uploadedFile(ctx, 'file');
      try {
        if (!file || file.size === 0) throw new ImportFileException(ivt(viewer.language, 'no_file'), [{ pointer: '/body/file', message: 'required' }]);
        const vendorId = scope(viewer) ?? wholeNumber(ctx, 'vendor_id', 1, 2_147_483_647)!;
        const mode = field(ctx, 'mode') === 'add' ? 'add' : 'set';
        const result = await importInventoryFile(services, { vendorId, path: file.filepath, fileName: file.originalFilename, warehouse: place(ctx, 'warehouse', 'main'), mode }, viewer.context);
        await renderImport(ctx, viewer, importReport(viewer, file.originalFilename ?? '', result));
      } catch (err) {
        if (!(err instanceof DomainException) || err.status >= 500) throw err;
        await renderImport(ctx, viewer, html``, refusalInWords(err), 422);
      }
    });

    api.get(`${base}/:id`, {
      summary: 'Back-office page: one stock bin with its movements and the history tab of its product\'s stock (`tab=history`, `as_of`)',
      params: Params, responses: { 200: HTML, 303: SEE_OTHER, 403: HTML, 404: HTML },
    }, async (ctx, { params }) => {
      const viewer = await pageViewer(services, ctx, area, 'inventory.view');
      if (!viewer) return;
      const l = viewer.language;
      const row = await orNotFound(ctx, services, viewer, () => getInventory(knex, params.id, scope(viewer)));
      if (!row) return;
      const stream = `stock-${row.product_id}`;
      const canEdit = area === 'vendor' && can(viewer, 'inventory.edit');
      await renderBackOffice(ctx, services, viewer, {
        title: ivt(l, 'bin', { warehouse: row.warehouse, bin: row.bin_location }), nav: 'inventory', subtitle: row.product.title ?? `#${row.product_id}`,
        crumbs: [{ label: ivt(l, 'inventory'), href: base }],
        actions: canEdit ? postButton(ctx, `${base}/${row.id}/remove`, ivt(l, 'remove'), { tone: 'danger', confirm: ivt(l, 'remove_confirm') }) : undefined,
        body: await withHistoryTab(services, ctx, l, stream, async () => binBody(ctx, viewer, row, canEdit), {
          renderState: stockAsOf(l, row.id), exportHref: area === 'admin' ? `/admin/history/export?stream=${stream}` : undefined,
        }),
      });
    });
  }

  async function openForm(ctx: Context, viewer: Viewer): Promise<Html> {
    const l = viewer.language;
    const products = await stockProductChoices(knex, viewer.vendor!.id);
    if (products.length === 0) return card(ivt(l, 'open'), html`<p class="muted">${ivt(l, 'no_products')}</p>`);
    return card(ivt(l, 'open'), postForm(ctx, '/vendor/inventory', html`<p class="muted">${ivt(l, 'open_lead')}</p><div class="form-grid">
${select(l, { name: 'product_id', label: ivt(l, 'product'), required: true, options: products, span2: true })}
${input(l, { name: 'warehouse', label: ivt(l, 'warehouse'), value: 'main', required: true })}
${input(l, { name: 'bin_location', label: ivt(l, 'bin_location'), required: true, placeholder: 'A-01' })}
${input(l, { name: 'quantity', label: ivt(l, 'quantity'), type: 'number', value: 0, required: true, attrs: html` min="0" step="1"` })}
${input(l, { name: 'note', label: ivt(l, 'note') })}
</div><div class="form-actions"><button type="submit" class="primary">${ivt(l, 'open')}</button></div>`, { id: 'open-bin' }));
  }

  async function binBody(ctx: Context, viewer: Viewer, row: InventoryItem, canEdit: boolean): Promise<Html> {
    const l = viewer.language;
    const moves = await listInventoryTransactions(knex, { vendor_id: row.vendor_id, product_id: row.product_id }, { page: pageNumber(ctx), limit: PAGE_SIZE }, viewer.area === 'admin');
    const ledger = card(ivt(l, 'ledger_product'), html`${ledgerTable(ctx, viewer, moves.items, { withProduct: false })}${pager(ctx, l, moves)}`, { flush: true });
    if (!canEdit) return html`${binFacts(viewer, row)}${ledger}`;
    const adjust = card(ivt(l, 'adjust'), postForm(ctx, `/vendor/inventory/${row.id}/adjust`, html`<p class="muted">${ivt(l, 'adjust_lead')}</p><div class="form-grid">
${input(l, { name: 'quantity', label: ivt(l, 'set_to'), type: 'number', attrs: html` min="0" step="1"` })}
${input(l, { name: 'quantity_change', label: ivt(l, 'change_by'), type: 'number', attrs: html` step="1"` })}
${input(l, { name: 'note', label: ivt(l, 'note'), span2: true })}
</div><div class="form-actions"><button type="submit" class="primary">${ivt(l, 'adjust')}</button></div>`, { id: 'adjust' }));
    const move = card(ivt(l, 'move'), postForm(ctx, `/vendor/inventory/${row.id}/move`, html`<p class="muted">${ivt(l, 'move_lead')}</p><div class="form-grid">
${input(l, { name: 'quantity', label: ivt(l, 'quantity'), type: 'number', required: true, attrs: html` min="1" step="1"` })}
${input(l, { name: 'warehouse', label: ivt(l, 'to_warehouse'), value: row.warehouse, required: true })}
${input(l, { name: 'bin_location', label: ivt(l, 'to_bin'), required: true })}
${input(l, { name: 'note', label: ivt(l, 'note') })}
</div><div class="form-actions"><button type="submit">${ivt(l, 'move')}</button></div>`, { id: 'move' }));
    return html`${binFacts(viewer, row)}<div class="grid sidebar"><div>${ledger}</div><div>${adjust}${move}</div></div>`;
  }

  async function renderImport(ctx: Context, viewer: Viewer, report: Html, error?: string, status = 200) {
    const l = viewer.language;
    const base = `/${viewer.area}/inventory`;
    await renderBackOffice(ctx, services, viewer, {
      title: ivt(l, 'import'), nav: 'inventory', error, crumbs: [{ label: ivt(l, 'inventory'), href: base }],
      body: html`${report}${card(ivt(l, 'import'), importForm(ctx, viewer, viewer.area === 'admin' ? await vendorChoices(knex) : undefined))}`,
    }, status);
  }

  async function statistics(viewer: Viewer, stats: Awaited<ReturnType<typeof getTransactionStats>>): Promise<Html> {
    const l = viewer.language;
    const types = stats.by_type.map((t) => typeName(l, t.transaction_type));
    return html`${tiles([
      { label: ivt(l, 'movements'), value: formatNumber(stats.total_transactions, l) },
      { label: ivt(l, 'products'), value: formatNumber(stats.products, l) },
      { label: ivt(l, 'vendors'), value: formatNumber(stats.vendors, l) },
      { label: ivt(l, 'last_movement'), value: formatDateTime(stats.last_transaction_at, l) },
    ])}${stats.by_type.length === 0 ? '' : card(ivt(l, 'statistics'), html`<div class="grid cols-2"><div>${barChart(ivt(l, 'statistics'), types, { label: ivt(l, 'movements'), values: stats.by_type.map((t) => t.count) })}</div>
<div class="table-wrap"><table class="data"><thead><tr><th scope="col">${ivt(l, 'type')}</th><th scope="col" class="num">${ivt(l, 'movements')}</th><th scope="col" class="num">${ivt(l, 'units_moved')}</th></tr></thead>
<tbody>${stats.by_type.map((t, i) => html`<tr><td>${types[i]}</td><td class="num">${formatNumber(t.count, l)}</td><td class="num">${formatNumber(t.quantity_change, l)}</td></tr>`)}</tbody></table></div></div>`)}`;
  }

  /** A vendor form on one of its bins: the viewer, the bin (the session's vendor's, else refused in words), back to the bin's page or to `done`. */
  const binForm = async (ctx: Context, id: number, run: (viewer: Viewer, row: InventoryItem) => Promise<string>, done?: string) => {
    const viewer = await formViewer(services, ctx, 'vendor', 'inventory.edit');
    if (!viewer) return;
    await act(ctx, `/vendor/inventory/${id}`, async () => run(viewer, await getInventory(knex, id, viewer.vendor!.id)), { done });
  };

  api.post('/vendor/inventory', {
    summary: 'Back-office form: add a bin for a product (`product_id`, `warehouse`, `bin_location`, `quantity`, `note`), the command of POST /vendor/inventory',
    ...FORM,
  }, async (ctx) => {
    const viewer = await formViewer(services, ctx, 'vendor', 'inventory.edit');
    if (!viewer) return;
    let opened: number | null = null;
    await act(ctx, '/vendor/inventory', async () => {
      const warehouse = place(ctx, 'warehouse', 'main');
      const bin = place(ctx, 'bin_location');
      const { id, done } = await openInventory(deps(), {
        product_id: wholeNumber(ctx, 'product_id', 1, 2_147_483_647)!, warehouse, bin_location: bin, quantity: wholeNumber(ctx, 'quantity', 0, 1_000_000_000)!, note: note(ctx),
      }, viewer.vendor!.id, viewer.context);
      await services.settle(done);
      opened = id;
      return ivt(viewer.language, 'opened', { warehouse, bin });
    });
    if (opened) seeOther(ctx, `/vendor/inventory/${opened}`);
  });

  api.post('/vendor/inventory/:id/adjust', {
    summary: 'Back-office form: set a bin\'s quantity (`quantity`) or change it (`quantity_change`), the command of PUT /vendor/inventory/{id}',
    params: Params, ...FORM,
  }, async (ctx, { params }) => binForm(ctx, params.id, async (viewer, row) => {
    const set = wholeNumber(ctx, 'quantity', 0, 1_000_000_000, true);
    const change = wholeNumber(ctx, 'quantity_change', -1_000_000_000, 1_000_000_000, true);
    if ((set === undefined) === (change === undefined)) throw new ValidationException(ivt(viewer.language, 'one_of'), [{ pointer: '/body/quantity', message: 'exactly one of quantity and quantity_change' }]);
    await services.settle(await adjustInventory(deps(), row.product_id, row.id, { set, change, note: note(ctx) }, viewer.vendor!.id, viewer.context));
    const after = await getInventory(knex, row.id, viewer.vendor!.id);
    return ivt(viewer.language, 'adjusted', { quantity: after.quantity });
  }));

  api.post('/vendor/inventory/:id/move', {
    summary: 'Back-office form: move units (`quantity`) from a bin to another bin of the same product (`warehouse`, `bin_location`), added when it does not exist',
    params: Params, ...FORM,
  }, async (ctx, { params }) => binForm(ctx, params.id, async (viewer, row) => {
    const l = viewer.language;
    const quantity = wholeNumber(ctx, 'quantity', 1, 1_000_000_000)!;
    const warehouse = place(ctx, 'warehouse', row.warehouse);
    const bin = place(ctx, 'bin_location');
    if (warehouse === row.warehouse && bin === row.bin_location) throw new ValidationException(ivt(l, 'same_bin'), [{ pointer: '/body/bin_location', message: 'another bin' }]);
    // One decision of the product's stock: both bins change, or neither does.
    await services.settle(await moveStock(deps(), row.product_id, row.id, { warehouse, bin_location: bin, quantity, note: note(ctx) }, viewer.vendor!.id, viewer.context));
    return ivt(l, 'moved', { quantity, warehouse, bin });
  }));

  api.post('/vendor/inventory/:id/remove', {
    summary: 'Back-office form: remove a bin, writing off its units (the command of DELETE /vendor/inventory/{id})',
    params: Params, ...FORM,
  }, async (ctx, { params }) => binForm(ctx, params.id, async (viewer, row) => {
    await services.settle(await closeInventory(deps(), row.product_id, row.id, null, viewer.vendor!.id, viewer.context));
    return ivt(viewer.language, 'removed', { warehouse: row.warehouse, bin: row.bin_location });
  }, '/vendor/inventory'));

  return api.router;
}

