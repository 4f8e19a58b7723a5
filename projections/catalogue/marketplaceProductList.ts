import type { Knex } from 'knex';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
import { sql } from '../../src/runtime/database.ts';
import type { MarketplaceImportEvent } from '../../commands/marketplace-imports/events.ts';

/**
 * marketplace_product_list and marketplace_product_translations: the marketplace catalogue
 * (GET /admin/products). An import's accepted rows wait in marketplace_import_staging (one row per
 * batch event) and enter the catalogue in one statement per table when the job completes; a failed
 * job's staged rows are dropped, so the catalogue never holds half an import (issue 4).
 * When a file lists a product twice, its last row wins. A later import updates the product's
 * fields (an empty value keeps the old one) and adds or replaces the translation of its language.
 */
const ROW_FIELDS = `product_id int, key text, "row" int, gtin text, gtin_type text, sku text, brand text, image_link text,
  price_cents bigint, sale_price_cents bigint, currency text, product_type_raw text, marketplace text, vendor_name text,
  title text, description text, short_description text`;

const PUBLISH_PRODUCTS = `
INSERT INTO marketplace_product_list AS p (id, key, gtin, gtin14, gtin_type, sku, brand, image_link, price_cents, sale_price_cents,
  currency, product_type_raw, marketplace, vendor_name, vendor_id, last_job_id, created_at, updated_at)
SELECT DISTINCT ON (r.product_id) r.product_id, r.key, r.gtin, lpad(r.gtin, 14, '0'), r.gtin_type, r.sku, r.brand, r.image_link,
  r.price_cents, r.sale_price_cents, r.currency, r.product_type_raw, r.marketplace, r.vendor_name, $2::int, $1::int, $3::timestamptz, $3::timestamptz
  FROM marketplace_import_staging s, jsonb_to_recordset(s.rows) AS r(${ROW_FIELDS})
 WHERE s.job_id = $1
 ORDER BY r.product_id, s.batch DESC, r."row" DESC
ON CONFLICT (id) DO UPDATE SET
  gtin = coalesce(excluded.gtin, p.gtin), gtin14 = coalesce(excluded.gtin14, p.gtin14), gtin_type = coalesce(excluded.gtin_type, p.gtin_type),
  sku = coalesce(excluded.sku, p.sku), brand = coalesce(excluded.brand, p.brand), image_link = coalesce(excluded.image_link, p.image_link),
  price_cents = coalesce(excluded.price_cents, p.price_cents), sale_price_cents = coalesce(excluded.sale_price_cents, p.sale_price_cents),
  currency = excluded.currency, product_type_raw = coalesce(excluded.product_type_raw, p.product_type_raw),
  marketplace = excluded.marketplace, vendor_name = coalesce(excluded.vendor_name, p.vendor_name), vendor_id = excluded.vendor_id,
  last_job_id = excluded.last_job_id, updated_at = excluded.updated_at`;

const PUBLISH_TRANSLATIONS = `
INSERT INTO marketplace_product_translations AS t (product_id, language, title, description, short_description, updated_at)
SELECT DISTINCT ON (r.product_id) r.product_id, s.language, r.title, r.description, r.short_description, $2::timestamptz
  FROM marketplace_import_staging s, jsonb_to_recordset(s.rows) AS r(${ROW_FIELDS})
 WHERE s.job_id = $1
 ORDER BY r.product_id, s.batch DESC, r."row" DESC
ON CONFLICT (product_id, language) DO UPDATE SET
  title = excluded.title, description = coalesce(excluded.description, t.description),
  short_description = coalesce(excluded.short_description, t.short_description), updated_at = excluded.updated_at`;

export const marketplaceProductList: Projection = {
  kind: 'projection',
  name: 'marketplace_product_list',
  eventTypes: ['MarketplaceImportRowsAccepted', 'MarketplaceImportCompleted', 'MarketplaceImportFailed'],
  tables: ['marketplace_product_list', 'marketplace_product_translations', 'marketplace_import_staging'],
  // Each accepted-rows event carries a batch of rows: a few dozen events make one transaction.
  batchSize: 40,
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    let staged: { job_id: number; batch: number; language: string; rows: string }[] = [];
    const flush = async () => {
      if (staged.length === 0) return;
      await trx('marketplace_import_staging').insert(staged).onConflict(['job_id', 'batch']).ignore();
      staged = [];
    };
    for (const raw of events) {
      const e = raw as unknown as MarketplaceImportEvent;
      switch (e.type) {
        case 'MarketplaceImportRowsAccepted':
          staged.push({ job_id: e.data.job_id, batch: e.data.batch, language: e.data.language, rows: JSON.stringify(e.data.rows) });
          break;
        case 'MarketplaceImportCompleted':
          await flush();
          await sql(trx, PUBLISH_PRODUCTS, [e.data.job_id, e.data.vendor_id, e.data.at]);
          await sql(trx, PUBLISH_TRANSLATIONS, [e.data.job_id, e.data.at]);
          await sql(trx, 'DELETE FROM marketplace_import_staging WHERE job_id = $1', [e.data.job_id]);
          break;
        case 'MarketplaceImportFailed':
          await flush();
          await sql(trx, 'DELETE FROM marketplace_import_staging WHERE job_id = $1', [e.data.job_id]);
          break;
      }
    }
    await flush();
  },
};
