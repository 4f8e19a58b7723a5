import { expect } from 'chai';
import { ORDER_EVENT_TYPES } from '../../../commands/orders/events.ts';
import { listAnchors } from '../../../src/core/listAnchors.ts';
import { testApp, type TestApp } from '../../support/app.ts';
import { domesticVat, seedExtmarketOrder } from '../../support/orders.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

const SORTS = ['-order_date', 'order_date', '-total', 'total', '-status', 'status'];
const LIMIT = 2;

/**
 * The deep pages of the order lists seek from where an earlier page ended instead of skipping
 * every row before them (src/core/listAnchors.ts, queries/orders/listOrders.ts). What a client
 * sees must not change: every page, in every sort and filter, is the rows at its place in the
 * whole list, also after the list moved under the remembered places (an order confirmed, a new
 * order arriving). Here "deep" starts at the 4th order, so a few orders have deep pages.
 */
describe('order lists: deep pages are the rows at their place, also after the list moved', function () {
  this.timeout(120_000);
  let app: TestApp;
  let vendor: VendorFixture;
  let other: VendorFixture;
  const orders: number[] = [];

  before(async () => {
    app = await testApp();
    vendor = await createVendorWithOwner(app);
    other = await createVendorWithOwner(app);
    // Twenty orders a day apart, totals not in date order, several sharing a total (the id breaks the tie).
    for (let n = 0; n < 20; n++) {
      const seeded = await seedExtmarketOrder(app, vendor.vendorId, [{}], {
        order_date: new Date(Date.UTC(2026, 9, 1 + n, 12)).toISOString(),
        vat: domesticVat(1000 + ((n * 7) % 5) * 100),
      });
      orders.push(seeded.orderId);
    }
    for (let n = 0; n < 6; n++) await seedExtmarketOrder(app, other.vendorId, [{}]);
    listAnchors(app.services.db.knex, { deepFrom: 4 });
  });
  after(() => {
    listAnchors(app.services.db.knex, {});
  });

  const get = async (token: string, query: string) => {
    const res = await app.call('GET', `/api/v1/vendor/orders?${query}`, { token });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body as { items: { id: number; vendor_id: number }[]; total: number };
  };
  const whole = async (query: string) => (await get(vendor.ownerToken, `${query}&limit=100`)).items.map((o) => o.id);
  /**
   * Every page of the list against the whole list cut in pages: the last page first (past every
   * place remembered by an earlier walk, which the list may have moved under), then forwards,
   * backwards and forwards again.
   */
  const expectEveryPage = async (query: string) => {
    const ids = await whole(query);
    const pages = Math.ceil(ids.length / LIMIT) + 1;
    const order = [pages - 2, ...Array(pages).keys(), ...[...Array(pages).keys()].reverse(), ...Array(pages).keys()];
    for (const p of order) {
      const page = await get(vendor.ownerToken, `${query}&limit=${LIMIT}&page=${p + 1}`);
      expect(
        page.items.map((o) => o.id),
        `${query} page ${p + 1}`,
      ).to.deep.equal(ids.slice(p * LIMIT, p * LIMIT + LIMIT));
    }
    return ids;
  };

  it('pages in every sort, walked forwards and back, are the whole list cut in pages; the deep ones seek', async () => {
    const sought = listAnchors(app.services.db.knex).counts.sought;
    for (const sort of SORTS) {
      const ids = await expectEveryPage(`sort=${sort}`);
      expect([...ids].sort((a, b) => a - b)).to.deep.equal([...orders].sort((a, b) => a - b));
    }
    expect(listAnchors(app.services.db.knex).counts.sought - sought, 'deep pages served from a remembered place').to.be.greaterThan(30);
  });

  it('an order confirmed leaves the unconfirmed list and moves in the status sort: the next deep pages show it', async () => {
    const anchors = listAnchors(app.services.db.knex);
    const before = await expectEveryPage('status=unconfirmed&sort=-order_date');
    await expectEveryPage('sort=status');
    const outdated = anchors.counts.outdated;
    // The second order in date order: every remembered place of the unconfirmed list is after it.
    const confirmed = before[before.length - 2];
    const res = await app.call('POST', `/api/v1/vendor/extmarket/orders/${confirmed}/confirm`, { token: vendor.ownerToken });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    await app.services.runner.waitFor(await app.services.store.head(), [...ORDER_EVENT_TYPES], 5000);
    expect(await expectEveryPage('status=unconfirmed&sort=-order_date')).to.deep.equal(before.filter((id) => id !== confirmed));
    await expectEveryPage('sort=status');
    expect(anchors.counts.outdated - outdated, 'remembered places found outdated').to.be.greaterThan(0);
  });

  it('a new order arriving first in the list shifts every deep page by one', async () => {
    const before = await expectEveryPage('sort=-order_date');
    const arrived = await seedExtmarketOrder(app, vendor.vendorId, [{}], { order_date: new Date(Date.UTC(2026, 10, 1)).toISOString() });
    const after = await expectEveryPage('sort=-order_date');
    expect(after).to.deep.equal([arrived.orderId, ...before]);
  });

  it("another vendor's orders moving leave this vendor's remembered places in use, and never show in its pages", async () => {
    const anchors = listAnchors(app.services.db.knex);
    await expectEveryPage('sort=-total');
    const { sought, outdated } = anchors.counts;
    await seedExtmarketOrder(app, other.vendorId, [{}]);
    const ids = await expectEveryPage('sort=-total');
    expect(anchors.counts.outdated).to.equal(outdated);
    expect(anchors.counts.sought).to.be.greaterThan(sought);
    const theirs = (await get(other.ownerToken, 'limit=100')).items.map((o) => o.id);
    expect(ids.filter((id) => theirs.includes(id))).to.deep.equal([]);
  });
});
