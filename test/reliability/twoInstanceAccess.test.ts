import { expect } from 'chai';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { cancelAddOn, recordAddOnPurchase } from '../../commands/billing/handlers.ts';
import { seedTiers } from '../../commands/subscriptions/handlers/seedTiers.ts';
import { createUser } from '../../commands/users/handlers.ts';
import { loadConfig } from '../../src/config.ts';
import { createApp } from '../../src/http/app.ts';
import { consumers, memoryViews, modules } from '../../src/modules/index.ts';
import { startBackground } from '../../src/modules/registry.ts';
import { openDatabase } from '../../src/runtime/database.ts';
import { createLogger } from '../../src/runtime/logger.ts';
import { createServices, type Services } from '../../src/runtime/services.ts';
import { vendorPlansView } from '../../projections/subscriptions/vendorPlansView.ts';
import { ADMIN, callService, type TestApp } from '../support/app.ts';
import { freshPostgresDatabase, requirePostgres } from '../support/database.ts';
import { teamMember } from '../support/messaging.ts';
import { putOnTier } from '../support/plans.ts';
import { createVendorWithOwner, shopHeaders, type VendorFixture } from '../support/tenancy.ts';

interface Instance {
  url: string;
  services: Services;
  stop(): Promise<void>;
}

/** One service instance in this process: its own pools, consumers, memory views and HTTP server, on the shared database. */
async function instance(url: string, first: boolean): Promise<Instance> {
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, JWT_SECRET: 'two-instance-access-secret-long-enough-0123456789' });
  const db = await openDatabase({ url, poolMax: 6 });
  const services = await createServices(config, createLogger('silent'), { consumers, views: memoryViews, db });
  if (first) {
    await services.settle(
      (
        await createUser(
          { store: services.store, db: services.db.knex, clock: services.clock },
          { ...ADMIN, role: 'admin' },
          { userId: 'system:test', correlationId: 'two-instances' },
        )
      ).done,
    );
    await services.settle(await seedTiers(services.store, services.clock.now()));
  }
  const background = await startBackground(services, modules);
  const server: Server = createApp(services).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    services,
    async stop() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await background.stop();
      await services.close();
      await db.close();
    },
  };
}

/** What the test fixtures need of an app: calls and an admin token, here against one instance. */
function client(i: Instance): TestApp {
  let token: string | null = null;
  const app = {
    url: i.url,
    services: i.services,
    call: (method: string, path: string, options = {}) => callService(i.url, method, path, options),
    async adminToken() {
      if (token) return token;
      const res = await callService(i.url, 'POST', '/api/v1/admin/auth/login', {
        body: { email_or_username: ADMIN.email, password: ADMIN.password },
      });
      token = res.body.access_token as string;
      return token;
    },
  };
  return app as unknown as TestApp;
}

/**
 * Plan and access held in each instance's memory (src/runtime/memoryViews.ts) end on every
 * instance within the live tail's delay: a change made through instance A is refused by instance
 * B, which held the old access in memory, as soon as B's tail reads the event (NOTIFY, not the
 * one-second poll). Each case polls B from the moment A answered and records how long B still
 * let the request through.
 */
