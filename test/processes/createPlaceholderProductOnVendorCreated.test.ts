import { expect } from 'chai';
import pino from 'pino';
import { createPlaceholderProductOnVendorCreated } from '../../src/processes/createPlaceholderProductOnVendorCreated.ts';
import type { ProcessManager } from '../../src/runtime/consumer.ts';
import { ConsumerRunner } from '../../src/runtime/consumerRunner.ts';
import { testApp, type TestApp } from '../support/app.ts';
import { createVendorWithOwner } from '../support/tenancy.ts';

describe('createPlaceholderProductOnVendorCreated', () => {
  let app: TestApp;
  before(async () => {
    app = await testApp();
  });

  const placeholders = (vendorId: number) =>
    app.services.db.knex('vendor_product_list').where({ vendor_id: vendorId, is_placeholder: true }).pluck('id');

  it('gives a new vendor exactly one placeholder product, and a re-run over every vendor adds none', async () => {
    const vendor = await createVendorWithOwner(app);
    let ids: number[] = [];
    for (let i = 0; i < 100 && ids.length === 0; i++) {
      ids = await placeholders(vendor.vendorId);
      if (ids.length === 0) await new Promise((r) => setTimeout(r, 50));
    }
    expect(ids).to.have.length(1);

    // Redelivery of every VendorCreated event, even under another handler identity (other event
    // ids): the reservation names the product once, so nothing new is created.
    const again: ProcessManager = { ...createPlaceholderProductOnVendorCreated, name: 'createPlaceholderProductOnVendorCreated_rerun' };
    const runner = new ConsumerRunner(app.services.db.knex, app.services.store, [again], pino({ level: 'silent' }));
    try {
      await runner.catchUp(again);
      await app.services.runner.waitFor(await app.services.store.head(), ['VendorProductCreated'], 5000);
      const duplicated = await app.services.db
        .knex('vendor_product_list')
        .where('is_placeholder', true)
        .groupBy('vendor_id')
        .havingRaw('count(*) > 1')
        .select('vendor_id');
      expect(duplicated).to.deep.equal([]);
      expect(await placeholders(vendor.vendorId)).to.deep.equal(ids);
    } finally {
      await app.services.db.knex('consumer_checkpoints').where('name', again.name).delete();
    }
  });
});
