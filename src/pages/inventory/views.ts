import type { Context } from 'koa';
import type { InventoryItem } from '../../../queries/inventory/listInventory.ts';
import type { toTransaction } from '../../../queries/inventory/listInventoryTransactions.ts';
import type { StockState } from '../../../commands/inventory/stockDecider.ts';
import type { LanguageCode } from '../../core/i18n.ts';
import type { importInventoryFile } from '../../http/admin/inventoryImport.ts';
import { TRANSACTION_TYPES } from '../../http/schemas/inventory.ts';
import {
  card,
  dataTable,
  facts,
  formatDateTime,
  formatNumber,
  input,
  pill,
  postForm,
  select,
  tiles,
  type Column,
  type Tone,
} from '../backOffice/components.ts';
import type { Viewer } from '../backOffice/registry.ts';
import { html, type Html } from '../html.ts';
import { queryId, queryText } from '../pageRoutes.ts';
import { ivt, type InventoryText } from './texts.ts';

/**
 * What the inventory pages of both back offices show: stock rows by warehouse and bin, a bin's
 * facts, ledger movements, a bin's stock "as of" a past time (from the product's stock stream),
 * and what a stock import did. Values of the page's query are read leniently.
 */
export type Movement = ReturnType<typeof toTransaction>;
export type ImportResult = Awaited<ReturnType<typeof importInventoryFile>>;

export const PAGE_SIZE = 25;
const TYPE_TONES: Record<string, Tone> = {
  receipt: 'ok',
  adjustment: 'info',
  count: 'info',
  reservation: 'warn',
  release: 'neutral',
  shipment: 'accent',
  return: 'ok',
  removal: 'bad',
};

export const typeName = (l: LanguageCode, type: string) => ivt(l, `type_${type}` as InventoryText);
export const typePill = (l: LanguageCode, type: string) => pill(typeName(l, type), TYPE_TONES[type] ?? 'neutral');
const signed = (n: number, l: LanguageCode) => (n > 0 ? `+${formatNumber(n, l)}` : formatNumber(n, l));

/** The list's filter from the page's query (the vendor comes from the session, never the query). */
export function inventoryFilter(ctx: Context) {
  const low = Number(ctx.query.low_stock);
  return {
    warehouse: queryText(ctx, 'warehouse')?.trim() || undefined,
    bin_location: queryText(ctx, 'bin_location')?.trim() || undefined,
    product_id: queryId(ctx, 'product_id'),
    low_stock: ctx.query.low_stock !== '' && Number.isInteger(low) && low >= 0 && low <= 1_000_000_000 ? low : undefined,
  };
}

/** The ledger's filter from the page's query. */
export function ledgerFilter(ctx: Context) {
  const type = queryText(ctx, 'transaction_type');
  const day = (name: string, end: boolean) => {
    const v = queryText(ctx, name, /^\d{4}-\d{2}-\d{2}$/);
    return v && !Number.isNaN(Date.parse(v)) ? `${v}T${end ? '23:59:59.999' : '00:00:00.000'}Z` : undefined;
  };
  return {
    transaction_type: type && (TRANSACTION_TYPES as string[]).includes(type) ? type : undefined,
    product_id: queryId(ctx, 'product_id'),
    order_id: queryId(ctx, 'order_id'),
    date_from: day('date_from', false),
    date_to: day('date_to', true),
  };
}

export const productCell = (r: { product: { title: string | null; vendor_sku: string | null }; product_id: number }) =>
  html`<strong>${r.product.title ?? `#${r.product_id}`}</strong>${r.product.vendor_sku ? html`<div class="muted">${r.product.vendor_sku}</div>` : ''}`;

export function inventoryTable(ctx: Context, viewer: Viewer, rows: InventoryItem[]): Html {
  const l = viewer.language;
  const admin = viewer.area === 'admin';
  const columns: Column<InventoryItem>[] = [
    { label: ivt(l, 'product'), cell: (r) => html`<a href="/${viewer.area}/inventory/${r.id}">${productCell(r)}</a>` },
    ...(admin
      ? [
          {
            label: ivt(l, 'vendor'),
            narrowHide: true,
            cell: (r: InventoryItem) => html`${r.vendor_name ?? '—'} <span class="muted">${r.vendor_code ?? ''}</span>`,
          },
        ]
      : []),
    { label: ivt(l, 'warehouse'), cell: (r) => r.warehouse, narrowHide: true },
    { label: ivt(l, 'bin_location'), cell: (r) => html`<a href="/${viewer.area}/inventory/${r.id}"><code>${r.bin_location}</code></a>` },
    { label: ivt(l, 'on_hand'), num: true, cell: (r) => formatNumber(r.quantity, l) },
    { label: ivt(l, 'reserved'), num: true, narrowHide: true, cell: (r) => formatNumber(r.reserved_quantity, l) },
    {
      label: ivt(l, 'available'),
      num: true,
      cell: (r) => (r.available_quantity <= 0 ? pill(formatNumber(r.available_quantity, l), 'bad') : formatNumber(r.available_quantity, l)),
    },
    { label: ivt(l, 'updated'), narrowHide: true, cell: (r) => html`<span class="nowrap">${formatDateTime(r.updated_at, l)}</span>` },
  ];
  return dataTable(ctx, l, columns, rows, { caption: ivt(l, 'inventory') });
}

