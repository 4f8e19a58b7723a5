import { expect } from 'chai';
import { modules, scheduledTasks } from '../../../src/modules/index.ts';
import { taskSwitch } from '../../../src/modules/registry.ts';
import { sql } from '../../../src/runtime/database.ts';
import { Scheduler } from '../../../src/runtime/scheduler.ts';
import { SECOND_PLATFORM, testApp, type TestApp } from '../../support/app.ts';
import { createPlatformPage, newSlug, pageBody } from '../../support/contentPages.ts';
import { callWithHost, switchModules } from '../../support/platforms.ts';

describe("platform modules: the catalogue, each platform's set, and a module switched off", function () {
  this.timeout(60_000);
  let app: TestApp;
  let token: string;

  before(async () => {
    app = await testApp();
    token = await app.adminToken();
  });
  // Other test files share the app: every platform ends with every module on.
  afterEach(async () => {
    await switchModules(app, 'main', 'enable-all');
    await switchModules(app, SECOND_PLATFORM.code, 'enable-all');
  });

  it('lists every module of the service, core or optional, with its features and dependencies', async () => {
    const res = await app.call('GET', '/api/v1/admin/modules?limit=100', { token });
    expect(res.status).to.equal(200);
    expect(res.body.total).to.equal(modules.length);
    const byName = Object.fromEntries(res.body.items.map((m: any) => [m.name, m]));
    expect(byName.storefront).to.include({ core: false, title: byName.storefront.title });
    expect(byName.storefront.depends_on).to.deep.equal(['catalogue', 'carts', 'customers', 'orders', 'content-pages', 'vendors']);
    expect(byName['content-pages'].required_by).to.deep.equal(['storefront']);
    expect(byName.orders.features).to.include('Partial shipment');
    expect(byName.orders.required_by).to.include.members(['extmarket', 'invoices', 'storefront']);
    expect(byName.users.core).to.equal(true);
    expect(byName.messaging.core).to.equal(false);
    expect(byName['exchange-rates'].scheduled_tasks).to.deep.equal(['loadEcbReferenceRates']);
    // What a core module needs is core too: it could not stay on otherwise.
    for (const m of res.body.items.filter((x: any) => x.core)) {
      for (const d of m.depends_on) expect(byName[d].core, `${m.name} → ${d}`).to.equal(true);
    }
  });

  it('lists the platforms: the own one and the one PLATFORM_HOSTS names; an unknown code is a 404', async () => {
    const res = await app.call('GET', '/api/v1/admin/modules/platforms', { token });
    expect(res.status).to.equal(200);
    expect(res.body.items.map((p: any) => [p.code, p.is_own, p.hosts])).to.deep.equal([
      ['main', true, []],
      ['second', false, [SECOND_PLATFORM.host]],
    ]);
    const unknown = await app.call('GET', '/api/v1/admin/modules/platforms/elsewhere', { token });
    expect(unknown.status).to.equal(404);
    expect(unknown.body.code).to.equal('PlatformNotFoundException');
  });

  it('enabling a module pulls in what it needs and records it; disabling it releases them again', async () => {
    const bare = await switchModules(app, 'main', 'disable-optional');
    const core = bare.modules.filter((m: any) => m.core).map((m: any) => m.name);
    expect(bare.enabled).to.deep.equal(core);
    expect(core).to.include.members(['users', 'vendors', 'auth', 'platform-modules']).and.not.include('storefront');

    const res = await app.call('POST', '/api/v1/admin/modules/platforms/main/enable', { token, body: { module: 'storefront' } });
    expect(res.status).to.equal(200);
    expect(res.body.explicit).to.deep.equal(['storefront']);
    expect(res.body.pulled_in).to.deep.equal(['content-pages']);
    const pages = res.body.modules.find((m: any) => m.name === 'content-pages');
    expect(pages).to.include({ enabled: true, enabled_by: 'dependency', required_by: 'storefront' });
    expect(pages.needed_by).to.deep.equal(['storefront']);
    expect(res.body.changes).to.deep.equal([
      { module: 'content-pages', enabled: true, enabled_by: 'dependency', required_by: 'storefront', reason: null },
      { module: 'storefront', enabled: true, enabled_by: 'explicit', required_by: null, reason: null },
    ]);
    // The read model says the same.
    const read = await app.call('GET', '/api/v1/admin/modules/platforms/main', { token });
    expect(read.body.pulled_in).to.have.members(res.body.pulled_in);

    const released = await app.call('POST', '/api/v1/admin/modules/platforms/main/disable', { token, body: { module: 'storefront' } });
    expect(released.status).to.equal(200);
    expect(released.body.enabled).to.deep.equal(bare.enabled);
    expect(released.body.changes.map((c: any) => [c.module, c.reason])).to.deep.equal([
      ['storefront', 'explicit'],
      ['content-pages', 'no_longer_needed'],
    ]);
  });

  it('refuses to disable a module that is needed (naming who needs it) or core, and a set that misses a dependency', async () => {
    const needed = await app.call('POST', '/api/v1/admin/modules/platforms/main/disable', { token, body: { module: 'content-pages' } });
    expect(needed.status).to.equal(409);
    expect(needed.body).to.include({ code: 'ModuleRequiredException', module: 'content-pages' });
    expect(needed.body.required_by).to.deep.equal(['storefront']);
    expect(needed.body.detail).to.match(/storefront/);

    const core = await app.call('POST', '/api/v1/admin/modules/platforms/main/disable', { token, body: { module: 'users' } });
    expect(core.status).to.equal(400);
    expect(core.body.code).to.equal('CoreModuleException');

    const missing = await app.call('PUT', '/api/v1/admin/modules/platforms/main', { token, body: { modules: ['storefront', 'invoices'] } });
    expect(missing.status).to.equal(400);
    expect(missing.body).to.include({ code: 'ModuleDependencyMissingException', module: 'storefront' });
    expect(missing.body.missing).to.deep.equal(['content-pages']);

    const unknown = await app.call('POST', '/api/v1/admin/modules/platforms/main/enable', { token, body: { module: 'teleport' } });
    expect(unknown.status).to.equal(404);
    expect(unknown.body.code).to.equal('ModuleNotFoundException');
    // Nothing changed.
    expect((await app.call('GET', '/api/v1/admin/modules/platforms/main', { token })).body.disabled).to.deep.equal([]);
  });

  it('a module switched off answers as absent — the 404 of an unknown path, before its guard — and comes back with its data', async () => {
    const page = await createPlatformPage(app, pageBody(newSlug('modules')));
    // Every optional module but the two content areas (the storefront needs the content pages).
    const optional = (await app.call('GET', '/api/v1/admin/modules?limit=100', { token })).body.items
      .filter((m: any) => !m.core)
      .map((m: any) => m.name);
    const replaced = await app.call('PUT', '/api/v1/admin/modules/platforms/main', {
      token,
      body: { modules: optional.filter((m: string) => m !== 'storefront' && m !== 'content-pages') },
    });
    expect(replaced.status).to.equal(200);
    expect(replaced.body.disabled).to.have.members(['storefront', 'content-pages']);

    const unknownPath = await app.call('GET', '/api/v1/admin/no-such-area', { token });
    const off = await app.call('GET', '/api/v1/admin/content-pages', { token });
    const offShop = await app.call('GET', '/api/v1/shop/content-pages/navigation', { token });
    expect(off.status).to.equal(404);
    expect({ ...off.body, detail: undefined, instance: undefined }).to.deep.equal({
      ...unknownPath.body,
      detail: undefined,
      instance: undefined,
    });
    expect(offShop.status).to.equal(404);
    // Nothing of the route runs, its guard included (which would read the database): without a token it is still absent, not 401.
    expect((await app.call('GET', '/api/v1/admin/content-pages')).status).to.equal(404);

    // Its pages too: the admins' messages page answers as an unknown page does.
    // The vendor dashboard shows unread messages, so it needs messaging: it goes off first.
    await switchModules(app, 'main', 'disable', 'vendor-dashboard');
    await switchModules(app, 'main', 'disable', 'messaging');
    const unknownPage = await app.call('GET', '/admin/no-such-page');
    const messagesPage = await app.call('GET', '/admin/messages');
    expect(messagesPage.status).to.equal(unknownPage.status).and.to.equal(404);
    expect(JSON.stringify(messagesPage.body)).to.equal(JSON.stringify(unknownPage.body).replaceAll('no-such-page', 'messages'));

    await switchModules(app, 'main', 'enable', 'storefront');
    const list = await app.call('GET', '/api/v1/admin/content-pages?limit=100', { token });
    expect(list.status).to.equal(200);
    expect(list.body.items.map((p: any) => p.id)).to.include(page.id);
  });

  it("switches per platform: the request's host decides whose set applies", async () => {
    await switchModules(app, SECOND_PLATFORM.code, 'disable', 'themes');
    const own = await callWithHost(app, '127.0.0.1', 'GET', '/api/v1/admin/themes/presets', token);
    const second = await callWithHost(app, SECOND_PLATFORM.host, 'GET', '/api/v1/admin/themes/presets', token);
    expect(second.status).to.equal(404);
    expect(second.body.code).to.equal('RouteNotFound');
    expect(own.status).to.equal(200);
    const mainSet = await app.call('GET', '/api/v1/admin/modules/platforms/main', { token });
    expect(mainSet.body.disabled).to.deep.equal([]);
  });

  it("a module's scheduled tasks do not run while it is off on every platform, and run again once it is on", async () => {
    const scheduler = new Scheduler(app.services, scheduledTasks, app.services.logger, taskSwitch(app.services, modules));
    const task = scheduledTasks.find((t) => t.name === 'loadEcbReferenceRates')!;
    const tick = new Date(Date.UTC(2031, 0, 1, 15, 20, Math.floor(Math.random() * 60)));
    const claims = async () =>
      Number(
        (await sql(app.services.db.knex, 'SELECT count(*) AS n FROM scheduled_runs WHERE task = $1 AND tick = $2', [task.name, tick]))[0].n,
      );

    await switchModules(app, 'main', 'disable', 'exchange-rates');
    // On for the second platform: still runs.
    expect(await scheduler.fire(task, new Date(tick.getTime() - 3_600_000))).to.equal(true);
    await switchModules(app, SECOND_PLATFORM.code, 'disable', 'exchange-rates');
    expect(await scheduler.fire(task, tick)).to.equal(false);
    expect(await claims()).to.equal(0);

    await switchModules(app, 'main', 'enable', 'exchange-rates');
    expect(await scheduler.fire(task, tick)).to.equal(true);
    expect(await claims()).to.equal(1);
  });
});
