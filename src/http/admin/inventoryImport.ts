import { readFile } from 'node:fs/promises';
import type { Context } from 'koa';
import { Type } from '@sinclair/typebox';
import { importStockCount } from '../../../commands/inventory/importStockCount.ts';
import { findProductsByGtin } from '../../../queries/catalogue/findProductsByGtin.ts';
import { getVendorRef } from '../../../queries/catalogue/getVendorRef.ts';
import { parseInventoryFile } from '../../adapters/inventoryFile.ts';
import { displayName } from '../../adapters/mediaStorage.ts';
import { ImportFileException } from '../../core/errors.ts';
import { gtin14 } from '../../core/gtin.ts';
import type { Services } from '../../runtime/services.ts';
import { commandContext } from '../auth.ts';
import { coerceFormFields, uploadedFile } from '../multipart.ts';
import { Id, input } from '../validation.ts';

export const InventoryImportFields = Type.Object({
  vendor_id: Id,
  warehouse: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  /** "set": the file is a stock count (default); "add": its quantities are received on top. */
  mode: Type.Optional(Type.Union([Type.Literal('set'), Type.Literal('add')])),
}, { additionalProperties: false });

/**
 * POST /admin/inventory/import (SPEC.md 4.1): rows are summed per EAN and bin, matched to the
 * vendor's products by GTIN, and written as one stock count per product (one append each).
 * Unmatched EANs are reported with their rows and quantities; digital products are skipped
 * (unlimited inventory); unreadable rows are listed with their row number.
 */
export async function importInventory(services: Services, ctx: Context) {
  (ctx.request as any).body = coerceFormFields((ctx.request as any).body ?? {}, InventoryImportFields);
  const { body } = input(ctx, { body: InventoryImportFields });
  const file = uploadedFile(ctx, 'file');
  if (!file) throw new ImportFileException('Send the inventory file in the multipart field "file"', [{ pointer: '/body/file', message: 'required' }]);
  const vendor = await getVendorRef(services.db.knex, body.vendor_id);
  const parsed = await parseInventoryFile(await readFile(file.filepath));
  const warehouse = body.warehouse?.trim() || 'main';
  const mode = body.mode ?? 'set';

  const byEan = new Map<string, { ean: string; product: string | null; rows: number[]; bins: Map<string, number> }>();
  for (const l of parsed.lines) {
    const key = gtin14(l.ean);
    const entry = byEan.get(key) ?? { ean: l.ean, product: l.product, rows: [] as number[], bins: new Map<string, number>() };
    entry.rows.push(l.row);
    entry.bins.set(l.bin, (entry.bins.get(l.bin) ?? 0) + l.quantity);
    byEan.set(key, entry);
  }
  const products = await findProductsByGtin(services.db.knex, vendor.id, [...byEan.keys()]);
  const unmatched = [];
  const skippedDigital = [];
  let created = 0, updated = 0, matchedRows = 0, units = 0;
  const ctxCommand = commandContext(ctx, ctx.state.admin.id);
  const reference = `inventory-import:${displayName(file.originalFilename)}`;
  const done = [];
  for (const [key, entry] of byEan) {
    const product = products.get(key);
    const quantity = [...entry.bins.values()].reduce((a, b) => a + b, 0);
    const ean = entry.ean;
    if (!product) { unmatched.push({ ean, product: entry.product, rows: entry.rows, quantity, bins: [...entry.bins.keys()] }); continue; }
    if (product.is_digital) { skippedDigital.push({ ean, product_id: product.id, rows: entry.rows }); continue; }
    const r = await importStockCount({ store: services.store, db: services.db.knex },
      { product_id: product.id, vendor_id: vendor.id, warehouse, bins: entry.bins, mode, reference }, ctxCommand);
    done.push(...r.done);
    created += r.created; updated += r.updated; matchedRows += entry.rows.length; units += quantity;
  }
  await services.settle(done);
  return {
    success: true, vendor_id: vendor.id, vendor_code: vendor.vendor_code, warehouse, mode,
    total_rows: parsed.lines.length + parsed.errors.length, matched_rows: matchedRows,
    unmatched_rows: unmatched.reduce((n, u) => n + u.rows.length, 0), invalid_rows: parsed.errors.length,
    products_updated: done.length, locations_created: created, locations_updated: updated, total_quantity: units,
    unmatched, skipped_digital: skippedDigital, errors: parsed.errors,
  };
}
