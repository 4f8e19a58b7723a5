import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';

/** SPEC.md 4.4 platform area: pricing for prospective vendors, from the tiers read model billing uses. */
describe('platform pricing', () => {
  let app: TestApp;
  before(async () => {
    app = await testApp();
  });

  it('answers the offered tiers with monthly and yearly prices, limits and named features, the add-ons and the 30-day trial, without a credential', async () => {
    const res = await app.call('GET', '/api/v1/platform/pricing');
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ currency: 'EUR', trial_days: 30 });
    const admin = await app.adminToken();
    const offered = (await app.call('GET', '/api/v1/admin/subscriptions/tiers', { token: admin })).body;
    const active = (Array.isArray(offered) ? offered : offered.items).filter((t: any) => t.is_active);
    expect(res.body.tiers.map((t: any) => t.code)).to.deep.equal(active.map((t: any) => t.code));
    const first = res.body.tiers[0];
    expect(first).to.have.keys('code', 'name', 'description', 'price_monthly_cents', 'price_yearly_cents', 'limits', 'features');
    expect(first.features[0]).to.have.keys('code', 'name');
    expect(res.body.add_ons.map((a: any) => a.code)).to.include('extra_seat');
  });
});
