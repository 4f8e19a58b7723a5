import { expect } from 'chai';
import { testApp, type TestApp } from '../support/app.ts';
import { csv, gtinFor, HEADER, newBase, upload, waitForJob as waitForImport } from '../support/catalogueFiles.ts';
import { connectVendor, waitForJob } from '../support/extmarket.ts';
import { eventually } from '../support/eventually.ts';
import { startExtmarketServer, type ExtmarketServer } from '../support/extmarketServer.ts';
import { createVendorWithOwner, type VendorFixture } from '../support/tenancy.ts';
import { startViesServer } from '../support/viesServer.ts';
import { pdfText, SELLER } from '../support/invoices.ts';

/**
 * The local extmarket offers an order, the sync imports it (one item with an
 * unknown GTIN), the vendor confirms some items and declines another, ships in two parts, a
 * catalogue import resolves the exception, a B2B reverse-charge invoice PDF is produced, and the
 * order's history replays it all.
 */
describe('extmarket order lifecycle, end to end', () => {
  let app: TestApp;
  let admin: string;
  let server: ExtmarketServer;
  let vies: Awaited<ReturnType<typeof startViesServer>>;
  let v: VendorFixture;
  const base = newBase();
  const [knifeGtin, boardGtin, unknownGtin] = [gtinFor(base, 1), gtinFor(base, 2), gtinFor(base, 3)];
  before(async () => {
    app = await testApp();
    admin = await app.adminToken();
    server = await startExtmarketServer(`e2e-${base}`);
    vies = await startViesServer({ DE811569869: { name: 'ACME GMBH', address: 'WEG 1, 10115 BERLIN' } });
    process.env.VIES_URL = vies.url;
    v = await createVendorWithOwner(app);
  });
  after(async () => {
    delete process.env.VIES_URL;
    await vies.close();
    await server.close();
  });

  it('runs an order from the extmarket through confirmation, shipment, matching, invoice and history', async () => {
    const vendor = (method: string, path: string, body?: unknown) =>
      app.call(method, `/api/v1/vendor${path}`, { token: v.ownerToken, body });
    // The vendor's catalogue, stock and settings.
    const knife = await vendor('POST', '/products', { title: 'Chef knife', price_cents: 1170, gtin: knifeGtin, vendor_sku: `K-${base}` });
    const board = await vendor('POST', '/products', {
      title: 'Cutting board',
      price_cents: 2340,
      gtin: boardGtin,
      vendor_sku: `B-${base}`,
    });
    expect(
      (await vendor('POST', '/inventory', { product_id: knife.body.id, warehouse: 'main', bin_location: 'A-01', quantity: 5 })).status,
    ).to.equal(201);
    expect((await vendor('PUT', '/invoices/settings', SELLER)).status).to.equal(200);
    await connectVendor(app, v.ownerToken, server);

    // 1. The extmarket offers an order of a German company; one of its GTINs is unknown to the vendor.
    server.shipments.push({
      id: `SHIP-${base}`,
      orderId: `ORD-${base}`,
      number: `R${base}`,
      shipCountry: 'DE',
      company: 'ACME GmbH',
      vatNumber: 'DE811569869',
      units: [
        ...[1, 2, 3].map((k) => ({ id: `K${k}-${base}`, ean: knifeGtin, sku: `K-${base}`, name: 'Chef knife', price: '11.70' })),
        { id: `B1-${base}`, ean: boardGtin, sku: `B-${base}`, name: 'Cutting board', price: '23.40' },
        { id: `U1-${base}`, ean: unknownGtin, sku: 'MYSTERY', name: 'Mystery grater', price: '5.85' },
      ],
    });

    // 2. The sync imports it: three items, the unknown one on the placeholder with an exception.
    const sync = await vendor('POST', '/extmarket/sync');
    const job = await waitForJob(app, v.ownerToken, sync.body.job_id);
    expect(job).to.include({ status: 'completed', files_processed: 1, files_succeeded: 1, orders_imported: 1 });
    const listed = await vendor('GET', '/extmarket/orders?status=unconfirmed');
    const orderId = listed.body.items.find((o: any) => o.external_order_id === `ORD-${base}`).id;
    let order = (await vendor('GET', `/extmarket/orders/${orderId}`)).body;
    // VIES confirmed the buyer: an exempt intra-EU B2B supply.
    expect(order).to.include({ vat_regime: 'reverse_charge', vat_rate: 0, shipping_country_iso: 'DE', buyer_vat_number: 'DE811569869' });
    const [knifeItem, boardItem, unknownItem] = order.items;
    expect(knifeItem).to.include({ product_id: knife.body.id, quantity: 3, needs_product_match: false });
    expect(boardItem).to.include({ product_id: board.body.id, quantity: 1 });
    expect(unknownItem).to.include({ needs_product_match: true, ean: unknownGtin });
    expect(order.exceptions).to.have.length(1);
    expect((await vendor('POST', `/extmarket/orders/${orderId}/confirm`)).status).to.equal(409);

    // 3. Confirm the knives, decline the board: both reach the extmarket with the inventory unit ids.
    expect((await vendor('POST', `/extmarket/orders/${orderId}/items/${knifeItem.id}/confirm`)).body.status).to.equal('confirmed');
    await vendor('POST', `/extmarket/orders/${orderId}/items/${boardItem.id}/decline`);
    await eventually(async () => server.shipments[0].units.slice(0, 4).every((u) => u.state && u.state !== 'unconfirmed'), 'the pushes');
    expect(server.shipments[0].units.map((u) => u.state ?? 'unconfirmed')).to.deep.equal([
      'confirmed_available',
      'confirmed_available',
      'confirmed_available',
      'confirmed_unavailable',
      'unconfirmed',
    ]);

    // 4. Ship the knives in two parts; the stock at the bin goes down with each.
    expect((await vendor('POST', `/orders/${orderId}/items/${knifeItem.id}/ship`, { quantity: 2 })).body.status).to.equal(
      'partially_shipped',
    );
    const afterFirst = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    expect((await vendor('POST', `/orders/${orderId}/items/${knifeItem.id}/ship`, { quantity: 1 })).body).to.include({
      status: 'partially_shipped',
      shipped_quantity: 3,
    });
    await eventually(async () => {
      const inv = await vendor('GET', `/inventory?product_id=${knife.body.id}`);
      return inv.body.items?.[0]?.quantity === 2;
    }, 'the stock to go from 5 to 2');

    // 5. A catalogue import brings the unknown GTIN; copied into the vendor's catalogue, it resolves the exception.
    const file = csv([
      HEADER,
      [
        unknownGtin,
        'GR-1',
        'Mystery grater',
        'Stainless grater',
        '',
        'Acme',
        'https://cdn.example/g.jpg',
        '5.85',
        '',
        'Kitchen',
        'TestMarket',
      ],
    ]);
    const imp = await upload(
      app,
      '/api/v1/admin/marketplace-import-jobs',
      admin,
      { vendor_id: String(v.vendorId), language: 'en', marketplace: 'TestMarket' },
      { name: 'grater.csv', data: file },
    );
    expect(imp.status, JSON.stringify(imp.body)).to.equal(202);
    expect((await waitForImport(app, `/api/v1/admin/marketplace-import-jobs/${imp.body.id}`, admin)).status).to.equal('completed');
    const found = await eventually(
      async () => (await app.call('GET', `/api/v1/admin/products?gtin=${unknownGtin}`, { token: admin })).body.items?.[0],
      'the imported product',
    );
    const copy = await app.call('POST', `/api/v1/admin/products/${found.id}/copy-to-vendor`, {
      token: admin,
      body: { vendor_id: v.vendorId },
    });
    expect(copy.status, JSON.stringify(copy.body)).to.equal(201);
    order = await eventually(async () => {
      const d = (await vendor('GET', `/extmarket/orders/${orderId}`)).body;
      // Two read models (the exception list and the items) catch up independently: wait for both.
      return d.exceptions[0].status === 'resolved' && d.items[2].product_id === copy.body.id && d;
    }, 'the exception to be resolved and the item matched');
    expect(order.items[2]).to.include({ product_id: copy.body.id, needs_product_match: false });

    // 6. Confirm and ship the matched item; the order is shipped; tracking goes to the extmarket.
    await vendor('POST', `/extmarket/orders/${orderId}/items/${unknownItem.id}/confirm`);
    await vendor('POST', `/inventory`, { product_id: copy.body.id, bin_location: 'B-07', quantity: 1 });
    expect((await vendor('POST', `/orders/${orderId}/items/${unknownItem.id}/ship`, { quantity: 1 })).body.status).to.equal('shipped');
    expect(
      (await vendor('POST', `/extmarket/orders/${orderId}/tracking`, { tracking_number: 'TRK 123', carrier: 'post' })).status,
    ).to.equal(200);
    await eventually(async () => server.shipments[0].tracking?.code === 'TRK 123', 'the tracking push');
    const status = (await vendor('GET', `/orders/${orderId}/shipment-status`)).body;
    expect(status.items.map((i: any) => [i.item_status, i.shipped_quantity])).to.deep.equal([
      ['confirmed', 3],
      ['declined', 0],
      ['confirmed', 1],
    ]);
    expect(status.items[0].shipments.map((s: any) => s.quantity)).to.deep.equal([2, 1]);
    // The extmarket has the tracking; the worker records the push's outcome a moment later.
    await eventually(async () => (await vendor('GET', `/orders/${orderId}`)).body.extmarket_sync_status === 'in_sync', 'the order in sync');

    // 7. The invoice: exempt intra-EU supply with the buyer's VAT id, as a PDF.
    const invoice = await vendor('POST', '/invoices', { order_id: orderId });
    expect(invoice.status, JSON.stringify(invoice.body)).to.equal(201);
    // What the buyer paid (3 × 11.70 + 5.85): an exempt supply is invoiced at the price charged, VAT 0.
    expect(invoice.body).to.include({ vat_regime: 'reverse_charge', vat_cents: 0, net_cents: 4095, gross_cents: 4095 });
    const res = await fetch(`${app.url}/api/v1/vendor/invoices/${invoice.body.id}/pdf`, {
      headers: { authorization: `Bearer ${v.ownerToken}` },
    });
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    for (const s of [
      invoice.body.invoice_number,
      'DE811569869',
      'LU12345678',
      'Reverse charge',
      'Art. 138',
      'Chef knife',
      'Mystery grater',
    ])
      expect(text).to.include(s);
    expect(text).not.to.include('Cutting board');

    // 8. The history replays it all, with who did what, and the state at a past instant.
    const h = (await app.call('GET', `/api/v1/admin/orders/${orderId}/history?at=${encodeURIComponent(afterFirst)}`, { token: admin }))
      .body;
    const types = h.events.map((e: any) => e.type);
    for (const t of [
      'OrderImported',
      'OrderItemExceptionRaised',
      'OrderItemConfirmed',
      'OrderConfirmed',
      'OrderItemDeclined',
      'ExtmarketPushSucceeded',
      'ItemShipped',
      'OrderPartiallyShipped',
      'OrderItemExceptionResolved',
      'OrderShipped',
      'OrderTrackingSet',
    ])
      expect(types).to.include(t);
    expect(h.events.find((e: any) => e.type === 'OrderItemDeclined').user_id).to.equal(v.ownerUserId);
    expect(h.events.find((e: any) => e.type === 'OrderItemExceptionResolved').user_id).to.equal(
      'system:resolveOrderItemExceptionsOnProductImported',
    );
    expect(h.state_at).to.include({ status: 'partially_shipped' });
    expect(h.state_at.items[0].shipped_quantity).to.equal(2);
    expect(h.current_state).to.include({ status: 'shipped', tracking_number: 'TRK 123' });
  });
});
