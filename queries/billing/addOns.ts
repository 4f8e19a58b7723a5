import type { Knex } from 'knex';
import type { PlanReader } from '../../src/modules/module.ts';
import type { JsonRow } from '../../src/core/readModel.ts';
import type { VendorAddOnRow } from '../../projections/billing/vendorAddOns.ts';

/** An add-on as the API and the add-ons' memory view carry it: the row, times as ISO text. */
export type VendorAddOnView = JsonRow<VendorAddOnRow>;

/** A vendor_add_ons row as a VendorAddOnView (also read by the add-ons' memory view). */
export const addOnFromRow = (r: VendorAddOnRow): VendorAddOnView => ({
  id: r.id,
  vendor_id: r.vendor_id,
  add_on_code: r.add_on_code,
  quantity: r.quantity,
  price_monthly_cents: r.price_monthly_cents,
  status: r.status,
  stripe_ref: r.stripe_ref,
  purchased_at: r.purchased_at.toISOString(),
  canceled_at: r.canceled_at ? r.canceled_at.toISOString() : null,
});

/** The vendor's active add-ons, oldest first. */
export async function activeAddOns(knex: Knex, vendorId: number): Promise<VendorAddOnView[]> {
  return (
    await knex<VendorAddOnRow>('vendor_add_ons')
      .where({ vendor_id: vendorId, status: 'active' })
      .orderBy([{ column: 'purchased_at' }, { column: 'id' }])
  ).map(addOnFromRow);
}

/** One add-on of the vendor, active or canceled; null when it is unknown or another vendor's. */
export async function findVendorAddOn(knex: Knex, vendorId: number, addOnId: string): Promise<VendorAddOnView | null> {
  const row = await knex<VendorAddOnRow>('vendor_add_ons').where({ vendor_id: vendorId, id: addOnId }).first();
  return row ? addOnFromRow(row) : null;
}

/** The memory view that holds ActiveAddOns (projections/billing/vendorAddOnsView.ts). */
export const VENDOR_ADD_ONS_VIEW = 'vendor_add_ons';

/** Per vendor, its active add-ons by id. */
export type ActiveAddOns = Map<number, Map<string, VendorAddOnView>>;

/** The vendor's active add-ons, oldest first (as queries/billing/addOns.ts activeAddOns orders them). */
export function activeAddOnsOf(state: ActiveAddOns, vendorId: number): VendorAddOnView[] {
  return [...(state.get(vendorId)?.values() ?? [])].sort(
    (x, y) => x.purchased_at.localeCompare(y.purchased_at) || x.id.localeCompare(y.id),
  );
}

/**
 * The vendor's active add-ons as its plan counts them (the billing module's `planAddOns`): from
 * the instance's memory where the reader has it, else from the read model.
 */
export async function planAddOns(reader: PlanReader, vendorId: number): Promise<VendorAddOnView[]> {
  const held = reader.views?.find<ActiveAddOns>(VENDOR_ADD_ONS_VIEW);
  return held ? activeAddOnsOf(held, vendorId) : activeAddOns(reader.db.knex, vendorId);
}
