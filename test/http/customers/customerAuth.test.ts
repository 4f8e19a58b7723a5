import { expect } from 'chai';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import jwt from 'jsonwebtoken';
import { createApp } from '../../../src/http/app.ts';
import { testApp, type TestApp } from '../../support/app.ts';
import { cookieAttributes, newEmail, registerCustomer, shopClient, signIn, type ShopClient } from '../../support/customers.ts';
import { createVendorWithOwner, shopHeaders } from '../../support/tenancy.ts';

const SECRET = 'test-secret-that-is-long-enough-0123456789'; // test/support/app.ts signs with it

/**
 * SPEC.md 4.3 and part 5, the shop customer: an account belongs to one shop; sign-in with `email`
 * answers a customer JWT (type customer, the shop's vendor_id) and the customer_token cookie
 * (path /shop); that token works only at its own shop and only while its session is open;
 * sign-out ends the session; a reset link arrives by e-mail, works once and expires.
 */
describe('shop customer accounts', () => {
  let app: TestApp;
  let shopA: ShopClient;
  let shopB: ShopClient;

  before(async () => {
    app = await testApp();
    shopA = shopClient(app, await createVendorWithOwner(app));
    shopB = shopClient(app, await createVendorWithOwner(app));
  });

  /**
   * A shop call from its own loopback address: failed sign-ins count per client address too (30
   * in 15 minutes), and the suite's other clients share 127.0.0.1.
   */
  const fromAddress = (address: string, shop: ShopClient, method: string, path: string, body: unknown) =>
    new Promise<{ status: number; body: any; headers: Record<string, any> }>((resolve, reject) => {
      const req = request(
        `${app.url}/api/v1/shop${path}`,
        {
          method,
          localAddress: address,
          headers: { 'content-type': 'application/json', ...shopHeaders(shop.vendor.vendorCode) },
        },
        (res) => {
          let text = '';
          res.on('data', (c) => {
            text += c;
          });
          res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text), headers: res.headers }));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify(body));
    });
  const otherAddress = () => `127.0.${1 + Math.floor(Math.random() * 250)}.${2 + Math.floor(Math.random() * 250)}`;

  context('registration', () => {
    it('registers one e-mail at two shops as two customers, each signed in at its own shop', async () => {
      const email = newEmail();
      const a = await shopA.call('POST', '/auth/register', {
        body: { email, password: 'first-password-1', first_name: 'Ada', last_name: 'A', preferred_language: 'fr' },
      });
      const b = await shopB.call('POST', '/auth/register', {
        body: { email, password: 'second-password-2', first_name: 'Ada', last_name: 'B' },
      });
      expect([a.status, b.status]).to.deep.equal([201, 201]);
      expect(a.body.customer.id).not.to.equal(b.body.customer.id);
      expect(a.body.customer).to.include({ email, vendor_id: shopA.vendor.vendorId, last_name: 'A', preferred_language: 'fr' });
      expect(b.body.customer).to.include({ email, vendor_id: shopB.vendor.vendorId, last_name: 'B' });
      expect(jwt.decode(a.body.access_token)).to.include({
        type: 'customer',
        vendor_id: shopA.vendor.vendorId,
        sub: String(a.body.customer.id),
      });
      expect((await shopA.call('GET', '/profile', { token: a.body.access_token })).body.last_name).to.equal('A');
      expect((await shopB.call('GET', '/profile', { token: b.body.access_token })).body.last_name).to.equal('B');
      // Each password belongs to its own shop's account.
      expect((await shopA.call('POST', '/auth/login', { body: { email, password: 'first-password-1' } })).status).to.equal(200);
      expect((await shopB.call('POST', '/auth/login', { body: { email, password: 'second-password-2' } })).status).to.equal(200);
    });

    it('refuses a second account with the same e-mail (any case) at the same shop with 409', async () => {
      const c = await registerCustomer(shopA);
      const again = await shopA.call('POST', '/auth/register', {
        body: { email: c.email.toUpperCase(), password: 'another-password', first_name: 'X', last_name: 'Y' },
      });
      expect(again.status).to.equal(409);
      expect(again.body.code).to.equal('ConflictException');
    });

    it('takes the language the shopper browses in when none is chosen', async () => {
      const res = await shopA.call('POST', '/auth/register', {
        body: { email: newEmail(), password: 'a-long-password', first_name: 'Jean', last_name: 'Dupont' },
        headers: { cookie: 'lang=en' },
      });
      expect(res.body.customer.preferred_language).to.equal('en');
    });

    it('refuses a short password and an unknown language with 422', async () => {
      const short = await shopA.call('POST', '/auth/register', {
        body: { email: newEmail(), password: 'short', first_name: 'A', last_name: 'B' },
      });
      const lang = await shopA.call('POST', '/auth/register', {
        body: { email: newEmail(), password: 'a-long-password', first_name: 'A', last_name: 'B', preferred_language: 'es' },
      });
      expect([short.status, lang.status]).to.deep.equal([422, 422]);
    });
  });

  context('sign-in', () => {
    it('answers a customer token and sets customer_token with Path=/shop, HttpOnly, SameSite=Lax (not Secure over plain HTTP)', async () => {
      const c = await registerCustomer(shopA);
      const res = await shopA.call('POST', '/auth/login', { body: { email: c.email.toUpperCase(), password: c.password } });
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ token_type: 'bearer' });
      expect(res.body.customer).to.include({ id: c.id, email: c.email });
      const claims = jwt.decode(res.body.access_token) as any;
      expect(claims).to.include({ type: 'customer', vendor_id: shopA.vendor.vendorId, sub: String(c.id) });
      expect(claims.sid).to.be.a('string');
      const cookie = cookieAttributes(res, 'customer_token')!;
      expect(cookie).to.include({ value: res.body.access_token, path: '/shop', httponly: true, samesite: 'lax' });
      expect(cookie.secure).to.equal(undefined);
      // The cookie alone is a credential, as the header is.
      const viaCookie = await shopA.call('GET', '/profile', { headers: { cookie: `customer_token=${res.body.access_token}` } });
      expect(viaCookie.status).to.equal(200);
      expect(viaCookie.body.id).to.equal(c.id);
    });

    it('marks the cookie Secure on a TLS request behind a trusted proxy (TRUST_PROXY=1)', async () => {
      const c = await registerCustomer(shopA);
      const before = process.env.TRUST_PROXY;
      process.env.TRUST_PROXY = '1';
      const server = createApp(app.services).listen(0, '127.0.0.1');
      if (before === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = before;
      try {
        await new Promise((r) => server.once('listening', r));
        const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/shop/auth/login`;
        const res = await fetch(url, {
          method: 'POST',
          body: JSON.stringify({ email: c.email, password: c.password }),
          headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https', ...shopHeaders(shopA.vendor.vendorCode) },
        });
        expect(res.status).to.equal(200);
        const header = res.headers.getSetCookie().find((h) => h.startsWith('customer_token='))!;
        expect(header.toLowerCase()).to.include('; secure');
      } finally {
        await new Promise((r) => server.close(r));
      }
    });

    it('refuses a wrong password and an unknown e-mail with the same 401', async () => {
      const c = await registerCustomer(shopA);
      const address = otherAddress();
      const wrong = await fromAddress(address, shopA, 'POST', '/auth/login', { email: c.email, password: 'not-the-password' });
      const unknown = await fromAddress(address, shopA, 'POST', '/auth/login', { email: newEmail(), password: 'not-the-password' });
      expect([wrong.status, unknown.status]).to.deep.equal([401, 401]);
      expect(wrong.body.detail).to.equal(unknown.body.detail);
      expect(wrong.body.code).to.equal('InvalidCredentialsException');
    });

    it('does not sign a customer of one shop in at another shop', async () => {
      const c = await registerCustomer(shopA);
      const res = await fromAddress(otherAddress(), shopB, 'POST', '/auth/login', { email: c.email, password: c.password });
      expect(res.status).to.equal(401);
    });

    it('rate-limits failures on one account with 429 and Retry-After, per shop', async () => {
      const email = newEmail();
      const password = 'the-right-password';
      await registerCustomer(shopA, { email, password });
      await registerCustomer(shopB, { email, password });
      const address = otherAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await fromAddress(address, shopA, 'POST', '/auth/login', { email, password: `wrong-${i}` })).status);
      expect(statuses).to.deep.equal([401, 401, 401, 401, 401, 429]);
      const blocked = await fromAddress(address, shopA, 'POST', '/auth/login', { email, password });
      expect(blocked.status).to.equal(429);
      expect(Number(blocked.headers['retry-after'])).to.be.greaterThan(0);
      // The same e-mail at the other shop is another account, with its own counter.
      expect((await fromAddress(otherAddress(), shopB, 'POST', '/auth/login', { email, password })).status).to.equal(200);
    });
  });

  context('the customer token', () => {
    const sign = (claims: object, options: jwt.SignOptions = {}) =>
      jwt.sign(claims, SECRET, { algorithm: 'HS256', expiresIn: 300, ...options });

    it('answers 401 without credentials on profile and addresses', async () => {
      for (const [method, path] of [
        ['GET', '/profile'],
        ['PUT', '/profile'],
        ['PUT', '/profile/password'],
        ['GET', '/addresses'],
        ['POST', '/addresses'],
        ['PUT', '/addresses/1/default'],
      ]) {
        const res = await shopA.call(method, path, method === 'GET' ? {} : { body: {} });
        expect(res.status, `${method} ${path}`).to.equal(401);
        expect(res.body.code).to.equal('AuthenticationException');
      }
    });

    it('refuses a token of another shop: a customer of vendor A is nobody at vendor B', async () => {
      const c = await registerCustomer(shopA);
      const res = await shopB.call('GET', '/profile', { token: c.token });
      expect(res.status).to.equal(401);
      const cookie = await shopB.call('GET', '/addresses', { headers: { cookie: `customer_token=${c.token}` } });
      expect(cookie.status).to.equal(401);
    });

    it('refuses vendor and admin tokens on the shop', async () => {
      const vendorToken = shopA.vendor.ownerToken;
      expect((await shopA.call('GET', '/profile', { token: vendorToken })).status).to.equal(401);
      expect((await shopA.call('GET', '/profile', { token: await app.adminToken() })).status).to.equal(401);
      expect((await shopA.call('GET', '/profile', { headers: { cookie: `vendor_token=${vendorToken}` } })).status).to.equal(401);
    });

    it('refuses expired, foreign-key and session-less customer tokens', async () => {
      const c = await registerCustomer(shopA);
      const { sid } = jwt.decode(c.token) as any;
      const own = { sub: String(c.id), type: 'customer', vendor_id: shopA.vendor.vendorId, sid };
      const tokens = {
        expired: sign(own, { expiresIn: -10 }),
        'another key': jwt.sign(own, 'another-secret-that-is-long-enough-012345', { algorithm: 'HS256' }),
        'no session': sign({ ...own, sid: undefined }),
        'a session never opened': sign({ ...own, sid: '00000000-0000-4000-8000-000000000000' }),
        'another customer with this session': sign({ ...own, sub: String(c.id + 100000) }),
      };
      for (const [label, token] of Object.entries(tokens)) {
        expect((await shopA.call('GET', '/profile', { token })).status, label).to.equal(401);
      }
      expect((await shopA.call('GET', '/profile', { token: sign(own) })).status).to.equal(200);
    });
  });

  context('sign-out', () => {
    it('ends the session of the token: it stops working at once, the cookie is cleared, other sessions go on', async () => {
      const c = await registerCustomer(shopA);
      const other = await signIn(shopA, c.email, c.password);
      const res = await shopA.call('POST', '/auth/logout', { token: c.token });
      expect(res.status).to.equal(200);
      const cleared = cookieAttributes(res, 'customer_token')!;
      expect(cleared).to.include({ value: '', path: '/shop' });
      expect((await shopA.call('GET', '/profile', { token: c.token })).status).to.equal(401);
      expect((await shopA.call('GET', '/profile', { token: other })).status).to.equal(200);
      // Signing out again changes nothing and still answers.
      expect((await shopA.call('POST', '/auth/logout', { token: c.token })).status).to.equal(200);
    });

    it('ends the session of the cookie alone', async () => {
      const c = await registerCustomer(shopA);
      const token = await signIn(shopA, c.email, c.password);
      expect((await shopA.call('POST', '/auth/logout', { headers: { cookie: `customer_token=${token}` } })).status).to.equal(200);
      expect((await shopA.call('GET', '/profile', { token })).status).to.equal(401);
    });

    it("never ends a session of another shop's customer", async () => {
      const c = await registerCustomer(shopA);
      expect((await shopB.call('POST', '/auth/logout', { token: c.token })).status).to.equal(200);
      expect((await shopA.call('GET', '/profile', { token: c.token })).status).to.equal(200);
    });
  });

  context('password reset', () => {
    const resetMail = (email: string) => app.mailbox.waitFor((m) => m.to.includes(email) && /reset-password\?token=/.test(m.text), 10_000);
    const tokenOf = (text: string) => decodeURIComponent(/reset-password\?token=([^\s"<]+)/.exec(text)![1]);

    it('answers the same whether or not the e-mail has an account', async () => {
      const c = await registerCustomer(shopA);
      const known = await shopA.call('POST', '/auth/forgot-password', { body: { email: c.email } });
      const unknown = await shopA.call('POST', '/auth/forgot-password', { body: { email: newEmail() } });
      expect([known.status, unknown.status]).to.deep.equal([202, 202]);
      expect(known.body).to.deep.equal(unknown.body);
    });

    it("mails a link in the customer's language; the link resets once and ends every session", async () => {
      const c = await registerCustomer(shopA, { preferred_language: 'fr' });
      const second = await signIn(shopA, c.email, c.password);
      expect((await shopA.call('POST', '/auth/forgot-password', { body: { email: c.email } })).status).to.equal(202);
      const mail = await resetMail(c.email);
      expect(mail.subject).to.match(/Réinitialisez/);
      expect(mail.text).to.include(`/vendors/${shopA.vendor.vendorCode}/shop/reset-password?token=`);
      const token = tokenOf(mail.text);

      // Only the token's hash is stored; it is never logged.
      const events = await app.services.store.readStream(`customer-${c.id}`);
      expect(JSON.stringify(events)).not.to.include(token);
      expect(events.map((e) => e.type)).to.include('CustomerPasswordResetRequested');
      expect(app.logLines.join('\n')).not.to.include(token);

      const reset = await shopA.call('POST', '/auth/reset-password', { body: { token, new_password: 'a-brand-new-password' } });
      expect(reset.status).to.equal(200);
      for (const old of [c.token, second]) expect((await shopA.call('GET', '/profile', { token: old })).status).to.equal(401);
      expect((await shopA.call('POST', '/auth/login', { body: { email: c.email, password: c.password } })).status).to.equal(401);
      expect((await shopA.call('POST', '/auth/login', { body: { email: c.email, password: 'a-brand-new-password' } })).status).to.equal(
        200,
      );

      const again = await shopA.call('POST', '/auth/reset-password', { body: { token, new_password: 'yet-another-password' } });
      expect(again.status).to.equal(400);
      expect(again.body.code).to.equal('PasswordResetTokenException');
    });

    it('refuses an expired link with a clear 400', async () => {
      const c = await registerCustomer(shopA);
      await shopA.call('POST', '/auth/forgot-password', { body: { email: c.email } });
      const token = tokenOf((await resetMail(c.email)).text);
      app.clock.advance(61 * 60 * 1000);
      const res = await shopA.call('POST', '/auth/reset-password', { body: { token, new_password: 'a-brand-new-password' } });
      expect(res.status).to.equal(400);
      expect(res.body).to.include({ code: 'PasswordResetTokenException' });
      expect(res.body.detail).to.match(/expired/);
      expect((await shopA.call('POST', '/auth/login', { body: { email: c.email, password: c.password } })).status).to.equal(200);
    });

    it("refuses a made-up token and a link of another shop's customer", async () => {
      const made = await shopA.call('POST', '/auth/reset-password', {
        body: { token: 'not-a-token', new_password: 'a-brand-new-password' },
      });
      expect(made.status).to.equal(400);
      const c = await registerCustomer(shopB);
      await shopB.call('POST', '/auth/forgot-password', { body: { email: c.email } });
      const token = tokenOf((await resetMail(c.email)).text);
      const elsewhere = await shopA.call('POST', '/auth/reset-password', { body: { token, new_password: 'a-brand-new-password' } });
      expect(elsewhere.status).to.equal(400);
      expect((await shopB.call('POST', '/auth/reset-password', { body: { token, new_password: 'a-brand-new-password' } })).status).to.equal(
        200,
      );
    });
  });
});
