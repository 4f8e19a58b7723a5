import { expect } from 'chai';
import { withCheckDigit } from '../../../src/core/gtin.ts';
import { testApp, type TestApp } from '../../support/app.ts';
import { eventually } from '../../support/eventually.ts';
import { seedExtmarketOrder, sellsOnExtmarket } from '../../support/orders.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

const gtin = () => withCheckDigit(`40${String(Date.now()).slice(-8)}${Math.floor(Math.random() * 100)}`.padEnd(12, '7').slice(0, 12));

describe('order item exceptions: blocked confirmation, resolution by hand, by import, or ignored', () => {
  let app: TestApp;
  let v: VendorFixture;
  let other: VendorFixture;
  const product = async (token: string, code: string) => {
    const res = await app.call('POST', '/api/v1/vendor/products', {
      token,
      body: { title: `Product ${code}`, price_cents: 1170, gtin: code, vendor_sku: `S-${code}` },
    });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body.id as number;
  };
  before(async () => {
    app = await testApp();
    [v, other] = [await createVendorWithOwner(app), await createVendorWithOwner(app)];
    // Order item exceptions are a feature of the Professional tier and above; the other vendor has it too, so its probes meet 404s.
    await sellsOnExtmarket(app, other.vendorId);
  });

  it('blocks confirm order while an exception is pending (409), and a manual match unblocks it', async () => {
    const code = gtin();
    const {
      orderId,
      itemIds: [, unmatched],
      placeholder,
    } = await seedExtmarketOrder(app, v.vendorId, [{}, { unmatched: true, ean: code }]);
    const blocked = await app.call('POST', `/api/v1/vendor/extmarket/orders/${orderId}/confirm`, { token: v.ownerToken });
    expect(blocked.status).to.equal(409);
    expect(blocked.body).to.include({ code: 'UnresolvedOrderItemExceptionsException', current_state: 'unconfirmed' });
    const list = await app.call('GET', `/api/v1/vendor/order-item-exceptions?status=pending&order_id=${orderId}`, { token: v.ownerToken });
    expect(list.body.items).to.have.length(1);
    const x = list.body.items[0];
    expect(x).to.include({ item_id: unmatched, gtin: code, placeholder_product_id: placeholder, status: 'pending' });
    expect((await app.call('GET', `/api/v1/vendor/order-item-exceptions/${x.id}`, { token: other.ownerToken })).status).to.equal(404);
    expect(
      (
        await app.call('POST', `/api/v1/vendor/order-item-exceptions/${x.id}/resolve`, {
          token: v.ownerToken,
          body: { product_id: placeholder },
        })
      ).status,
    ).to.equal(400);
    const foreign = await product(other.ownerToken, gtin());
    expect(
      (
        await app.call('POST', `/api/v1/vendor/order-item-exceptions/${x.id}/resolve`, {
          token: v.ownerToken,
          body: { product_id: foreign },
        })
      ).status,
    ).to.equal(404);

    const mine = await product(v.ownerToken, gtin());
    const resolved = await app.call('POST', `/api/v1/vendor/order-item-exceptions/${x.id}/resolve`, {
      token: v.ownerToken,
      body: { product_id: mine },
    });
    expect(resolved.body).to.include({ status: 'resolved', resolved_product_id: mine, resolution: 'manual' });
    const again = await app.call('POST', `/api/v1/vendor/order-item-exceptions/${x.id}/resolve`, {
      token: v.ownerToken,
      body: { product_id: mine },
    });
    expect(again.status).to.equal(409);
    const ok = await app.call('POST', `/api/v1/vendor/extmarket/orders/${orderId}/confirm`, { token: v.ownerToken });
    expect(ok.status).to.equal(200);
    expect(ok.body.items.find((i: any) => i.id === unmatched)).to.include({
      product_id: mine,
      needs_product_match: false,
      status: 'confirmed',
    });
  });

  it('resolves by itself when a product with the item’s GTIN enters the catalogue (process manager)', async () => {
    const code = gtin();
    const {
      orderId,
      itemIds: [item],
    } = await seedExtmarketOrder(app, v.vendorId, [{ unmatched: true, ean: code }]);
    // Another vendor's product with that GTIN matches nothing of this vendor.
    await product(other.ownerToken, code);
    const productId = await product(v.ownerToken, code);
    const x = await eventually(async () => {
      const res = await app.call('GET', `/api/v1/vendor/order-item-exceptions?order_id=${orderId}`, { token: v.ownerToken });
      return res.body.items[0]?.status === 'resolved' && res.body.items[0];
    }, 'the automatic resolution');
    expect(x).to.include({ resolved_product_id: productId, resolution: 'product_imported' });
    // The order's items are another read model, which catches up on its own.
    const matched = await eventually(async () => {
      const detail = await app.call('GET', `/api/v1/vendor/orders/${orderId}`, { token: v.ownerToken });
      const row = detail.body.items.find((i: any) => i.id === item);
      return row?.needs_product_match === false && row;
    }, 'the item linked to the product');
    expect(matched).to.include({ product_id: productId, needs_product_match: false });
  });

  it('matches an order that arrives after the product: no exception is left pending', async () => {
    const code = gtin();
    const productId = await product(v.ownerToken, code);
    const { orderId } = await seedExtmarketOrder(app, v.vendorId, [{ unmatched: true, ean: code }]);
    await eventually(async () => {
      const res = await app.call('GET', `/api/v1/vendor/order-item-exceptions?order_id=${orderId}`, { token: v.ownerToken });
      return res.body.items[0]?.resolved_product_id === productId;
    }, 'the resolution of a late order');
  });

  it('ignores an exception, which leaves the item on the placeholder and unblocks the order', async () => {
    const { orderId, placeholder } = await seedExtmarketOrder(app, v.vendorId, [{ unmatched: true, ean: gtin() }]);
    const list = await app.call('GET', `/api/v1/vendor/order-item-exceptions?order_id=${orderId}`, { token: v.ownerToken });
    const ignored = await app.call('POST', `/api/v1/vendor/order-item-exceptions/${list.body.items[0].id}/ignore`, { token: v.ownerToken });
    expect(ignored.body.status).to.equal('ignored');
    const ok = await app.call('POST', `/api/v1/vendor/extmarket/orders/${orderId}/confirm`, { token: v.ownerToken });
    expect(ok.body.items[0]).to.include({ product_id: placeholder, needs_product_match: true, status: 'confirmed' });
  });
});
