import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { type ShopFixture } from '../../support/shop.ts';
import { storefrontShop, visitor } from '../../support/storefront.ts';

/**
 * Checkout from the cart: addresses saved or typed, a VAT number, the order placed once and shown.
 * The pages are server-rendered (docs/storefront.md).
 */
describe('the storefront pages: checkout', () => {
  let app: TestApp;
  let s: ShopFixture;
  let pan: number;

  before(async () => {
    app = await testApp();
    ({ s, pan } = await storefrontShop(app));
  });

  describe('checkout', () => {
    it('signs in first, places the order from the cart with a delivery address, confirms it and lists it in the account', async () => {
      const v = visitor(app);
      const base = `/vendors/${s.vendorCode}/shop`;
      const product = await v.get(`${base}/products/${pan}`);
      const token = v.csrf(product.body);
      await v.post(`${base}/cart/items`, { _csrf: token, product_id: String(pan), quantity: '1' });
      expect((await v.get(`${base}/cart`)).body).to.include(`href="${base}/checkout"`);
      const away = await v.get(`${base}/checkout`);
      expect(away.status).to.equal(303);
      expect(away.headers.location).to.equal(`${base}/login?return=${encodeURIComponent(`${base}/checkout`)}`);
      const email = `buyer-${Date.now()}@customer.test`;
      const registered = await v.post(`${base}/register`, {
        _csrf: token,
        return: `${base}/checkout`,
        email,
        password: 'a-long-password-1',
        first_name: 'Cleo',
        last_name: 'Buyer',
      });
      expect(registered.headers.location).to.equal(`${base}/checkout`);
      const form = await v.get(`${base}/checkout`);
      expect(form.status).to.equal(200);
      expect(form.body).to.include('Copper pan').and.include('value="Cleo"').and.include('<option value="LU" selected>');

      const missing = await v.post(`${base}/checkout`, {
        _csrf: token,
        first_name: 'Cleo',
        last_name: 'Buyer',
        street: '',
        postal_code: 'L-1611',
        city: 'Luxembourg',
        country_iso: 'LU',
      });
      expect(missing.status).to.equal(422);
      expect(missing.body).to.include('street');
      const address = {
        _csrf: token,
        first_name: 'Cleo',
        last_name: 'Buyer',
        street: '12 rue de la Gare',
        postal_code: 'L-1611',
        city: 'Luxembourg',
        country_iso: 'LU',
      };
      const placed = await v.post(`${base}/checkout`, address);
      expect(placed.status).to.equal(303);
      const confirmation = placed.headers.location as string;
      expect(confirmation).to.match(new RegExp(`^${base}/orders/\\d+\\?notice=placed$`));
      const page = await v.get(confirmation);
      expect(page.status).to.equal(200);
      expect(page.body)
        .to.match(/Thank you! Your order \S+ has been placed\./)
        .and.include('Copper pan')
        .and.include('12 rue de la Gare');
      // The same form sent again places nothing more.
      const again = await v.post(`${base}/checkout`, address);
      expect(again.status).to.equal(303);
      const account = await v.get(`${base}/account`);
      expect(account.body.match(/<tr class="order">/g)).to.have.length(1);
      // Somebody else's order is not found.
      const stranger = visitor(app);
      const strangerForm = await stranger.get(`${base}/register`);
      await stranger.post(`${base}/register`, {
        _csrf: stranger.csrf(strangerForm.body),
        email: `x-${Date.now()}@customer.test`,
        password: 'a-long-password-1',
        first_name: 'X',
        last_name: 'Y',
      });
      expect((await stranger.get(confirmation)).status).to.equal(404);
    });

    it('offers the saved addresses with the default chosen, a billing address typed in and a VAT number, and shows the status in words', async () => {
      const { startViesServer } = await import('../../support/viesServer.ts');
      const vies = await startViesServer({ DE811569869: { name: 'ACME GMBH', address: 'WEG 1, 10115 BERLIN' } });
      process.env.VIES_URL = vies.url;
      try {
        const v = visitor(app);
        const base = `/vendors/${s.vendorCode}/shop`;
        const register = await v.get(`${base}/register`);
        const token = v.csrf(register.body);
        await v.post(`${base}/register`, {
          _csrf: token,
          email: `saved-${Date.now()}@customer.test`,
          password: 'a-long-password-1',
          first_name: '<script>x()</script>',
          last_name: 'Saver',
        });
        const saved = { type: 'shipping', first_name: 'Dora', last_name: 'Saver', postal_code: '10115', city: 'Berlin', country_iso: 'DE' };
        await v.post(`${base}/account/addresses`, { _csrf: token, ...saved, street: 'Weg 1' });
        await v.post(`${base}/account/addresses`, { _csrf: token, ...saved, street: 'Weg 2', is_default: '1' });
        // The account lists the default first.
        const ids = [...(await v.get(`${base}/account`)).body.matchAll(/data-address="(\d+)"/g)].map((m) => m[1]);
        await v.post(`${base}/cart/items`, { _csrf: token, product_id: String(pan), quantity: '1' });
        const form = await v.get(`${base}/checkout`);
        expect(form.status).to.equal(200);
        // The default (Weg 2, added second) is chosen; billing is the delivery address unless said otherwise; the name is escaped.
        expect(form.body)
          .to.include(`name="shipping" value="${ids[0]}" checked`)
          .and.include(`name="shipping" value="${ids[1]}">`)
          .and.include('name="billing" value="same" checked')
          .and.include('value="&lt;script&gt;x()&lt;/script&gt;"');
        expect(form.body).not.to.include('<script>x()');
        // Somebody else's address id, or a billing address with a field missing, is the form again.
        const foreign = await v.post(`${base}/checkout`, { _csrf: token, shipping: '999999999', billing: 'same' });
        expect(foreign.status).to.equal(422);
        const badBilling = await v.post(`${base}/checkout`, {
          _csrf: token,
          shipping: ids[1],
          billing: 'new',
          billing_first_name: 'Acme',
          billing_last_name: 'GmbH',
        });
        expect(badBilling.status).to.equal(422);
        expect(badBilling.body).to.include('Billing address');
        const badVat = await v.post(`${base}/checkout`, { _csrf: token, shipping: ids[1], billing: 'same', vat_number: '<b>' });
        expect(badVat.status).to.equal(422);
        expect(badVat.body).to.include('VAT number').and.include('value="&lt;b&gt;"');
        const placed = await v.post(`${base}/checkout`, {
          _csrf: token,
          shipping: ids[1],
          billing: 'new',
          vat_number: 'DE811569869',
          billing_first_name: 'Acme',
          billing_last_name: 'GmbH',
          billing_company: 'ACME GmbH',
          billing_street: 'Weg 1',
          billing_postal_code: '10115',
          billing_city: 'Berlin',
          billing_country_iso: 'DE',
        });
        expect(placed.status).to.equal(303);
        expect(placed.headers.location).to.match(/\/orders\/\d+\?notice=placed$/);
        const order = await v.get(placed.headers.location as string);
        expect(order.body)
          .to.include('Weg 1')
          .and.include('ACME GmbH')
          .and.include('<span id="vat-number">DE811569869</span>')
          .and.include('<span class="status">Confirmed</span>')
          .and.include('Germany');
        const account = await v.get(`${base}/account`);
        expect(account.body).to.include('<td class="status">Confirmed</td>');
        v.jar.set('lang', 'de');
        expect((await v.get(placed.headers.location as string)).body).to.include('Bestätigt');
      } finally {
        delete process.env.VIES_URL;
        await vies.close();
      }
    });
  });
});
