import { adminLogin, startService, type ChildService } from '../../test/support/childService.ts';
import type { Scenario } from '../harness.ts';
import { load } from '../support/http.ts';
import { benchVendor, call } from '../support/vendorFixture.ts';

/**
 * Product creation with the plan's product limit on and off, in the same run: the service as a
 * child process (as scenario 5), two vendors of it, each creating products through
 * `POST /vendor/products` at 8 connections:
 * - limits off: on Enterprise (unlimited: no quota stream is claimed);
 * - limits on: on Enterprise with a custom product limit of 10,000,000 (every creation claims a
 *   slot on the vendor's quota stream, with its expected version, before its product).
 * The two alternate, each repetition starting with the other; the ratio is limits on / off.
 */
export const productLimitsScenario: Scenario = {
  id: 'product-limits',
  title: 'Product creation, limits on and off',
  async run(ctx) {
    const seconds = ctx.size(4, 2);
    const connections = 8;
    let app: ChildService | null = null;
    try {
      app = await startService({ databaseUrl: ctx.databaseUrl, name: 'bench-limits', env: { TRUST_PROXY: '1' } });
      const adminToken = await adminLogin(app.url);
      const off = await benchVendor(app.url, adminToken);
      const on = await benchVendor(app.url, adminToken);
      await call(app.url, 'PUT', `/api/v1/admin/subscriptions/${on.vendorId}`, adminToken, { custom_limits: { products: 10_000_000 } });
      let n = 0;
      const create = (token: string) =>
        load({
          url: app!.url,
          connections,
          seconds,
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          request: () => ({
            path: '/api/v1/vendor/products',
            body: JSON.stringify({ title: `Bench product ${n}`, price_cents: 1000 + (n++ % 5000) }),
          }),
        });
      const offName = `POST /vendor/products, limits off (unlimited plan), ${connections} conn.`;
      const onName = `POST /vendor/products, limits on (quota stream claimed), ${connections} conn.`;
      ctx.define({ name: offName, unit: 'req/s', isBaseline: true, targets: [{ label: 'no non-2xx', metric: 'non2xx', max: 1 }] });
      ctx.define({
        name: onName,
        unit: 'req/s',
        baseline: offName,
        targets: [
          { label: '≥ 90 % of limits off', metric: 'ratio', min: 0.9 },
          { label: 'no non-2xx', metric: 'non2xx', max: 1 },
        ],
      });
      await create(off.token);
      await create(on.token);
      for (let rep = 0; rep < ctx.repetitions; rep++) {
        if (rep % 2 === 0) {
          ctx.record(onName, await create(on.token));
          ctx.record(offName, await create(off.token));
        } else {
          ctx.record(offName, await create(off.token));
          ctx.record(onName, await create(on.token));
        }
      }
      ctx.note(
        `Product limits: ${seconds} s per run at ${connections} connections, two vendors of one service (Enterprise, one with a custom product limit of 10,000,000), alternating.`,
      );
    } finally {
      await app?.stop();
    }
  },
};
