import { readFile } from 'node:fs/promises';
import type { Context } from 'koa';
import { Type } from '@sinclair/typebox';
import { importStockCount } from '../../../commands/inventory/handlers/importStockCount.ts';
import { findProductsByGtin } from '../../modules/catalogue.ts';
import { getVendorRef } from '../../modules/vendors.ts';
import { parseInventoryFile } from '../../adapters/inventoryFile.ts';
import { displayName } from '../../adapters/mediaStorage.ts';
import { ImportFileException } from '../../../commands/inventory/errors.ts';
import { gtin14 } from '../../core/gtin.ts';
import type { CommandContext } from '../../runtime/commandHandler.ts';
import type { Services } from '../../runtime/services.ts';
import { commandContext, adminCaller } from '../auth.ts';
import { formBody, uploadedFile } from '../multipart.ts';
import { Nullable } from '../responses.ts';
import { Id } from '../validation.ts';

export const InventoryImportFields = Type.Object(
  {
    vendor_id: Id,
    warehouse: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    /** "set": the file is a stock count (default); "add": its quantities are received on top. */
    mode: Type.Optional(Type.Union([Type.Literal('set'), Type.Literal('add')])),
  },
  { additionalProperties: false },
);

/** The form as documented: the fields and the file (read by the handler, src/http/multipart.ts). */
export const InventoryImportForm = Type.Composite(
  [
    InventoryImportFields,
    Type.Object({
      file: Type.String({
        format: 'binary',
        description: 'TSV or CSV with a header row BIN, EAN, PRODUCT (optional), QUANTITY (optional)',
      }),
    }),
  ],
  { $id: 'InventoryImportForm' },
);

const Rows = Type.Array(Type.Integer(), { description: "The file's line numbers (the header is line 1)" });

/** What an inventory import did: counts, the EANs that matched no product, the digital products skipped, the unreadable rows. */
export const InventoryImportResult = Type.Object(
  {
    success: Type.Literal(true),
    vendor_id: Type.Integer(),
    vendor_code: Type.String(),
    warehouse: Type.String(),
    mode: Type.Union([Type.Literal('set'), Type.Literal('add')]),
    total_rows: Type.Integer(),
    matched_rows: Type.Integer(),
    unmatched_rows: Type.Integer(),
    invalid_rows: Type.Integer(),
    products_updated: Type.Integer(),
    locations_created: Type.Integer(),
    locations_updated: Type.Integer(),
    total_quantity: Type.Integer(),
    unmatched: Type.Array(
      Type.Object({
        ean: Type.String(),
        product: Nullable(Type.String()),
        rows: Rows,
        quantity: Type.Integer(),
        bins: Type.Array(Type.String()),
      }),
    ),
    skipped_digital: Type.Array(Type.Object({ ean: Type.String(), product_id: Type.Integer(), rows: Rows })),
    errors: Type.Array(
      Type.Object({
        row: Type.Integer(),
        error_type: Type.Union(['parse_error', 'missing_bin', 'invalid_ean', 'invalid_quantity'].map((t) => Type.Literal(t))),
        message: Type.String(),
        raw: Type.Optional(Type.String({ description: 'parse_error: the line as it is in the file' })),
      }),
    ),
  },
  { $id: 'InventoryImportResult' },
);

/**
 * POST /admin/inventory/import (SPEC.md 4.1): rows are summed per EAN and bin, matched to the
 * vendor's products by GTIN, and written as one stock count per product (one append each).
 * Unmatched EANs are reported with their rows and quantities; digital products are skipped
 * (unlimited inventory); unreadable rows are listed with their row number.
 */
export async function importInventory(services: Services, ctx: Context) {
  const body = formBody(ctx, InventoryImportFields);
  const file = uploadedFile(ctx, 'file');
  if (!file)
    throw new ImportFileException('Send the inventory file in the multipart field "file"', [
      { pointer: '/body/file', message: 'required' },
    ]);
  return importInventoryFile(
    services,
    { vendorId: body.vendor_id, path: file.filepath, fileName: file.originalFilename, warehouse: body.warehouse, mode: body.mode },
    commandContext(ctx, adminCaller(ctx).id),
  );
}

/** An uploaded stock file to import for a vendor (the admin API's form, or a back-office page's). */
export interface InventoryFileImport {
  vendorId: number;
  path: string;
  fileName: string | null | undefined;
  warehouse?: string;
  mode?: 'set' | 'add';
}

/** The import itself, as POST /admin/inventory/import and the back-office import pages run it. */
export async function importInventoryFile(services: Services, input: InventoryFileImport, ctxCommand: CommandContext) {
  const vendor = await getVendorRef(services.db.knex, input.vendorId);
  const parsed = await parseInventoryFile(await readFile(input.path));
  const warehouse = input.warehouse?.trim() || 'main';
  const mode = input.mode ?? 'set';

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
  let created = 0,
    updated = 0,
    matchedRows = 0,
    units = 0;
  const reference = `inventory-import:${displayName(input.fileName)}`;
  const done = [];
  for (const [key, entry] of byEan) {
    const product = products.get(key);
    const quantity = [...entry.bins.values()].reduce((a, b) => a + b, 0);
    const ean = entry.ean;
    if (!product) {
      unmatched.push({ ean, product: entry.product, rows: entry.rows, quantity, bins: [...entry.bins.keys()] });
      continue;
    }
    if (product.is_digital) {
      skippedDigital.push({ ean, product_id: product.id, rows: entry.rows });
      continue;
    }
    const r = await importStockCount(
      { store: services.store, db: services.db.knex, clock: services.clock },
      { product_id: product.id, vendor_id: vendor.id, warehouse, bins: entry.bins, mode, reference },
      ctxCommand,
    );
    done.push(...r.done);
    created += r.created;
    updated += r.updated;
    matchedRows += entry.rows.length;
    units += quantity;
  }
  await services.settle(done);
  return {
    success: true,
    vendor_id: vendor.id,
    vendor_code: vendor.vendor_code,
    warehouse,
    mode,
    total_rows: parsed.lines.length + parsed.errors.length,
    matched_rows: matchedRows,
    unmatched_rows: unmatched.reduce((n, u) => n + u.rows.length, 0),
    invalid_rows: parsed.errors.length,
    products_updated: done.length,
    locations_created: created,
    locations_updated: updated,
    total_quantity: units,
    unmatched,
    skipped_digital: skippedDigital,
    errors: parsed.errors,
  };
}
