import type { Knex } from 'knex';

export interface VendorAddOnView {
  id: string;
  vendor_id: number;
  add_on_code: string;
  quantity: number;
  price_monthly_cents: number;
  status: 'active' | 'canceled';
  stripe_ref: string | null;
  purchased_at: string;
  canceled_at: string | null;
}

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
/** A vendor_add_ons row as a VendorAddOnView (also read by the add-ons' memory view). */
export const addOnFromRow = (r: any): VendorAddOnView => ({
  id: r.id,
  vendor_id: Number(r.vendor_id),
  add_on_code: r.add_on_code,
  quantity: Number(r.quantity),
  price_monthly_cents: Number(r.price_monthly_cents),
  status: r.status,
  stripe_ref: r.stripe_ref ?? null,
  purchased_at: iso(r.purchased_at)!,
  canceled_at: iso(r.canceled_at),
});

/** The vendor's active add-ons, oldest first. */
export async function activeAddOns(knex: Knex, vendorId: number): Promise<VendorAddOnView[]> {
  return (
    await knex('vendor_add_ons')
      .where({ vendor_id: vendorId, status: 'active' })
      .orderBy([{ column: 'purchased_at' }, { column: 'id' }])
  ).map(addOnFromRow);
}

/** One add-on of the vendor, active or canceled; null when it is unknown or another vendor's. */
export async function findVendorAddOn(knex: Knex, vendorId: number, addOnId: string): Promise<VendorAddOnView | null> {
  const row = await knex('vendor_add_ons').where({ vendor_id: vendorId, id: addOnId }).first();
  return row ? addOnFromRow(row) : null;
}

/** The memory view that holds ActiveAddOns (projections/billing/vendorAddOnsView.ts), named so a generic layer can read it. */
export const VENDOR_ADD_ONS_VIEW = 'vendor_add_ons';

/** Per vendor, its active add-ons by id. */
export type ActiveAddOns = Map<number, Map<string, VendorAddOnView>>;

/** The vendor's active add-ons, oldest first (as queries/billing/addOns.ts activeAddOns orders them). */
export function activeAddOnsOf(state: ActiveAddOns, vendorId: number): VendorAddOnView[] {
  return [...(state.get(vendorId)?.values() ?? [])].sort(
    (x, y) => x.purchased_at.localeCompare(y.purchased_at) || x.id.localeCompare(y.id),
  );
}
