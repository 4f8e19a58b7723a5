import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { signedIn } from '../../support/backOffice.ts';
import { subscribedVendor } from '../../support/billing.ts';
import { eventually } from '../../support/eventually.ts';
import { teamMember } from '../../support/messaging.ts';
import type { VendorFixture } from '../../support/tenancy.ts';

type Visitor = Awaited<ReturnType<typeof signedIn>>;

/**
 * The vendor's billing page (src/pages/billing): plan, usage against the limits, tiers, add-ons,
 * upcoming invoice and history, and its forms through the vendor API's own commands against the
 * local Stripe server; billing.view to read, billing.manage and the form token to act, the
 * vendor's own add-ons only.
 */
describe('billing page of the vendor back office', function () {
  this.timeout(120_000);
  let app: TestApp;
  let v: VendorFixture;
  let owner: Visitor;
  let token: string;

  before(async function () {
    this.timeout(180_000);
    app = await testApp();
    v = await subscribedVendor(app);
    owner = await signedIn(app, 'vendor', v.ownerEmail, v.ownerPassword);
  });

  it('shows the plan, the usage against its limits, the tiers and the upcoming invoice from Stripe', async () => {
    const page = await eventually(
      async () => {
        const res = await owner.get('/vendor/billing');
        return res.status === 200 && res.body.includes('Amount due') ? res : null;
      },
      'the billing account at Stripe',
      15_000,
    );
    token = owner.csrf(page.body);
    expect(page.body).to.contain('<strong>Essential</strong>').and.contain('trialing');
    expect(page.body).to.contain('Products').and.contain('0 of 100').and.contain('Team members');
    expect(page.body).to.contain('€29.00').and.contain('Switch to Professional').and.contain('500 extra products');
    expect(page.body).to.contain('No invoice yet.');
  });

  it('switches the tier through the form: the plan and the limits follow at once', async () => {
    const res = await owner.post('/vendor/billing/tier', { _csrf: token, tier_code: 'professional' });
    expect(res.status).to.equal(303);
    expect(res.headers.location).to.equal('/vendor/billing');
    const page = await owner.get('/vendor/billing');
    expect(page.body).to.contain('You are now on Professional.').and.contain('0 of 1,000');
    const usage = await app.call('GET', '/api/v1/vendor/usage', { token: v.ownerToken });
    expect(usage.body.plan.tier_code).to.equal('professional');
    const refused = await owner.post('/vendor/billing/tier', { _csrf: token, tier_code: 'platinum' });
    expect((await owner.get(String(refused.headers.location))).body).to.contain('not found');
  });

  it('buys an add-on through Stripe Checkout and cancels it from the page', async () => {
    const res = await owner.post('/vendor/billing/add-ons', { _csrf: token, add_on_code: 'extra_products_500', quantity: '2' });
    expect(res.status).to.equal(303);
    const location = String(res.headers.location);
    expect(location.startsWith(app.stripe.url), location).to.equal(true);
    await app.stripe.completeCheckout(location.split('/').pop()!);
    const addOn = await eventually(
      () => app.services.db.knex('vendor_add_ons').where({ vendor_id: v.vendorId, status: 'active' }).first(),
      'the add-on',
      10_000,
    );
    const page = await owner.get('/vendor/billing');
    expect(page.body).to.contain('× 2').and.contain('0 of 2,000').and.contain(`/vendor/billing/add-ons/${addOn.id}/cancel`);

    const b = await subscribedVendor(app);
    const other = await signedIn(app, 'vendor', b.ownerEmail, b.ownerPassword);
    const otherPage = await other.get('/vendor/billing');
    expect(otherPage.body).not.to.contain(addOn.id);
    const foreign = await other.post(`/vendor/billing/add-ons/${addOn.id}/cancel`, { _csrf: other.csrf(otherPage.body) });
    expect((await other.get(String(foreign.headers.location))).body).to.contain('Add-on not found');

    const canceled = await owner.post(`/vendor/billing/add-ons/${addOn.id}/cancel`, { _csrf: token });
    expect((await owner.get(String(canceled.headers.location))).body)
      .to.contain('The add-on 500 extra products is canceled.')
      .and.contain('0 of 1,000');
  });

  it('refuses every form without the form token, and without billing.manage; the page without billing.view', async () => {
    for (const path of ['/vendor/billing/tier', '/vendor/billing/add-ons', '/vendor/billing/add-ons/x/cancel']) {
      expect((await owner.post(path, { tier_code: 'business', add_on_code: 'extra_seat' })).status, path).to.equal(403);
      expect((await owner.post(path, { _csrf: 'x'.repeat(43), tier_code: 'business', add_on_code: 'extra_seat' })).status, path).to.equal(
        403,
      );
    }
    const manager = await teamMember(app, v, 'manager', 'Max');
    const m = await signedIn(app, 'vendor', manager.email, manager.password);
    const page = await m.get('/vendor/billing');
    expect(page.status).to.equal(200);
    expect(page.body).not.to.contain('Switch to');
    const refused = await m.post('/vendor/billing/tier', { _csrf: m.csrf(page.body), tier_code: 'business' });
    expect(refused.status).to.equal(403);
    expect(refused.body).to.contain('billing.manage');
    expect((await app.call('GET', '/api/v1/vendor/usage', { token: v.ownerToken })).body.plan.tier_code).to.equal('professional');

    const viewer = await teamMember(app, v, 'viewer', 'Vic');
    const vi = await signedIn(app, 'vendor', viewer.email, viewer.password);
    expect((await vi.get('/vendor/billing')).status).to.equal(403);
  });
});
