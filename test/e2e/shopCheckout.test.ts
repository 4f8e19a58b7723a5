import { expect } from 'chai';
import { testApp, type TestApp } from '../support/app.ts';
import { eventually } from '../support/eventually.ts';
import { LU_ADDRESS, newSessionId, ok, openShop, registerShopper, stockedProduct, type ShopFixture } from '../support/shop.ts';

/**
 * A shopper's visit, as a client acts (SPEC.md part 1 capability 5, part 6 item 3): browse the
 * catalogue in French, put a product in the cart twice (the quantities add up), register, save
 * two addresses, place the order, receive the confirmation e-mail over SMTP, find the order in
 * the history, the cart empty and the customer's statistics updated; the vendor and the admin see
 * the order in their lists, its stock reserved.
 */
describe('a shopper buys from one shop, end to end', () => {
  let app: TestApp;
  let s: ShopFixture;
  let knife: number;
  let ebook: number;
  const french = { cookie: 'lang=fr' };

  before(async () => {
    app = await testApp();
    s = await openShop(app);
    knife = await stockedProduct(
      s,
      {
        translations: {
          en: { title: 'Chef knife', description: 'Forged steel' },
          fr: { title: 'Couteau de chef', description: 'Acier forgé' },
        },
        price_cents: 4990,
        brand: 'Lame',
      },
      5,
    );
    ebook = await stockedProduct(
      s,
      {
        translations: { en: { title: 'Knife care guide' }, fr: { title: "Guide d'entretien des couteaux" } },
        price_cents: 990,
        is_digital: true,
        vat_rate_category: 'reduced',
      },
      0,
    );
  });

  it('browses, fills the cart, registers, orders, and is confirmed by e-mail', async () => {
    // Browse in French.
    const catalogue = await ok(s.shop('GET', '/products?search=couteau', { headers: french }), 'catalogue');
    expect(catalogue.items.map((p: any) => p.title)).to.include('Couteau de chef');

    // The cart: the knife twice (1 + 2 = 3), the e-book once.
    const session = newSessionId();
    await ok(s.shop('POST', `/cart/${session}/items`, { body: { product_id: knife, quantity: 1 } }), 'add knife');
    await ok(s.shop('POST', `/cart/${session}/items`, { body: { product_id: knife, quantity: 2 } }), 'add knife again');
    await ok(s.shop('POST', `/cart/${session}/items`, { body: { product_id: ebook, quantity: 1 } }), 'add e-book');
    const cart = await ok(s.shop('GET', `/cart/${session}`, { headers: french }), 'cart');
    expect(cart.items.find((i: any) => i.product_id === knife).quantity).to.equal(3);
    expect(cart.totals?.total_cents ?? cart.total_cents).to.equal(3 * 4990 + 990);

    // Register (in French) and save two addresses.
    const shopper = await registerShopper(s, { preferred_language: 'fr' });
    const auth = { token: shopper.token };
    const shipping = await ok(
      s.shop('POST', '/addresses', { ...auth, body: { ...LU_ADDRESS, type: 'shipping', is_default: true } }),
      'shipping address',
    );
    await ok(
      s.shop('POST', '/addresses', {
        ...auth,
        body: { ...LU_ADDRESS, type: 'billing', street: '1 place Guillaume II', postal_code: 'L-1648', is_default: true },
      }),
      'billing address',
    );
    const addresses = await ok(s.shop('GET', '/addresses', auth), 'addresses');
    expect((addresses.items ?? addresses).length).to.equal(2);

    // Place the order with a key: a retry answers the same order.
    const key = { 'idempotency-key': `checkout-${session.slice(0, 16)}` };
    const placed = await s.shop('POST', '/orders', {
      ...auth,
      headers: key,
      body: { session_id: session, shipping_address_id: shipping.address_id ?? shipping.id },
    });
    expect(placed.status, JSON.stringify(placed.body)).to.equal(201);
    const order = placed.body;
    expect(order.status).to.equal('confirmed');
    expect(order.items.map((i: any) => [i.product_id, i.quantity, i.unit_price_cents])).to.have.deep.members([
      [knife, 3, 4990],
      [ebook, 1, 990],
    ]);
    expect(order.total_cents).to.equal(3 * 4990 + 990);
    // Luxembourg to Luxembourg: domestic VAT, the knife at 17 %, the guide at the reduced rate, included in the prices.
    expect(order.vat.regime).to.equal('domestic');
    expect(order.vat.gross_cents).to.equal(3 * 4990 + 990);
    expect(order.vat.vat_cents).to.equal(Math.round(14970 - 14970 / 1.17) + Math.round(990 - 990 / 1.08));
    expect(order.billing_address.street).to.equal('1 place Guillaume II');
    const retry = await s.shop('POST', '/orders', {
      ...auth,
      headers: key,
      body: { session_id: session, shipping_address_id: shipping.address_id ?? shipping.id },
    });
    expect(retry.status).to.equal(200);
    expect(retry.body.id).to.equal(order.id);

    // The confirmation e-mail, in French, over SMTP.
    const mail = await app.mailbox.waitFor((m) => m.to.includes(shopper.email) && m.text.includes(order.order_number), 10_000);
    expect(mail.text).to.match(/commande/i);
    expect(mail.text).to.include('Couteau de chef');
    expect(mail.text).to.include(`/vendors/${s.vendorCode}/shop/account/orders/${order.id}`);

    // The history, the empty cart, the statistics.
    const history = await ok(s.shop('GET', '/orders', auth), 'history');
    expect(history.items.map((o: any) => o.id)).to.deep.equal([order.id]);
    const detail = await ok(s.shop('GET', `/orders/${order.id}`, auth), 'order detail');
    expect(detail.items).to.have.length(2);
    const emptied = await eventually(async () => {
      const c = await ok(s.shop('GET', `/cart/${session}`), 'cart after');
      return c.items.length === 0 ? c : null;
    }, 'the cart emptied by the order');
    expect(emptied.items).to.deep.equal([]);
    const customer = await eventually(async () => {
      const c = await ok(s.vendor('GET', `/customers/${shopper.id}`), 'vendor customer');
      return c.order_count === 1 ? c : null;
    }, 'the customer statistics');
    expect(customer.total_spent_cents).to.equal(3 * 4990 + 990);

    // The vendor and the admin see the shop order; its stock is reserved.
    const vendorOrders = await ok(s.vendor('GET', '/orders?channel=shop'), 'vendor orders');
    expect(vendorOrders.items.map((o: any) => o.id)).to.include(order.id);
    const admin = await app.adminToken();
    const adminOrders = await ok(
      app.call('GET', `/api/v1/admin/orders?vendor_id=${s.vendorId}&channel=shop`, { token: admin }),
      'admin orders',
    );
    expect(adminOrders.items.map((o: any) => [o.id, o.customer_id])).to.deep.equal([[order.id, shopper.id]]);
    const stock = await ok(s.vendor('GET', `/inventory?product_id=${knife}`), 'inventory');
    expect(stock.items[0].reserved_quantity ?? stock.items[0].reserved).to.equal(3);
  });
}).timeout(60_000);
