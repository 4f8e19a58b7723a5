import { ProductException, ProductNotFoundException } from '../../src/core/errors.ts';
import { handleCommand, load, type CommandContext, type Handled } from '../../src/runtime/commandHandler.ts';
import { stock } from '../inventory/index.ts';
import { openLocations } from '../inventory/stock.ts';
import { normaliseIdentifiers, type CatalogueDeps } from './createVendorProduct.ts';
import type { VendorProductFields } from './events.ts';
import { vendorProduct, type VendorProductState } from './index.ts';
import { releaseProductKeys, reserveProductKeys } from './productReservations.ts';

const now = () => new Date().toISOString();

async function owned(deps: CatalogueDeps, id: number, actingVendor: number | null): Promise<Extract<VendorProductState, { status: 'active' | 'inactive' }>> {
  const { state } = await load(deps.store, vendorProduct, id);
  if ((state.status !== 'active' && state.status !== 'inactive') || (actingVendor !== null && state.vendor_id !== actingVendor)) {
    throw new ProductNotFoundException(`Product ${id} not found`);
  }
  return state;
}

/**
 * Applies a partial update (admin PATCH, vendor edit). A new SKU or GTIN is claimed before the
 * change and the old one released after it, as the users area does with e-mails.
 */
export async function changeVendorProduct(deps: CatalogueDeps, id: number, input: Partial<VendorProductFields>, actingVendor: number | null, ctx: CommandContext): Promise<Handled<unknown, any>[]> {
  const current = await owned(deps, id, actingVendor);
  const changes = normaliseIdentifiers(input);
  const c = { ...ctx, vendorId: current.vendor_id };
  const fresh = {
    vendor_sku: changes.vendor_sku !== undefined && changes.vendor_sku?.toLowerCase() !== current.vendor_sku?.toLowerCase() ? changes.vendor_sku : undefined,
    gtin: changes.gtin !== undefined && changes.gtin !== current.gtin ? changes.gtin : undefined,
  };
  if (changes.is_digital === true && !current.is_digital) {
    const { state } = await load(deps.store, stock, id);
    if (openLocations(state).length > 0) throw new ProductException('Remove the inventory rows before making the product digital (digital products have unlimited inventory)');
  }
  const done = await reserveProductKeys(deps.store, current.vendor_id, fresh, id, c);
  try {
    done.push(await handleCommand(deps.store, vendorProduct, id, { type: 'ChangeVendorProduct', data: { acting_vendor_id: actingVendor, changes, at: now() } }, c));
  } catch (err) {
    done.push(...await releaseProductKeys(deps.store, current.vendor_id, fresh, id, c));
    throw err;
  }
  const old = { vendor_sku: fresh.vendor_sku !== undefined ? current.vendor_sku : null, gtin: fresh.gtin !== undefined ? current.gtin : null };
  done.push(...await releaseProductKeys(deps.store, current.vendor_id, old, id, c));
  return done;
}

/** Deletes a product that holds no stock; its SKU and GTIN are free again. */
export async function deleteVendorProduct(deps: CatalogueDeps, id: number, actingVendor: number | null, ctx: CommandContext): Promise<Handled<unknown, any>[]> {
  const current = await owned(deps, id, actingVendor);
  const { state } = await load(deps.store, stock, id);
  const held = openLocations(state).reduce((n, l) => n + l.quantity, 0);
  if (held > 0) throw new ProductException(`The product still has ${held} units in stock; remove its inventory first`, { quantity: held });
  const c = { ...ctx, vendorId: current.vendor_id };
  const done: Handled<unknown, any>[] = [await handleCommand(deps.store, vendorProduct, id, { type: 'DeleteVendorProduct', data: { acting_vendor_id: actingVendor, at: now() } }, c)];
  done.push(...await releaseProductKeys(deps.store, current.vendor_id, current, id, c));
  return done;
}
