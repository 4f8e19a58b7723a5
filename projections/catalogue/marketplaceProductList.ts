import type { Knex } from 'knex';
import { Type } from '@sinclair/typebox';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
import { sql } from '../../src/runtime/database.ts';
import type { MarketplaceCatalogueInput } from '../../commands/catalogue/events.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

const Text = () => column.nullable(column.text());
const Language = () => column.oneOf(['en', 'fr', 'de', 'lb']);

export const MarketplaceProductListRow = readModel('marketplace_product_list', {
  id: column.int(),
  /** The product's key in the importing vendor's catalogue (AcceptedRow.key of commands/catalogue/events.ts). */
  key: column.text(),
  gtin: Text(),
  /** The GTIN in its 14-digit form, for matching. */
  gtin14: Text(),
  gtin_type: Text(),
  sku: Text(),
  brand: Text(),
  image_link: Text(),
  price_cents: column.nullable(column.exact()),
  sale_price_cents: column.nullable(column.exact()),
  currency: column.text(),
  product_type_raw: Text(),
  marketplace: column.text(),
  /** The vendor name the file gave, as text. */
  vendor_name: Text(),
  vendor_id: column.nullable(column.int({ description: 'The vendor whose import brought the product' })),
  /** The import that last wrote the product. */
  last_job_id: column.int(),
  created_at: column.time(),
  updated_at: column.time(),
  /** As the file gave it (src/core/vat/rates.ts RateCategory); null: not given. */
  vat_rate_category: Text(),
});
export type MarketplaceProductListRow = RowOf<typeof MarketplaceProductListRow>;

export const MarketplaceProductTranslationRow = readModel('marketplace_product_translations', {
  product_id: column.int(),
  language: Language(),
  title: column.text(),
  description: Text(),
  short_description: Text(),
  updated_at: column.time(),
  /** lower(title), stored for the title order (20261125020001_catalogue_sort_indexes.ts). */
  sort_title: column.generated(Text()),
});
export type MarketplaceProductTranslationRow = RowOf<typeof MarketplaceProductTranslationRow>;

/** An accepted row as the event carried it (AcceptedRow of commands/catalogue/events.ts). */
const StagedRow = Type.Object({
  row: Type.Integer(),
  product_id: Type.Integer(),
  key: Type.String(),
  gtin: column.nullable(Type.String()),
  gtin_type: column.nullable(Type.String()),
  sku: column.nullable(Type.String()),
  brand: column.nullable(Type.String()),
  image_link: column.nullable(Type.String()),
  price_cents: column.nullable(Type.Integer()),
  sale_price_cents: column.nullable(Type.Integer()),
  currency: Type.String(),
  product_type_raw: column.nullable(Type.String()),
  marketplace: Type.String(),
  vendor_name: column.nullable(Type.String()),
  title: Type.String(),
  description: column.nullable(Type.String()),
  short_description: column.nullable(Type.String()),
  vat_rate_category: Type.Optional(column.nullable(Type.String())),
});

export const MarketplaceImportStagedBatchRow = readModel('marketplace_import_staged_batches', {
  job_id: column.int(),
  batch: column.int(),
  language: Language(),
  /** The batch's rows as the event carried them (json, not jsonb: expanded once, when published). */
  rows: column.json(Type.Array(StagedRow)),
});
export type MarketplaceImportStagedBatchRow = RowOf<typeof MarketplaceImportStagedBatchRow>;

export const MarketplaceImportPublicationRow = readModel('marketplace_import_publications', {
  job_id: column.int(),
  /** When the catalogue took in the completed import. */
  published_at: column.time(),
});
export type MarketplaceImportPublicationRow = RowOf<typeof MarketplaceImportPublicationRow>;

/**
 * marketplace_product_list and marketplace_product_translations: the marketplace catalogue
 * (GET /admin/products). An import's accepted batches wait in marketplace_import_staged_batches
 * (one row per batch, its rows as the event carried them) and enter the catalogue when the job
 * completes, all in the completion's transaction; a failed job's staged batches are dropped, so
 * the catalogue never holds half an import. The publication is recorded in
 * marketplace_import_publications: until then the job reads "publishing".
 * When a file lists a product twice, its last row wins. A later import updates the product's
 * fields (an empty value keeps the old one) and adds or replaces the translation of its language.
 *
 * Not a row projection: four tables; an import's rows are staged by batch and published in SQL when
 * the import completes, so no fold ever holds a whole import in memory.
 */
const ROW_FIELDS = `"row" int, product_id int, key text, gtin text, gtin_type text, sku text, brand text, image_link text,
  price_cents bigint, sale_price_cents bigint, currency text, product_type_raw text, marketplace text, vendor_name text,
  title text, description text, short_description text, vat_rate_category text`;

// `json`, not jsonb: checked at the bind, expanded once when the batch is published.
const STAGE = `
INSERT INTO marketplace_import_staged_batches (job_id, batch, language, rows) VALUES ($1::int, $2::int, $3::text, $4::json)
ON CONFLICT DO NOTHING`;

