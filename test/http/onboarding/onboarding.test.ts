import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startOnboarding } from '../../../commands/onboarding/handlers.ts';
import { testApp, type TestApp } from '../../support/app.ts';
import { startExtmarketServer, type ExtmarketServer } from '../../support/extmarketServer.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

/** A vendor opened through signup has an onboarding; this suite opens one directly on a fixture vendor. */
export async function beginOnboarding(app: TestApp, vendorId: number) {
  await app.services.settle([
    await startOnboarding(app.services.store, vendorId, app.services.clock.now(), { userId: 'test', correlationId: 'test' }),
  ]);
}

describe('vendor onboarding API (SPEC.md part 3, 4.2) and the dashboard gate', () => {
  let app: TestApp;
  let v: VendorFixture;
  let extmarket: ExtmarketServer;
  let feeds: Server;
  let feedUrl: string;
  const profile = {
    name: 'Boulangerie Lux',
    business_address: '1 Rue du Marché, Luxembourg',
    tax_number: 'LU12345678',
    contact_email: 'hello@boulangerie.test',
  };

  before(async () => {
    app = await testApp();
    extmarket = await startExtmarketServer(`onb-${Date.now()}`);
    for (let i = 1; i <= 4; i++) {
      extmarket.shipments.push({
        id: `OB${i}`,
        orderId: `OBO${i}`,
        number: `OB-${i}`,
        state: 'confirmed',
        units: [{ id: `OBU${i}`, ean: null, sku: `S${i}`, price: '12.50', state: 'confirmed_available' }],
      });
    }
    feeds = createServer((req, res) => {
      if (req.url === '/products.csv')
        return res.writeHead(200, { 'content-type': 'text/csv' }).end('sku,title,price\nA,Apple,1.00\nB,Bread,2.50\n');
      if (req.url === '/orders.csv')
        return res
          .writeHead(200, { 'content-type': 'text/csv' })
          .end('order,date,total\n1,2026-01-01,10\n2,2026-01-02,11\n3,2026-01-03,12\n4,2026-01-04,13\n');
      res.writeHead(404).end();
    });
    feeds.listen(0, '127.0.0.1');
    await new Promise((r) => feeds.once('listening', r));
    const port = (feeds.address() as AddressInfo).port;
    feedUrl = `http://127.0.0.1:${port}`;
    // A developer's local feed server, exempted by host and port as IMPORT_URL_ALLOWED_HOSTS does.
    app.services.config.importUrlAllowedHosts.push(`127.0.0.1:${port}`);
    v = await createVendorWithOwner(app);
  });
  after(async () => {
    await extmarket.close();
    feeds.closeAllConnections();
    await new Promise((r) => feeds.close(r));
  });

  it('leaves vendors that existed before onboarding alone: no onboarding, nothing blocked', async () => {
    const other = await createVendorWithOwner(app);
    const status = await app.call('GET', '/api/v1/vendor/onboarding', { token: other.ownerToken });
    expect(status.status).to.equal(404);
    expect(status.body.code).to.equal('OnboardingNotFoundException');
    expect((await app.call('GET', '/api/v1/vendor/products', { token: other.ownerToken })).status).to.equal(200);
  });

  it('blocks the dashboard API with 403 naming the next step, and keeps auth, onboarding, settings and billing open', async () => {
    await beginOnboarding(app, v.vendorId);
    const blocked = await app.call('GET', '/api/v1/vendor/products', { token: v.ownerToken });
    expect(blocked.status).to.equal(403);
    expect(blocked.body).to.include({
      code: 'OnboardingRequiredException',
      next_step: 1,
      next_step_name: 'company_profile',
      onboarding_url: '/vendor/onboarding',
    });
    for (const path of ['/api/v1/vendor/auth/me', '/api/v1/vendor/onboarding', '/api/v1/vendor/settings', '/api/v1/vendor/usage']) {
      expect((await app.call('GET', path, { token: v.ownerToken })).status, path).to.equal(200);
    }
  });

  it('refuses a step out of order with a problem body naming the next step', async () => {
    const res = await app.call('POST', '/api/v1/vendor/onboarding/steps/3', {
      token: v.ownerToken,
      body: { product_csv_url: `${feedUrl}/products.csv`, order_csv_url: `${feedUrl}/orders.csv` },
    });
    expect(res.status).to.equal(409);
    expect(res.headers.get('content-type')).to.match(/problem\+json/);
    expect(res.body).to.include({ code: 'OnboardingStepOrderException', sent_step: 3, next_step: 1, next_step_name: 'company_profile' });
  });

  it('step 1 saves the company profile onto the vendor', async () => {
    const res = await app.call('POST', '/api/v1/vendor/onboarding/steps/1', { token: v.ownerToken, body: profile });
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ status: 'in_progress', next_step: 2, next_step_name: 'extmarket_api' });
    expect(res.body.steps[0]).to.include({ step: 1, done: true });
    const settings = await app.call('GET', '/api/v1/vendor/settings', { token: v.ownerToken });
    expect(settings.body.business_info).to.include({ name: 'Boulangerie Lux', tax_number: 'LU12345678' });
    const data = await app.call('GET', '/api/v1/vendor/onboarding/steps/1', { token: v.ownerToken });
    expect(data.body).to.deep.include({ step: 1, done: true, is_next: false });
    expect(data.body.data).to.include({ business_address: profile.business_address });
  });

  it('step 2 tests the connection with a real call: a refused key is not committed, an accepted one keeps the result and time', async () => {
    const refused = await app.call('POST', '/api/v1/vendor/onboarding/steps/2', {
      token: v.ownerToken,
      body: { api_key: 'not-the-right-key', api_endpoint: extmarket.url },
    });
    expect(refused.status).to.equal(400);
    expect(refused.body).to.include({ code: 'OnboardingConnectionFailedException', next_step: 2 });
    expect(refused.body.connection_test.success).to.equal(false);
    const ok = await app.call('POST', '/api/v1/vendor/onboarding/steps/2', {
      token: v.ownerToken,
      body: { api_key: extmarket.apiKey, api_endpoint: extmarket.url },
    });
    expect(ok.status).to.equal(200);
    expect(ok.body.next_step).to.equal(3);
    expect(ok.body.extmarket).to.include({ api_endpoint: extmarket.url, shop_name: 'Local extmarket vendor' });
    expect(Date.parse(ok.body.extmarket.tested_at)).to.be.a('number').and.not.NaN;
  });

  it('step 3 fetches both CSV feeds; an internal address is refused with a 422 on its field', async () => {
    const internal = await app.call('POST', '/api/v1/vendor/onboarding/steps/3', {
      token: v.ownerToken,
      body: { product_csv_url: `${feedUrl}/products.csv`, order_csv_url: 'http://169.254.169.254/latest/meta-data' },
    });
    expect(internal.status).to.equal(422);
    expect(internal.body.errors[0].pointer).to.equal('/body/order_csv_url');
    const ok = await app.call('POST', '/api/v1/vendor/onboarding/steps/3', {
      token: v.ownerToken,
      body: { product_csv_url: `${feedUrl}/products.csv`, order_csv_url: `${feedUrl}/orders.csv` },
    });
    expect(ok.status).to.equal(200);
    expect(ok.body.import_urls).to.include({ product_rows: 2, order_rows: 4 });
    expect(ok.body.next_step).to.equal(4);
  });

  it('step 4 runs the historical import with its progress; its end completes the onboarding and opens the dashboard at once', async () => {
    const started = await app.call('POST', '/api/v1/vendor/onboarding/steps/4', { token: v.ownerToken });
    expect(started.status).to.equal(202);
    expect(started.body.next_step).to.equal(null);
    expect(started.body.historical_sync).to.include({ status: 'running' });
    let status = started.body;
    for (let i = 0; i < 100 && status.status !== 'completed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await app.call('GET', '/api/v1/vendor/onboarding', { token: v.ownerToken })).body;
    }
    expect(status).to.include({ status: 'completed' });
    expect(status.historical_sync).to.include({ status: 'completed', orders_imported: 4, percent: 100 });
    expect((await app.call('GET', '/api/v1/vendor/products', { token: v.ownerToken })).status).to.equal(200);
    const again = await app.call('POST', '/api/v1/vendor/onboarding/steps/1', { token: v.ownerToken, body: profile });
    expect(again.status).to.equal(409);
    expect(again.body.code).to.equal('OnboardingAlreadyFinishedException');
  });

  it("an admin skips another vendor's onboarding, recording who and why: its dashboard opens at once", async () => {
    const w = await createVendorWithOwner(app);
    await beginOnboarding(app, w.vendorId);
    expect((await app.call('GET', '/api/v1/vendor/products', { token: w.ownerToken })).status).to.equal(403);
    const admin = await app.adminToken();
    const skipped = await app.call('POST', `/api/v1/admin/vendors/${w.vendorId}/onboarding/skip`, {
      token: admin,
      body: { reason: 'Moved from the old platform' },
    });
    expect(skipped.status).to.equal(200);
    expect(skipped.body).to.include({ status: 'skipped' });
    expect(skipped.body.skipped).to.include({ reason: 'Moved from the old platform' });
    expect((await app.call('GET', '/api/v1/vendor/products', { token: w.ownerToken })).status).to.equal(200);
    const twice = await app.call('POST', `/api/v1/admin/vendors/${w.vendorId}/onboarding/skip`, {
      token: admin,
      body: { reason: 'again' },
    });
    expect(twice.status).to.equal(409);
    expect(
      (await app.call('POST', `/api/v1/admin/vendors/${w.vendorId}/onboarding/skip`, { token: w.ownerToken, body: { reason: 'mine' } }))
        .status,
    ).to.equal(401);
  });
});
