import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { createApp, mountedRoutes } from '../../src/http/app.ts';
import { sql } from '../../src/runtime/database.ts';
import { testApp, type TestApp } from '../support/app.ts';
import { csv, HEADER, upload, waitForJob as waitForImport } from '../support/catalogueFiles.ts';
import { waitForJob } from '../support/extmarket.ts';
import { quiet, type Tenant } from '../support/tenantData.ts';
import {
  changed,
  isProblem,
  leaks,
  openTwoTenants,
  send as sendTo,
  snapshot as snapshotOf,
  type Answer,
  type TwoTenants,
} from './isolationSupport.ts';
import { SHOP_CUSTOMER_CASES } from './shopIsolationCases.ts';
import { CASES, NO_TENANT_ID, SHOP_CASES, type Req } from './tenantIsolationCases.ts';

/**
 * Tenant isolation: every vendor and shop route, with another tenant's token or
 * context, never gives or changes another tenant's data.
 *
 * Two vendors are made with real data in every area (test/support/tenantData.ts: settings, theme,
 * a verified and a pending custom domain, a team member and a pending invitation, products,
 * stock with ledger movements, an image, a marketplace import with an import error, extmarket
 * orders imported by the real sync from each vendor's own local extmarket — one confirmed,
 * shipped and invoiced, one open with an order item exception). Every text a vendor owns carries
 * its tag (its vendor code in lower case).
 *
 * Vendor API (/api/v1/vendor/**, the route list is src/http/app.ts mountedRoutes, so a new route
 * cannot escape): in both directions, the attacker's owner token is sent at the victim's ids — in
 * the path, in the query filters, in body references (a product, an order, item ids), and mixed
 * with the attacker's own ids (own order + victim's item, victim's exception + own product…) —
 * and every request also names the victim as `?vendor_id=&vendor_code=`, `X-Vendor-Id`,
 * `X-Vendor-Code`, the Referer of its shop and the Host of its subdomain. Each answer must be
 * below 500 and hold none of the victim's texts, GTINs, e-mails or ids (`vendor_id`, `company_id`
 * keys); a request aimed at a victim's resource must be refused with a 403/404/409 problem body,
 * a list filtered on a victim's id must be empty. No refused request may append an event (found
 * by its correlation id, process managers' follow-ups included), and the victim's read-model rows
 * (every table with a vendor_id, and the victim's vendor, company, users, product and order rows)
 * and event streams must be as they were after every route and at the end. Positive controls make
 * the checks meaningful: the same GET with the victim's own token finds its data, and every list
 * with a tenant's token holds that tenant's rows and only those. The requests of each route are in
 * tenantIsolationCases.ts; routes that take no tenant id are
 * listed in NO_TENANT_ID with the reason; they still get the hostile context and body fields.
 *
 * The shop API's isolation (vendor context, customer tokens) is shopIsolation.test.ts; the check
 * that every mounted shop route has a case is here, with the vendor routes'.
 * Vendor tokens on /api/v1/admin/** are refused in test/reliability/auth.test.ts (not repeated).
 */

