import { expect } from 'chai';
import type { Context } from 'koa';
import { recordHistory } from '../../../src/pages/history/recordHistory.ts';
import { ADMIN, testApp, unique, type TestApp } from '../../support/app.ts';
import { seedExtmarketOrder } from '../../support/orders.ts';
import { createVendorWithOwner } from '../../support/tenancy.ts';

/**
 * The auditor's view of a record (src/pages/history/recordHistory.ts), on a user's stream made
 * through the admin API: the events newest first with who and what changed, secrets never shown,
 * and the record as of a time between two events.
 */
describe("a record's history card", function () {
  let app: TestApp;
  let id: number;
  let createdAt: string;

  const page = (query: Record<string, string> = {}) => ({ query, path: '/admin/users/x' }) as unknown as Context;

  before(async function () {
    this.timeout(120_000);
    app = await testApp();
    const token = await app.adminToken();
    const name = unique('audited');
    const created = await app.call('POST', '/api/v1/admin/users', {
      token,
      body: { email: `${name}@platform.test`, username: name, password: 'a-long-password-1', role: 'vendor' },
    });
    id = created.body.id;
    createdAt = (await app.services.store.readStream(`user-${id}`))[0]!.recorded_at;
    await new Promise((r) => setTimeout(r, 20));
    await app.call('PUT', `/api/v1/admin/users/${id}/status`, { token, body: { is_active: false } });
  });

  it('lists the events newest first, with who acted and the fields each one moved, never a secret', async () => {
    const out = String(await recordHistory(app.services, page(), 'en', `user-${id}`));
    const deactivated = out.indexOf('User deactivated') >= 0 ? out.indexOf('User deactivated') : out.indexOf('deactivated');
    expect(out).to.contain('History (2 events)');
    expect(deactivated).to.be.greaterThan(-1);
    expect(deactivated, 'newest first').to.be.lessThan(out.indexOf('User created'));
    expect(out).to.contain(ADMIN.username);
    expect(out).to.match(/<code>status<\/code>: <span class="muted">active<\/span> → inactive/);
    expect(out).to.not.contain('$argon2');
  });

  it('shows the record as it was at a time before the last event', async () => {
    const out = String(await recordHistory(app.services, page({ as_of: createdAt }), 'en', `user-${id}`));
    expect(out).to.contain('1 of 2 events');
    const asOf = out.slice(out.indexOf('As of'), out.indexOf('<ol class="timeline">'));
    expect(asOf).to.match(/<dt>status<\/dt><dd>active<\/dd>/);
    const before = String(await recordHistory(app.services, page({ as_of: '2000-01-01T00:00:00' }), 'en', `user-${id}`));
    expect(before).to.contain('The record did not exist yet at that time.');
  });

  it('names a change deep in a collection by its path, not by the collection written out twice', async () => {
    const vendor = await createVendorWithOwner(app);
    const { orderId, itemIds } = await seedExtmarketOrder(app, vendor.vendorId, [{ quantity: 1 }, { quantity: 2 }]);
    const confirmed = await app.call('POST', `/api/v1/vendor/extmarket/orders/${orderId}/items/${itemIds[1]}/confirm`, {
      token: vendor.ownerToken,
      body: {},
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).to.equal(200);
    const out = String(await recordHistory(app.services, page(), 'en', `order-${orderId}`));
    const line = out.slice(out.indexOf('Order item confirmed'), out.indexOf('Order imported'));
    expect(line).to.match(/<code>items\[1\]\.status<\/code>: <span class="muted">unconfirmed<\/span> → confirmed/);
    expect(line).to.not.contain('items[0]');
  });
});
