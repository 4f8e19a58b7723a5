import { ImportFileException } from '../../commands/inventory/errors.ts';
import { csvItems, type CsvItem } from '../workers/csvTokenizer.ts';

/**
 * The inventory import file (SPEC.md 4.1 POST /inventory/import): TSV or CSV with a header row of
 * BIN, EAN, PRODUCT (optional) and QUANTITY (optional; an empty or missing quantity counts one
 * unit, so a file of scans works as is). Names are case-insensitive; the delimiter (tab, comma,
 * semicolon) is read from the header. A file that is not text, is empty, or lacks BIN or EAN is a
 * 422. The records are read by the service's CSV reader (src/workers/csvTokenizer.ts): a line that
 * cannot be parsed (an unbalanced quote) is one error of type `parse_error` with its line number
 * and text, and the other lines are imported. Row numbers are the file's line numbers (the header
 * is line 1), whatever the blank lines or the line breaks inside quoted fields.
 */
export interface InventoryLine {
  row: number;
  bin: string;
  ean: string;
  product: string | null;
  quantity: number;
}

export type InventoryErrorType = 'parse_error' | 'missing_bin' | 'invalid_ean' | 'invalid_quantity';

export interface InventoryFileError {
  row: number;
  error_type: InventoryErrorType;
  message: string;
  /** parse_error only: the line as it is in the file (at most 2,000 characters). */
  raw?: string;
}

export interface ParsedInventoryFile {
  lines: InventoryLine[];
  errors: InventoryFileError[];
  delimiter: string;
}

const notText = (why: string) =>
  new ImportFileException('The file is not a TSV or CSV text file', [
    { pointer: '/body/file', message: `${why}; expected UTF-8 text with a header row BIN, EAN, PRODUCT, QUANTITY` },
  ]);

export async function parseInventoryFile(data: Buffer): Promise<ParsedInventoryFile> {
  if (data.length === 0) throw new ImportFileException('The file is empty', [{ pointer: '/body/file', message: '0 bytes' }]);
  if ((data[0] === 0xff && data[1] === 0xfe) || (data[0] === 0xfe && data[1] === 0xff)) throw notText('it is UTF-16 text, not UTF-8');
  if (data.subarray(0, 8192).includes(0)) throw notText('it is binary');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data).replace(/^\uFEFF/, '');
  } catch {
    throw notText('it is not valid UTF-8');
  }
  const firstLine = /^[^\n]*\S[^\n]*$/m.exec(text)?.[0].replace(/\r$/, '');
  if (firstLine === undefined) throw new ImportFileException('The file is empty', [{ pointer: '/body/file', message: 'only blank lines' }]);
  const delimiter = ['\t', ';', ','].find((d) => firstLine.split(d).length > 1) ?? '\t';
  const items = csvItems(text, delimiter);
  const head: CsvItem | undefined = items[0];
  // A header line that is not CSV (a JSON document, say) is still named by what it lacks.
  const cells = !head || head.error !== undefined ? firstLine.split(delimiter) : head.fields;
  const header = cells.map((h) =>
    h
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toUpperCase(),
  );
  const col = (name: string) => header.indexOf(name);
  const missing = ['BIN', 'EAN'].filter((n) => col(n) < 0);
  if (missing.length > 0) {
    throw new ImportFileException(
      `The file lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(' and ')} (found: ${header.join(', ').slice(0, 200) || 'nothing'})`,
      [{ pointer: '/body/file', message: 'the header row must name BIN and EAN; PRODUCT and QUANTITY are optional' }],
    );
  }
  const lines: InventoryLine[] = [];
  const errors: InventoryFileError[] = [];
  const [bin, ean, product, quantity] = [col('BIN'), col('EAN'), col('PRODUCT'), col('QUANTITY')];
  for (const item of items.slice(1)) {
    const row = item.line;
    if (item.error !== undefined) {
      errors.push({ row, error_type: 'parse_error', message: `line ${row} could not be parsed: ${item.error}`, raw: item.raw });
      continue;
    }
    const r = item.fields;
    const b = (r[bin] ?? '').trim();
    const e = (r[ean] ?? '').replace(/[\s-]/g, '');
    const q = quantity < 0 ? '' : (r[quantity] ?? '').trim();
    if (!b) {
      errors.push({ row, error_type: 'missing_bin', message: 'BIN is empty' });
      continue;
    }
    if (!/^\d{8,14}$/.test(e)) {
      errors.push({ row, error_type: 'invalid_ean', message: `EAN '${(r[ean] ?? '').slice(0, 40)}' is not 8 to 14 digits` });
      continue;
    }
    if (q !== '' && !/^\d{1,9}$/.test(q)) {
      errors.push({ row, error_type: 'invalid_quantity', message: `QUANTITY '${q.slice(0, 20)}' is not a whole number of units` });
      continue;
    }
    lines.push({
      row,
      bin: b.slice(0, 100),
      ean: e,
      product: product < 0 ? null : (r[product] ?? '').trim().slice(0, 300) || null,
      quantity: q === '' ? 1 : Number(q),
    });
  }
  return { lines, errors, delimiter };
}
