import { parse } from 'fast-csv';
import { Readable } from 'node:stream';
import { ImportFileException } from '../core/errors.ts';

/**
 * The inventory import file (SPEC.md 4.1 POST /inventory/import): TSV or CSV with a header row of
 * BIN, EAN, PRODUCT (optional) and QUANTITY (optional; an empty or missing quantity counts one
 * unit, so a file of scans works as is). Names are case-insensitive; the delimiter (tab, comma,
 * semicolon) is read from the header. A file that is not text, or lacks BIN or EAN, is a 422.
 */
export interface InventoryLine {
  row: number;
  bin: string;
  ean: string;
  product: string | null;
  quantity: number;
}

export interface ParsedInventoryFile {
  lines: InventoryLine[];
  errors: { row: number; message: string }[];
  delimiter: string;
}

const notText = () => new ImportFileException('The file is not a TSV or CSV text file', [{ pointer: '/body/file', message: 'expected UTF-8 text with a header row BIN, EAN, PRODUCT, QUANTITY' }]);

export async function parseInventoryFile(data: Buffer): Promise<ParsedInventoryFile> {
  if (data.length === 0) throw new ImportFileException('The file is empty', [{ pointer: '/body/file', message: '0 bytes' }]);
  if (data.subarray(0, 8192).includes(0)) throw notText();
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data).replace(/^\uFEFF/, '');
  } catch {
    throw notText();
  }
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = ['\t', ';', ','].find((d) => firstLine.split(d).length > 1) ?? '\t';
  const header = firstLine.split(delimiter).map((h) => h.trim().replace(/^"(.*)"$/, '$1').toUpperCase());
  const col = (name: string) => header.indexOf(name);
  const missing = ['BIN', 'EAN'].filter((n) => col(n) < 0);
  if (missing.length > 0) {
    throw new ImportFileException(`The file lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(' and ')} (found: ${header.join(', ').slice(0, 200) || 'nothing'})`,
      [{ pointer: '/body/file', message: 'the header row must name BIN and EAN; PRODUCT and QUANTITY are optional' }]);
  }
  const records: string[][] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      Readable.from([text]).pipe(parse<string[], string[]>({ delimiter, ignoreEmpty: true, trim: true }))
        .on('error', reject).on('data', (r: string[]) => records.push(r)).on('end', () => resolve());
    });
  } catch (err) {
    throw new ImportFileException('The file could not be read as TSV/CSV', [{ pointer: '/body/file', message: String((err as Error).message).slice(0, 200) }]);
  }
  const lines: InventoryLine[] = [];
  const errors: { row: number; message: string }[] = [];
  const [bin, ean, product, quantity] = [col('BIN'), col('EAN'), col('PRODUCT'), col('QUANTITY')];
  records.slice(1).forEach((r, i) => {
    const row = i + 2;
    const b = (r[bin] ?? '').trim();
    const e = (r[ean] ?? '').replace(/[\s-]/g, '');
    const q = quantity < 0 ? '' : (r[quantity] ?? '').trim();
    if (!b) return void errors.push({ row, message: 'BIN is empty' });
    if (!/^\d{8,14}$/.test(e)) return void errors.push({ row, message: `EAN '${(r[ean] ?? '').slice(0, 40)}' is not 8 to 14 digits` });
    if (q !== '' && !/^\d{1,9}$/.test(q)) return void errors.push({ row, message: `QUANTITY '${q.slice(0, 20)}' is not a whole number of units` });
    lines.push({ row, bin: b.slice(0, 100), ean: e, product: product < 0 ? null : (r[product] ?? '').trim().slice(0, 300) || null, quantity: q === '' ? 1 : Number(q) });
  });
  return { lines, errors, delimiter };
}
