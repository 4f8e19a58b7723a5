import { expect } from 'chai';
import { request } from 'node:http';
import { testApp, unique, type TestApp } from '../../support/app.ts';
import { startTestDns, type TestDns } from '../../support/dns.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

/**
 * SPEC.md part 5 rule 2: the shop's vendor comes from the path form /vendors/{code}/shop/*, a
 * subdomain or a verified custom domain, and for shop API calls from the Referer in the same
 * three forms. An unknown vendor is VendorNotFoundException (404).
 */
describe('vendor context of shop requests', () => {
  let app: TestApp;
  let v: VendorFixture;
  let admin: string;
  let dns: TestDns;
  const domain = `${unique('shop')}.example`;
  let domainId: number;

  before(async () => {
    app = await testApp();
    admin = await app.adminToken();
    v = await createVendorWithOwner(app);
    dns = await startTestDns();
    app.services.config.dnsServers = [dns.server];
  });
  after(async () => {
    app.services.config.dnsServers = undefined;
    await dns?.close();
  });

  /** fetch() does not let a client set Host; node:http does, as a browser on that host would. */
  const shopVendor = (headers: Record<string, string>) =>
    new Promise<{ status: number; body: any }>((resolve, reject) => {
      const req = request(`${app.url}/api/v1/shop/vendor`, { headers }, (res) => {
        let text = '';
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
      });
      req.on('error', reject);
      req.end();
    });

  it('resolves the path form from the Referer of a storefront page', async () => {
    const res = await shopVendor({ referer: `http://localhost:3000/vendors/${v.vendorCode}/shop/products/12?x=1` });
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ id: v.vendorId, vendor_code: v.vendorCode, detected_by: 'path', source: 'referer' });
    expect(res.body.theme.theme_name).to.equal('default');
  });

  it('resolves a subdomain of the platform from the Host header, and from the Referer', async () => {
    const host = await shopVendor({ host: `${v.subdomain}.localhost` });
    expect(host.status).to.equal(200);
    expect(host.body).to.include({ id: v.vendorId, detected_by: 'subdomain', source: 'request' });
    const ref = await shopVendor({ referer: `https://${v.subdomain}.localhost/cart` });
    expect(ref.body).to.include({ id: v.vendorId, detected_by: 'subdomain', source: 'referer' });
  });

  it('serves a custom domain only once its DNS TXT record is verified', async () => {
    const added = await app.call('POST', `/api/v1/admin/vendors/${v.vendorCode}/domains`, {
      token: admin,
      body: { domain: domain.toUpperCase() },
    });
    expect(added.status).to.equal(201);
    expect(added.body).to.include({ domain, verification_status: 'pending', is_verified: false, is_primary: true });
    domainId = added.body.id;
    const { name, value } = added.body.verification;
    expect(name).to.equal(`_platform-verification.${domain}`);

    const pending = await shopVendor({ host: domain });
    expect(pending.status).to.equal(404);
    expect(pending.body.code).to.equal('VendorNotFoundException');

    const failed = await app.call('POST', `/api/v1/admin/vendors/${v.vendorId}/domains/${domainId}/verify`, { token: admin });
    expect(failed.status).to.equal(200);
    expect(failed.body.domain).to.include({ verification_status: 'failed', is_verified: false });
    expect(failed.body.domain.last_error).to.match(/TXT/);

    dns.records.set(name, ['unrelated', value]);
    const verified = await app.call('POST', `/api/v1/admin/vendors/${v.vendorId}/domains/${domainId}/verify`, { token: admin });
    expect(verified.body.domain).to.include({ verification_status: 'verified', is_verified: true });

    const host = await shopVendor({ host: domain });
    expect(host.status).to.equal(200);
    expect(host.body).to.include({ id: v.vendorId, detected_by: 'custom_domain', source: 'request' });
    const ref = await shopVendor({ referer: `https://${domain}/products` });
    expect(ref.body).to.include({ id: v.vendorId, detected_by: 'custom_domain', source: 'referer' });
  });

  it('stops serving a custom domain that is deactivated, and frees a removed domain for others', async () => {
    await app.call('PUT', `/api/v1/admin/vendors/${v.vendorId}/domains/${domainId}`, { token: admin, body: { is_active: false } });
    expect((await shopVendor({ host: domain })).status).to.equal(404);
    const other = await createVendorWithOwner(app);
    const taken = await app.call('POST', `/api/v1/admin/vendors/${other.vendorId}/domains`, { token: admin, body: { domain } });
    expect(taken.status).to.equal(409);
    const removed = await app.call('DELETE', `/api/v1/admin/vendors/${v.vendorId}/domains/${domainId}`, { token: admin });
    expect(removed.status).to.equal(200);
    const reused = await app.call('POST', `/api/v1/admin/vendors/${other.vendorId}/domains`, { token: admin, body: { domain } });
    expect(reused.status).to.equal(201);
    // A domain id of one vendor is not found under another.
    const cross = await app.call('GET', `/api/v1/admin/vendors/${v.vendorId}/domains/${reused.body.id}`, { token: admin });
    expect(cross.status).to.equal(404);
    expect(cross.body.code).to.equal('VendorDomainNotFoundException');
  });

  it('answers VendorNotFoundException for an unknown code, subdomain or domain, and for no vendor at all', async () => {
    for (const headers of <Record<string, string>[]>[
      { referer: 'http://localhost/vendors/NO-SUCH-SHOP/shop/' },
      { host: 'no-such-shop.localhost' },
      { host: 'unknown-shop.example' },
      { referer: 'https://unknown-shop.example/' },
      {},
    ]) {
      const res = await shopVendor(headers);
      expect(res.status, JSON.stringify(headers)).to.equal(404);
      expect(res.body.code, JSON.stringify(headers)).to.equal('VendorNotFoundException');
    }
  });

  it('hides an inactive vendor from its shop', async () => {
    const off = await createVendorWithOwner(app);
    await app.call('PUT', `/api/v1/admin/vendors/${off.vendorId}/status`, { token: admin, body: { is_active: false } });
    const res = await shopVendor({ referer: `http://localhost/vendors/${off.vendorCode}/shop/` });
    expect(res.status).to.equal(404);
  });

  it('refuses platform subdomains as custom domains and malformed domains with 422', async () => {
    const sub = await app.call('POST', `/api/v1/admin/vendors/${v.vendorId}/domains`, { token: admin, body: { domain: 'evil.localhost' } });
    expect(sub.status).to.equal(422);
    const bad = await app.call('POST', `/api/v1/admin/vendors/${v.vendorId}/domains`, { token: admin, body: { domain: 'not a domain' } });
    expect(bad.status).to.equal(422);
  });
});
