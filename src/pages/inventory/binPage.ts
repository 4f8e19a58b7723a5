/**
 * A stock bin's page in both back offices: its facts, the movements of its product and the
 * history tab of the product's stock (with its export for admins), and for a vendor who may edit
 * stock, the adjustment and move forms and the removal button.
 */
import type { Context } from 'koa';
import { getInventory, type InventoryItem } from '../../../queries/inventory/listInventory.ts';
import { listInventoryTransactions } from '../../../queries/inventory/listInventoryTransactions.ts';
import type { Api } from '../../http/api.ts';
import { withHistoryTab } from '../../modules/history.ts';
import type { Services } from '../../runtime/services.ts';
import { card, input, pager, postButton, postForm } from '../backOffice/components.ts';
import { orNotFound, pageViewer } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import { can, type Viewer } from '../backOffice/registry.ts';
import { html, type Html } from '../html.ts';
import { HTML, SEE_OTHER, pageNumber } from '../pageRoutes.ts';
import { Params, scope } from './formFields.ts';
import { ivt } from './texts.ts';
import { binFacts, ledgerTable, PAGE_SIZE, stockAsOf } from './views.ts';

/** One bin's page (`/{area}/inventory/:id`) of one back office. */
export function binPage(api: Api, services: Services, area: 'vendor' | 'admin') {
  const knex = services.db.knex;
  const base = `/${area}/inventory`;

  api.get(
    `${base}/:id`,
    {
      summary: "Back-office page: one stock bin with its movements and the history tab of its product's stock (`tab=history`, `as_of`)",
      params: Params,
      responses: { 200: HTML, 303: SEE_OTHER, 403: HTML, 404: HTML },
    },
    async (ctx, { params }) => {
      const viewer = await pageViewer(services, ctx, area, 'inventory.view');
      if (!viewer) return;
      const l = viewer.language;
      const row = await orNotFound(ctx, services, viewer, () => getInventory(knex, params.id, scope(viewer)));
      if (!row) return;
      const stream = `stock-${row.product_id}`;
      const canEdit = area === 'vendor' && can(viewer, 'inventory.edit');
      await renderBackOffice(ctx, services, viewer, {
        title: ivt(l, 'bin', { warehouse: row.warehouse, bin: row.bin_location }),
        nav: 'inventory',
        subtitle: row.product.title ?? `#${row.product_id}`,
        crumbs: [{ label: ivt(l, 'inventory'), href: base }],
        actions: canEdit
          ? postButton(ctx, `${base}/${row.id}/remove`, ivt(l, 'remove'), { tone: 'danger', confirm: ivt(l, 'remove_confirm') })
          : undefined,
        body: await withHistoryTab(services, ctx, l, stream, async () => binBody(ctx, viewer, row, canEdit), {
          renderState: stockAsOf(l, row.id),
          exportHref: area === 'admin' ? `/admin/history/export?stream=${stream}` : undefined,
        }),
      });
    },
  );

  async function binBody(ctx: Context, viewer: Viewer, row: InventoryItem, canEdit: boolean): Promise<Html> {
    const l = viewer.language;
    const moves = await listInventoryTransactions(
      knex,
      { vendor_id: row.vendor_id, product_id: row.product_id },
      { page: pageNumber(ctx), limit: PAGE_SIZE },
      viewer.area === 'admin',
    );
    const ledger = card(
      ivt(l, 'ledger_product'),
      html`${ledgerTable(ctx, viewer, moves.items, { withProduct: false })}${pager(ctx, l, moves)}`,
      { flush: true },
    );
    if (!canEdit) return html`${binFacts(viewer, row)}${ledger}`;
    const adjust = card(
      ivt(l, 'adjust'),
      postForm(
        ctx,
        `/vendor/inventory/${row.id}/adjust`,
        html`<p class="muted">${ivt(l, 'adjust_lead')}</p><div class="form-grid">
${input(l, { name: 'quantity', label: ivt(l, 'set_to'), type: 'number', attrs: html` min="0" step="1"` })}
${input(l, { name: 'quantity_change', label: ivt(l, 'change_by'), type: 'number', attrs: html` step="1"` })}
${input(l, { name: 'note', label: ivt(l, 'note'), span2: true })}
</div><div class="form-actions"><button type="submit" class="primary">${ivt(l, 'adjust')}</button></div>`,
        { id: 'adjust' },
      ),
    );
    const move = card(
      ivt(l, 'move'),
      postForm(
        ctx,
        `/vendor/inventory/${row.id}/move`,
        html`<p class="muted">${ivt(l, 'move_lead')}</p><div class="form-grid">
${input(l, { name: 'quantity', label: ivt(l, 'quantity'), type: 'number', required: true, attrs: html` min="1" step="1"` })}
${input(l, { name: 'warehouse', label: ivt(l, 'to_warehouse'), value: row.warehouse, required: true })}
${input(l, { name: 'bin_location', label: ivt(l, 'to_bin'), required: true })}
${input(l, { name: 'note', label: ivt(l, 'note') })}
</div><div class="form-actions"><button type="submit">${ivt(l, 'move')}</button></div>`,
        { id: 'move' },
      ),
    );
    return html`${binFacts(viewer, row)}<div class="grid sidebar"><div>${ledger}</div><div>${adjust}${move}</div></div>`;
  }
}
