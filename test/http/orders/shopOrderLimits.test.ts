import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import {
  LU_ADDRESS,
  newSessionId,
  ok,
  openShop,
  registerShopper,
  stockedProduct,
  type ShopFixture,
  type Shopper,
} from '../../support/shop.ts';

/**
 * The orders-per-billing-period limit (SPEC.md part 8) on shop orders: counted per vendor and
 * period on the write side, refused with an upgrade hint, and a refused placement keeps no slot.
 */
describe('shop order limit: a shop takes no more orders in a billing period than its plan allows', () => {
  let app: TestApp;
  let admin: string;
  let s: ShopFixture;
  let ada: Shopper;
  let bob: Shopper;

  const cartWith = async (product: number, quantity: number) => {
    const session = newSessionId();
    await ok(s.shop('POST', `/cart/${session}/items`, { body: { product_id: product, quantity } }), 'add to cart');
    return session;
  };
  const place = (who: Shopper, session: string) =>
    s.shop('POST', '/orders', {
      token: who.token,
      body: { session_id: session, shipping_address: { ...LU_ADDRESS, country_name: undefined } },
    });
  const limitOrders = async (n: number | null) => {
    const res = await app.call('PUT', `/api/v1/admin/subscriptions/${s.vendorId}`, {
      token: admin,
      body: { tier_code: 'essential', status: 'active', custom_limits: { orders_per_period: n } },
    });
    expect(res.status, JSON.stringify(res.body)).to.be.oneOf([200, 201]);
  };

  before(async () => {
    app = await testApp();
    admin = await app.adminToken();
    s = await openShop(app);
    ada = await registerShopper(s);
    bob = await registerShopper(s);
  });

  it('a placement refused for want of stock keeps no order slot', async () => {
    await limitOrders(50);
    const five = await stockedProduct(s, { title: 'Five lids' }, 5);
    const carts = await Promise.all(Array.from({ length: 10 }, () => cartWith(five, 1)));
    const answers = await Promise.all(carts.map((session, i) => place(i % 2 ? ada : bob, session)));
    expect(answers.filter((a) => a.status === 201)).to.have.length(5);
    expect(answers.filter((a) => a.status !== 201).every((a) => a.body.code === 'InsufficientInventoryForCartException')).to.equal(true);
    // Five orders placed: with a limit of 6 exactly one more fits, whatever the refused five did.
    await limitOrders(6);
    const plenty = await stockedProduct(s, { title: 'Plenty of pots' }, 100);
    expect((await place(ada, await cartWith(plenty, 1))).status).to.equal(201);
    const over = await place(ada, await cartWith(plenty, 1));
    expect(over.status).to.equal(403);
    expect(over.body).to.include({ count: 6, limit: 6 });
  });

  it('10 parallel orders at one below the limit: exactly one is placed, the others refused with the limit and an upgrade hint', async () => {
    await limitOrders(7);
    const plenty = await stockedProduct(s, { title: 'Pans' }, 100);
    const carts = await Promise.all(Array.from({ length: 10 }, () => cartWith(plenty, 1)));
    const answers = await Promise.all(carts.map((session, i) => place(i % 2 ? ada : bob, session)));
    expect(
      answers.filter((a) => a.status === 201),
      JSON.stringify(answers.filter((a) => a.status !== 403).map((a) => a.body)),
    ).to.have.length(1);
    const refused = answers.filter((a) => a.status === 403);
    expect(refused).to.have.length(9);
    expect(refused[0].body).to.include({
      code: 'TierLimitExceededException',
      limit_kind: 'orders',
      limit: 7,
      count: 7,
      current_tier: 'essential',
    });
    expect(refused[0].body.upgrade).to.include({ tier_code: 'professional', limit: 1000 });
    expect(refused[0].body.period).to.have.keys(['start', 'end']);
    // Nothing was reserved for the refused orders: 100 units, one sold.
    const stock = await ok(s.vendor('GET', `/inventory?product_id=${plenty}`), 'inventory');
    expect(stock.items[0].reserved_quantity ?? stock.items[0].reserved).to.equal(1);
  });

  it('an unlimited plan takes every order, and a limit set later counts the orders already placed', async () => {
    await limitOrders(null);
    const plenty = await stockedProduct(s, { title: 'Unlimited kettles' }, 100);
    const answers = await Promise.all(Array.from({ length: 3 }, async () => place(ada, await cartWith(plenty, 1))));
    expect(answers.map((a) => a.status)).to.deep.equal([201, 201, 201]);
    // 6 + 1 + 3 = 10 orders this period.
    await limitOrders(10);
    const over = await place(bob, await cartWith(plenty, 1));
    expect(over.status).to.equal(403);
    expect(over.body).to.include({ limit: 10, count: 10 });
  });

  it('a retried request names the order it placed, even at the limit', async () => {
    await limitOrders(11);
    const plenty = await stockedProduct(s, { title: 'Lids' }, 10);
    const session = await cartWith(plenty, 1);
    const key = { 'idempotency-key': `limit-retry-${Date.now()}` };
    const body = { session_id: session, shipping_address: { ...LU_ADDRESS, country_name: undefined } };
    const first = await s.shop('POST', '/orders', { token: ada.token, headers: key, body });
    expect(first.status).to.equal(201);
    const again = await s.shop('POST', '/orders', { token: ada.token, headers: key, body });
    expect(again.status).to.be.oneOf([200, 201]);
    expect(again.body.id ?? again.body.order_id).to.equal(first.body.id ?? first.body.order_id);
  });
});
