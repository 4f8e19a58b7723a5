import type { Knex } from 'knex';

/** The vendor's name for a notification's title, or "vendor <id>" when the vendor list does not know it (yet). */
export async function vendorName(trx: Knex | Knex.Transaction, vendorId: number): Promise<string> {
  const row = await trx('vendor_list').where('id', vendorId).first('name');
  return row?.name ?? `vendor ${vendorId}`;
}
