import { expect } from 'chai';
import pino from 'pino';
import type { Projection } from '../../../src/runtime/consumer.ts';
import { rebuildProjection } from '../../../src/runtime/rebuild.ts';
import { testApp, type TestApp } from '../../support/app.ts';
import { newBase, productCsv, upload, waitForJob } from '../../support/catalogueFiles.ts';
import { createVendorWithOwner } from '../../support/tenancy.ts';

/**
 * ARCHITECTURE.md "Rebuild": a rebuilt projection equals the live one. The catalogue's ids come
 * from the events (the write-side key registry), never from the projector, so a replay of two
 * imports in two languages, another vendor's import of the same GTINs, a failed import, and vendor
 * products with stock gives the same rows.
 */
describe('catalogue and inventory projections rebuilt from the feed equal the live ones', () => {
  let app: TestApp;
  before(async () => {
    app = await testApp();
  });

  it('marketplace products, translations, jobs, errors, vendor products, inventory and its ledger', async () => {
    const token = await app.adminToken();
    const vendor = await createVendorWithOwner(app);
    const base = newBase();
    const market = `Rebuild${base}`;
    for (const [language, data] of [
      ['en', productCsv({ base, count: 30, marketplace: market })],
      ['de', productCsv({ base, count: 20, language: 'de', marketplace: market })],
      ['en', 'gtin;title\n'],
    ] as const) {
      const res = await upload(
        app,
        '/api/v1/admin/marketplace-import-jobs',
        token,
        { vendor_id: String(vendor.vendorId), language, marketplace: market },
        { name: 'f.csv', data },
      );
      await waitForJob(app, `/api/v1/admin/marketplace-import-jobs/${res.body.id}`, token);
    }
    // Another vendor imports the same GTINs: its own 30 products (a product belongs to its importing vendor).
    const other = await createVendorWithOwner(app);
    const res = await upload(
      app,
      '/api/v1/admin/marketplace-import-jobs',
      token,
      { vendor_id: String(other.vendorId), language: 'fr', marketplace: market },
      { name: 'f.csv', data: productCsv({ base, count: 30, language: 'fr', marketplace: market }) },
    );
    await waitForJob(app, `/api/v1/admin/marketplace-import-jobs/${res.body.id}`, token);
    const product = await app.call('POST', '/api/v1/vendor/products', {
      token: vendor.ownerToken,
      body: { title: 'Rebuilt', price_cents: 500 },
    });
    await app.call('POST', '/api/v1/vendor/inventory', {
      token: vendor.ownerToken,
      body: { product_id: product.body.id, bin_location: 'R-1', quantity: 4 },
    });

    const knex = app.services.db.knex;
    const tables: Record<string, string> = {
      marketplace_product_list: 'id',
      marketplace_product_translations: 'product_id, language',
      marketplace_import_jobs: 'id',
      marketplace_import_errors: 'job_id, row_number',
      vendor_product_list: 'id',
      inventory_list: 'id',
      inventory_transactions: 'id',
    };
    const snapshot = async () =>
      Object.fromEntries(
        await Promise.all(
          Object.entries(tables).map(
            async ([t, order]) => [t, await knex.raw(`SELECT * FROM ${t} ORDER BY ${order}`).then((r: any) => r.rows)] as const,
          ),
        ),
      );
    await app.services.runner.waitFor(
      await app.services.store.head(),
      ['MarketplaceImportCompleted', 'StockReceived', 'VendorProductCreated'],
      5000,
    );
    const live = await snapshot();
    for (const v of [vendor, other])
      expect(live.marketplace_product_list.filter((p: any) => p.marketplace === market && p.vendor_id === v.vendorId)).to.have.length(30);

    const names = [
      'marketplace_product_list',
      'marketplace_import_jobs',
      'marketplace_import_errors',
      'vendor_product_list',
      'inventory_list',
      'inventory_transactions',
    ];
    for (const name of names) {
      const projection = app.services.runner.consumers.find((c) => c.name === name) as Projection;
      await rebuildProjection(knex, app.services.store, projection, pino({ level: 'silent' }));
    }
    const rebuilt = await snapshot();
    for (const t of Object.keys(tables)) expect(rebuilt[t], t).to.deep.equal(live[t]);
  });

  it('the marketplace catalogue is served whole while it is rebuilt, and its shadows replace it with the same constraints and indexes', async () => {
    const token = await app.adminToken();
    const vendor = await createVendorWithOwner(app);
    const base = newBase();
    const res = await upload(
      app,
      '/api/v1/admin/marketplace-import-jobs',
      token,
      { vendor_id: String(vendor.vendorId), language: 'en', marketplace: `Shadow${base}` },
      { name: 'f.csv', data: productCsv({ base, count: 40, marketplace: `Shadow${base}` }) },
    );
    await waitForJob(app, `/api/v1/admin/marketplace-import-jobs/${res.body.id}`, token);
    const knex = app.services.db.knex;
    const projection = app.services.runner.consumers.find((c) => c.name === 'marketplace_product_list') as Projection;
    await app.services.runner.waitFor(await app.services.store.head(), ['MarketplaceImportCompleted'], 5000);
    const count = async () => (await knex.raw('SELECT count(*)::int AS n FROM marketplace_product_list')).rows[0].n as number;
    const schemaOf = () =>
      knex
        .raw(
          `SELECT c.relname, pg_get_indexdef(i.indexrelid) AS def, coalesce(k.conname, '') AS constraint
      FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid LEFT JOIN pg_constraint k ON k.conindid = i.indexrelid
     WHERE i.indrelid = ANY(ARRAY['marketplace_product_list', 'marketplace_product_translations']::regclass[]) ORDER BY 1`,
        )
        .then((r: any) => r.rows);
    const rows = await count();
    const schema = await schemaOf();
    expect(schema.filter((ix: any) => ix.constraint !== '')).to.have.length.greaterThan(2);
    // Counted in the rebuild's first write transaction, from the live schema: the shadows are being filled.
    let during: number | null = null;
    const watched: Projection = {
      ...projection,
      async apply(trx, events) {
        during ??= (await trx.raw('SELECT count(*)::int AS n FROM public.marketplace_product_list')).rows[0].n;
        await projection.apply(trx, events);
      },
    };
    await rebuildProjection(knex, app.services.store, watched, pino({ level: 'silent' }));
    expect(during, 'rows served during the rebuild').to.equal(rows);
    expect(await count()).to.equal(rows);
    expect(await schemaOf()).to.deep.equal(schema);
    expect((await knex.raw(`SELECT nspname FROM pg_namespace WHERE nspname LIKE 'rb\\_%'`)).rows, 'no shadow schema left').to.deep.equal(
      [],
    );
  });
});
