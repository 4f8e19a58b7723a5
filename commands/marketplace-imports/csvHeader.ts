import type { ImportFailureCode } from './events.ts';

/**
 * The header row of a marketplace product CSV: which column holds which field, and which
 * delimiter the file uses. Column names follow SPEC.md part 2 "Product" and the shopping-feed
 * names of reference/product-feed.md (`price` with its currency, `id` as the SKU). Names are
 * case-insensitive; unknown columns are ignored.
 */
export const FIELDS = [
  'gtin',
  'gtin_type',
  'sku',
  'title',
  'description',
  'short_description',
  'brand',
  'image_link',
  'price',
  'sale_price',
  'product_type',
  'marketplace',
  'vendor_name',
  'vat_rate_category',
] as const;
export type Field = (typeof FIELDS)[number];

/** Accepted column names; the first name of each field wins when a file has several. */
const NAMES: Record<Field, readonly string[]> = {
  gtin: ['gtin', 'ean'],
  gtin_type: ['gtin_type'],
  sku: ['sku', 'id'],
  title: ['title'],
  description: ['description'],
  short_description: ['short_description'],
  brand: ['brand'],
  image_link: ['image_link'],
  price: ['price_numeric', 'price'],
  sale_price: ['sale_price_numeric', 'sale_price'],
  product_type: ['product_type'],
  marketplace: ['marketplace'],
  vendor_name: ['vendor_name'],
  vat_rate_category: ['vat_rate_category', 'vat_category', 'tax_category'],
};
const KNOWN = new Map<string, Field>(FIELDS.flatMap((f) => NAMES[f].map((n) => [n, f] as [string, Field])));

export const DELIMITERS = [',', '\t', ';', '|'] as const;
const FOREIGN = [':', '#', '~', '^', '/', ' '];
const label = (d: string) => (d === '\t' ? 'tab' : `'${d}'`);

export interface HeaderLayout {
  columns: string[];
  index: Partial<Record<Field, number>>;
  ignored: string[];
}

/** A whole-file problem: the job fails with this code and message. */
export class ImportFailure extends Error {
  constructor(
    readonly code: ImportFailureCode,
    message: string,
  ) {
    super(message);
    this.name = 'ImportFailure';
  }
}

const normalise = (name: string) =>
  name
    .replace(/^\uFEFF/, '')
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
const known = (line: string, d: string) => line.split(d).filter((c) => KNOWN.has(normalise(c))).length;

/** The delimiter of the file, from its first line; `requested` is the one the client named, if any. */
export function chooseDelimiter(firstLine: string, requested: string | null): string {
  const ranked = [...DELIMITERS].map((d) => ({ d, n: known(firstLine, d) })).sort((a, b) => b.n - a.n);
  if (requested) {
    if (known(firstLine, requested) > 0) return requested;
    if (ranked[0].n > 1) {
      throw new ImportFailure(
        'wrong_delimiter',
        `The header row is not delimited by ${label(requested)}; it looks ${label(ranked[0].d)}-delimited`,
      );
    }
  } else if (ranked[0].n > 0) {
    return ranked[0].d;
  }
  const foreign = FOREIGN.find((d) => known(firstLine, d) > 1);
  if (foreign) {
    throw new ImportFailure('wrong_delimiter', `The file uses ${label(foreign)} as its delimiter; use a comma, a semicolon, a tab or '|'`);
  }
  if (/\d{8,}|https?:\/\//.test(firstLine)) {
    throw new ImportFailure('missing_header', 'The first row holds data, not column names: add a header row (gtin or sku, title, …)');
  }
  throw new ImportFailure('missing_header', 'The first row has no known column names: expected gtin or sku, title, description, price, …');
}

/** Maps the header cells; a header without title, or without gtin and sku, fails the job. */
export function readHeader(cells: string[]): HeaderLayout {
  const index: Partial<Record<Field, number>> = {};
  const rank: Partial<Record<Field, number>> = {};
  const ignored: string[] = [];
  cells.forEach((cell, i) => {
    const name = normalise(cell);
    const field = KNOWN.get(name);
    if (!field) {
      ignored.push(cell.trim());
      return;
    }
    const r = NAMES[field].indexOf(name);
    if (index[field] === undefined || r < rank[field]!) {
      index[field] = i;
      rank[field] = r;
    }
  });
  const missing = [
    index.title === undefined ? 'title' : null,
    index.gtin === undefined && index.sku === undefined ? 'gtin or sku' : null,
  ].filter(Boolean);
  if (missing.length > 0) {
    throw new ImportFailure('missing_header', `The header row lacks the column ${missing.join(' and the column ')}`);
  }
  return { columns: cells.map((c) => c.trim()), index, ignored };
}
