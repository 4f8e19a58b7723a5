/**
 * The vendor's stock forms: adding a bin for a product, and on a bin, setting or changing its
 * quantity, moving units to another bin and removing it — each through the inventory command
 * the vendor API runs.
 */
import type { Context } from 'koa';
import {
  adjustInventory,
  closeInventory,
  moveStock,
  openInventory,
  type InventoryDeps,
} from '../../../commands/inventory/handlers/inventory.ts';
import { getInventory, type InventoryItem } from '../../../queries/inventory/listInventory.ts';
import { ValidationException } from '../../core/errors.ts';
import type { Api } from '../../http/api.ts';
import type { Services } from '../../runtime/services.ts';
import { act, formViewer } from '../backOffice/guard.ts';
import type { Viewer } from '../backOffice/registry.ts';
import { seeOther } from '../forms.ts';
import { HTML, SEE_OTHER } from '../pageRoutes.ts';
import { note, Params, place, wholeNumber } from './formFields.ts';
import { ivt } from './texts.ts';

const FORM = { responses: { 303: SEE_OTHER, 403: HTML } };

/** The POST handlers of the vendor's stock forms (`/vendor/inventory` and `/vendor/inventory/:id/…`). */
export function binForms(api: Api, services: Services) {
  const knex = services.db.knex;
  const deps = (): InventoryDeps => ({ store: services.store, db: knex, clock: services.clock });

  /** A vendor form on one of its bins: the viewer, the bin (the session's vendor's, else refused in words), back to the bin's page or to `done`. */
  const binForm = async (ctx: Context, id: number, run: (viewer: Viewer, row: InventoryItem) => Promise<string>, done?: string) => {
    const viewer = await formViewer(services, ctx, 'vendor', 'inventory.edit');
    if (!viewer) return;
    await act(ctx, `/vendor/inventory/${id}`, async () => run(viewer, await getInventory(knex, id, viewer.vendor!.id)), { done });
  };

  api.post(
    '/vendor/inventory',
    {
      summary:
        'Back-office form: add a bin for a product (`product_id`, `warehouse`, `bin_location`, `quantity`, `note`), the command of POST /vendor/inventory',
      ...FORM,
    },
    async (ctx) => {
      const viewer = await formViewer(services, ctx, 'vendor', 'inventory.edit');
      if (!viewer) return;
      let opened: number | null = null;
      await act(ctx, '/vendor/inventory', async () => {
        const warehouse = place(ctx, 'warehouse', 'main');
        const bin = place(ctx, 'bin_location');
        const { id, done } = await openInventory(
          deps(),
          {
            product_id: wholeNumber(ctx, 'product_id', 1, 2_147_483_647)!,
            warehouse,
            bin_location: bin,
            quantity: wholeNumber(ctx, 'quantity', 0, 1_000_000_000)!,
            note: note(ctx),
          },
          viewer.vendor!.id,
          viewer.context,
        );
        await services.settle(done);
        opened = id;
        return ivt(viewer.language, 'opened', { warehouse, bin });
      });
      if (opened) seeOther(ctx, `/vendor/inventory/${opened}`);
    },
  );

  api.post(
    '/vendor/inventory/:id/adjust',
    {
      summary:
        "Back-office form: set a bin's quantity (`quantity`) or change it (`quantity_change`), the command of PUT /vendor/inventory/{id}",
      params: Params,
      ...FORM,
    },
    async (ctx, { params }) =>
      binForm(ctx, params.id, async (viewer, row) => {
        const set = wholeNumber(ctx, 'quantity', 0, 1_000_000_000, true);
        const change = wholeNumber(ctx, 'quantity_change', -1_000_000_000, 1_000_000_000, true);
        if ((set === undefined) === (change === undefined))
          throw new ValidationException(ivt(viewer.language, 'one_of'), [
            { pointer: '/body/quantity', message: 'exactly one of quantity and quantity_change' },
          ]);
        await services.settle(
          await adjustInventory(deps(), row.product_id, row.id, { set, change, note: note(ctx) }, viewer.vendor!.id, viewer.context),
        );
        const after = await getInventory(knex, row.id, viewer.vendor!.id);
        return ivt(viewer.language, 'adjusted', { quantity: after.quantity });
      }),
  );

  api.post(
    '/vendor/inventory/:id/move',
    {
      summary:
        'Back-office form: move units (`quantity`) from a bin to another bin of the same product (`warehouse`, `bin_location`), added when it does not exist',
      params: Params,
      ...FORM,
    },
    async (ctx, { params }) =>
      binForm(ctx, params.id, async (viewer, row) => {
        const l = viewer.language;
        const quantity = wholeNumber(ctx, 'quantity', 1, 1_000_000_000)!;
        const warehouse = place(ctx, 'warehouse', row.warehouse);
        const bin = place(ctx, 'bin_location');
        if (warehouse === row.warehouse && bin === row.bin_location)
          throw new ValidationException(ivt(l, 'same_bin'), [{ pointer: '/body/bin_location', message: 'another bin' }]);
        // One decision of the product's stock: both bins change, or neither does.
        await services.settle(
          await moveStock(
            deps(),
            row.product_id,
            row.id,
            { warehouse, bin_location: bin, quantity, note: note(ctx) },
            viewer.vendor!.id,
            viewer.context,
          ),
        );
        return ivt(l, 'moved', { quantity, warehouse, bin });
      }),
  );

  api.post(
    '/vendor/inventory/:id/remove',
    {
      summary: 'Back-office form: remove a bin, writing off its units (the command of DELETE /vendor/inventory/{id})',
      params: Params,
      ...FORM,
    },
    async (ctx, { params }) =>
      binForm(
        ctx,
        params.id,
        async (viewer, row) => {
          await services.settle(await closeInventory(deps(), row.product_id, row.id, null, viewer.vendor!.id, viewer.context));
          return ivt(viewer.language, 'removed', { warehouse: row.warehouse, bin: row.bin_location });
        },
        '/vendor/inventory',
      ),
  );
}
