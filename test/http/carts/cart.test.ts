import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { checkoutLines, loadCart } from '../../../commands/carts/checkout.ts';
import { cartStreamId } from '../../../commands/carts/events.ts';
import { newSessionId } from '../../../commands/carts/sessionId.ts';
import { CartValidationException, EmptyCartException, InsufficientInventoryForCartException } from '../../../src/core/errors.ts';
import type { RecordedEvent } from '../../../src/eventstore/port.ts';
import { checkOutCartOnOrderPlaced } from '../../../src/processes/checkOutCartOnOrderPlaced.ts';
import { processContext } from '../../../src/runtime/processContext.ts';
import { testApp, unique, type TestApp } from '../../support/app.ts';
import { createVendorWithOwner, shopHeaders, type VendorFixture } from '../../support/tenancy.ts';

/**
 * The session cart as a storefront uses it (SPEC.md part 2 "Cart item", 4.3, 7): no login, the
 * vendor from the storefront page (Referer), the cart from an unguessable session id.
 */
describe('shop cart', () => {
  let app: TestApp;
  let a: VendorFixture;
  let b: VendorFixture;
  let knife: any;
  let ebook: any;
  let pan: any;
  let bOwn: any;

  const vendorApi = (v: VendorFixture) => async (method: string, path: string, body?: unknown) => {
    const res = await app.call(method, `/api/v1/vendor${path}`, { token: v.ownerToken, body });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const shop =
    (v: VendorFixture, headers: Record<string, string> = {}) =>
    (method: string, path: string, body?: unknown) =>
      app.call(method, `/api/v1/shop${path}`, { headers: { ...shopHeaders(v.vendorCode), ...headers }, body });
  const session = () => newSessionId();

  before(async function () {
    this.timeout(120_000);
    app = await testApp();
    a = await createVendorWithOwner(app);
    b = await createVendorWithOwner(app);
    knife = await vendorApi(a)('POST', '/products', {
      title: 'Chef knife',
      translations: { fr: { title: 'Couteau de chef' } },
      price_cents: 4990,
      vendor_sku: unique('K'),
      image_link: 'https://img.test/knife.jpg',
    });
    await vendorApi(a)('POST', '/inventory', { product_id: knife.id, warehouse: 'Main', bin_location: 'A-1', quantity: 3 });
    await vendorApi(a)('POST', '/inventory', { product_id: knife.id, warehouse: 'Main', bin_location: 'A-2', quantity: 2 });
    ebook = await vendorApi(a)('POST', '/products', {
      title: 'Cookbook (e-book)',
      price_cents: 1200,
      is_digital: true,
      vat_rate_category: 'reduced',
    });
    pan = await vendorApi(a)('POST', '/products', { title: 'Pan', price_cents: 3000, vendor_sku: unique('P') });
    await vendorApi(a)('POST', '/inventory', { product_id: pan.id, warehouse: 'Main', bin_location: 'B-1', quantity: 50 });
    bOwn = await vendorApi(b)('POST', '/products', { title: 'Other shop item', price_cents: 100, is_digital: true });
  });

  describe('session ids', () => {
    it('hands out a fresh random session id with its format', async () => {
      const one = await shop(a)('POST', '/cart');
      const two = await shop(a)('POST', '/cart');
      expect(one.status).to.equal(201);
      expect(one.body.session_id).to.match(/^[A-Za-z0-9_-]{43}$/);
      expect(one.body.session_id).not.to.equal(two.body.session_id);
      expect(one.body.format).to.match(/22 to 128 characters of base64url/);
    });

    it('refuses a short id and an obviously predictable one with a 422 naming the format, on every cart route', async () => {
      for (const id of [
        'abc',
        'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
        'abcdefghijklmnopqrstuvwxyz012345',
        'my%20session%20id%20with%20spaces',
      ]) {
        for (const [method, path, body] of [
          ['GET', `/cart/${id}`],
          ['POST', `/cart/${id}/items`, { product_id: knife.id }],
          ['PUT', `/cart/${id}/items/${knife.id}`, { quantity: 1 }],
          ['DELETE', `/cart/${id}/items/${knife.id}`],
          ['DELETE', `/cart/${id}`],
          ['POST', `/cart/${id}/items/${knife.id}/accept-price`],
        ] as [string, string, unknown?][]) {
          const res = await shop(a)(method, path, body);
          expect(res.status, `${method} ${path}`).to.equal(422);
          expect(res.body.code).to.equal('CartValidationException');
          expect(res.body.detail).to.match(/22 to 128 characters of base64url/);
        }
      }
    });

    it('answers an unused session id as an empty cart at version 0', async () => {
      const res = await shop(a)('GET', `/cart/${session()}`);
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.include({ items: [], version: 0, can_check_out: false, has_price_increases: false });
      expect(res.body.totals).to.deep.include({ subtotal_cents: 0, total_cents: 0, item_count: 0, vat: [] });
    });
  });

  describe('adding products', () => {
    it("adds a product twice as one line whose quantity adds up, titled in the shopper's language", async () => {
      const sid = session();
      const first = await shop(a, { cookie: 'lang=fr' })('POST', `/cart/${sid}/items`, { product_id: knife.id, quantity: 1 });
      expect(first.status, JSON.stringify(first.body)).to.equal(200);
      expect(first.body.message).to.equal('Ajouté au panier');
      const second = await shop(a, { cookie: 'lang=fr' })('POST', `/cart/${sid}/items`, { product_id: knife.id, quantity: 2 });
      const cart = second.body.cart;
      expect(cart.items).to.have.length(1);
      expect(cart.items[0]).to.include({
        product_id: knife.id,
        title: 'Couteau de chef',
        image: 'https://img.test/knife.jpg',
        sku: knife.vendor_sku,
        quantity: 3,
        price_at_add_cents: 4990,
        current_price_cents: 4990,
        unit_price_cents: 4990,
        line_total_cents: 14970,
        available: true,
        available_quantity: 5,
        price_increased: false,
        price_decreased: false,
      });
      expect(cart).to.include({ language: 'fr', version: 2, can_check_out: true, vendor_id: a.vendorId });
      expect(cart.totals).to.deep.include({ subtotal_cents: 14970, total_cents: 14970, item_count: 3, vat_country_iso: 'LU' });
      // Luxembourg's standard rate is 17 %: the VAT included in 149.70 is 21.75.
      expect(cart.totals.vat).to.deep.equal([{ rate: 17, amount_cents: 2175, formatted: cart.totals.vat[0].formatted }]);
      const english = await shop(a)('GET', `/cart/${sid}`);
      expect(english.body.items[0].title).to.equal('Chef knife');
    });

    it('states the VAT of each rate category separately', async () => {
      const sid = session();
      await shop(a)('POST', `/cart/${sid}/items`, { product_id: knife.id });
      const res = await shop(a)('POST', `/cart/${sid}/items`, { product_id: ebook.id, quantity: 2 });
      const rates = res.body.cart.totals.vat.map((v: any) => v.rate);
      expect(rates).to.deep.equal([17, 8]);
      expect(res.body.cart.items.find((i: any) => i.product_id === ebook.id)).to.include({
        vat_rate: 8,
        available_quantity: null,
        available: true,
      });
    });

    it('keeps the same session id at two vendors as two carts', async () => {
      const sid = session();
      await shop(a)('POST', `/cart/${sid}/items`, { product_id: knife.id });
      await shop(b)('POST', `/cart/${sid}/items`, { product_id: bOwn.id, quantity: 4 });
      const atA = await shop(a)('GET', `/cart/${sid}`);
      const atB = await shop(b)('GET', `/cart/${sid}`);
      expect(atA.body.items.map((i: any) => [i.product_id, i.quantity])).to.deep.equal([[knife.id, 1]]);
      expect(atB.body.items.map((i: any) => [i.product_id, i.quantity])).to.deep.equal([[bOwn.id, 4]]);
    });

    it("answers another vendor's product exactly as an unknown one", async () => {
      const sid = session();
      const foreign = await shop(a)('POST', `/cart/${sid}/items`, { product_id: bOwn.id });
      const unknown = await shop(a)('POST', `/cart/${sid}/items`, { product_id: 2_000_000_000 });
      expect(foreign.status).to.equal(400);
      expect(foreign.body.code).to.equal('ProductNotAvailableForCartException');
      const blank = (body: any, id: number) => ({ ...body, detail: body.detail.replace(String(id), '<id>'), product_id: '<id>' });
      expect(blank(foreign.body, bOwn.id)).to.deep.equal(blank(unknown.body, 2_000_000_000));
    });

    it('refuses inactive products and the placeholder product', async () => {
      const hidden = await vendorApi(a)('POST', '/products', { title: 'Hidden', price_cents: 100, is_digital: true, is_active: false });
      const res = await shop(a)('POST', `/cart/${session()}/items`, { product_id: hidden.id });
      expect(res.status).to.equal(400);
      expect(res.body.code).to.equal('ProductNotAvailableForCartException');
      const products = await vendorApi(a)('GET', '/products?limit=100&include_placeholder=true');
      const placeholder = products.items.find((p: any) => p.is_placeholder);
      if (placeholder) {
        const ph = await shop(a)('POST', `/cart/${session()}/items`, { product_id: placeholder.id });
        expect(ph.body.code).to.equal('ProductNotAvailableForCartException');
      }
    });
  });

  describe('stock', () => {
    it('counts the units already in the cart: 3 then 3 of 5 available is refused', async () => {
      const sid = session();
      expect((await shop(a)('POST', `/cart/${sid}/items`, { product_id: knife.id, quantity: 3 })).status).to.equal(200);
      const over = await shop(a)('POST', `/cart/${sid}/items`, { product_id: knife.id, quantity: 3 });
      expect(over.status).to.equal(400);
      expect(over.body).to.include({ code: 'InsufficientInventoryForCartException', requested: 6, available: 5 });
      const put = await shop(a)('PUT', `/cart/${sid}/items/${knife.id}`, { quantity: 6 });
      expect(put.body.code).to.equal('InsufficientInventoryForCartException');
      const ok = await shop(a)('PUT', `/cart/${sid}/items/${knife.id}`, { quantity: 5 });
      expect(ok.body.cart.items[0]).to.include({ quantity: 5, available: true });
    });

    it('takes reservations for orders off what is available, and never limits digital products', async () => {
      const { reserveStock } = await import('../../../commands/inventory/handlers/inventory.ts');
      const spoon = await vendorApi(a)('POST', '/products', { title: 'Spoon', price_cents: 200, vendor_sku: unique('S') });
      await vendorApi(a)('POST', '/inventory', { product_id: spoon.id, warehouse: 'Main', bin_location: 'S-1', quantity: 4 });
      await reserveStock(
        { store: app.services.store, db: app.services.db.knex, clock: app.services.clock },
        { product_id: spoon.id, order_id: 1, order_item_id: 1, quantity: 3 },
        { userId: 'test', correlationId: 'test' },
      );
      const sid = session();
      const res = await shop(a)('POST', `/cart/${sid}/items`, { product_id: spoon.id, quantity: 2 });
      expect(res.body).to.include({ code: 'InsufficientInventoryForCartException', available: 1 });
      const digital = await shop(a)('POST', `/cart/${sid}/items`, { product_id: ebook.id, quantity: 999 });
      expect(digital.body.cart.items[0]).to.include({ quantity: 999, available_quantity: null });
    });
  });

  describe('price changes are shown, never applied silently', () => {
    it('passes a drop (a sale price) to the customer, and holds a rise until it is accepted', async () => {
      const mug = await vendorApi(a)('POST', '/products', { title: 'Mug', price_cents: 1000, is_digital: true });
      const sid = session();
      await shop(a)('POST', `/cart/${sid}/items`, { product_id: mug.id, quantity: 2 });

      await vendorApi(a)('PUT', `/products/${mug.id}`, { sale_price_cents: 800 });
      const drop = (await shop(a)('GET', `/cart/${sid}`)).body;
      expect(drop.items[0]).to.include({
        price_at_add_cents: 1000,
        current_price_cents: 800,
        unit_price_cents: 800,
        line_total_cents: 1600,
        price_decreased: true,
        price_increased: false,
      });
      expect(drop.can_check_out).to.equal(true);

      await vendorApi(a)('PUT', `/products/${mug.id}`, { sale_price_cents: null, price_cents: 1300 });
      const rise = (await shop(a)('GET', `/cart/${sid}`)).body;
      expect(rise.items[0]).to.include({
        price_at_add_cents: 1000,
        current_price_cents: 1300,
        unit_price_cents: 1000,
        price_increased: true,
        accepted_price_cents: null,
      });
      expect(rise).to.include({ has_price_increases: true, can_check_out: false });
      // Adding more units is no consent to the rise: the line keeps the price of its first add.
      const again = (await shop(a)('POST', `/cart/${sid}/items`, { product_id: mug.id })).body.cart;
      expect(again.items[0]).to.include({ quantity: 3, unit_price_cents: 1000, price_increased: true });
      const refused = await checkoutLines(app.services, a.vendorId, sid, 'en').catch((e) => e);
      expect(refused).to.be.instanceOf(CartValidationException);
      expect(refused.message).to.include(String(mug.id));

      const accepted = await shop(a)('POST', `/cart/${sid}/items/${mug.id}/accept-price`);
      expect(accepted.status).to.equal(200);
      expect(accepted.body.message).to.equal('New price accepted');
      expect(accepted.body.cart.items[0]).to.include({
        price_at_add_cents: 1000,
        accepted_price_cents: 1300,
        unit_price_cents: 1300,
        price_increased: false,
      });
      expect(accepted.body.cart.can_check_out).to.equal(true);
      const { lines } = await checkoutLines(app.services, a.vendorId, sid, 'en');
      expect(lines).to.deep.equal([
        {
          product_id: mug.id,
          quantity: 3,
          unit_price_cents: 1300,
          product_name: 'Mug',
          gtin: null,
          sku: null,
          is_digital: true,
          vat_rate_category: 'standard',
        },
      ]);
    });
  });

  describe('changing, removing and clearing', () => {
    it('sets quantities, removes a line and clears the cart; clearing again answers the same', async () => {
      const sid = session();
      await shop(a)('POST', `/cart/${sid}/items`, { product_id: knife.id });
      await shop(a)('POST', `/cart/${sid}/items`, { product_id: pan.id });
      const put = await shop(a)('PUT', `/cart/${sid}/items/${pan.id}`, { quantity: 4 });
      expect(put.body.message).to.equal('Quantity updated');
      expect(put.body.cart.items.map((i: any) => [i.product_id, i.quantity])).to.deep.equal([
        [knife.id, 1],
        [pan.id, 4],
      ]);
      const del = await shop(a)('DELETE', `/cart/${sid}/items/${knife.id}`);
      expect(del.status).to.equal(200);
      expect(del.body.cart.items.map((i: any) => i.product_id)).to.deep.equal([pan.id]);
      const clear = await shop(a)('DELETE', `/cart/${sid}`);
      expect(clear.status).to.equal(200);
      expect(clear.body).to.deep.include({ removed_items: 1, message: 'The cart is empty' });
      expect(clear.body.cart.items).to.deep.equal([]);
      const again = await shop(a)('DELETE', `/cart/${sid}`);
      expect(again.status).to.equal(200);
      expect(again.body.removed_items).to.equal(0);
    });

    it('answers each refusal with its status and problem code', async () => {
      const sid = session();
      await shop(a)('POST', `/cart/${sid}/items`, { product_id: pan.id });
      const cases: [string, string, unknown, number, string][] = [
        ['PUT', `/cart/${sid}/items/${knife.id}`, { quantity: 1 }, 404, 'CartItemNotFoundException'],
        ['DELETE', `/cart/${sid}/items/${knife.id}`, undefined, 404, 'CartItemNotFoundException'],
        ['POST', `/cart/${sid}/items/${knife.id}/accept-price`, undefined, 404, 'CartItemNotFoundException'],
        ['PUT', `/cart/${sid}/items/${pan.id}`, { quantity: 0 }, 422, 'InvalidCartQuantityException'],
        ['PUT', `/cart/${sid}/items/${pan.id}`, { quantity: 1000 }, 422, 'InvalidCartQuantityException'],
        ['POST', `/cart/${sid}/items`, { product_id: pan.id, quantity: -1 }, 422, 'InvalidCartQuantityException'],
        ['POST', `/cart/${sid}/items`, { product_id: pan.id, quantity: 60 }, 400, 'InsufficientInventoryForCartException'],
        ['POST', `/cart/${sid}/items`, { product_id: bOwn.id }, 400, 'ProductNotAvailableForCartException'],
        ['GET', '/cart/too-short', undefined, 422, 'CartValidationException'],
      ];
      for (const [method, path, body, status, code] of cases) {
        const res = await shop(a)(method, path, body);
        expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).to.equal(status);
        expect(res.body).to.include({ status, code });
        expect(res.headers.get('content-type')).to.match(/application\/problem\+json/);
      }
      const empty = await checkoutLines(app.services, a.vendorId, session(), 'en').catch((e) => e);
      expect(empty).to.be.instanceOf(EmptyCartException);
      expect(empty.status).to.equal(400);
    });

    it('refuses checkout when stock no longer covers a line', async () => {
      const bowl = await vendorApi(a)('POST', '/products', { title: 'Bowl', price_cents: 900, vendor_sku: unique('B') });
      const row = await vendorApi(a)('POST', '/inventory', { product_id: bowl.id, warehouse: 'Main', bin_location: 'C-1', quantity: 2 });
      const sid = session();
      await shop(a)('POST', `/cart/${sid}/items`, { product_id: bowl.id, quantity: 2 });
      await vendorApi(a)('PUT', `/inventory/${row.id}`, { quantity: 1 });
      const view = (await shop(a)('GET', `/cart/${sid}`)).body;
      expect(view.items[0]).to.include({ available: false, available_quantity: 1 });
      expect(view.can_check_out).to.equal(false);
      const err = await checkoutLines(app.services, a.vendorId, sid, 'en').catch((e) => e);
      expect(err).to.be.instanceOf(InsufficientInventoryForCartException);
    });
  });

  describe('concurrency', () => {
    it('counts every one of parallel adds of one product', async () => {
      const sid = session();
      const replies = await Promise.all(
        Array.from({ length: 8 }, () => shop(a)('POST', `/cart/${sid}/items`, { product_id: pan.id, quantity: 1 })),
      );
      expect(replies.map((r) => r.status)).to.deep.equal(Array(8).fill(200));
      const cart = (await shop(a)('GET', `/cart/${sid}`)).body;
      expect(cart.items[0].quantity).to.equal(8);
      expect(cart.version).to.equal(8);
    });
  });

  describe('after an order', () => {
    it('takes exactly the ordered lines out of the cart once, however often the order event is handled', async () => {
      const sid = session();
      await shop(a)('POST', `/cart/${sid}/items`, { product_id: pan.id, quantity: 3 });
      await shop(a)('POST', `/cart/${sid}/items`, { product_id: ebook.id, quantity: 1 });
      const event = {
        id: randomUUID(),
        stream: 'order-999',
        version: 1,
        type: 'OrderPlaced',
        position: { tx: '0', position: '0' } as any,
        recorded_at: new Date().toISOString(),
        metadata: { vendor_id: a.vendorId, user_id: 'test', correlation_id: 'test' },
        data: {
          vendor_id: a.vendorId,
          session_id: sid,
          order_id: 777001,
          placed_at: new Date().toISOString(),
          items: [
            { product_id: pan.id, quantity: 2 },
            { product_id: ebook.id, quantity: 1 },
          ],
        },
      } as unknown as RecordedEvent;
      for (let run = 0; run < 2; run++) {
        await app.services.db.knex.transaction((trx) =>
          checkOutCartOnOrderPlaced.handle(event, processContext(trx, app.services.store, checkOutCartOnOrderPlaced.name)),
        );
      }
      const { state, version } = await loadCart(app.services.store, a.vendorId, sid);
      expect(state.lines.map((l) => [l.product_id, l.quantity])).to.deep.equal([[pan.id, 1]]);
      expect(version).to.equal(3);
      const events = await app.services.store.readStream(`cart-${cartStreamId(a.vendorId, sid)}`);
      expect(events.filter((e) => e.type === 'CartCheckedOut')).to.have.length(1);
    });
  });
});
