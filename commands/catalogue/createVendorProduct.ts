import type { Clock } from '../../src/core/clock.ts';
import { ValidationException } from '../../src/core/errors.ts';
import { cleanGtin, gtinProblem, gtinType } from '../../src/core/gtin.ts';
import type { EventStore } from '../../src/eventstore/port.ts';
import { handleCommand, type CommandContext, type Handled } from '../../src/runtime/commandHandler.ts';
import type { Executor } from '../../src/runtime/database.ts';
import { nextId } from '../../src/runtime/nextId.ts';
import { claimQuotaSlot } from '../quotas/claims.ts';
import { releaseQuotaSlot, type PlanQuota } from '../quotas/quota.ts';
import type { VendorProductFields } from './events.ts';
import { vendorProduct } from './vendorProduct.ts';
import { releaseProductKeys, reserveProductKeys } from './productReservations.ts';

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

/** Live products are counted in the `quota-products:<vendor_id>` stream, one slot per product id. */
export const PRODUCT_QUOTA = 'products';

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
  // The slot first: a refusal past the limit leaves nothing to undo.
  const slot = await claimQuotaSlot(deps.store, PRODUCT_QUOTA, input.quota.key, id, input.quota.limit, input.quota.opening, c);
  let done: Handled<unknown, any>[];
  try {
    done = await reserveProductKeys(deps.store, input.vendor_id, fields, id, c);
  } catch (err) {
    await releaseQuotaSlot(deps.store, PRODUCT_QUOTA, input.quota.key, id, c);
    throw err;
  }
  if (slot) done.unshift(slot);
  try {
    done.push(
      await handleCommand(
        deps.store,
        vendorProduct,
        id,
        {
          type: 'CreateVendorProduct',
          data: {
            ...fields,
            product_id: id,
            vendor_id: input.vendor_id,
            is_placeholder: false,
            source_marketplace_product_id: input.source_marketplace_product_id ?? null,
            at: deps.clock.now().toISOString(),
          },
        },
        c,
      ),
    );
  } catch (err) {
    await releaseProductKeys(deps.store, input.vendor_id, fields, id, c);
    await releaseQuotaSlot(deps.store, PRODUCT_QUOTA, input.quota.key, id, c);
    throw err;
  }
  return { id, done };
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