describe('reliability: tenant isolation on every vendor route', function () {
  this.timeout(300_000);
  let app: TestApp;
  let tenants: TwoTenants;
  let a: Tenant;
  let b: Tenant;
  let routes: [string, string][];
  let vendorTables: string[];
  const requestsSent = { vendor: 0 };

  before(async () => {
    app = await testApp();
    tenants = await openTwoTenants(app);
    ({ a, b, vendorTables } = tenants);
    routes = mountedRoutes(createApp(app.services));
  });

  after(async () => {
    await tenants?.close();
    console.log(`      ${requestsSent.vendor} vendor-API requests`);
  });

  const send = (method: string, path: string, headers: Record<string, string>, body?: Buffer): Promise<Answer> =>
    sendTo(app.url, method, path, headers, body);
  const snapshot = (t: Tenant) => snapshotOf(app.services.db.knex, vendorTables, t);

  async function encode(r: Req): Promise<{ data?: Buffer; type?: string }> {
    if (r.form) {
      const form = new FormData();
      for (const [k, v] of Object.entries(r.form.fields)) form.append(k, v);
      if (r.form.file)
        form.append(
          'file',
          new Blob([typeof r.form.file.data === 'string' ? r.form.file.data : new Uint8Array(r.form.file.data)], {
            type: r.form.file.type,
          }),
          r.form.file.name,
        );
      const encoded = new Request('http://x/', { method: 'POST', body: form });
      return { data: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get('content-type')! };
    }
    if (r.body !== undefined) return { data: Buffer.from(JSON.stringify(r.body)), type: 'application/json' };
    return {};
  }

  /** Sends `r` with the attacker's token, naming the victim everywhere a client could. */
  async function hostile(method: string, r: Req, m: Tenant, v: Tenant, requestId: string): Promise<Answer> {
    const { data, type } = await encode(r);
    const sep = r.path.includes('?') ? '&' : '?';
    const headers: Record<string, string> = {
      host: `${v.subdomain}.localhost`,
      referer: `http://localhost/vendors/${v.vendorCode}/shop/`,
      'x-vendor-id': String(v.vendorId),
      'x-vendor-code': v.vendorCode,
      'x-request-id': requestId,
    };
    if (!r.anonymous) headers.authorization = `Bearer ${m.ownerToken}`;
    if (type) headers['content-type'] = type;
    requestsSent.vendor++;
    return send(method, `/api/v1/vendor${r.path}${sep}vendor_id=${v.vendorId}&vendor_code=${v.vendorCode}`, headers, data);
  }

  it('has a case for every mounted vendor and shop route, and no case for a route that is gone', () => {
    const vendorKeys = routes
      .filter(([, p]) => p.startsWith('/api/v1/vendor/'))
      .map(([m, p]) => `${m} ${p.slice('/api/v1/vendor'.length)}`);
    const shopKeys = routes.filter(([, p]) => p.startsWith('/api/v1/shop/')).map(([m, p]) => `${m} ${p.slice('/api/v1/shop'.length)}`);
    const both = Object.keys(CASES).filter((k) => NO_TENANT_ID[k]);
    expect(both, 'listed both as taking a tenant id and as taking none').to.deep.equal([]);
    expect(
      vendorKeys.filter((k) => !CASES[k] && !NO_TENANT_ID[k]),
      'vendor routes without a tenant isolation case (add one to CASES, or to NO_TENANT_ID with the reason)',
    ).to.deep.equal([]);
    expect(
      shopKeys.filter((k) => !SHOP_CASES[k] && !SHOP_CUSTOMER_CASES[k]),
      'shop routes without a tenant isolation case (add one to SHOP_CUSTOMER_CASES)',
    ).to.deep.equal([]);
    expect(
      Object.keys(SHOP_CUSTOMER_CASES).filter((k) => !shopKeys.includes(k)),
      'customer cases for shop routes that are not mounted',
    ).to.deep.equal([]);
    expect(
      [...Object.keys(CASES), ...Object.keys(NO_TENANT_ID)].filter((k) => !vendorKeys.includes(k)),
      'cases for vendor routes that are not mounted',
    ).to.deep.equal([]);
    expect(
      Object.keys(SHOP_CASES).filter((k) => !shopKeys.includes(k)),
      'cases for shop routes that are not mounted',
    ).to.deep.equal([]);
    expect(vendorKeys.length).to.be.greaterThan(60);
  });

  it("the fixtures are real: each victim GET answers the victim's own token with its data", async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const [m, v] of [
      [a, b],
      [b, a],
    ]) {
      for (const [key, build] of Object.entries(CASES)) {
        if (!key.startsWith('GET ')) continue;
        for (const r of build(m, v)) {
          if (r.noControl) continue;
          const res = await send('GET', `/api/v1/vendor${r.path}`, { authorization: `Bearer ${v.ownerToken}` });
          checked++;
          const where = `${key} ${r.path} with the owner's own token → ${res.status}`;
          if (res.status !== 200) {
            problems.push(where);
            continue;
          }
          if (r.expect === 'empty' && !(res.body?.items?.length > 0)) problems.push(`${where}: no rows, so the filter proves nothing`);
          if (/json/.test(res.type) && leaks(res, v, [v.tag]).length === 0) problems.push(`${where}: holds nothing of its tenant`);
        }
      }
    }
    expect(problems).to.deep.equal([]);
    expect(checked).to.be.greaterThan(30);
  });

  for (const direction of ['A attacks B', 'B attacks A']) {
    it(`vendor API, ${direction}: no data of the victim, refusals for its resources, nothing of it changed`, async () => {
      const [m, v] = direction === 'A attacks B' ? [a, b] : [b, a];
      await quiet(app);
      const start = await snapshot(v);
      const problems: string[] = [];
      const refusedIds = new Map<string, string>();
      let requests = 0;
      for (const [method, full] of routes.filter(([, p]) => p.startsWith('/api/v1/vendor/'))) {
        const path = full.slice('/api/v1/vendor'.length);
        const key = `${method} ${path}`;
        const open = NO_TENANT_ID[key];
        const reqs: Req[] = CASES[key]
          ? CASES[key](m, v)
          : open.reqs
            ? open.reqs(m, v)
            : [
                {
                  path: path.replace(/:\w+/g, '1'),
                  expect: 'own',
                  body: method === 'GET' || method === 'DELETE' ? undefined : { vendor_id: v.vendorId },
                },
              ];
        const before = await snapshot(v);
        const answers: any[] = [];
        for (const r of reqs) {
          const requestId = `iso-${randomUUID()}`;
          const res = await hostile(method, r, m, v, requestId);
          requests++;
          answers.push(res.body);
          const where = `${key}${r.label ? ` [${r.label}]` : ''} ${r.path} → ${res.status}`;
          const leaked = leaks(res, v);
          if (leaked.length > 0) problems.push(`${where}: answer holds the victim's ${leaked.join(', ')}`);
          if (res.status >= 500) problems.push(`${where}: ${res.text.slice(0, 200)}`);
          else if (res.status >= 400 && !isProblem(res)) problems.push(`${where}: not a problem body`);
          const refused = [403, 404, 409].includes(res.status) && isProblem(res);
          if (r.expect === 'refused') {
            if (!refused) problems.push(`${where}: expected a 403/404/409 refusal, ${res.text.slice(0, 160)}`);
            refusedIds.set(requestId, where);
          } else if (r.expect === 'empty' && !refused) {
            if (res.status !== 200 || !Array.isArray(res.body?.items) || res.body.items.length > 0 || res.body.total !== 0) {
              problems.push(`${where}: a list filtered on the victim's id must be empty, ${res.text.slice(0, 160)}`);
            }
          }
        }
        await open?.after?.(app, m, answers);
        const moved = changed(before, await snapshot(v));
        if (moved.length > 0) problems.push(`${key}: the victim's ${moved.join(', ')} changed`);
      }
      await quiet(app);
      const moved = changed(start, await snapshot(v));
      if (moved.length > 0) problems.push(`at the end, after every consumer caught up: the victim's ${moved.join(', ')} changed`);
      const appended = await sql<{ stream_id: string; type: string; c: string }>(
        app.services.db.knex,
        "SELECT stream_id, type, metadata->>'correlation_id' AS c FROM events WHERE metadata->>'correlation_id' LIKE 'iso-%'",
      );
      for (const e of appended.filter((x) => refusedIds.has(x.c)))
        problems.push(`${refusedIds.get(e.c)}: refused, yet ${e.type} was appended to ${e.stream_id}`);
      console.log(
        `      ${direction}: ${requests} requests on ${routes.filter(([, p]) => p.startsWith('/api/v1/vendor/')).length} vendor routes, ${refusedIds.size} expected refusals`,
      );
      if (problems.length > 0) console.log(problems.map((p) => `      ✗ ${p}`).join('\n'));
      expect(problems, `${problems.length} problems, listed above`).to.deep.equal([]);
    });
  }

  it("every vendor list answers the caller's rows and only those", async () => {
    const problems: string[] = [];
    const lists = routes.filter(([m, p]) => m === 'GET' && p.startsWith('/api/v1/vendor/') && !p.includes(':'));
    let checked = 0;
    for (const [me, other] of [
      [a, b],
      [b, a],
    ]) {
      for (const [, path] of lists) {
        const res = await send('GET', `${path}?limit=100`, { authorization: `Bearer ${me.ownerToken}` });
        if (!Array.isArray(res.body?.items)) continue;
        checked++;
        const where = `GET ${path} with ${me === a ? 'A' : 'B'}'s token`;
        const leaked = leaks(res, other);
        if (leaked.length > 0) problems.push(`${where}: holds the other tenant's ${leaked.join(', ')}`);
        if (res.body.items.length === 0) problems.push(`${where}: no rows, though the tenant has data in every area`);
        for (const item of res.body.items) {
          if ('vendor_id' in item && item.vendor_id !== me.vendorId) problems.push(`${where}: a row of vendor ${item.vendor_id}`);
        }
      }
    }
    expect(problems).to.deep.equal([]);
    expect(checked).to.be.greaterThan(10);
  });

  // Last: these leave traces in A's data (a cancelled invitation naming B's member, an order).
  it("B's SKUs, GTINs and member e-mail are free for A to use, and using them touches nothing of B's", async () => {
    await quiet(app);
    const before = await snapshot(b);
    const withoutEcho = (res: Answer, echoed: string[]) => {
      let text = res.text.toLowerCase();
      for (const e of echoed) text = text.split(e.toLowerCase()).join('');
      return leaks({ ...res, text }, b);
    };
    // A 409 would tell A that B sells this SKU or GTIN. The second GTIN is the one of B's pending
    // order item exception: A's product must not resolve B's exception (the matcher is per vendor).
    const created: number[] = [];
    for (const [sku, gtin] of [
      [`SKU-${b.tag}-1`, b.gtins[0]],
      [`UNM-${b.tag}`, b.gtins[2]],
    ]) {
      const res = await hostile(
        'POST',
        { path: '/products', body: { title: `Same as B ${a.tag}`, vendor_sku: sku, gtin, price_cents: 100 }, expect: 'own' },
        a,
        b,
        `iso-${randomUUID()}`,
      );
      expect(res.status, res.text).to.equal(201);
      expect(res.body.vendor_id).to.equal(a.vendorId);
      expect(withoutEcho(res, [sku, gtin])).to.deep.equal([]);
      created.push(res.body.id);
    }
    // An order of A's extmarket carrying B's GTIN is matched within A's catalogue only.
    a.server.shipments.push({
      id: `SH9-${a.tag}`,
      orderId: `OR9-${a.tag}`,
      number: `R9-${a.tag}`,
      units: [{ id: `IU9-${a.tag}`, ean: b.gtins[1], sku: 'X', price: '1.00' }],
    });
    const sync = await app.call('POST', '/api/v1/vendor/extmarket/sync', { token: a.ownerToken });
    expect((await waitForJob(app, a.ownerToken, sync.body.job_id)).orders_imported).to.equal(1);
    const imported = (await app.call('GET', `/api/v1/vendor/extmarket/orders?search=R9-${a.tag}`, { token: a.ownerToken })).body.items[0];
    const items = (await app.call('GET', `/api/v1/vendor/orders/${imported.id}`, { token: a.ownerToken })).body.items;
    expect(items.map((i: any) => [i.product_id, i.needs_product_match])).to.deep.equal([[a.placeholder, true]]);
    for (const id of created)
      expect((await app.call('DELETE', `/api/v1/vendor/products/${id}`, { token: a.ownerToken })).status).to.equal(200);
    // Inviting B's member answers as for any e-mail: nothing of B, nor whether the address has an account.
    const invited = await hostile(
      'POST',
      { path: '/team/invitations', body: { email: b.member.email, role: 'viewer' }, expect: 'own' },
      a,
      b,
      `iso-${randomUUID()}`,
    );
    const stranger = await hostile(
      'POST',
      { path: '/team/invitations', body: { email: `s-${a.tag}@team.test`, role: 'viewer' }, expect: 'own' },
      a,
      b,
      `iso-${randomUUID()}`,
    );
    expect([invited.status, stranger.status]).to.deep.equal([201, 201]);
    expect(withoutEcho(invited, [b.member.email])).to.deep.equal([]);
    const shape = (x: any): unknown =>
      x && typeof x === 'object'
        ? Object.fromEntries(
            Object.keys(x)
              .sort()
              .map((k) => [k, shape(x[k])]),
          )
        : x === null
          ? null
          : typeof x;
    expect(shape(invited.body)).to.deep.equal(shape(stranger.body));
    for (const res of [invited, stranger]) {
      expect(
        (await app.call('DELETE', `/api/v1/vendor/team/invitations/${res.body.invitation.id}`, { token: a.ownerToken })).status,
      ).to.equal(200);
    }
    await quiet(app);
    expect(changed(before, await snapshot(b))).to.deep.equal([]);
  });

  /*
   * A marketplace product belongs to the vendor whose import brought it (docs/catalogue.md
   * "Product key": the key carries the importing vendor). A's import of rows with the GTINs B
   * imported creates A's own marketplace products; B's keep their SKU, price, title, vendor_id and
   * vendor_name. No vendor route reads marketplace products, so this checks B's rows directly.
   */
  it("A's marketplace import of the GTINs B imported leaves B's marketplace products as they were", async () => {
    await quiet(app);
    const before = await snapshot(b);
    const rows = [
      HEADER,
      ...b.imported.map((gtin, i) => [gtin, `OVER-${a.tag}-${i}`, `Over ${a.tag}`, '', '', '', '', '0.01', '', 'Home', `mkt-${a.tag}`]),
    ];
    const started = await upload(
      app,
      '/api/v1/vendor/marketplace-import-jobs',
      a.ownerToken,
      {},
      { name: `over-${a.tag}.csv`, data: csv(rows) },
    );
    expect(started.status).to.equal(202);
    await waitForImport(app, `/api/v1/vendor/marketplace-import-jobs/${started.body.id}`, a.ownerToken);
    await quiet(app);
    expect(changed(before, await snapshot(b))).to.deep.equal([]);
  });
});
