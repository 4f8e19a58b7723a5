import { expect } from 'chai';
import { inBatches } from '../../src/demo/client.ts';
import { testApp, unique } from '../support/app.ts';
import { putOnTier } from '../support/plans.ts';
import { ok, openShop } from '../support/shop.ts';
import { quiet } from '../support/tenantData.ts';

/**
 * Estimated totals are right after a bulk: a shop past the catalogue's exact-count cap answers
 * PostgreSQL's estimate, and the projection that wrote the bulk refreshes the planner's
 * statistics (src/runtime/readModelStatistics.ts). Without that, the planner knows nothing of the
 * new vendor (embedded PGlite never analyzes by itself) and the shop answered the cap plus one,
 * 101. The bulk here is the hard case: products created one request at a time, so the projection
 * catches up between them, into a table every other test of the run also fills, so the bulk is
 * small beside it; its statistics are refreshed once the projection has been idle for a moment.
 */
describe('read model statistics after a bulk of products', function () {
  this.timeout(300_000);
  let app: Awaited<ReturnType<typeof testApp>>;
  before(async function () {
    this.timeout(600_000); // the shared app's boot, on a loaded machine
    app = await testApp();
  });

  it('a shop of 150 fresh products answers an estimated total close to 150 a moment after the bulk ends', async () => {
    const shop = await openShop(app);
    await putOnTier(app, shop.vendorId, 'enterprise');
    const count = 150;
    await inBatches(Array.from({ length: count }, (_, i) => i), 6, async (i) => ok(shop.vendor('POST', '/products', {
      title: `Bulk item ${i}`, vendor_sku: unique(`BULK-${i}-`), price_cents: 1000 + i,
    }), 'product'));
    await quiet(app);
    let list: any;
    for (let i = 0; i < 100; i++) {
      list = await ok(shop.shop('GET', '/products?limit=1'), 'shop list');
      if (list.total > 101) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(list.total_exact).to.equal(false);
    expect(list.total, 'the estimate').to.be.within(count * 0.8, count * 1.2);
  });
});
