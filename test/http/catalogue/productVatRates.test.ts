import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { SELLER } from '../../support/invoices.ts';
import { newSessionId, openShop, ok, type ShopFixture } from '../../support/shop.ts';

/**
 * A vendor product's tax_rate_percent and VAT rate category never disagree, read in the seller's
 * member state (its invoice settings; Luxembourg until set): a percent that is one of the state's
 * rates sets the category, a category sets the percent, a percent that is none of them is a 422
 * naming the state's rates. Invoices and carts tax a product by its category, so the percent the
 * vendor gave is the rate the customer is charged.
 */
describe("vendor products: the tax rate and the VAT rate category agree in the seller's state", function () {
  this.timeout(60_000);
  let app: TestApp;
  let lu: ShopFixture;
  let de: ShopFixture;

  before(async () => {
    app = await testApp();
    [lu, de] = [await openShop(app), await openShop(app)];
    await ok(
      de.vendor('PUT', '/invoices/settings', { ...SELLER, company_name: 'Laden GmbH', company_country_iso: 'DE', vat_number: null }),
      'DE seller',
    );
  });

  const create = (s: ShopFixture, fields: Record<string, unknown>) =>
    s.vendor('POST', '/products', { title: 'Atlas', price_cents: 1030, ...fields });
  const rates = (body: any) => ({ tax_rate_percent: body.tax_rate_percent, vat_rate_category: body.vat_rate_category });

  it('takes 3 for a Luxembourg seller as its super-reduced rate, and the cart charges 3 %', async () => {
    const created = await create(lu, { tax_rate_percent: 3, is_digital: true });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    expect(rates(created.body)).to.deep.equal({ tax_rate_percent: 3, vat_rate_category: 'super_reduced' });
    const session = newSessionId();
    await ok(lu.shop('POST', `/cart/${session}/items`, { body: { product_id: created.body.id, quantity: 1 } }), 'cart');
    const cart = await ok(lu.shop('GET', `/cart/${session}`), 'cart');
    expect(cart.items.map((i: any) => i.vat_rate)).to.deep.equal([3]);
  });

  it('sets the percent from a category, and the category from a changed percent', async () => {
    const created = await create(lu, { vat_rate_category: 'parking' });
    expect(rates(created.body)).to.deep.equal({ tax_rate_percent: 14, vat_rate_category: 'parking' });
    const changed = await lu.vendor('PATCH', `/products/${created.body.id}`, { tax_rate_percent: 8 });
    expect(rates(changed.body)).to.deep.equal({ tax_rate_percent: 8, vat_rate_category: 'reduced' });
    const back = await lu.vendor('PATCH', `/products/${created.body.id}`, { vat_rate_category: 'standard' });
    expect(rates(back.body)).to.deep.equal({ tax_rate_percent: 17, vat_rate_category: 'standard' });
  });

  it("refuses a percent that is none of the state's rates with a 422 naming them, and a percent that contradicts the category", async () => {
    const none = await create(lu, { tax_rate_percent: 12 });
    expect(none.status).to.equal(422);
    expect(none.body.errors).to.deep.equal([
      {
        pointer: '/body/tax_rate_percent',
        message:
          "12 is not a VAT rate of Luxembourg, the seller's state: one of 17 (standard), 8 (reduced), 3 (super_reduced), 14 (parking), 0 (zero)",
      },
    ]);
    const contradicting = await create(lu, { tax_rate_percent: 17, vat_rate_category: 'reduced' });
    expect(contradicting.status).to.equal(422);
    expect(contradicting.body.errors[0].message).to.equal('disagrees with vat_rate_category reduced, whose rate in Luxembourg is 8');
    expect((await create(lu, { tax_rate_percent: 8, vat_rate_category: 'reduced' })).status).to.equal(201);
  });

  it("reads the rates of the seller's own state: 19 and 7 for a German seller, 17 refused", async () => {
    expect(rates((await create(de, { tax_rate_percent: 19 })).body)).to.deep.equal({ tax_rate_percent: 19, vat_rate_category: 'standard' });
    expect(rates((await create(de, { tax_rate_percent: 7 })).body)).to.deep.equal({ tax_rate_percent: 7, vat_rate_category: 'reduced' });
    const refused = await create(de, { tax_rate_percent: 17 });
    expect(refused.status).to.equal(422);
    expect(refused.body.errors[0].message).to.match(
      /^17 is not a VAT rate of Germany, the seller's state: one of 19 \(standard\), 7 \(reduced\)/,
    );
    // Without either, the state's standard rate.
    expect(rates((await create(de, {})).body)).to.deep.equal({ tax_rate_percent: 19, vat_rate_category: 'standard' });
  });
});