describe('reliability: plan and access changes reach the other instance', function () {
  this.timeout(300_000);
  let drop: () => Promise<void>;
  let a: Instance;
  let b: Instance;
  let onA: TestApp;
  let onB: TestApp;
  const delays: Record<string, number> = {};

  before(async function () {
    const server = await requirePostgres(this, 'two instances share one database');
    const fresh = await freshPostgresDatabase(server);
    drop = fresh.drop;
    a = await instance(fresh.url, true);
    b = await instance(fresh.url, false);
    onA = client(a);
    onB = client(b);
  });

  after(async () => {
    const tail = await tailLag(a, b);
    console.log(
      `      live tail A→B over 40 changes: p50 ${tail.p50.toFixed(1)} ms, p99 ${tail.p99.toFixed(1)} ms; refused on B after: ${Object.entries(
        delays,
      )
        .map(([k, v]) => `${k} ${v.toFixed(1)} ms`)
        .join(', ')}`,
    );
    await b?.stop();
    await a?.stop();
    await drop?.();
  });

  /** Polls B until `refused` holds for its answer; returns the milliseconds since A answered. */
  async function refusedOnB(
    name: string,
    request: () => Promise<{ status: number; body: any }>,
    refused: (r: { status: number; body: any }) => boolean,
  ): Promise<number> {
    const started = performance.now();
    for (;;) {
      const r = await request();
      if (refused(r)) break;
      if (performance.now() - started > 5_000) throw new Error(`${name}: instance B still answers ${r.status} after 5 s`);
    }
    const ms = performance.now() - started;
    delays[name] = ms;
    // Within the NOTIFY path: the tail's fallback poll (1 s) would take longer.
    expect(ms, `${name} on the other instance`).to.be.below(900);
    return ms;
  }

  async function vendor(): Promise<VendorFixture> {
    const v = await createVendorWithOwner(onA);
    await putOnTier(onA, v.vendorId, 'enterprise');
    return v;
  }

  it('a deactivated user', async () => {
    const v = await vendor();
    const settings = () => onB.call('GET', '/api/v1/vendor/settings', { token: v.ownerToken });
    expect((await settings()).status).to.equal(200);
    const res = await onA.call('PUT', `/api/v1/admin/users/${v.ownerUserId}/status`, {
      token: await onA.adminToken(),
      body: { is_active: false },
    });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    await refusedOnB('deactivated user', settings, (r) => r.status === 401);
  });

  it('a deactivated admin, and an admin made a vendor user', async () => {
    const token = await onA.adminToken();
    const made = await Promise.all(
      [1, 2].map(async (n) => {
        const name = `second-admin-${n}-${Date.now()}`;
        const res = await onA.call('POST', '/api/v1/admin/users', {
          token,
          body: { email: `${name}@platform.test`, username: name, password: 'a-long-password-1', role: 'admin' },
        });
        expect(res.status, JSON.stringify(res.body)).to.equal(201);
        const login = await onB.call('POST', '/api/v1/admin/auth/login', {
          body: { email_or_username: name, password: 'a-long-password-1' },
        });
        return { id: res.body.id as number, token: login.body.access_token as string };
      }),
    );
    const dashboard = (t: string) => () => onB.call('GET', '/api/v1/admin/dashboard', { token: t });
    expect((await dashboard(made[0].token)()).status).to.equal(200);
    expect((await onA.call('PUT', `/api/v1/admin/users/${made[0].id}/status`, { token, body: { is_active: false } })).status).to.equal(200);
    await refusedOnB('deactivated admin', dashboard(made[0].token), (r) => r.status === 401);
    expect((await dashboard(made[1].token)()).status).to.equal(200);
    const demoted = await onA.call('PUT', `/api/v1/admin/users/${made[1].id}`, { token, body: { role: 'vendor' } });
    expect(demoted.status, JSON.stringify(demoted.body)).to.equal(200);
    await refusedOnB('admin made a vendor user', dashboard(made[1].token), (r) => r.status === 403);
  });

  it('a removed member', async () => {
    const v = await vendor();
    const m = await teamMember(onA, v, 'viewer');
    const settings = () => onB.call('GET', '/api/v1/vendor/settings', { token: m.token });
    expect((await settings()).status).to.equal(200);
    expect((await onA.call('DELETE', `/api/v1/vendor/team/members/${m.id}`, { token: v.ownerToken })).status).to.equal(200);
    await refusedOnB('removed member', settings, (r) => r.status === 403 && r.body.code === 'VendorAccessDeniedException');
  });

  it('a role change', async () => {
    const v = await vendor();
    const m = await teamMember(onA, v, 'viewer');
    const team = () => onB.call('GET', '/api/v1/vendor/team/members', { token: m.token });
    expect((await team()).status).to.equal(200);
    const res = await onA.call('PUT', `/api/v1/vendor/team/members/${m.id}`, { token: v.ownerToken, body: { role: 'staff' } });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    await refusedOnB('role change', team, (r) => r.status === 403 && r.body.code === 'InsufficientVendorPermissionsException');
  });

  it('a downgrade', async () => {
    const v = await vendor();
    const credentials = () => onB.call('GET', '/api/v1/vendor/extmarket/credentials', { token: v.ownerToken });
    expect((await credentials()).status).to.equal(200);
    await putOnTier(onA, v.vendorId, 'essential');
    await refusedOnB('downgrade', credentials, (r) => r.status === 403 && r.body.code === 'FeatureNotAvailableException');
  });

  it('an expired trial', async () => {
    const v = await createVendorWithOwner(onA);
    await putOnTier(onA, v.vendorId, 'professional', { status: 'trialing' });
    const credentials = () => onB.call('GET', '/api/v1/vendor/extmarket/credentials', { token: v.ownerToken });
    expect((await credentials()).status).to.equal(200);
    await putOnTier(onA, v.vendorId, 'professional', { status: 'expired' });
    await refusedOnB('expired trial', credentials, (r) => r.status === 403 && r.body.code === 'FeatureNotAvailableException');
  });

  it("a deactivated vendor's shop, and the shop's new profile", async () => {
    const v = await createVendorWithOwner(onA);
    const shop = () => onB.call('GET', '/api/v1/shop/vendor', { headers: shopHeaders(v.vendorCode) });
    expect((await shop()).status).to.equal(200);
    const renamed = await onA.call('PUT', '/api/v1/vendor/settings/localization', {
      token: v.ownerToken,
      body: { storefront_locale: 'de-LU' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).to.equal(200);
    await refusedOnB('shop locale', shop, (r) => r.status === 200 && r.body.locale === 'de-LU');
    const off = await onA.call('PUT', `/api/v1/admin/vendors/${v.vendorId}/status`, {
      token: await onA.adminToken(),
      body: { is_active: false },
    });
    expect(off.status, JSON.stringify(off.body)).to.equal(200);
    await refusedOnB('deactivated shop', shop, (r) => r.status === 404 && r.body.code === 'VendorNotFoundException');
  });

  it("the platform's storefront locale", async () => {
    const v = await createVendorWithOwner(onA);
    const shop = () => onB.call('GET', '/api/v1/shop/vendor', { headers: shopHeaders(v.vendorCode) });
    expect((await shop()).body.locale_source).to.not.equal('platform');
    const token = await onA.adminToken();
    try {
      const set = await onA.call('PUT', '/api/v1/admin/settings/localization', { token, body: { storefront_locale: 'fr-LU' } });
      expect(set.status, JSON.stringify(set.body)).to.equal(200);
      await refusedOnB('platform locale', shop, (r) => r.body.locale_source === 'platform' && r.body.locale === 'fr-LU');
    } finally {
      await onA.call('PUT', '/api/v1/admin/settings/localization', { token, body: { storefront_locale: null } });
    }
  });

  it('a canceled add-on', async () => {
    const v = await createVendorWithOwner(onA);
    // No product of its own allowed: only the add-on's 500 let the vendor create one.
    await putOnTier(onA, v.vendorId, 'essential', { custom_limits: { products: 0 } });
    const ctx = { userId: 'system:test', correlationId: 'two-instances-add-on' };
    const bought = await recordAddOnPurchase(
      a.services.store,
      { vendor_id: v.vendorId, add_on_code: 'extra_products_500', quantity: 1, stripe_ref: null, at: new Date().toISOString() },
      ctx,
    );
    await a.services.settle([bought]);
    let n = 0;
    const create = () =>
      onB.call('POST', '/api/v1/vendor/products', {
        token: v.ownerToken,
        body: { vendor_sku: `TWO-${n++}`, price_cents: 100, translations: { en: { title: 'Two instances' } } },
      });
    const created = await create();
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    await a.services.settle([await cancelAddOn(a.services.store, bought.add_on_id, v.vendorId, new Date().toISOString(), ctx)]);
    await refusedOnB('canceled add-on', create, (r) => r.body?.code === 'TierLimitExceededException');
  });
});

/** How long B's views take to apply a plan change appended through A (p50, p99 of 40). */
async function tailLag(a: Instance, b: Instance): Promise<{ p50: number; p99: number }> {
  const lags: number[] = [];
  for (let i = 0; i < 40; i++) {
    const [r] = await seedTierChange(a, i);
    const started = performance.now();
    await b.services.views.waitFor(r.position!, r.eventTypes, 5_000);
    lags.push(performance.now() - started);
  }
  expect(b.services.views.get(vendorPlansView).tiers.get('essential')!.description).to.equal('lag probe 39');
  lags.sort((x, y) => x - y);
  return { p50: lags[20], p99: lags[Math.ceil(lags.length * 0.99) - 1] };
}

async function seedTierChange(a: Instance, i: number) {
  const { changeTier } = await import('../../commands/subscriptions/handlers/tiers.ts');
  return changeTier(
    { store: a.services.store, now: () => new Date(), activeSubscriptions: async () => 0 },
    'essential',
    { description: `lag probe ${i}` },
    { userId: 'system:test', correlationId: `lag-${i}` },
  );
}
