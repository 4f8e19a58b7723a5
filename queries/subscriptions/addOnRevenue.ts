import type { Knex } from 'knex';
import { sql } from '../../src/runtime/database.ts';

/**
 * The monthly cents of each vendor's active add-ons (the billing area's `vendor_add_ons` read
 * model: price_monthly_cents is the price of one unit, times its quantity), for the MRR of admin
 * /subscriptions/stats. The billing module may be switched off or not migrated: without its
 * table there are no add-ons to count.
 */
export async function activeAddOnCentsByVendor(knex: Knex): Promise<Map<number, number>> {
  const [{ present }] = await sql(knex, "SELECT to_regclass('vendor_add_ons') IS NOT NULL AS present");
  if (!present) return new Map();
  const rows = await sql(knex, `SELECT vendor_id, sum(price_monthly_cents::bigint * greatest(quantity, 1))::bigint AS cents
    FROM vendor_add_ons WHERE status = 'active' GROUP BY vendor_id`);
  return new Map(rows.map((r: any) => [Number(r.vendor_id), Number(r.cents)]));
}
