import { cleanGtin, gtin14, gtinProblem, gtinType } from '../../src/core/gtin.ts';
import { parseCents } from '../../src/core/money.ts';
import { RATE_CATEGORIES } from '../../src/core/vat/rates.ts';
import type { HeaderLayout, Field } from './csvHeader.ts';
import type { AcceptedRow, ImportErrorType, RejectedRow } from './events.ts';

/**
 * One CSV record → a product row, or the reason it is rejected (a MarketplaceImportError).
 * A rejected row never stops the import: the good rows around it go on.
 * The product key is the importing vendor's id + the GTIN (14-digit form) when the row has one,
 * else + marketplace + SKU: a second import of the same products by the same vendor, in another
 * language, maps to the same products; another vendor's import of the same GTINs maps to that
 * vendor's own products and never touches these (a marketplace product belongs to the vendor
 * whose import brought it).
 */
export interface RowDefaults {
  /** The import job's vendor: it scopes every product key of the job. */
  vendor_id: number;
  marketplace: string;
  vendor_name: string | null;
}

export type MappedRow = { ok: true; row: Omit<AcceptedRow, 'product_id'> } | { ok: false; error: RejectedRow };

/** Longest value per field; longer is a field_too_long rejection (limits of product-feed.md, doubled). */
const MAX_LENGTH: Record<Field, number> = {
  gtin: 20,
  gtin_type: 20,
  sku: 100,
  title: 300,
  description: 10_000,
  short_description: 1000,
  brand: 200,
  image_link: 2000,
  price: 40,
  sale_price: 40,
  product_type: 1000,
  marketplace: 100,
  vendor_name: 200,
  vat_rate_category: 40,
};
const ROW_DATA_VALUE_MAX = 1000;

/** The part of every product key of one vendor's imports that names the vendor. */
export const vendorKeyPrefix = (vendorId: number): string => `vendor:${vendorId}:`;

/** `vendor:<id>:gtin:<14 digits>`, or `vendor:<id>:sku:<marketplace, lower case>:<sku>` without a GTIN. */
export function productKey(vendorId: number, gtin: string | null, marketplace: string, sku: string | null): string {
  return vendorKeyPrefix(vendorId) + (gtin ? `gtin:${gtin14(gtin)}` : `sku:${marketplace.toLowerCase()}:${sku}`);
}

function rowData(cells: string[], layout: HeaderLayout): Record<string, string> {
  const data: Record<string, string> = {};
  cells.forEach((v, i) => {
    data[layout.columns[i] || `column_${i + 1}`] = v.length > ROW_DATA_VALUE_MAX ? `${v.slice(0, ROW_DATA_VALUE_MAX)}…` : v;
  });
  return data;
}

/**
 * A line the CSV reader could not parse (src/workers/marketplace-imports/csvRecords.ts) → a `parse_error` import
 * error: its line number, its first 2,000 characters as they are in the file (`row_data.raw`),
 * and the GTIN or SKU when its column came before the problem.
 */
export function mapBrokenRecord(record: { line: number; error: string; raw: string; fields: string[] }, layout: HeaderLayout): MappedRow {
  const cell = (f: Field) => {
    const i = layout.index[f];
    const v = i === undefined ? '' : (record.fields[i] ?? '').trim();
    return v === '' || v.length > MAX_LENGTH[f] ? null : v;
  };
  return {
    ok: false,
    error: {
      row: record.line,
      identifier: cell('gtin') ?? cell('sku'),
      error_type: 'parse_error',
      message: `line ${record.line} could not be parsed: ${record.error}`,
      row_data: { raw: record.raw },
    },
  };
}

export function mapRow(cells: string[], layout: HeaderLayout, rowNumber: number, defaults: RowDefaults): MappedRow {
  const get = (f: Field): string | null => {
    const i = layout.index[f];
    const v = i === undefined ? '' : (cells[i] ?? '').trim();
    return v === '' ? null : v;
  };
  const reject = (error_type: ImportErrorType, message: string): MappedRow => ({
    ok: false,
    error: { row: rowNumber, identifier: get('gtin') ?? get('sku'), error_type, message, row_data: rowData(cells, layout) },
  });

  if (cells.length !== layout.columns.length) {
    return reject('malformed_row', `expected ${layout.columns.length} fields, found ${cells.length} (a stray delimiter or quote?)`);
  }
  for (const f of Object.keys(layout.index) as Field[]) {
    const v = get(f);
    if (v !== null && v.length > MAX_LENGTH[f])
      return reject('field_too_long', `${f} has ${v.length} characters; at most ${MAX_LENGTH[f]}`);
  }
  const rawGtin = get('gtin');
  const gtin = rawGtin === null ? null : cleanGtin(rawGtin);
  if (gtin !== null) {
    const problem = gtinProblem(gtin);
    if (problem) return reject('invalid_gtin', `gtin '${rawGtin}': ${problem}`);
  }
  const sku = get('sku');
  if (gtin === null && sku === null) return reject('missing_identifier', 'the row has neither a gtin nor a sku');
  const title = get('title');
  if (title === null) return reject('missing_title', 'title is empty');

  const prices: Partial<Record<'price' | 'sale_price', number>> = {};
  let currency: string | null = null;
  for (const f of ['price', 'sale_price'] as const) {
    const v = get(f);
    if (v === null) continue;
    const cents = parseCents(v);
    if (cents === null || cents < 0) return reject('invalid_price', `${f} '${v}' is not an amount with at most two decimals`);
    prices[f] = cents;
    currency ??= /\b([A-Z]{3})\b/.exec(v)?.[1] ?? null;
  }
  const image = get('image_link');
  if (image !== null && !/^https?:\/\/[^\s]+$/i.test(image))
    return reject('invalid_url', `image_link '${image.slice(0, 100)}' is not an http(s) URL`);

  const category =
    get('vat_rate_category')
      ?.toLowerCase()
      .replace(/[\s-]+/g, '_') ?? null;
  if (category !== null && !(RATE_CATEGORIES as readonly string[]).includes(category)) {
    return reject(
      'invalid_vat_category',
      `vat_rate_category '${get('vat_rate_category')!.slice(0, 40)}' is not one of ${RATE_CATEGORIES.join(', ')}`,
    );
  }

  const marketplace = get('marketplace') ?? defaults.marketplace;
  return {
    ok: true,
    row: {
      row: rowNumber,
      key: productKey(defaults.vendor_id, gtin, marketplace, sku),
      gtin,
      gtin_type: get('gtin_type') ?? (gtin ? gtinType(gtin) : null),
      sku,
      brand: get('brand'),
      image_link: image,
      price_cents: prices.price ?? null,
      sale_price_cents: prices.sale_price ?? null,
      currency: currency ?? 'EUR',
      product_type_raw: get('product_type'),
      marketplace,
      vendor_name: get('vendor_name') ?? defaults.vendor_name,
      title,
      description: get('description'),
      short_description: get('short_description'),
      ...(category !== null ? { vat_rate_category: category } : {}),
    },
  };
}
