import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { registerCustomer, shopClient, signIn, type ShopClient } from '../../support/customers.ts';
import { createVendorWithOwner } from '../../support/tenancy.ts';

/** SPEC.md 4.3: the signed-in customer's profile, preferences and password (CustomerPasswordChange). */
describe('shop customer profile', () => {
  let app: TestApp;
  let shop: ShopClient;

  before(async () => {
    app = await testApp();
    shop = shopClient(app, await createVendorWithOwner(app));
  });

  it("shows the customer's own profile", async () => {
    const c = await registerCustomer(shop, { first_name: 'Grace', last_name: 'Hopper', preferred_language: 'de' });
    const res = await shop.call('GET', '/profile', { token: c.token });
    expect(res.status).to.equal(200);
    expect(res.body).to.include({
      id: c.id,
      email: c.email,
      first_name: 'Grace',
      last_name: 'Hopper',
      preferred_language: 'de',
      vendor_id: shop.vendor.vendorId,
    });
    expect(res.body.preferences).to.deep.equal({});
    expect(res.body).not.to.have.property('password_hash');
  });

  it('changes names, language and preferences (replaced as a whole), and the vendor sees the change', async () => {
    const c = await registerCustomer(shop);
    const first = await shop.call('PUT', '/profile', {
      token: c.token,
      body: { first_name: ' Augusta ', preferred_language: 'lb', preferences: { newsletter: true, theme: 'dark' } },
    });
    expect(first.status).to.equal(200);
    expect(first.body).to.include({ first_name: 'Augusta', last_name: 'Lovelace', preferred_language: 'lb' });
    expect(first.body.preferences).to.deep.equal({ newsletter: true, theme: 'dark' });
    const second = await shop.call('PUT', '/profile', {
      token: c.token,
      body: { preferences: { newsletter: false }, preferred_language: null },
    });
    expect(second.body.preferences).to.deep.equal({ newsletter: false });
    expect(second.body.preferred_language).to.equal(null);
    const seen = await app.call('GET', `/api/v1/vendor/customers/${c.id}`, { token: shop.vendor.ownerToken });
    expect(seen.body).to.include({ first_name: 'Augusta', preferred_language: null });
  });

  it('refuses an empty update, unknown fields and an unknown language with 422', async () => {
    const c = await registerCustomer(shop);
    for (const body of [{}, { email: 'x@y.test' }, { preferred_language: 'es' }]) {
      expect((await shop.call('PUT', '/profile', { token: c.token, body })).status, JSON.stringify(body)).to.equal(422);
    }
  });

  context('password change', () => {
    it('needs the current password; a wrong one is a 422 and changes nothing', async () => {
      const c = await registerCustomer(shop);
      const res = await shop.call('PUT', '/profile/password', {
        token: c.token,
        body: { current_password: 'not-it-at-all', new_password: 'a-new-password-1' },
      });
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.deep.equal([{ pointer: '/body/current_password', message: 'is not the current password' }]);
      expect((await shop.call('POST', '/auth/login', { body: { email: c.email, password: c.password } })).status).to.equal(200);
    });

    it('ends every other session; the token that changed it stays valid', async () => {
      const c = await registerCustomer(shop);
      const phone = await signIn(shop, c.email, c.password);
      const tablet = await signIn(shop, c.email, c.password);
      const res = await shop.call('PUT', '/profile/password', {
        token: c.token,
        body: { current_password: c.password, new_password: 'a-new-password-1' },
      });
      expect(res.status).to.equal(200);
      expect((await shop.call('GET', '/profile', { token: c.token })).status).to.equal(200);
      for (const other of [phone, tablet]) expect((await shop.call('GET', '/profile', { token: other })).status).to.equal(401);
      expect((await shop.call('POST', '/auth/login', { body: { email: c.email, password: 'a-new-password-1' } })).status).to.equal(200);
    });

    it('refuses a new password equal to the current one or shorter than 10 characters', async () => {
      const c = await registerCustomer(shop);
      const same = await shop.call('PUT', '/profile/password', {
        token: c.token,
        body: { current_password: c.password, new_password: c.password },
      });
      const short = await shop.call('PUT', '/profile/password', {
        token: c.token,
        body: { current_password: c.password, new_password: 'short' },
      });
      expect([same.status, short.status]).to.deep.equal([422, 422]);
    });
  });
});