export function ledgerTable(ctx: Context, viewer: Viewer, rows: Movement[], options: { withProduct?: boolean } = {}): Html {
  const l = viewer.language;
  const admin = viewer.area === 'admin';
  const columns: Column<Movement>[] = [
    { label: ivt(l, 'when'), cell: (t) => html`<span class="nowrap">${formatDateTime(t.created_at, l)}</span>` },
    ...(options.withProduct !== false ? [{ label: ivt(l, 'product'), cell: (t: Movement) => productCell(t) }] : []),
    ...(admin
      ? [
          {
            label: ivt(l, 'vendor'),
            narrowHide: true,
            cell: (t: Movement) => html`${t.vendor?.name ?? '—'} <span class="muted">${t.vendor?.vendor_code ?? ''}</span>`,
          },
        ]
      : []),
    {
      label: ivt(l, 'bin_location'),
      cell: (t) =>
        html`<a class="nowrap" href="/${viewer.area}/inventory/${t.inventory_id}"><code>${t.warehouse} / ${t.bin_location}</code></a>`,
      narrowHide: true,
    },
    { label: ivt(l, 'type'), cell: (t) => typePill(l, t.transaction_type) },
    {
      label: ivt(l, 'change'),
      num: true,
      cell: (t) =>
        html`<span class="nowrap">${signed(t.quantity_change, l)}${t.reserved_change ? html` <span class="muted">(${ivt(l, 'reserved')} ${signed(t.reserved_change, l)})</span>` : ''}</span>`,
    },
    { label: ivt(l, 'after'), num: true, cell: (t) => formatNumber(t.quantity_after, l), narrowHide: true },
    {
      label: ivt(l, 'reference'),
      narrowHide: true,
      cell: (t) =>
        html`${t.order_id ? html`<a href="/${viewer.area}/orders/${t.order_id}">${ivt(l, 'order')} ${t.order_id}</a> ` : ''}${t.reference ? html`<code>${t.reference}</code> ` : ''}${t.note ? html`<span class="muted">${t.note}</span>` : ''}`,
    },
  ];
  return dataTable(ctx, l, columns, rows, { caption: ivt(l, 'ledger') });
}

export function binFacts(viewer: Viewer, row: InventoryItem): Html {
  const l = viewer.language;
  return card(
    null,
    html`<div class="grid cols-2"><div>${tiles([
      { label: ivt(l, 'on_hand'), value: formatNumber(row.quantity, l) },
      { label: ivt(l, 'reserved'), value: formatNumber(row.reserved_quantity, l) },
      { label: ivt(l, 'available'), value: formatNumber(row.available_quantity, l), tone: row.available_quantity <= 0 ? 'bad' : undefined },
    ])}</div><div>${facts([
      [ivt(l, 'product'), productCell(row)],
      ...(viewer.area === 'admin'
        ? [[ivt(l, 'vendor'), html`${row.vendor_name ?? '—'} <span class="muted">${row.vendor_code ?? ''}</span>`] as [string, Html]]
        : []),
      [ivt(l, 'gtin'), row.product.gtin],
      [ivt(l, 'warehouse'), row.warehouse],
      [ivt(l, 'bin_location'), html`<code>${row.bin_location}</code>`],
      [ivt(l, 'updated'), formatDateTime(row.updated_at, l)],
    ])}</div></div>`,
  );
}

/** The bins of the product's stock stream as they were (the history tab's "as of"), this bin first. */
export const stockAsOf =
  (l: LanguageCode, inventoryId: number) =>
  (state: unknown): Html => {
    const s = state as StockState;
    const locations = Object.values(s?.locations ?? {}).sort(
      (a, b) => Number(b.inventory_id === inventoryId) - Number(a.inventory_id === inventoryId) || a.inventory_id - b.inventory_id,
    );
    if (locations.length === 0) return html`<p class="muted">—</p>`;
    return html`<div class="table-wrap"><table class="data"><thead><tr><th scope="col">${ivt(l, 'warehouse')}</th><th scope="col">${ivt(l, 'bin_location')}</th>
<th scope="col" class="num">${ivt(l, 'on_hand')}</th><th scope="col" class="num">${ivt(l, 'reserved')}</th></tr></thead><tbody>${locations.map(
      (loc) =>
        html`<tr${loc.inventory_id === inventoryId ? html` aria-current="true" style="font-weight:600"` : ''}><td>${loc.warehouse}</td><td><code>${loc.bin_location}</code>${loc.open ? '' : html` ${pill(ivt(l, 'type_removal'), 'bad')}`}</td>
<td class="num">${formatNumber(loc.quantity, l)}</td><td class="num">${formatNumber(loc.reserved, l)}</td></tr>`,
    )}</tbody></table></div>`;
  };