// One staged batch per statement (a short statement each, so an embedded database keeps serving
// requests), in batch order inside the completion's transaction: a later row of the same product
// overwrites an earlier one, so the file's last row wins. The batch is expanded once, for the
// products and their translations both.
const PUBLISH = `
WITH r AS MATERIALIZED (
  SELECT DISTINCT ON (r.product_id) r.*, b.language
    FROM marketplace_import_staged_batches b, json_to_recordset(b.rows) AS r(${ROW_FIELDS})
   WHERE b.job_id = $1 AND b.batch = $2
   ORDER BY r.product_id, r."row" DESC
), products AS (
  INSERT INTO marketplace_product_list AS p (id, key, gtin, gtin14, gtin_type, sku, brand, image_link, price_cents, sale_price_cents,
    currency, product_type_raw, marketplace, vendor_name, vat_rate_category, vendor_id, last_job_id, created_at, updated_at)
  SELECT r.product_id, r.key, r.gtin, lpad(r.gtin, 14, '0'), r.gtin_type, r.sku, r.brand, r.image_link, r.price_cents, r.sale_price_cents,
    r.currency, r.product_type_raw, r.marketplace, r.vendor_name, r.vat_rate_category, $3::int, $1::int, $4::timestamptz, $4::timestamptz
    FROM r
  ON CONFLICT (id) DO UPDATE SET
    gtin = coalesce(excluded.gtin, p.gtin), gtin14 = coalesce(excluded.gtin14, p.gtin14), gtin_type = coalesce(excluded.gtin_type, p.gtin_type),
    sku = coalesce(excluded.sku, p.sku), brand = coalesce(excluded.brand, p.brand), image_link = coalesce(excluded.image_link, p.image_link),
    price_cents = coalesce(excluded.price_cents, p.price_cents), sale_price_cents = coalesce(excluded.sale_price_cents, p.sale_price_cents),
    currency = excluded.currency, product_type_raw = coalesce(excluded.product_type_raw, p.product_type_raw),
    marketplace = excluded.marketplace, vendor_name = coalesce(excluded.vendor_name, p.vendor_name), vendor_id = excluded.vendor_id,
    vat_rate_category = coalesce(excluded.vat_rate_category, p.vat_rate_category),
    last_job_id = excluded.last_job_id, updated_at = excluded.updated_at
)
INSERT INTO marketplace_product_translations AS t (product_id, language, title, description, short_description, updated_at)
SELECT r.product_id, r.language, r.title, r.description, r.short_description, $4::timestamptz FROM r
ON CONFLICT (product_id, language) DO UPDATE SET
  title = excluded.title, description = coalesce(excluded.description, t.description),
  short_description = coalesce(excluded.short_description, t.short_description), updated_at = excluded.updated_at`;

export const marketplaceProductList: Projection = {
  kind: 'projection',
  name: 'marketplace_product_list',
  eventTypes: ['MarketplaceImportRowsAccepted', 'MarketplaceImportCompleted', 'MarketplaceImportFailed'],
  tables: [
    'marketplace_product_list',
    'marketplace_product_translations',
    'marketplace_import_staged_batches',
    'marketplace_import_publications',
  ],
  readModels: [
    MarketplaceProductListRow,
    MarketplaceProductTranslationRow,
    MarketplaceImportStagedBatchRow,
    MarketplaceImportPublicationRow,
  ],
  // Each accepted-rows event carries a batch of rows: a few dozen events make one transaction.
  batchSize: 20,
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    for (const raw of events) {
      const e = domainEvent<MarketplaceCatalogueInput>(raw);
      switch (e.type) {
        case 'MarketplaceImportRowsAccepted': {
          const staged: MarketplaceImportStagedBatchRow = {
            job_id: e.data.job_id,
            batch: e.data.batch,
            language: e.data.language,
            rows: e.data.rows,
          };
          await sql(trx, STAGE, [staged.job_id, staged.batch, staged.language, JSON.stringify(staged.rows)]);
          break;
        }
        case 'MarketplaceImportCompleted': {
          const { job_id, vendor_id, at } = e.data;
          const batches = await sql<Pick<MarketplaceImportStagedBatchRow, 'batch'>>(
            trx,
            'SELECT batch FROM marketplace_import_staged_batches WHERE job_id = $1 ORDER BY batch',
            [job_id],
          );
          for (const { batch } of batches) {
            await sql(trx, PUBLISH, [job_id, batch, vendor_id, at]);
            await sql(trx, 'DELETE FROM marketplace_import_staged_batches WHERE job_id = $1 AND batch = $2', [job_id, batch]);
            // Embedded PGlite runs on this thread: let sockets and timers breathe between batches.
            await new Promise((resolve) => setImmediate(resolve));
          }
          const publication: JsonRow<MarketplaceImportPublicationRow> = { job_id, published_at: at };
          await sql(trx, 'INSERT INTO marketplace_import_publications (job_id, published_at) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
            publication.job_id,
            publication.published_at,
          ]);
          break;
        }
        case 'MarketplaceImportFailed':
          await sql(trx, 'DELETE FROM marketplace_import_staged_batches WHERE job_id = $1', [e.data.job_id]);
          break;
      }
    }
  },
};
