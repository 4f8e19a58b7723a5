import { expect } from 'chai';
import { sql } from '../../src/runtime/database.ts';
import { estimatedRows } from '../../src/runtime/rowEstimate.ts';
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
 * small beside it; its table is analyzed by the batch that reaches the bulk's end when enough
 * rows changed, or once the projection has been idle for a moment. The
 * shop's own estimate multiplies in the selectivity of its other conditions, which depends on
 * every other test's products, so the vendor's rows are checked as the planner estimates them.
 */
describe('read model statistics after a bulk of products', function () {
  this.timeout(300_000);
  let app: Awaited<ReturnType<typeof testApp>>;
  before(async function () {
    this.timeout(600_000); // the shared app's boot, on a loaded machine
    app = await testApp();
  });

  it("a bulk of 150 fresh products has its table analyzed as it ends or a moment after, and the planner then knows the vendor's rows", async () => {
    const shop = await openShop(app);
    await putOnTier(app, shop.vendorId, 'enterprise');
    const knex = app.services.db.knex;
    const analyses = async () =>
      Number(
        (await sql<{ n: string }>(knex, "SELECT analyze_count AS n FROM pg_stat_user_tables WHERE relname = 'vendor_product_list'"))[0]
          ?.n ?? 0,
      );
    const beforeBulk = await analyses();
    const count = 150;
    await inBatches(
      Array.from({ length: count }, (_, i) => i),
      6,
      async (i) =>
        ok(
          shop.vendor('POST', '/products', {
            title: `Bulk item ${i}`,
            vendor_sku: unique(`BULK-${i}-`),
            price_cents: 1000 + i,
          }),
          'product',
        ),
    );
    await quiet(app);
    // The vendor's rows as the planner estimates them: what a list past its exact-count cap reports.
    // The analysis that counts them comes with the projection's batch that reaches the bulk's end
    // when enough rows changed, else once the projection has been idle a moment: up to 30 s, which
    // a loaded CI host (every lane of the suite at once) stretches; the loop ends once it is seen.
    let estimate = 0;
    for (let i = 0; i < 300 && estimate < count * 0.8; i++) {
      await new Promise((r) => setTimeout(r, 100));
      estimate = await estimatedRows(knex, { text: 'SELECT 1 FROM vendor_product_list WHERE vendor_id = $1', values: [shop.vendorId] });
    }
    expect(await analyses(), 'an analysis since the bulk began').to.be.greaterThan(beforeBulk);
    expect(estimate, "the planner's estimate of the vendor's rows").to.be.within(count * 0.8, count * 1.2);
    const list = await ok(shop.shop('GET', '/products?limit=1'), 'shop list');
    expect(list.total_exact).to.equal(false);
    expect(list.total).to.be.greaterThan(100);
  });
});
