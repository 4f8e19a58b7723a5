import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { shopOf, type ShopFixture } from '../../support/shop.ts';
import { browse, storefrontShop, visitor } from '../../support/storefront.ts';
import { createVendorWithOwner } from '../../support/tenancy.ts';

/**
 * Sign-in, registration and the account page (a visitor without a session is sent to sign-in and
 * back), forgot and reset password, the profile and the address book.
 * The pages are server-rendered (docs/storefront.md).
 */
describe('the storefront pages: accounts', () => {
  let app: TestApp;
  let s: ShopFixture;

  before(async () => {
    app = await testApp();
    ({ s } = await storefrontShop(app));
  });

  describe('sign-in, registration and the account page', () => {
    it('redirects the account page to sign-in with the way back, registers, and comes back signed in', async () => {
      const v = visitor(app);
      const account = `/vendors/${s.vendorCode}/shop/account`;
      const away = await v.get(account);
      expect(away.status).to.equal(303);
      expect(away.headers.location).to.equal(`/vendors/${s.vendorCode}/shop/login?return=${encodeURIComponent(account)}`);
      const login = await v.get(away.headers.location as string);
      expect(login.status).to.equal(200);
      expect(login.body).to.include(`value="${account}"`);
      const register = await v.get(`/vendors/${s.vendorCode}/shop/register?return=${encodeURIComponent(account)}`);
      const email = `page-${Date.now()}@customer.test`;
      const weak = await v.post(`/vendors/${s.vendorCode}/shop/register`, {
        _csrf: v.csrf(register.body),
        return: account,
        email,
        password: 'short',
        first_name: '<b>Ada</b>',
        last_name: 'Lovelace',
      });
      expect(weak.status).to.equal(422);
      expect(weak.body).to.include('Please check the fields: Password.').and.include('value="&lt;b&gt;Ada&lt;/b&gt;"');
      const created = await v.post(`/vendors/${s.vendorCode}/shop/register`, {
        _csrf: v.csrf(register.body),
        return: account,
        email,
        password: 'a-long-password-1',
        first_name: '<b>Ada</b>',
        last_name: 'Lovelace',
      });
      expect(created.status).to.equal(303);
      expect(created.headers.location).to.equal(account);
      const cookie = [created.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith(`sf_customer_${s.vendorId}=`))!;
      expect(cookie)
        .to.match(/httponly/i)
        .and.match(/samesite=lax/i)
        .and.match(/path=\/;/i);
      const mine = await v.get(account);
      expect(mine.status).to.equal(200);
      expect(mine.body).to.include('Hello &lt;b&gt;Ada&lt;/b&gt; Lovelace').and.include(email);
      // The subdomain form of the same shop is another origin: its own cookie, so signed out there.
      expect((await browse(app, 'GET', '/shop/account', { host: `${s.subdomain}.localhost` })).headers.location).to.equal(
        '/shop/login?return=%2Fshop%2Faccount',
      );

      const again = await v.post(`/vendors/${s.vendorCode}/shop/register`, {
        _csrf: v.csrf(register.body),
        return: account,
        email,
        password: 'a-long-password-1',
        first_name: 'Ada',
        last_name: 'L',
      });
      expect(again.status).to.equal(409);

      const out = await v.post(`/vendors/${s.vendorCode}/shop/logout`, { _csrf: v.csrf(mine.body) });
      expect(out.status).to.equal(303);
      expect((await v.get(account)).status).to.equal(303);

      const wrong = await v.post(`/vendors/${s.vendorCode}/shop/login`, {
        _csrf: v.csrf(login.body),
        return: account,
        email,
        password: 'not-the-password',
      });
      expect(wrong.status).to.equal(401);
      expect(wrong.body).to.include('Wrong e-mail or password.');
      const right = await v.post(`/vendors/${s.vendorCode}/shop/login`, {
        _csrf: v.csrf(login.body),
        return: account,
        email,
        password: 'a-long-password-1',
      });
      expect(right.status).to.equal(303);
      expect(right.headers.location).to.equal(account);
      expect((await v.get(account)).status).to.equal(200);
    });

    it('does not let a customer of one shop into the account page of another', async () => {
      const other = shopOf(app, await createVendorWithOwner(app));
      const v = visitor(app);
      const register = await v.get(`/vendors/${s.vendorCode}/shop/register`);
      await v.post(`/vendors/${s.vendorCode}/shop/register`, {
        _csrf: v.csrf(register.body),
        email: `two-${Date.now()}@customer.test`,
        password: 'a-long-password-1',
        first_name: 'Bo',
        last_name: 'B',
      });
      // Even with the first shop's token under the second shop's cookie name.
      v.jar.set(`sf_customer_${other.vendorId}`, v.jar.get(`sf_customer_${s.vendorId}`)!);
      expect((await v.get(`/vendors/${other.vendorCode}/shop/account`)).status).to.equal(303);
      expect((await v.get(`/vendors/${s.vendorCode}/shop/account`)).status).to.equal(200);
    });
  });

  describe('forgot and reset password', () => {
    it('mails the link of the shop API, whose page (path and host form) sets a new password once and ends the sessions', async () => {
      const base = `/vendors/${s.vendorCode}/shop`;
      const v = visitor(app);
      const register = await v.get(`${base}/register`);
      const email = `forgot-${Date.now()}@customer.test`;
      await v.post(`${base}/register`, {
        _csrf: v.csrf(register.body),
        email,
        password: 'a-long-password-1',
        first_name: 'Fay',
        last_name: 'Gotten',
      });
      expect((await v.get(`${base}/account`)).status).to.equal(200);

      const other = visitor(app);
      const login = await other.get(`${base}/login`);
      expect(login.body).to.include(`href="${base}/forgot-password"`);
      const forgot = await other.get(`${base}/forgot-password`);
      expect(forgot.status).to.equal(200);
      const bad = await other.post(`${base}/forgot-password`, { _csrf: other.csrf(forgot.body), email: 'not-an-address' });
      expect(bad.status).to.equal(422);
      // The same answer for an unknown account and a known one.
      const unknown = await other.post(`${base}/forgot-password`, {
        _csrf: other.csrf(forgot.body),
        email: `nobody-${Date.now()}@customer.test`,
      });
      const sent = await other.post(`${base}/forgot-password`, { _csrf: other.csrf(forgot.body), email });
      expect(unknown.status).to.equal(303);
      expect(sent.headers.location).to.equal(unknown.headers.location).and.equal(`${base}/forgot-password?notice=link_sent`);
      expect((await other.get(sent.headers.location as string)).body).to.include('a link to choose a new password is on its way');

      const mail = await app.mailbox.waitFor((m) => m.to.includes(email) && /reset-password\?token=/.test(m.text), 10_000);
      const link = new URL(/(\S+\/shop\/reset-password\?token=[^\s"<]+)/.exec(mail.text)![1]);
      expect(link.pathname).to.equal(`${base}/reset-password`);
      const token = link.searchParams.get('token')!;
      // The host form of the page exists too.
      const onHost = await browse(app, 'GET', `/shop/reset-password?token=${encodeURIComponent(token)}`, {
        host: `${s.subdomain}.localhost`,
      });
      expect(onHost.status).to.equal(200);
      expect(onHost.body).to.include('action="/shop/reset-password"');
      const page = await other.get(`${link.pathname}${link.search}`);
      expect(page.status).to.equal(200);
      expect(page.headers['referrer-policy']).to.equal('no-referrer');
      expect(page.body).to.include(`name="token" value="${token}"`);
      const short = await other.post(`${base}/reset-password`, { _csrf: other.csrf(page.body), token, new_password: 'short' });
      expect(short.status).to.equal(422);
      const done = await other.post(`${base}/reset-password`, {
        _csrf: other.csrf(page.body),
        token,
        new_password: 'a-brand-new-password',
      });
      expect(done.status).to.equal(303);
      expect(done.headers.location).to.equal(`${base}/login?notice=password_reset`);
      expect((await other.get(done.headers.location as string)).body).to.include('Your password has been changed');
      // Every session ended; the link works once; the new password signs in.
      expect((await v.get(`${base}/account`)).status).to.equal(303);
      const twice = await other.post(`${base}/reset-password`, {
        _csrf: other.csrf(page.body),
        token,
        new_password: 'yet-another-password',
      });
      expect(twice.status).to.equal(400);
      expect(twice.body).to.include('This link is not valid or was already used');
      const made = await other.post(`${base}/reset-password`, {
        _csrf: other.csrf(page.body),
        token: '<script>x</script>',
        new_password: 'yet-another-password',
      });
      expect(made.status).to.equal(400);
      expect(made.body).to.include('value="&lt;script&gt;x&lt;/script&gt;"');
      expect(made.body).not.to.include('<script>x');
      const signIn = await other.post(`${base}/login`, { _csrf: other.csrf(page.body), email, password: 'a-brand-new-password' });
      expect(signIn.status).to.equal(303);
    });
  });

  describe('the account: profile and address book', () => {
    const address = (n: number, extra: Record<string, string> = {}) => ({
      type: 'shipping',
      first_name: 'Ada',
      last_name: 'Book',
      street: `${n} rue Haute`,
      postal_code: `L-${1000 + n}`,
      city: 'Luxembourg',
      country_iso: 'LU',
      ...extra,
    });

    it('changes the names and the preferred language, and shows a name with markup escaped', async () => {
      const base = `/vendors/${s.vendorCode}/shop`;
      const v = visitor(app);
      const register = await v.get(`${base}/register`);
      await v.post(`${base}/register`, {
        _csrf: v.csrf(register.body),
        email: `profile-${Date.now()}@customer.test`,
        password: 'a-long-password-1',
        first_name: 'Pia',
        last_name: 'P',
      });
      const page = await v.get(`${base}/account`);
      expect(page.body).to.include(`action="${base}/account/profile"`).and.include('value="Pia"');
      const empty = await v.post(`${base}/account/profile`, {
        _csrf: v.csrf(page.body),
        first_name: '',
        last_name: 'P',
        preferred_language: '',
      });
      expect(empty.headers.location).to.equal(`${base}/account?error=profile#profile`);
      expect((await v.get(`${base}/account?error=profile`)).body).to.include('Please give a first and a last name');
      const saved = await v.post(`${base}/account/profile`, {
        _csrf: v.csrf(page.body),
        first_name: '<script>alert(1)</script>',
        last_name: 'Lang',
        preferred_language: 'fr',
      });
      expect(saved.status).to.equal(303);
      const after = await v.get(`${base}/account?notice=profile_saved`);
      expect(after.body)
        .to.include('Your profile has been saved.')
        .and.include('Hello &lt;script&gt;alert(1)&lt;/script&gt; Lang')
        .and.include('value="&lt;script&gt;alert(1)&lt;/script&gt;"')
        .and.include('<option value="fr" lang="fr" selected>');
      expect(after.body).not.to.include('<script>alert(1)');
    });

    it('adds, edits, makes default and deletes addresses, and says so at the eleventh', async () => {
      const base = `/vendors/${s.vendorCode}/shop`;
      const v = visitor(app);
      expect((await v.get(`${base}/account/addresses/new`)).headers.location).to.equal(
        `${base}/login?return=${encodeURIComponent(`${base}/account/addresses/new`)}`,
      );
      const register = await v.get(`${base}/register`);
      await v.post(`${base}/register`, {
        _csrf: v.csrf(register.body),
        email: `book-${Date.now()}@customer.test`,
        password: 'a-long-password-1',
        first_name: 'Ada',
        last_name: 'Book',
      });
      const form = await v.get(`${base}/account/addresses/new`);
      expect(form.status).to.equal(200);
      const token = v.csrf(form.body);
      const invalid = await v.post(`${base}/account/addresses`, { _csrf: token, ...address(1, { street: '', country_iso: 'XX' }) });
      expect(invalid.status).to.equal(422);
      expect(invalid.body).to.include('Please check the fields').and.include('Street');
      const added = await v.post(`${base}/account/addresses`, { _csrf: token, ...address(1) });
      expect(added.headers.location).to.equal(`${base}/account?notice=address_saved#addresses`);
      await v.post(`${base}/account/addresses`, { _csrf: token, ...address(2) });
      let page = await v.get(`${base}/account`);
      const ids = [...page.body.matchAll(/data-address="(\d+)"/g)].map((m) => m[1]);
      expect(ids).to.have.length(2);
      // The first of its type became the default; the second can be made the default.
      expect(page.body.match(/class="default"/g)).to.have.length(1);
      expect(page.body)
        .to.include(`action="${base}/account/addresses/${ids[1]}/default"`)
        .and.not.include(`action="${base}/account/addresses/${ids[0]}/default"`);
      await v.post(`${base}/account/addresses/${ids[1]}/default`, { _csrf: token });
      page = await v.get(`${base}/account`);
      expect(page.body).to.include(`action="${base}/account/addresses/${ids[0]}/default"`);
      // Edit.
      const edit = await v.get(`${base}/account/addresses/${ids[0]}`);
      expect(edit.body).to.include('value="1 rue Haute"');
      await v.post(`${base}/account/addresses/${ids[0]}`, {
        _csrf: token,
        ...address(1, { street: '1a <b>rue</b> Basse', type: 'billing' }),
      });
      page = await v.get(`${base}/account`);
      expect(page.body).to.include('1a &lt;b&gt;rue&lt;/b&gt; Basse').and.include('Billing');
      // The same data through the shop API's rules: another customer's address is unknown here.
      const stranger = visitor(app);
      const sform = await stranger.get(`${base}/register`);
      await stranger.post(`${base}/register`, {
        _csrf: stranger.csrf(sform.body),
        email: `s-${Date.now()}@customer.test`,
        password: 'a-long-password-1',
        first_name: 'S',
        last_name: 'T',
      });
      expect((await stranger.get(`${base}/account/addresses/${ids[0]}`)).status).to.equal(404);
      expect((await stranger.post(`${base}/account/addresses/${ids[0]}/delete`, { _csrf: stranger.csrf(sform.body) })).status).to.equal(
        404,
      );
      // Delete.
      const deleted = await v.post(`${base}/account/addresses/${ids[0]}/delete`, { _csrf: token });
      expect(deleted.headers.location).to.equal(`${base}/account?notice=address_deleted#addresses`);
      // Up to ten; the eleventh is refused with the page's message.
      for (let n = 3; n <= 11; n++)
        expect((await v.post(`${base}/account/addresses`, { _csrf: token, ...address(n) })).headers.location).to.include(
          'notice=address_saved',
        );
      const eleventh = await v.post(`${base}/account/addresses`, { _csrf: token, ...address(12) });
      expect(eleventh.headers.location).to.equal(`${base}/account?error=address_limit#addresses`);
      page = await v.get(`${base}/account?error=address_limit`);
      expect(page.body).to.include('You can save at most 10 addresses').and.include('(10/10)');
      expect(page.body.match(/data-address=/g)).to.have.length(10);
    });
  });
});
