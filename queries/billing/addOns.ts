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
const view = (r: any): VendorAddOnView => ({
  id: r.id, vendor_id: Number(r.vendor_id), add_on_code: r.add_on_code, quantity: Number(r.quantity),
  price_monthly_cents: Number(r.price_monthly_cents), status: r.status, stripe_ref: r.stripe_ref ?? null,
  purchased_at: iso(r.purchased_at)!, canceled_at: iso(r.canceled_at),
});

/** The vendor's active add-ons, oldest first. */
export async function activeAddOns(knex: Knex, vendorId: number): Promise<VendorAddOnView[]> {
  return (await knex('vendor_add_ons').where({ vendor_id: vendorId, status: 'active' }).orderBy([{ column: 'purchased_at' }, { column: 'id' }])).map(view);
}

/** One add-on of the vendor, active or canceled; null when it is unknown or another vendor's. */
export async function findVendorAddOn(knex: Knex, vendorId: number, addOnId: string): Promise<VendorAddOnView | null> {
  const row = await knex('vendor_add_ons').where({ vendor_id: vendorId, id: addOnId }).first();
  return row ? view(row) : null;
}

/** Each vendor's active add-ons per month, in cents (their share of the MRR). */
export async function activeAddOnMonthlyCents(knex: Knex): Promise<Map<number, number>> {
  const rows = await knex('vendor_add_ons').where({ status: 'active' }).groupBy('vendor_id')
    .select('vendor_id', knex.raw('sum(price_monthly_cents * quantity)::bigint as cents'));
  return new Map(rows.map((r: any) => [Number(r.vendor_id), Number(r.cents)]));
}
