import type { Knex } from 'knex';
import { InventoryNotFoundException } from '../../commands/inventory/errors.ts';
import { paginate, type Page, type PageRequest } from '../../src/core/pagination.ts';
import { escapeLike } from '../../src/core/likePattern.ts';
import type { InventoryListRow } from '../../projections/inventory/inventoryList.ts';

/**
 * Inventory rows (SPEC.md part 2 "Inventory"): warehouse, bin, on-hand, reserved and available
 * quantities, with the product's details; the admin list adds the vendor's.
 */
export interface InventoryFilter {
  vendor_id?: number;
  product_id?: number;
  warehouse?: string;
  bin_location?: string;
  low_stock?: number;
}

/** The product's details a stock row or a movement shows: joined (left), so null where the product's row is gone. */
export interface ProductColumns {
  vendor_sku: string | null;
  gtin: string | null;
  is_digital: boolean | null;
  product_title: string | null;
}

/** A product's title: English first, else any translation. */
export const productTitleSql = `coalesce(p.translations->'en'->>'title', (SELECT value->>'title' FROM jsonb_each(p.translations) LIMIT 1))`;

/** A stock row with its product's details and its vendor's (left joins: null where the row is gone). */
type InventoryWithProduct = InventoryListRow & ProductColumns & { vendor_code: string | null; vendor_name: string | null };

export function toInventory(r: InventoryWithProduct) {
  return {
    id: r.id,
    vendor_id: r.vendor_id,
    vendor_code: r.vendor_code ?? null,
    vendor_name: r.vendor_name ?? null,
    product_id: r.product_id,
    product: {
      id: r.product_id,
      title: r.product_title ?? null,
      vendor_sku: r.vendor_sku ?? null,
      gtin: r.gtin ?? null,
      is_digital: r.is_digital ?? false,
    },
    warehouse: r.warehouse,
    bin_location: r.bin_location,
    quantity: r.quantity,
    reserved_quantity: r.reserved_quantity,
    available_quantity: r.quantity - r.reserved_quantity,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}
export type InventoryItem = ReturnType<typeof toInventory>;

function rows(knex: Knex) {
  return knex('inventory_list as i')
    .leftJoin('vendor_product_list as p', 'p.id', 'i.product_id')
    .leftJoin('vendor_list as v', 'v.id', 'i.vendor_id')
    .select(
      'i.*',
      'v.vendor_code',
      'v.name as vendor_name',
      'p.vendor_sku',
      'p.gtin',
      'p.is_digital',
      knex.raw(`${productTitleSql} AS product_title`),
    );
}

export function listInventory(knex: Knex, filter: InventoryFilter, page: PageRequest): Promise<Page<InventoryItem>> {
  const q = rows(knex);
  if (filter.vendor_id !== undefined) q.where('i.vendor_id', filter.vendor_id);
  if (filter.product_id !== undefined) q.where('i.product_id', filter.product_id);
  if (filter.warehouse) q.whereILike('i.warehouse', escapeLike(filter.warehouse));
  if (filter.bin_location) q.whereILike('i.bin_location', escapeLike(filter.bin_location));
  if (filter.low_stock !== undefined) q.whereRaw('i.quantity - i.reserved_quantity <= ?', [filter.low_stock]);
  return paginate(q, page, (qb) => qb.orderBy('i.id', 'asc'), toInventory);
}

export async function getInventory(knex: Knex, id: number, vendorId: number | null): Promise<InventoryItem> {
  const q = rows(knex).where('i.id', id);
  if (vendorId !== null) q.where('i.vendor_id', vendorId);
  const row = await q.first<InventoryWithProduct | undefined>();
  if (!row) throw new InventoryNotFoundException(`Inventory ${id} not found`);
  return toInventory(row);
}
