import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { ADDRESS, registerCustomer, shopClient, type Customer, type ShopClient } from '../../support/customers.ts';
import { createVendorWithOwner } from '../../support/tenancy.ts';

/**
 * SPEC.md part 2 "Customer address", part 8: at most 10 saved addresses per customer, at most one
 * default per type, both country fields present and consistent; another customer's address is a 404.
 */
describe('shop customer addresses', () => {
  let app: TestApp;
  let shop: ShopClient;

  before(async () => {
    app = await testApp();
    shop = shopClient(app, await createVendorWithOwner(app));
  });

  const add = (c: Customer, over: Record<string, unknown> = {}) =>
    shop.call('POST', '/addresses', { token: c.token, body: { ...ADDRESS, ...over } });
  const list = async (c: Customer) => (await shop.call('GET', '/addresses', { token: c.token })).body;
  const defaults = async (c: Customer, type: string) =>
    (await list(c)).items.filter((a: any) => a.type === type && a.is_default).map((a: any) => a.id);

  it('saves an address; the first of its type is the default; the list shows it', async () => {
    const c = await registerCustomer(shop);
    const res = await add(c, { company: 'Analytical Engines', phone: '+352 123 456' });
    expect(res.status).to.equal(201);
    expect(res.body).to.include({
      type: 'shipping',
      country_iso: 'LU',
      country_name: 'Luxembourg',
      is_default: true,
      company: 'Analytical Engines',
      street_2: null,
    });
    const second = await add(c, { city: 'Esch-sur-Alzette' });
    expect(second.body.is_default).to.equal(false);
    const body = await list(c);
    expect(body).to.include({ total: 2, page: 1, limit: 20 });
    expect(body.items.map((a: any) => a.id)).to.deep.equal([res.body.id, second.body.id]);
  });

  it('keeps one default per type: setting a new default unsets the previous one', async () => {
    const c = await registerCustomer(shop);
    const a = (await add(c)).body;
    const b = (await add(c)).body;
    const bill = (await add(c, { type: 'billing' })).body;
    expect(bill.is_default).to.equal(true);
    const res = await shop.call('PUT', `/addresses/${b.id}/default`, { token: c.token });
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ id: b.id, is_default: true });
    expect(await defaults(c, 'shipping')).to.deep.equal([b.id]);
    expect(await defaults(c, 'billing')).to.deep.equal([bill.id]);
    // is_default on a new address moves it too.
    const d = (await add(c, { is_default: true })).body;
    expect(await defaults(c, 'shipping')).to.deep.equal([d.id]);
    expect(a.id).to.not.equal(d.id);
  });

  it('stays at one default per type under 10 concurrent set-default requests', async () => {
    const c = await registerCustomer(shop);
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push((await add(c, { street: `${i} rue Haute` })).body.id);
    const answers = await Promise.all(ids.map((id) => shop.call('PUT', `/addresses/${id}/default`, { token: c.token })));
    for (const r of answers) expect([200, 409]).to.include(r.status);
    expect(answers.filter((r) => r.status === 200).length).to.be.greaterThan(0);
    const shipping = await defaults(c, 'shipping');
    expect(shipping).to.have.length(1);
    // The stream agrees with the list: one default in the aggregate's own state.
    const events = await app.services.store.readStream(`customer-${c.id}`);
    const moves = events.filter((e) => e.type === 'CustomerDefaultAddressChanged').map((e) => e.data as any);
    expect(moves[moves.length - 1].address_id).to.equal(shipping[0]);
    // Each move unset exactly the default its decision saw: the chain of previous ids is unbroken.
    for (let i = 1; i < moves.length; i++) expect(moves[i].previous_address_id).to.equal(moves[i - 1].address_id);
  });

  it('refuses an 11th address with AddressLimitExceededException, also under concurrency', async () => {
    const c = await registerCustomer(shop);
    for (let i = 0; i < 8; i++) await add(c, { street: `${i} rue Basse` });
    const racing = await Promise.all(Array.from({ length: 5 }, (_, i) => add(c, { street: `${i} place d'Armes` })));
    expect(racing.filter((r) => r.status === 201)).to.have.length(2);
    for (const r of racing.filter((x) => x.status !== 201))
      expect(r.body.code).to.be.oneOf(['AddressLimitExceededException', 'ConcurrencyException']);
    const eleventh = await add(c);
    expect(eleventh.status).to.equal(400);
    expect(eleventh.body.code).to.equal('AddressLimitExceededException');
    expect((await list(c)).total).to.equal(10);
  });

  it('refuses a type other than shipping or billing with InvalidAddressTypeException', async () => {
    const c = await registerCustomer(shop);
    const res = await add(c, { type: 'delivery' });
    expect(res.status).to.equal(422);
    expect(res.body.code).to.equal('InvalidAddressTypeException');
  });

  it('checks the country: a known ISO code, and a name that names it in en, fr, de or lb (derived when left out)', async () => {
    const c = await registerCustomer(shop, { preferred_language: 'de' });
    expect((await add(c, { country_iso: 'de', country_name: 'Allemagne' })).body).to.include({
      country_iso: 'DE',
      country_name: 'Allemagne',
    });
    expect((await add(c, { country_iso: 'LU', country_name: 'Lëtzebuerg' })).status).to.equal(201);
    const derived = await add(c, { country_iso: 'FR', country_name: undefined });
    expect(derived.body.country_name).to.equal('Frankreich');
    const unknown = await add(c, { country_iso: 'XX', country_name: 'Nowhere' });
    expect(unknown.status).to.equal(422);
    expect(unknown.body.errors[0].pointer).to.equal('/body/country_iso');
    const mismatch = await add(c, { country_iso: 'DE', country_name: 'France' });
    expect(mismatch.status).to.equal(422);
    expect(mismatch.body.errors[0].pointer).to.equal('/body/country_name');
  });

  it('edits and deletes an address; a deleted default leaves its type without a default', async () => {
    const c = await registerCustomer(shop);
    const a = (await add(c)).body;
    const b = (await add(c)).body;
    const edited = await shop.call('PUT', `/addresses/${b.id}`, {
      token: c.token,
      body: { ...ADDRESS, street: '1 Grand-Rue', street_2: 'Apt 3' },
    });
    expect(edited.status).to.equal(200);
    expect(edited.body).to.include({ id: b.id, street: '1 Grand-Rue', street_2: 'Apt 3', is_default: false });
    const removed = await shop.call('DELETE', `/addresses/${a.id}`, { token: c.token });
    expect(removed.status).to.equal(200);
    const left = await list(c);
    expect(left.items.map((x: any) => [x.id, x.is_default])).to.deep.equal([[b.id, false]]);
    expect((await shop.call('DELETE', `/addresses/${a.id}`, { token: c.token })).status).to.equal(404);
  });

  it('moves an address to billing: it stops being the shipping default and becomes the billing one', async () => {
    const c = await registerCustomer(shop);
    const a = (await add(c)).body;
    const moved = await shop.call('PUT', `/addresses/${a.id}`, { token: c.token, body: { ...ADDRESS, type: 'billing' } });
    expect(moved.body).to.include({ type: 'billing', is_default: true });
    expect(await defaults(c, 'shipping')).to.deep.equal([]);
  });

  it("answers 404 for another customer's address, at the same shop and at another", async () => {
    const owner = await registerCustomer(shop);
    const address = (await add(owner)).body;
    const stranger = await registerCustomer(shop);
    const otherShop = shopClient(app, await createVendorWithOwner(app));
    const elsewhere = await registerCustomer(otherShop);
    for (const [client, c] of [
      [shop, stranger],
      [otherShop, elsewhere],
    ] as const) {
      for (const [method, path, body] of [
        ['PUT', `/addresses/${address.id}`, ADDRESS],
        ['DELETE', `/addresses/${address.id}`, undefined],
        ['PUT', `/addresses/${address.id}/default`, undefined],
      ] as const) {
        const res = await client.call(method, path, { token: c.token, body });
        expect(res.status, `${method} ${path}`).to.equal(404);
        expect(res.body.code).to.equal('AddressNotFoundException');
      }
      expect((await client.call('GET', '/addresses', { token: c.token })).body.total).to.equal(0);
    }
    expect((await list(owner)).items.map((a: any) => [a.id, a.street])).to.deep.equal([[address.id, ADDRESS.street]]);
  });
});
