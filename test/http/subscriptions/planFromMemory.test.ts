import { expect } from 'chai';
import pg from 'pg';
import { testApp, type TestApp } from '../../support/app.ts';
import { requirePostgres } from '../../support/database.ts';
import { putOnTier } from '../../support/plans.ts';
import { signedIn, signedInAdmin } from '../../support/backOffice.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';
import { quiet } from '../../support/tenantData.ts';

/** The tables the plan and the access were read from on every vendor request before they were held in memory. */
const PLAN_AND_ACCESS =
  /\b(subscription_tiers|vendor_subscriptions|vendor_legacy_plans|subscription_settings|vendor_add_ons|vendor_team_members|user_list|company_list)\b/;
/** What a back-office page's frame read on every page before it came from memory: who is signed in, and the vendor's name and language. */
/** The admin guard's read of the caller's role and status, on every admin request before it came from memory. */
const ADMIN_GUARD = /FROM user_list WHERE id = \$1/;
const FRAME = /from "(user_list|vendor_list)" where "id" = \$1/;

/**
 * A gated route costs what an ungated one costs: the vendor guard, the feature gate and the
 * limits read the caller's access and the vendor's plan from the instance's memory views, so a
 * request sends no statement for them. Counted on the statements node-postgres sends while the
 * requests run, one after another.
 */
describe('plan and access from memory: no statement per request', () => {
  let app: TestApp;
  let v: VendorFixture;
  const sent: string[] = [];
  const query = pg.Client.prototype.query;

  before(async function () {
    await requirePostgres(this, 'the statements are counted on the node-postgres client');
    app = await testApp();
    v = await createVendorWithOwner(app);
    await putOnTier(app, v.vendorId, 'business');
  });

  afterEach(() => {
    pg.Client.prototype.query = query;
  });

  async function counted(
    request: () => Promise<{ status: number }>,
    n: number,
  ): Promise<{ perRequest: number; planOrAccess: string[]; frame: string[]; adminGuard: string[] }> {
    // Projections a moment behind the fixtures' commands (those written inline are not waited for)
    // would otherwise send their statements while these requests are counted.
    await quiet(app);
    sent.length = 0;
    pg.Client.prototype.query = function (this: pg.Client, config: any, ...rest: any[]) {
      sent.push(typeof config === 'string' ? config : (config?.text ?? ''));
      return (query as any).call(this, config, ...rest);
    } as any;
    for (let i = 0; i < n; i++) expect((await request()).status).to.equal(200);
    pg.Client.prototype.query = query;
    // The read models' statistics (ANALYZE after a burst of writes) run in the background, not in a request's path.
    const inRequests = sent.filter((s) => !/^ANALYZE /i.test(s));
    return {
      perRequest: inRequests.length / n,
      planOrAccess: inRequests.filter((s) => PLAN_AND_ACCESS.test(s) || FRAME.test(s)),
      frame: inRequests.filter((s) => FRAME.test(s)),
      adminGuard: inRequests.filter((s) => ADMIN_GUARD.test(s)),
    };
  }

  it('a gated vendor route reads neither the plan nor the access from the database', async () => {
    const gated = await counted(() => app.call('GET', '/api/v1/vendor/extmarket/credentials', { token: v.ownerToken }), 20);
    const ungated = await counted(() => app.call('GET', '/api/v1/vendor/settings', { token: v.ownerToken }), 20);
    console.log(
      `      statements per request: gated GET /vendor/extmarket/credentials ${gated.perRequest.toFixed(2)}, ungated GET /vendor/settings ${ungated.perRequest.toFixed(2)} (background consumers included)`,
    );
    expect(gated.planOrAccess, 'statements on the plan and access tables').to.deep.equal([]);
  });

  it('a refusal by the gate or the limits reads nothing either', async () => {
    const other = await createVendorWithOwner(app);
    const refused = await counted(async () => {
      const r = await app.call('GET', '/api/v1/vendor/extmarket/credentials', { token: other.ownerToken });
      expect(r.body.code).to.equal('FeatureNotAvailableException');
      return { status: 200 };
    }, 10);
    expect(refused.planOrAccess).to.deep.equal([]);
  });

  it('a back-office page greets whoever is signed in from memory too: a vendor page reads no user, vendor, plan or access row', async () => {
    const vendorPage = await signedIn(app, 'vendor', v.ownerEmail, v.ownerPassword, v.vendorCode);
    const adminPage = await signedInAdmin(app);
    const vendorSide = await counted(() => vendorPage.get('/vendor/messages'), 5);
    const adminSide = await counted(() => adminPage.get('/admin/messages'), 5);
    expect(vendorSide.planOrAccess).to.deep.equal([]);
    expect(adminSide.frame).to.deep.equal([]);
    expect(adminSide.adminGuard).to.deep.equal([]);
  });

  it('the admin API checks its caller from memory too', async () => {
    const token = await app.adminToken();
    const guarded = await counted(() => app.call('GET', '/api/v1/admin/dashboard', { token }), 5);
    expect(guarded.adminGuard).to.deep.equal([]);
  });

  it('a changed name shows in the frame of the next page', async () => {
    const vendorPage = await signedIn(app, 'vendor', v.ownerEmail, v.ownerPassword, v.vendorCode);
    const changed = await app.call('PUT', `/api/v1/admin/users/${v.ownerUserId}`, {
      token: await app.adminToken(),
      body: { first_name: 'Grace', last_name: 'Hopper' },
    });
    expect(changed.status, JSON.stringify(changed.body)).to.equal(200);
    expect((await vendorPage.get('/vendor/messages')).body).to.contain('Grace Hopper');
  });
});
