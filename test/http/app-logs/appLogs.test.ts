import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { sql } from '../../../src/runtime/database.ts';
import { LogTap } from '../../../src/runtime/logTap.ts';
import { LogStoreWriter } from '../../../src/workers/app-logs/logStoreWriter.ts';
import { pruneApplicationLogs } from '../../../src/workers/app-logs/pruneApplicationLogs.ts';
import { ADMIN, SMTP_LOGIN, testApp, unique, type TestApp } from '../../support/app.ts';
import { registerCustomer, shopClient } from '../../support/customers.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

/** Waits until the log store holds a line of this request (the instance writes its lines every second). */
async function linesOf(app: TestApp, token: string, requestId: string, min = 1): Promise<any[]> {
  for (let i = 0; i < 100; i++) {
    const res = await app.call('GET', `/api/v1/admin/logs?request_id=${requestId}&limit=100`, { token });
    if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
    if (res.body.items.length >= min) return res.body.items;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no log line of request ${requestId}`);
}

describe("application logs: every instance's lines in one store, for the admins", function () {
  this.timeout(120_000);
  let app: TestApp;
  let token: string;
  let vendor: VendorFixture;

  before(async () => {
    app = await testApp();
    token = await app.adminToken();
    vendor = await createVendorWithOwner(app);
  });

  it("keeps each request's line with its request id, caller, status and duration, and finds it by request id and user", async () => {
    const requestId = `logs-${randomUUID()}`;
    const res = await app.call('GET', '/api/v1/vendor/auth/me', { token: vendor.ownerToken, headers: { 'x-request-id': requestId } });
    expect(res.status).to.equal(200);
    const [line] = await linesOf(app, token, requestId);
    expect(line).to.include({ level: 'info', msg: 'request', req_id: requestId, user_id: String(vendor.ownerUserId) });
    expect(line.data).to.include({ method: 'GET', path: '/api/v1/vendor/auth/me', status: 200, vendor_id: vendor.vendorId });
    expect(line.data.ms).to.be.a('number');
    expect(line.instance).to.match(/:\d+$/);

    const byUser = await app.call('GET', `/api/v1/admin/logs?user_id=${vendor.ownerUserId}&limit=100`, { token });
    expect(byUser.body.items.map((l: any) => l.req_id)).to.include(requestId);
    expect(byUser.body.items.every((l: any) => l.user_id === String(vendor.ownerUserId))).to.equal(true);
  });

  it('filters by level, time range and text, and pages as {items,total,page,limit}', async () => {
    const requestId = `logs-${randomUUID()}`;
    const marker = unique('marker');
    // A refused request logs a warning-free info line; an unknown route a 404 line: the text filter finds the path.
    await app.call('GET', `/api/v1/admin/${marker}`, { token, headers: { 'x-request-id': requestId } });
    const [line] = await linesOf(app, token, requestId);

    const found = await app.call('GET', `/api/v1/admin/logs?search=${marker}`, { token });
    expect(found.body.items.map((l: any) => l.id)).to.deep.equal([line.id]);
    expect(found.body).to.include({ total: 1, page: 1, total_exact: true });

    const before = new Date(new Date(line.at).getTime() - 1).toISOString();
    const after = new Date(new Date(line.at).getTime() + 1).toISOString();
    expect((await app.call('GET', `/api/v1/admin/logs?search=${marker}&from=${encodeURIComponent(after)}`, { token })).body.total).to.equal(
      0,
    );
    expect((await app.call('GET', `/api/v1/admin/logs?search=${marker}&to=${encodeURIComponent(before)}`, { token })).body.total).to.equal(
      0,
    );
    expect(
      (
        await app.call('GET', `/api/v1/admin/logs?search=${marker}&from=${encodeURIComponent(before)}&to=${encodeURIComponent(after)}`, {
          token,
        })
      ).body.total,
    ).to.equal(1);

    const warnings = await app.call('GET', '/api/v1/admin/logs?level=warn&limit=100', { token });
    expect(warnings.body.items.every((l: any) => ['warn', 'error', 'fatal'].includes(l.level))).to.equal(true);
    expect(warnings.body.items.map((l: any) => l.id)).to.not.include(line.id);

    const page2 = await app.call('GET', '/api/v1/admin/logs?limit=2&page=2', { token });
    expect(page2.body).to.include({ page: 2, limit: 2 });
    expect(page2.body.items).to.have.length(2);
    expect(page2.body.total).to.be.greaterThan(3);
    // Text filters take any text.
    for (const text of ['%', '\\', '\'"', '%00', '_']) {
      expect((await app.call('GET', `/api/v1/admin/logs?search=${encodeURIComponent(text)}`, { token })).status).to.equal(200);
    }
  });

  it('never stores a password, token, key or card number sent through any area', async () => {
    const secrets = {
      adminPassword: `Admin-Wrong-${unique('pw')}`,
      vendorPassword: `Vendor-Pw-${unique('pw')}`,
      customerPassword: `Customer-Pw-${unique('pw')}`,
      newPassword: `New-Pw-${unique('pw')}`,
      extmarketKey: `xm_live_${unique('key')}${unique('k')}`,
      stripeKey: `sk_live_${unique('stripe')}`,
      card: '4242424242424242',
      spacedCard: '4000 0566 5566 5556',
    };
    const ids: string[] = [];
    const call = async (method: string, path: string, options: Parameters<TestApp['call']>[2] = {}) => {
      const id = `redact-${randomUUID()}`;
      ids.push(id);
      return app.call(method, path, { ...options, headers: { ...(options.headers ?? {}), 'x-request-id': id } });
    };
    const shop = shopClient(app, vendor);
    const customer = await registerCustomer(shop, { password: secrets.customerPassword });
    const shopCall = (method: string, path: string, options: Parameters<TestApp['call']>[2] = {}) =>
      call(method, `/api/v1/shop${path}`, {
        ...options,
        headers: { referer: `http://localhost/vendors/${vendor.vendorCode}/shop/`, ...(options.headers ?? {}) },
      });

    // Sign-ins, right and wrong, in the admin, vendor and shop areas.
    await call('POST', '/api/v1/admin/auth/login', { body: { email_or_username: ADMIN.email, password: secrets.adminPassword } });
    await call('POST', '/api/v1/admin/auth/login', { body: { email_or_username: ADMIN.email, password: ADMIN.password } });
    await call('POST', '/api/v1/vendor/auth/login', {
      body: { email_or_username: 'nobody@example.test', password: secrets.vendorPassword },
    });
    await shopCall('POST', '/auth/login', { body: { email: customer.email, password: secrets.customerPassword } });
    // A password change refused by validation: the password is in the body the validator rejects.
    await call('PUT', '/api/v1/vendor/auth/password', {
      token: vendor.ownerToken,
      body: { current_password: secrets.vendorPassword, new_password: 1, extra: secrets.newPassword },
    });
    await shopCall('PUT', '/profile/password', {
      token: customer.token,
      body: { current_password: secrets.customerPassword, new_password: secrets.newPassword },
    });
    // Tokens in the header, in the path, in the query string.
    await call('GET', '/api/v1/admin/auth/me', { token });
    await call('GET', `/api/v1/admin/users/${token}`, { token });
    await call('GET', `/api/v1/vendor/auth/me?token=${vendor.ownerToken}&access_token=${token}`, { token: vendor.ownerToken });
    // An extmarket API key, a Stripe key, card numbers: in bodies and in paths.
    await call('PUT', `/api/v1/admin/vendors/${vendor.vendorId}/extmarket/credentials`, { token, body: { api_key: secrets.extmarketKey } });
    await call('PUT', '/api/v1/vendor/extmarket/credentials', {
      token: vendor.ownerToken,
      body: { api_key: secrets.extmarketKey, api_endpoint: 'not a url' },
    });
    await call('GET', `/api/v1/admin/billing/${secrets.stripeKey}`, { token });
    await shopCall('GET', `/products/${secrets.card}`);
    await shopCall('POST', '/addresses', {
      token: customer.token,
      body: { type: 'shipping', address_line_1: `Card ${secrets.spacedCard}`, card_number: secrets.card },
    });
    // And a line the service logs itself, with secrets under their keys and in its text.
    app.services.logger.warn(
      { req_id: ids[0], body: { password: secrets.adminPassword, card_number: secrets.card, stripe: secrets.stripeKey } },
      `calling https://user:${secrets.vendorPassword}@extmarket.test/?api_key=${secrets.extmarketKey} with Bearer ${token}`,
    );

    // Every request is in the store (the check below reads something real)…
    for (const id of ids) await linesOf(app, token, id);
    const [{ n }] = await sql<{ n: number }>(
      app.services.db.knex,
      'SELECT count(*)::int AS n FROM application_logs WHERE req_id = ANY($1)',
      [ids],
    );
    expect(n).to.be.at.least(ids.length);
    // …and no secret is, anywhere in the store: message, fields, request ids.
    const values = [
      ...Object.values(secrets),
      token,
      vendor.ownerToken,
      customer.token,
      ADMIN.password,
      SMTP_LOGIN.pass,
      app.stripe.secretKey,
      app.stripe.webhookSecret,
      '4000056655665556',
    ];
    const leaks: string[] = [];
    for (const value of values) {
      const [{ hits }] = await sql<{ hits: number }>(
        app.services.db.knex,
        `SELECT count(*)::int AS hits FROM application_logs
        WHERE strpos(msg, $1) > 0 OR strpos(data::text, $1) > 0 OR strpos(coalesce(req_id, ''), $1) > 0`,
        [value],
      );
      if (hits > 0) leaks.push(`${value.slice(0, 12)}… in ${hits} line(s)`);
    }
    expect(leaks).to.deep.equal([]);
    const own = await linesOf(app, token, ids[0], 2);
    const warned = own.find((l) => l.level === 'warn');
    expect(warned.msg).to.include('[redacted');
    expect(warned.data.body).to.deep.equal({ password: '[redacted]', card_number: '[redacted]', stripe: '[redacted-key]' });
  });

  it('stays within its bounds: lines older than the retention go, then the oldest beyond the row bound', async () => {
    const tap = new LogTap();
    const now = app.clock.now().getTime();
    const marker = unique('retention');
    for (const daysAgo of [30, 20, 2, 1]) {
      tap.write(JSON.stringify({ level: 30, time: now - daysAgo * 86_400_000, msg: `${marker} ${daysAgo} days ago` }));
    }
    await new LogStoreWriter(app.services.db.knex, 1000, tap).flush();
    const ofMarker = async () =>
      (await sql(app.services.db.knex, 'SELECT msg FROM application_logs WHERE msg LIKE $1 ORDER BY id', [`${marker}%`])).map(
        (r: any) => r.msg,
      );
    expect(await ofMarker()).to.have.length(4);

    const config = { ...app.services.config, logStore: { ...app.services.config.logStore, retentionDays: 14 } };
    const gone = await pruneApplicationLogs({ ...app.services, config });
    expect(gone.by_age).to.be.at.least(2);
    expect(await ofMarker()).to.deep.equal([`${marker} 2 days ago`, `${marker} 1 days ago`]);

    const [{ total, newest }] = await sql<{ total: number; newest: string }>(
      app.services.db.knex,
      'SELECT count(*)::int AS total, max(id) AS newest FROM application_logs',
    );
    const bounded = { ...config, logStore: { ...config.logStore, maxRows: 1 } };
    const bySize = await pruneApplicationLogs({ ...app.services, config: bounded });
    expect(bySize.by_size).to.be.at.least(total - 1);
    const [{ kept }] = await sql<{ kept: number }>(
      app.services.db.knex,
      'SELECT count(*)::int AS kept FROM application_logs WHERE id <= $1',
      [newest],
    );
    expect(kept, 'lines kept of those there were').to.equal(1);
  });
});
