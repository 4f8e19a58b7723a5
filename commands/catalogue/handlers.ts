import type { Clock } from '../../src/core/clock.ts';
import { ValidationException } from '../../src/core/errors.ts';
import { cleanGtin, gtinProblem, gtinType } from '../../src/core/gtin.ts';
import type { EventStore } from '../../src/eventstore/port.ts';
import { handleCommand, type CommandContext, type Handled, cachedState, load, prepareCommand } from '../../src/runtime/commandHandler.ts';
import type { Executor } from '../../src/runtime/database.ts';
import { nextId } from '../../src/runtime/nextId.ts';
import { claimQuotaSlot, releaseQuotaSlot } from '../quotas/handlers.ts';
import type { PlanQuota } from '../quotas/quota.ts';
import { PRODUCT_QUOTA, type VendorProductFields } from './events.ts';
import { vendorProduct, type VendorProductCommand, type VendorProductState } from './vendorProduct.ts';
import { releaseProductKeys, reserveProductKeys } from './productReservations.ts';
import { ProductException, ProductNotFoundException } from './errors.ts';
import { productHolds } from '../../src/modules/registry.ts';

export interface CatalogueDeps {
  clock: Clock;
  store: EventStore;
  db: Executor;
}

export interface NewVendorProduct {
  vendor_id: number;
  fields: VendorProductFields;
  source_marketplace_product_id?: number | null;
  /** The vendor's product limit (src/http/planLimits.ts productQuota): a slot is claimed before the product exists. */
  quota: PlanQuota;
}

/**
 * The one way a product enters a vendor's catalogue: admin create, vendor create and the copy of a
 * marketplace product all come here, so the tier limit on products (SPEC.md part 8) has exactly
 * one place to be checked. (The placeholder product is created with the vendor, outside tier
 * limits, by src/processes/createPlaceholderProductOnVendorCreated.ts.)
 */
export async function createVendorProduct(
  deps: CatalogueDeps,
  input: NewVendorProduct,
  ctx: CommandContext,
): Promise<{ id: number; done: Handled<unknown, any>[] }> {
  const fields = normaliseIdentifiers(input.fields);
  const id = await nextId(deps.db, vendorProduct.aggregate);
  const c = { ...ctx, vendorId: input.vendor_id };
  const create: VendorProductCommand = {
    type: 'CreateVendorProduct',
    data: {
      ...fields,
      product_id: id,
      vendor_id: input.vendor_id,
      is_placeholder: false,
      source_marketplace_product_id: input.source_marketplace_product_id ?? null,
      at: deps.clock.now().toISOString(),
    },
  };
  // The SKU and the GTIN first (a product never exists without its keys), then the slot with the
  // product: the claim stores the product in its own statement where it can, so a refusal past
  // the limit leaves nothing to undo but the keys.
  const done = await reserveProductKeys(deps.store, input.vendor_id, fields, id, c);
  // The product's creation, once stored with the claim.
  const withSlot: { product?: Handled<unknown, any> } = {};
  let slot: Handled<unknown, any> | null;
  try {
    slot = await claimQuotaSlot(deps.store, PRODUCT_QUOTA, input.quota.key, id, input.quota.limit, input.quota.opening, c, async () => {
      const creation = await prepareCommand(deps.store, vendorProduct, id, create, c);
      return { append: creation.append, stored: (result) => (withSlot.product = creation.stored(result)) };
    });
  } catch (err) {
    await releaseProductKeys(deps.store, input.vendor_id, fields, id, c);
    throw err;
  }
  if (slot) done.unshift(slot);
  if (withSlot.product) {
    done.push(withSlot.product);
    return { id, done };
  }
  try {
    done.push(await handleCommand(deps.store, vendorProduct, id, create, c));
  } catch (err) {
    await releaseProductKeys(deps.store, input.vendor_id, fields, id, c);
    await releaseQuotaSlot(deps.store, PRODUCT_QUOTA, input.quota.key, id, c);
    throw err;
  }
  return { id, done };
}

/**
 * The product, if it exists and (for a vendor caller) is the caller's, as its stream says: what
 * the stock and the media check before they touch a product (inside the caller's transaction
 * when it has one).
 */
export async function liveProduct(
  deps: { store: EventStore },
  productId: number,
  actingVendor: number | null,
  tx?: unknown,
): Promise<Extract<VendorProductState, { status: 'active' | 'inactive' }>> {
  const { state } = await load(deps.store, vendorProduct, productId, tx);
  if ((state.status !== 'active' && state.status !== 'inactive') || (actingVendor !== null && state.vendor_id !== actingVendor)) {
    throw new ProductNotFoundException(`Product ${productId} not found`);
  }
  return state;
}

/** GTIN digits only, checked (8/12/13/14 digits, GS1 check digit); its type derived when absent. */
export function normaliseIdentifiers<T extends { gtin?: string | null; gtin_type?: string | null; vendor_sku?: string | null }>(
  fields: T,
): T {
  const out = { ...fields };
  if (typeof out.vendor_sku === 'string') out.vendor_sku = out.vendor_sku.trim() || null;
  if (typeof out.gtin === 'string') {
    const gtin = cleanGtin(out.gtin);
    if (gtin === '') out.gtin = null;
    else {
      const problem = gtinProblem(gtin);
      if (problem) throw new ValidationException('The request is not valid', [{ pointer: '/body/gtin', message: problem }]);
      out.gtin = gtin;
      if (!out.gtin_type) out.gtin_type = gtinType(gtin);
    }
  }
  return out;
}

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