/** The import form: the file, the warehouse, a stock count or a delivery (admins also choose the vendor). */
export function importForm(ctx: Context, viewer: Viewer, vendors?: [string, string][]): Html {
  const l = viewer.language;
  return postForm(
    ctx,
    `/${viewer.area}/inventory/import`,
    html`<p class="muted">${ivt(l, 'import_lead')}</p><div class="form-grid">
${vendors ? select(l, { name: 'vendor_id', label: ivt(l, 'vendor'), required: true, value: typeof ctx.query.vendor_id === 'string' ? ctx.query.vendor_id : '', options: [['', '—'], ...vendors] }) : ''}
${input(l, { name: 'file', label: ivt(l, 'file'), type: 'file', required: true, attrs: html` accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values"` })}
${input(l, { name: 'warehouse', label: ivt(l, 'warehouse'), value: 'main', required: true })}
${select(l, {
  name: 'mode',
  label: ivt(l, 'mode'),
  value: 'set',
  required: true,
  options: [
    ['set', ivt(l, 'mode_set')],
    ['add', ivt(l, 'mode_add')],
  ],
})}
</div><div class="form-actions"><button type="submit" class="primary">${ivt(l, 'start_import')}</button></div>`,
    { multipart: true, id: 'stock-import' },
  );
}

/** What an import did: the counts, then every row it could not use and why. */
export function importReport(viewer: Viewer, fileName: string, r: ImportResult): Html {
  const l = viewer.language;
  const clean = r.unmatched.length === 0 && r.errors.length === 0 && r.skipped_digital.length === 0;
  const summary = card(
    ivt(l, 'import_done', { file: fileName }),
    html`${tiles([
      { label: ivt(l, 'rows'), value: formatNumber(r.total_rows, l) },
      { label: ivt(l, 'matched'), value: formatNumber(r.matched_rows, l) },
      { label: ivt(l, 'unmatched'), value: formatNumber(r.unmatched_rows, l), tone: r.unmatched_rows > 0 ? 'warn' : undefined },
      { label: ivt(l, 'invalid'), value: formatNumber(r.invalid_rows, l), tone: r.invalid_rows > 0 ? 'bad' : undefined },
      { label: ivt(l, 'products_updated'), value: formatNumber(r.products_updated, l) },
      { label: ivt(l, 'bins_created'), value: formatNumber(r.locations_created, l) },
      { label: ivt(l, 'bins_updated'), value: formatNumber(r.locations_updated, l) },
      { label: ivt(l, 'units'), value: formatNumber(r.total_quantity, l) },
    ])}${clean ? html`<p>${pill(ivt(l, 'import_ok'), 'ok')}</p>` : ''}`,
    { id: 'import-report' },
  );
  const unmatched =
    r.unmatched.length === 0
      ? ''
      : card(
          ivt(l, 'unmatched_title'),
          html`<div class="table-wrap"><table class="data"><thead><tr>
<th scope="col">${ivt(l, 'ean')}</th><th scope="col">${ivt(l, 'product')}</th><th scope="col">${ivt(l, 'bins')}</th><th scope="col" class="num">${ivt(l, 'quantity')}</th><th scope="col">${ivt(l, 'rows')}</th></tr></thead>
<tbody>${r.unmatched.map((u) => html`<tr><td><code>${u.ean}</code></td><td>${u.product ?? '—'}</td><td>${u.bins.join(', ')}</td><td class="num">${formatNumber(u.quantity, l)}</td><td>${u.rows.join(', ')}</td></tr>`)}</tbody></table></div>`,
          { flush: true },
        );
  const errors =
    r.errors.length === 0
      ? ''
      : card(
          ivt(l, 'errors_title'),
          html`<div class="table-wrap"><table class="data"><thead><tr>
<th scope="col">${ivt(l, 'row')}</th><th scope="col">${ivt(l, 'problem')}</th><th scope="col">${ivt(l, 'line')}</th></tr></thead>
<tbody>${r.errors.map((e) => html`<tr><td>${e.row}</td><td>${e.message}</td><td>${e.raw ? html`<code>${e.raw}</code>` : ''}</td></tr>`)}</tbody></table></div>`,
          { flush: true },
        );
  const digital =
    r.skipped_digital.length === 0
      ? ''
      : card(ivt(l, 'digital_title'), html`<p>${r.skipped_digital.map((d) => html`<code>${d.ean}</code> `)}</p>`);
  return html`${summary}${unmatched}${errors}${digital}`;
}
