import { expect } from 'chai';
import type { Knex } from 'knex';
import { matchingMarketplaceProducts, titleSegments } from '../../../queries/catalogue/listMarketplaceProducts.ts';
import { matchingVendorProducts, vendorProductPageIds } from '../../../queries/catalogue/listVendorProducts.ts';
import {
  MARKETPLACE_COLUMN_SORTS,
  PRODUCT_LANGUAGES,
  VENDOR_PRODUCT_SORTS,
  type VendorProductSort,
} from '../../../queries/catalogue/productSorts.ts';
import { IMPORT_JOB_SORTS } from '../../../queries/marketplace-imports/listImportJobs.ts';
import { sql } from '../../../src/runtime/database.ts';
import { testApp } from '../../support/app.ts';

/**
 * Every order the product and import job lists offer is read through an index, in index order:
 * the plan of a sorted page has no Sort node (with sorting made as dear as the planner allows, so
 * an index that does not serve the order would show up as a Sort). An expression that no longer
 * matches its index (migrations/20261125020001_catalogue_sort_indexes.ts) fails here, not in
 * production over 100,000 rows.
 */
async function plan(knex: Knex, query: Knex.QueryBuilder | string): Promise<string> {
  const native = typeof query === 'string' ? { sql: query, bindings: [] as unknown[] } : query.toSQL().toNative();
  return knex.transaction(async (tx) => {
    await tx.raw('SET LOCAL enable_sort = off');
    await tx.raw('SET LOCAL enable_seqscan = off');
    await tx.raw('SET LOCAL enable_bitmapscan = off');
    return (await sql(tx, `EXPLAIN ${native.sql}`, native.bindings as unknown[])).map((r) => r['QUERY PLAN']).join('\n');
  });
}

const indexOrder = (text: string) => !/\bSort\b/.test(text) && /Index (Only )?Scan/.test(text);

describe('product and import job sorts: each order is read through its index', () => {
  let knex: Knex;
  before(async () => {
    knex = (await testApp()).services.db.knex;
  });

  for (const scope of ['one vendor', 'every vendor'] as const) {
    it(`vendor products of ${scope}: every sort in every language, no Sort node`, async () => {
      const matches = matchingVendorProducts(knex, scope === 'one vendor' ? { vendor_id: 1 } : {});
      for (const sort of Object.keys(VENDOR_PRODUCT_SORTS) as VendorProductSort[]) {
        for (const language of sort.endsWith('title') ? PRODUCT_LANGUAGES : ['en']) {
          const text = await plan(knex, vendorProductPageIds(matches, sort, language, { page: 3, limit: 20 }));
          expect(indexOrder(text), `${sort} ${language}:\n${text}`).to.equal(true);
          // On a nearly empty table the planner may take either title index of the language.
          if (sort.endsWith('title'))
            expect(text, `${sort} ${language}:\n${text}`).to.match(new RegExp(`vendor_product_list_(vendor_)?title_${language}\\b`));
        }
      }
    });
  }

  it('marketplace products: the column orders and both title segments, no Sort node', async () => {
    const matches = matchingMarketplaceProducts(knex, {});
    for (const [sort, order] of Object.entries(MARKETPLACE_COLUMN_SORTS)) {
      const text = await plan(knex, matches.clone().select('p.id').orderByRaw(order).limit(20).offset(40));
      expect(indexOrder(text), `${sort}:\n${text}`).to.equal(true);
    }
    for (const descending of [false, true]) {
      const { titled, untitled } = titleSegments(knex, matches, 'fr', descending);
      const text = await plan(knex, titled().select('p.id').limit(20).offset(40));
      expect(indexOrder(text), `titled:\n${text}`).to.equal(true);
      expect(text).to.include('marketplace_product_translations_title');
      const rest = await plan(knex, untitled().select('p.id').limit(20).offset(40));
      expect(indexOrder(rest), `untitled:\n${rest}`).to.equal(true);
    }
  });

  it('keeps the title keys in stored generated columns, which the projections never name', async () => {
    const columns = await sql(
      knex,
      `SELECT table_name, column_name, is_generated, generation_expression FROM information_schema.columns
      WHERE (table_name = 'vendor_product_list' AND column_name LIKE 'sort_title_%') OR (table_name = 'marketplace_product_translations' AND column_name = 'sort_title')
      ORDER BY 1, 2`,
    );
    expect(columns.map((c) => `${c.table_name}.${c.column_name}`)).to.deep.equal([
      'marketplace_product_translations.sort_title',
      ...['de', 'en', 'fr', 'lb'].map((l) => `vendor_product_list.sort_title_${l}`),
    ]);
    for (const c of columns) {
      expect(c.is_generated).to.equal('ALWAYS');
      expect(c.generation_expression).to.match(/^lower\(/);
    }
  });

  it('import jobs of one vendor and of every vendor: every sort, no Sort node', async () => {
    for (const [sort, order] of Object.entries(IMPORT_JOB_SORTS)) {
      for (const where of ['WHERE j.vendor_id = 1', '']) {
        const text = await plan(knex, `SELECT j.id FROM marketplace_import_jobs j ${where} ORDER BY ${order} LIMIT 20 OFFSET 40`);
        expect(indexOrder(text), `${sort} ${where}:\n${text}`).to.equal(true);
      }
    }
  });
});
