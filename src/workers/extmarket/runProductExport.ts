import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Knex } from 'knex';
import type { SyncCounters, SyncJobOptions } from '../../../commands/extmarket/events.ts';
import { FEED_LANGUAGES, productFeed } from '../../../queries/extmarket/productFeed.ts';

/**
 * The product export of SPEC.md 4.1: one feed file per language (fr, de, en) written to
 * exports/extmarket/{vendor_code}/ (EXPORTS_DIR moves the root) for a scheduler to collect.
 * Each language is one file of the sync log; the product count goes to error_details.
 */
// A type, not an interface: the job's result stores it as a plain record.
export type ExportFileInfo = {
  language: string;
  filename: string;
  path: string;
  size_bytes: number;
  products: number;
  error: string | null;
};

export const exportsRoot = () => resolve(process.env.EXPORTS_DIR ?? 'exports');

export async function runProductExport(knex: Knex, vendorId: number, options: SyncJobOptions, counters: SyncCounters) {
  const vendor = await knex('vendor_list').select('vendor_code').where('id', vendorId).first();
  if (!vendor) throw new Error(`Vendor ${vendorId} not found`);
  // The vendor code is ours (validated at creation), but a path is built from it: keep it a plain name.
  const dir = join(exportsRoot(), 'extmarket', String(vendor.vendor_code).replace(/[^A-Za-z0-9_-]/g, '_'));
  await mkdir(dir, { recursive: true });
  const files: ExportFileInfo[] = [];
  let products = 0;
  for (const language of options.languages ?? FEED_LANGUAGES) {
    counters.files_processed++;
    const filename = `${vendor.vendor_code}_products_${language}.tsv`;
    try {
      const feed = await productFeed(knex, vendorId, language, options.include_inactive ?? false);
      await writeFile(join(dir, filename), feed.text, 'utf8');
      files.push({
        language,
        filename,
        path: join(dir, filename),
        size_bytes: Buffer.byteLength(feed.text),
        products: feed.products,
        error: null,
      });
      products = feed.products;
      counters.files_succeeded++;
    } catch (err) {
      files.push({ language, filename, path: join(dir, filename), size_bytes: 0, products: 0, error: (err as Error).message });
      counters.files_failed++;
    }
  }
  return { products, export_directory: dir, files };
}
