import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { assignProductIds } from '../../../commands/marketplace-imports/assignProductIds.ts';
import { productKey } from '../../../commands/marketplace-imports/rowMapping.ts';
import { up as scopeKeysByVendor } from '../../../migrations/2026112108_marketplace_product_keys_by_vendor.ts';
import { testApp } from '../../support/app.ts';
import { gtinFor, newBase } from '../../support/catalogueFiles.ts';

/**
 * The write-side registry of marketplace product keys → ids (commands/marketplace-imports/
 * assignProductIds.ts). A marketplace product belongs to the vendor whose import brought it: the
 * keys carry the vendor, so two vendors importing one GTIN get two products, and each vendor's
 * re-import meets its own. Everything runs in a transaction that is rolled back: nothing stays.
 */
describe('marketplace product keys: one product per importing vendor and GTIN', function () {
  // The first file to start the shared test app pays for PGlite, the migrations and the first admin.
  this.timeout(120_000);
  let knex: Knex;
  const base = newBase();
  // Vendor ids no test vendor has: the registry is shared by the whole test run.
  const [vendorA, vendorB] = [2_000_000_000 + base, 2_000_100_000 + base];

  before(async () => {
    knex = (await testApp()).services.db.knex;
  });

  async function rolledBack(work: (trx: Knex.Transaction) => Promise<void>): Promise<void> {
    const trx = await knex.transaction();
    try {
      await work(trx);
    } finally {
      await trx.rollback();
    }
  }

  it('gives two vendors importing the same GTIN two ids, and a vendor importing it again its own id', async () => {
    await rolledBack(async (trx) => {
      const gtin = gtinFor(base, 1);
      const [a, b] = [productKey(vendorA, gtin, 'extmarket', 'A-1'), productKey(vendorB, gtin, 'extmarket', 'B-1')];
      const first = await assignProductIds(trx, [a]);
      expect(first.get(a)).to.include({ created: true });
      const second = await assignProductIds(trx, [a, b]);
      expect(second.get(a)).to.deep.equal({ id: first.get(a)!.id, created: false });
      expect(second.get(b)!.created).to.equal(true);
      expect(second.get(b)!.id).to.not.equal(first.get(a)!.id);
      // The same vendor, another SKU or language for the same GTIN: still its one product.
      expect(
        (await assignProductIds(trx, [productKey(vendorB, `0${gtin}`, 'other', 'B-2')])).get(productKey(vendorB, gtin, 'x', null)),
      ).to.deep.equal({ id: second.get(b)!.id, created: false });
    });
  });

  context('migration 2026112108: the unscoped keys of earlier imports', () => {
    it('gives each to the vendor whose import brought the product, falls back to the catalogue row, and drops keys no import recorded', async () => {
      await rolledBack(async (trx) => {
        const [p1, p2, p3, p4] = [1, 2, 3, 4].map((i) => 2_000_000_000 + base * 10 + i);
        const [g1, g2] = [gtinFor(base, 11), gtinFor(base, 12)].map((g) => `0${g}`);
        await trx('marketplace_product_keys').insert([
          { key: `gtin:${g1}`, product_id: p1 }, // imported by B first, then taken over by A's import
          { key: `gtin:${g2}`, product_id: p2 }, // no events here (an EventStoreDB store): the catalogue row says A
          { key: `sku:m${base}:S-3`, product_id: p3 }, // handed out to a batch that was never recorded
          { key: productKey(vendorB, null, `m${base}`, 'S-4'), product_id: p4 }, // already scoped: untouched
        ]);
        const accepted = (vendor: number, job: number, productId: number, key: string) => ({
          event_id: randomUUID(),
          stream_id: `marketplace_import-${job}`,
          version: 3,
          type: 'MarketplaceImportRowsAccepted',
          data: { job_id: job, vendor_id: vendor, language: 'en', batch: 1, rows: [{ row: 2, product_id: productId, key, title: 't' }] },
        });
        const job = 2_000_000_000 + base * 10;
        await trx('events').insert([accepted(vendorB, job + 1, p1, `gtin:${g1}`), accepted(vendorA, job + 2, p1, `gtin:${g1}`)]);
        const at = new Date().toISOString();
        await trx('marketplace_product_list').insert({
          id: p2,
          key: `gtin:${g2}`,
          gtin: g2,
          gtin14: g2,
          currency: 'EUR',
          marketplace: 'm',
          vendor_id: vendorA,
          last_job_id: job,
          created_at: at,
          updated_at: at,
        });

        await scopeKeysByVendor(trx);

        const keys = await trx('marketplace_product_keys').whereIn('product_id', [p1, p2, p3, p4]).orderBy('product_id');
        expect(keys.map((k: any) => [k.product_id, k.key])).to.deep.equal([
          [p1, productKey(vendorB, g1, 'm', null)],
          [p2, productKey(vendorA, g2, 'm', null)],
          [p4, productKey(vendorB, null, `m${base}`, 'S-4')],
        ]);
        // From now on B's re-import updates the product B's import brought; A's import gets A's own.
        const ids = await assignProductIds(trx, [productKey(vendorB, g1, 'm', null), productKey(vendorA, g1, 'm', null)]);
        expect(ids.get(productKey(vendorB, g1, 'm', null))).to.deep.equal({ id: p1, created: false });
        expect(ids.get(productKey(vendorA, g1, 'm', null))!.created).to.equal(true);
      });
    });
  });
});
