import type { Clock } from '../../src/core/clock.ts';
import { ProductException, ProductNotFoundException } from './errors.ts';
import { cachedState, handleCommand, load, type CommandContext, type Handled } from '../../src/runtime/commandHandler.ts';
import { productHolds } from '../../src/modules/registry.ts';
import { releaseQuotaSlot } from '../quotas/quota.ts';
import { normaliseIdentifiers, PRODUCT_QUOTA, type CatalogueDeps } from './createVendorProduct.ts';
import type { VendorProductFields } from './events.ts';
import { vendorProduct, type VendorProductState } from './vendorProduct.ts';
import { releaseProductKeys, reserveProductKeys } from './productReservations.ts';

const now = (deps: { clock: Clock }) => deps.clock.now().toISOString();

/**
 * The product, when it exists and the acting vendor owns it (a vendor never learns of another's
 * product). `cached`: the aggregate cache may answer, for a change whose decision checks the
 * product's status and vendor again on the stream (a product never changes vendor).
 */
async function owned(
  deps: CatalogueDeps,
  id: number,
  actingVendor: number | null,
  cached = false,
): Promise<Extract<VendorProductState, { status: 'active' | 'inactive' }>> {
  const isOwned = (s: VendorProductState): s is Extract<VendorProductState, { status: 'active' | 'inactive' }> =>
    (s.status === 'active' || s.status === 'inactive') && (actingVendor === null || s.vendor_id === actingVendor);
  let state = cached ? await cachedState(deps.store, vendorProduct, id) : null;
  // A refusal never rests on a cached state: the product may have been created since.
  if (!state || !isOwned(state)) state = (await load(deps.store, vendorProduct, id)).state;
  if (!isOwned(state)) throw new ProductNotFoundException(`Product ${id} not found`);
  return state;
}

/**
 * Applies a partial update (admin PATCH, vendor edit). A new SKU or GTIN is claimed before the
 * change and the old one released after it, as the users area does with e-mails.
 */
export async function changeVendorProduct(
  deps: CatalogueDeps,
  id: number,
  input: Partial<VendorProductFields>,
  actingVendor: number | null,
  ctx: CommandContext,
): Promise<Handled<unknown, any>[]> {
  // A new SKU or GTIN moves reservations from the current values, and a product turning digital
  // checks its stock: those read the stream; any other change may start from the cached state.
  const current = await owned(
    deps,
    id,
    actingVendor,
    input.vendor_sku === undefined && input.gtin === undefined && input.is_digital === undefined,
  );
  const changes = normaliseIdentifiers(input);
  const c = { ...ctx, vendorId: current.vendor_id };
  const fresh = {
    vendor_sku:
      changes.vendor_sku !== undefined && changes.vendor_sku?.toLowerCase() !== current.vendor_sku?.toLowerCase()
        ? changes.vendor_sku
        : undefined,
    gtin: changes.gtin !== undefined && changes.gtin !== current.gtin ? changes.gtin : undefined,
  };
  if (changes.is_digital === true && !current.is_digital) {
    if ((await productHolds(deps.store, id)).places > 0)
      throw new ProductException('Remove the inventory rows before making the product digital (digital products have unlimited inventory)');
  }
  const done = await reserveProductKeys(deps.store, current.vendor_id, fresh, id, c);
  try {
    done.push(
      await handleCommand(
        deps.store,
        vendorProduct,
        id,
        { type: 'ChangeVendorProduct', data: { acting_vendor_id: actingVendor, changes, at: now(deps) } },
        c,
      ),
    );
  } catch (err) {
    done.push(...(await releaseProductKeys(deps.store, current.vendor_id, fresh, id, c)));
    throw err;
  }
  const old = {
    vendor_sku: fresh.vendor_sku !== undefined ? current.vendor_sku : null,
    gtin: fresh.gtin !== undefined ? current.gtin : null,
  };
  done.push(...(await releaseProductKeys(deps.store, current.vendor_id, old, id, c)));
  return done;
}

/** Deletes a product that holds no stock; its SKU and GTIN are free again. */
export async function deleteVendorProduct(
  deps: CatalogueDeps,
  id: number,
  actingVendor: number | null,
  ctx: CommandContext,
): Promise<Handled<unknown, any>[]> {
  const current = await owned(deps, id, actingVendor);
  const held = (await productHolds(deps.store, id)).units;
  if (held > 0) throw new ProductException(`The product still has ${held} units in stock; remove its inventory first`, { quantity: held });
  const c = { ...ctx, vendorId: current.vendor_id };
  const done: Handled<unknown, any>[] = [
    await handleCommand(
      deps.store,
      vendorProduct,
      id,
      { type: 'DeleteVendorProduct', data: { acting_vendor_id: actingVendor, at: now(deps) } },
      c,
    ),
  ];
  done.push(...(await releaseProductKeys(deps.store, current.vendor_id, current, id, c)));
  // The deleted product's slot under the plan's product limit is free again.
  done.push(await releaseQuotaSlot(deps.store, PRODUCT_QUOTA, String(current.vendor_id), id, c));
  return done;
}
