import { expect } from 'chai';
import { testApp, unique, type TestApp } from '../../support/app.ts';
import { startExtmarketServer, type ExtmarketServer } from '../../support/extmarketServer.ts';
import { signupReady, visitor } from '../../support/signup.ts';

/** SPEC.md 4.4 "extmarket vendor lookup and claim", part 2 "extmarket identity fields". */
describe('platform signup: the extmarket shop lookup and claim', function () {
  // A whole signup with an argon2 hash, Stripe and the extmarket: seconds alone, minutes on a machine shared by many.
  this.timeout(180_000);
  let app: TestApp;
  let extmarket: ExtmarketServer;
  before(async () => {
    app = await testApp();
    extmarket = await startExtmarketServer(unique('key-'));
  });
  after(() => extmarket.close());

  it('finds the shop of an API key at the extmarket, claims it, and the vendor keeps its identity; the same shop again is a 409', async () => {
    const key = unique('shop-key-');
    const shop = { id: unique('mk-'), slug: unique('slug-'), name: 'Tea & Co on the marketplace' };
    extmarket.addShop(key, shop);
    const v = visitor(app);
    const found = await v.call('POST', '/api/v1/platform/extmarket/shops/lookup', { api_key: key, api_endpoint: extmarket.url });
    expect(found.status).to.equal(200);
    expect(found.body).to.deep.equal({ extmarket_vendor_id: shop.id, extmarket_vendor_slug: shop.slug, name: shop.name, claimed: false });

    const { base } = await signupReady(app, v, { shop: { api_key: key, api_endpoint: extmarket.url } });
    const progress = await v.call('GET', base);
    expect(progress.body.shop).to.deep.equal({ extmarket_vendor_id: shop.id, extmarket_vendor_slug: shop.slug, name: shop.name });
    const done = await v.call('POST', `${base}/complete`);
    expect(done.status, JSON.stringify(done.body)).to.equal(200);
    expect(done.body.vendor.extmarket_vendor_id).to.equal(shop.id);
    const vendor = await app.call('GET', `/api/v1/admin/vendors/${done.body.vendor.id}`, { token: await app.adminToken() });
    expect(vendor.body).to.include({ extmarket_vendor_id: shop.id, extmarket_vendor_slug: shop.slug });

    expect(
      (await v.call('POST', '/api/v1/platform/extmarket/shops/lookup', { api_key: key, api_endpoint: extmarket.url })).body.claimed,
    ).to.equal(true);
    const other = visitor(app);
    const id = (await other.call('POST', '/api/v1/platform/signups', {})).body.signup_id;
    await other.call('PUT', `/api/v1/platform/signups/${id}/account`, {
      email: `${unique('second')}@shop.test`,
      password: 'owner-password-2',
    });
    await other.call('PUT', `/api/v1/platform/signups/${id}/company`, { name: 'Second S.A.' });
    const claimed = await other.call('POST', `/api/v1/platform/signups/${id}/shop`, { api_key: key, api_endpoint: extmarket.url });
    expect(claimed.status).to.equal(409);
    expect(claimed.body).to.include({ code: 'ConflictException', field: 'extmarket_shop', extmarket_vendor_id: shop.id });
  });

  it('answers a key the extmarket refuses with a 400, and an endpoint that is not https with a 422', async () => {
    const v = visitor(app);
    const refused = await v.call('POST', '/api/v1/platform/extmarket/shops/lookup', {
      api_key: 'not-a-known-key',
      api_endpoint: extmarket.url,
    });
    expect(refused.status).to.equal(400);
    expect(refused.body.code).to.equal('ExtmarketCredentialsException');
    const plain = await v.call('POST', '/api/v1/platform/extmarket/shops/lookup', {
      api_key: 'some-key-123',
      api_endpoint: 'http://extmarket.example/graphql',
    });
    expect(plain.status).to.equal(422);
    expect(plain.body.errors[0].pointer).to.equal('/body/api_endpoint');
  });
});
