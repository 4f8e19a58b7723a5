import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { OrderPlaced } from '../../../commands/orders/events.ts';
import { placeShopOrder, type ShopOrderDraft } from '../../../commands/orders/handlers/shopCheckout.ts';
import { InsufficientInventoryForCartException } from '../../../src/core/errors.ts';
import { orderQuota } from '../../../src/http/planLimits.ts';
import { stock } from '../../../commands/inventory/stockDecider.ts';
import { reservation, reservationId } from '../../../commands/reservations/reservation.ts';
import { handleCommand, load } from '../../../src/runtime/commandHandler.ts';
import { nextId } from '../../../src/runtime/nextId.ts';
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
 * Shop orders (SPEC.md 4.3 /orders): placed from the session cart by a signed-in customer, with
 * stock taken at placement; the history and the detail belong to that customer only.
 */
describe('shop orders', () => {
  let app: TestApp;
  let s: ShopFixture;
  let other: ShopFixture;
  let ada: Shopper;
  let bob: Shopper;

  const cartWith = async (shop: ShopFixture, product: number, quantity: number) => {
    const session = newSessionId();
    await ok(shop.shop('POST', `/cart/${session}/items`, { body: { product_id: product, quantity } }), 'add to cart');
    return session;
  };
  const place = (shop: ShopFixture, who: Shopper, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    shop.shop('POST', '/orders', {
      token: who.token,
      headers,
      body: { shipping_address: { ...LU_ADDRESS, country_name: undefined }, ...body },
    });

  before(async () => {
    app = await testApp();
    [s, other] = [await openShop(app), await openShop(app)];
    ada = await registerShopper(s);
    bob = await registerShopper(s);
  });

  it('two customers racing for the last units: one gets them, the other is refused and nothing of theirs stays reserved', async () => {
    const lastTwo = await stockedProduct(s, { title: 'Last two pans' }, 2);
    const [cartA, cartB] = [await cartWith(s, lastTwo, 2), await cartWith(s, lastTwo, 2)];
    const answers = await Promise.all([place(s, ada, { session_id: cartA }), place(s, bob, { session_id: cartB })]);
    const won = answers.filter((a) => a.status === 201);
    const lost = answers.filter((a) => a.status !== 201);
    expect(won, JSON.stringify(answers.map((a) => a.body))).to.have.length(1);
    expect(lost[0].body.code).to.equal('InsufficientInventoryForCartException');
    // Refused by the stock check of checkout or by the reservation itself: either way the short line is named.
    expect(lost[0].body.lines.map((l: any) => l.product_id)).to.deep.equal([lastTwo]);
    const stock = await ok(s.vendor('GET', `/inventory?product_id=${lastTwo}`), 'inventory');
    expect(stock.items[0].quantity).to.equal(2);
    expect(stock.items[0].reserved_quantity ?? stock.items[0].reserved).to.equal(2);
  });

  it('ten parallel orders of one unit each over five units: exactly five are placed', async () => {
    const five = await stockedProduct(s, { title: 'Five lids' }, 5);
    const carts = await Promise.all(Array.from({ length: 10 }, () => cartWith(s, five, 1)));
    const answers = await Promise.all(carts.map((session, i) => place(s, i % 2 ? ada : bob, { session_id: session })));
    expect(answers.filter((a) => a.status === 201)).to.have.length(5);
    expect(answers.filter((a) => a.status !== 201).every((a) => a.body.code === 'InsufficientInventoryForCartException')).to.equal(true);
  });

  it("the order and its lines' reservations are stored together, in one transaction", async () => {
    const [pan, lid] = [await stockedProduct(s, { title: 'Pan' }, 4), await stockedProduct(s, { title: 'Lid' }, 4)];
    const session = await cartWith(s, pan, 2);
    await ok(s.shop('POST', `/cart/${session}/items`, { body: { product_id: lid, quantity: 1 } }), 'add to cart');
    const placed = await place(s, ada, { session_id: session });
    expect(placed.status, JSON.stringify(placed.body)).to.equal(201);
    const { store } = app.services;
    const [order] = await store.readStream(`order-${placed.body.id}`);
    const reserved = (await Promise.all([pan, lid].map((p) => store.readStream(`stock-${p}`))))
      .flat()
      .filter((e) => e.type === 'StockReserved');
    expect(order.type).to.equal('OrderPlaced');
    expect(reserved.map((e) => (e.data as { reserved_change: number }).reserved_change)).to.deep.equal([2, 1]);
    expect(reserved.map((e) => e.position.a)).to.deep.equal([order.position.a, order.position.a]);
  });

  it('an empty cart is EmptyCartException', async () => {
    const res = await place(s, ada, { session_id: newSessionId() });
    expect(res.status).to.be.within(400, 499);
    expect(res.body.code).to.equal('EmptyCartException');
  });

  it('without an address given or saved, the order names what is missing', async () => {
    const product = await stockedProduct(s, { title: 'Whisk' }, 3);
    const session = await cartWith(s, product, 1);
    const res = await s.shop('POST', '/orders', { token: bob.token, body: { session_id: session } });
    expect(res.status).to.equal(422);
    expect(res.body.code).to.equal('CartValidationException');
    expect(res.body.detail).to.match(/shipping address/);
  });

  it("another customer's saved address cannot be used", async () => {
    const product = await stockedProduct(s, { title: 'Ladle' }, 3);
    const mine = await ok(s.shop('POST', '/addresses', { token: ada.token, body: { ...LU_ADDRESS, type: 'shipping' } }), 'address');
    const session = await cartWith(s, product, 1);
    const res = await s.shop('POST', '/orders', {
      token: bob.token,
      body: { session_id: session, shipping_address_id: mine.address_id ?? mine.id },
    });
    expect(res.status).to.equal(404);
    expect(res.body.code).to.equal('AddressNotFoundException');
  });

  it('without an Idempotency-Key, the same cart cannot be ordered twice', async () => {
    const product = await stockedProduct(s, { title: 'Sieve' }, 5);
    const session = await cartWith(s, product, 1);
    const first = await place(s, ada, { session_id: session });
    expect(first.status).to.equal(201);
    const again = await place(s, ada, { session_id: session });
    // Either the cart was emptied by the first order, or its unchanged version names that order.
    if (again.status === 200) expect(again.body.id).to.equal(first.body.id);
    else expect(again.body.code).to.equal('EmptyCartException');
  });

  it('a request cut off after its stock reservations is completed by its retry: one order, the units reserved once', async () => {
    const product = await stockedProduct(s, { title: 'Colander' }, 5);
    const session = await cartWith(s, product, 2);
    // What the cut-off attempt left: the key claimed for an order id, and units held under it, but no order.
    const key = `cut-off-${Date.now()}`;
    const { store, db } = app.services;
    const orderId = await nextId(db.knex, 'order');
    const ctx = { userId: null, vendorId: s.vendorId, correlationId: 'cut-off' };
    const value = `${s.vendorId}:${ada.id}:key:${key}`;
    await handleCommand(
      store,
      reservation,
      reservationId('shop_order', value),
      {
        type: 'ReserveUniqueValue',
        data: { kind: 'shop_order', value, holder: String(orderId) },
      },
      ctx,
    );
    await handleCommand(
      store,
      stock,
      product,
      {
        type: 'ReserveStock',
        data: { order_id: orderId, order_item_id: 999_999, quantity: 2, at: app.clock.now().toISOString() },
      },
      ctx,
    );

    const retry = await place(s, ada, { session_id: session }, { 'idempotency-key': key });
    expect(retry.status, JSON.stringify(retry.body)).to.equal(201);
    expect(retry.body.id).to.equal(orderId);
    const shelf = await ok(s.vendor('GET', `/inventory?product_id=${product}`), 'inventory');
    expect(shelf.items[0].reserved_quantity ?? shelf.items[0].reserved, 'the interrupted hold was given back').to.equal(2);
    const again = await place(s, ada, { session_id: session }, { 'idempotency-key': key });
    expect([again.status, again.body.id]).to.deep.equal([200, orderId]);
  });

  describe('line by line, where the order and its stock cannot go in one append', () => {
    /** A draft as the shop prices it, from an order placed through the API: its lines are given here. */
    const draftLike = async (lines: { product_id: number; quantity: number }[]): Promise<ShopOrderDraft> => {
      const template = await stockedProduct(s, { title: 'Template' }, 1);
      const placed = await place(s, ada, { session_id: await cartWith(s, template, 1) });
      expect(placed.status, JSON.stringify(placed.body)).to.equal(201);
      const [{ data }] = await app.services.store.readStream(`order-${placed.body.id}`);
      const { order_id: _id, order_number: _number, items, ...rest } = data as OrderPlaced['data'];
      const { item_id: _item, ...line } = items[0];
      return { ...rest, session_id: newSessionId(), items: lines.map((l) => ({ ...line, ...l, is_digital: false })) };
    };
    const deps = () => ({ store: app.services.store, db: app.services.db.knex, clock: app.services.clock });
    const placeDraft = async (draft: ShopOrderDraft) =>
      placeShopOrder(deps(), draft, `key:${randomUUID()}`, await orderQuota(app.services, s.vendorId), {
        userId: `customer:${ada.id}`,
        vendorId: s.vendorId,
        correlationId: 'line-by-line',
      });
    const heldFor = async (product: number, orderId?: number) => {
      const { state } = await load(app.services.store, stock, product);
      return Object.entries(state.reservations)
        .filter(([key]) => orderId === undefined || key.startsWith(`${orderId}:`))
        .reduce((sum, [, perLocation]) => sum + Object.values(perLocation).reduce((a, b) => a + b, 0), 0);
    };

    it('one product on two lines: each line reserved, then the order recorded', async () => {
      const pan = await stockedProduct(s, { title: 'Two-line pan' }, 5);
      const placed = await placeDraft(
        await draftLike([
          { product_id: pan, quantity: 1 },
          { product_id: pan, quantity: 2 },
        ]),
      );
      expect(placed.created).to.equal(true);
      const [order] = await app.services.store.readStream(`order-${placed.order_id}`);
      expect(order.type).to.equal('OrderPlaced');
      expect(await heldFor(pan, placed.order_id)).to.equal(3);
      const reserved = (await app.services.store.readStream(`stock-${pan}`)).filter((e) => e.type === 'StockReserved');
      expect(reserved, 'a reservation per line').to.have.length(2);
      expect(
        reserved.map((e) => e.position.a),
        'each in its own append, before the order',
      ).not.to.include(order.position.a);
    });

    it('a short line refuses the order, names the line, and gives back what the lines before it reserved', async () => {
      const [pan, lid] = [await stockedProduct(s, { title: 'Plenty of pans' }, 5), await stockedProduct(s, { title: 'Two lids' }, 2)];
      const draft = await draftLike([
        { product_id: pan, quantity: 1 },
        { product_id: lid, quantity: 3 },
        { product_id: pan, quantity: 1 },
      ]);
      const refusal = await placeDraft(draft).then(
        () => null,
        (err: unknown) => err,
      );
      expect(refusal).to.be.instanceOf(InsufficientInventoryForCartException);
      expect((refusal as InsufficientInventoryForCartException).extra).to.deep.include({
        lines: [{ product_id: lid, requested: 3, available: 2 }],
      });
      expect([await heldFor(pan), await heldFor(lid)], 'nothing held on either shelf').to.deep.equal([0, 0]);
      const reservedThenReleased = (await app.services.store.readStream(`stock-${pan}`)).map((e) => e.type);
      expect(reservedThenReleased.slice(-2)).to.deep.equal(['StockReserved', 'StockReservationReleased']);
    });
  });

  it('a malformed Idempotency-Key is refused before anything happens', async () => {
    const res = await place(s, ada, { session_id: newSessionId() }, { 'idempotency-key': 'no' });
    expect(res.status).to.equal(422);
  });

  it('B2B across a border with a VAT number VIES confirms: reverse charge, VAT 0, the buyer pays the same', async () => {
    const { startViesServer } = await import('../../support/viesServer.ts');
    const vies = await startViesServer({ DE811569869: { name: 'ACME GMBH', address: 'WEG 1, 10115 BERLIN' } });
    process.env.VIES_URL = vies.url;
    try {
      const product = await stockedProduct(s, { title: 'Pro mixer', price_cents: 11700 }, 2);
      const session = await cartWith(s, product, 1);
      const res = await place(s, ada, {
        session_id: session,
        vat_number: 'DE811569869',
        shipping_address: {
          ...LU_ADDRESS,
          country_name: undefined,
          company: 'ACME GmbH',
          country_iso: 'DE',
          city: 'Berlin',
          postal_code: '10115',
        },
      });
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      expect(res.body.vat).to.deep.include({
        regime: 'reverse_charge',
        vat_cents: 0,
        gross_cents: 11700,
        net_cents: 11700,
        buyer_vat_number: 'DE811569869',
      });
    } finally {
      delete process.env.VIES_URL;
      await vies.close();
    }
  });

  it("distance sales to consumers: the seller's VAT until the year's pass EUR 10,000, the destination's from the crossing sale on; domestic sales do not count", async () => {
    // A shop of its own: its distance sales of the year start at nothing.
    const shop = await openShop(app);
    const buyer = await registerShopper(shop);
    const oven = await stockedProduct(shop, { title: 'Oven', price_cents: 400_000 }, 10);
    const toFrance = { ...LU_ADDRESS, country_name: undefined, country_iso: 'FR', city: 'Paris', postal_code: '75001' };
    const regimes: string[] = [];
    for (const address of [toFrance, toFrance, LU_ADDRESS, toFrance, toFrance]) {
      const res = await place(shop, buyer, {
        session_id: await cartWith(shop, oven, 1),
        shipping_address: { ...address, country_name: undefined },
      });
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      regimes.push(res.body.vat.regime as string);
    }
    // Each French sale is EUR 3,418.80 net of Luxembourg VAT: the third one takes the year to EUR 10,256.40.
    expect(regimes).to.deep.equal(['origin', 'origin', 'domestic', 'oss', 'oss']);
  });

  context('the history belongs to the customer', () => {
    let adaOrder: number;
    before(async () => {
      const product = await stockedProduct(s, { title: 'Cast-iron pot' }, 3);
      adaOrder = (await ok(place(s, ada, { session_id: await cartWith(s, product, 1) }), 'ada orders')).id;
    });

    it('another customer of the shop does not see it (404, as for an unknown id)', async () => {
      const res = await s.shop('GET', `/orders/${adaOrder}`, { token: bob.token });
      expect(res.status).to.equal(404);
      expect(res.body.code).to.equal('OrderNotFoundException');
      const list = await ok(s.shop('GET', '/orders', { token: bob.token }), 'bob history');
      expect(list.items.map((o: any) => o.id)).not.to.include(adaOrder);
    });

    it('a customer token of this shop is refused at another shop (401)', async () => {
      const res = await other.shop('GET', '/orders', { token: ada.token });
      expect(res.status).to.equal(401);
    });

    it('vendor and admin tokens are refused on shop orders (401)', async () => {
      expect((await s.shop('GET', '/orders', { token: s.ownerToken })).status).to.equal(401);
      expect((await s.shop('GET', '/orders', { token: await app.adminToken() })).status).to.equal(401);
      expect((await s.shop('GET', '/orders')).status).to.equal(401);
    });

    it('the vendor ships it and sets tracking through the vendor routes; the customer sees both', async () => {
      const detail = await ok(s.shop('GET', `/orders/${adaOrder}`, { token: ada.token }), 'detail');
      await ok(s.vendor('POST', `/orders/${adaOrder}/items/${detail.items[0].item_id}/ship`, { quantity: 1 }), 'ship');
      await ok(
        s.vendor('POST', `/orders/${adaOrder}/tracking`, { tracking_number: 'LU123456789', carrier: 'Post Luxembourg' }),
        'tracking',
      );
      const after = await ok(s.shop('GET', `/orders/${adaOrder}`, { token: ada.token }), 'detail after');
      expect(after.status).to.equal('shipped');
      expect(after.tracking_number).to.equal('LU123456789');
      expect(after.shipments).to.deep.equal([{ item_id: detail.items[0].item_id, shipped_quantity: 1, remaining_quantity: 0 }]);
    });
  });
});
