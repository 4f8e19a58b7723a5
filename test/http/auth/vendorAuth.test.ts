import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

/** SPEC.md part 5: vendor sign-in, the vendor_token cookie, logout, token checks. */
describe('vendor authentication', () => {
  let app: TestApp;
  let v: VendorFixture;
  before(async () => {
    app = await testApp();
    v = await createVendorWithOwner(app);
  });

  it('signs in with email_or_username and sets an http-only vendor_token cookie carrying the vendor', async () => {
    const res = await app.call('POST', '/api/v1/vendor/auth/login', {
      body: { email_or_username: v.ownerEmail, password: v.ownerPassword },
    });
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ token_type: 'bearer', must_change_password: false });
    expect(res.body.vendor).to.include({ id: v.vendorId, vendor_code: v.vendorCode });
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie)
      .to.match(/^vendor_token=/)
      .and.match(/httponly/i)
      .and.match(/samesite=strict/i);
    const claims = app.services.tokens.verify(res.body.access_token, 'vendor');
    expect(claims.vendor_id).to.equal(v.vendorId);
  });

  it('logout clears only the vendor cookie, never admin or customer credentials', async () => {
    const res = await app.call('POST', '/api/v1/vendor/auth/logout', {
      headers: { cookie: 'vendor_token=a; admin_token=b; customer_token=c' },
    });
    expect(res.status).to.equal(200);
    const cleared = res.headers.getSetCookie();
    expect(cleared).to.have.length(1);
    expect(cleared[0])
      .to.match(/^vendor_token=;/)
      .and.match(/expires=Thu, 01 Jan 1970/i);
  });

  it('refuses wrong passwords with 401, bad input with 422, and other token types', async () => {
    const wrong = await app.call('POST', '/api/v1/vendor/auth/login', {
      body: { email_or_username: v.ownerEmail, password: 'wrong-password' },
    });
    expect(wrong.status).to.equal(401);
    expect(wrong.body.code).to.equal('InvalidCredentialsException');
    expect((await app.call('POST', '/api/v1/vendor/auth/login', { body: { email: v.ownerEmail } })).status).to.equal(422);
    expect((await app.call('GET', '/api/v1/vendor/settings')).status).to.equal(401);
    const customer = app.services.tokens.sign({ sub: String(v.ownerUserId), type: 'customer', vendor_id: v.vendorId }).access_token;
    expect((await app.call('GET', '/api/v1/vendor/settings', { token: customer })).status).to.equal(401);
    // The vendor API ignores vendor tokens on the admin API.
    expect((await app.call('GET', '/api/v1/admin/users', { token: v.ownerToken })).status).to.equal(401);
  });

  it('an admin-only user without a vendor cannot sign in to the vendor area', async () => {
    const res = await app.call('POST', '/api/v1/vendor/auth/login', { body: { email_or_username: 'root', password: 'root-password-123' } });
    expect(res.status).to.equal(403);
    expect(res.body.code).to.equal('VendorAccessDeniedException');
  });

  it('closes the vendor API for a deactivated vendor and a deactivated user', async () => {
    const f = await createVendorWithOwner(app);
    const admin = await app.adminToken();
    await app.call('PUT', `/api/v1/admin/vendors/${f.vendorId}/status`, { token: admin, body: { is_active: false } });
    const closed = await app.call('GET', '/api/v1/vendor/settings', { token: f.ownerToken });
    expect(closed.status).to.equal(403);
    expect(closed.body.code).to.equal('VendorAccessDeniedException');
    await app.call('PUT', `/api/v1/admin/vendors/${f.vendorId}/status`, { token: admin, body: { is_active: true } });
    expect((await app.call('GET', '/api/v1/vendor/settings', { token: f.ownerToken })).status).to.equal(200);
    await app.call('PUT', `/api/v1/admin/users/${f.ownerUserId}/status`, { token: admin, body: { is_active: false } });
    expect((await app.call('GET', '/api/v1/vendor/settings', { token: f.ownerToken })).status).to.equal(401);
  });
});
