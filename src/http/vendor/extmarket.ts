import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { removeExtmarketCredentials, requestExtmarketSync } from '../../../commands/extmarket/handlers.ts';
import { getExtmarketCredentials } from '../../../queries/extmarket/getCredentials.ts';
import { getSyncJob, listJobs } from '../../../queries/extmarket/listJobs.ts';
import type { Services } from '../../runtime/services.ts';
import { CredentialsBody, FeedQuery, requireCredentials, saveCredentials, sendFeed, testConnection } from '../extmarketShared.ts';
import { Id, input, PageQuery } from '../validation.ts';
import { requireVendor, vendorCommandContext, type VendorCaller } from '../vendorAuth.ts';

const JobType = Type.Union(['import', 'order_sync', 'historical_import', 'product_export'].map((t) => Type.Literal(t)));

/**
 * The token's vendor and the extmarket (SPEC.md 4.2, issue 5): credential endpoints (the key is
 * write-only: answers carry its last four characters), a connection test, an order sync and a
 * historical import (202 with the job id; poll the job), the job list, and the feed export.
 */
export function vendorExtmarketRoutes(services: Services): Router {
  const router = new Router();
  const vendorOf = (ctx: any) => (ctx.state.vendor as VendorCaller).id;
  const settings = requireVendor(services, 'settings.edit');
  const orders = requireVendor(services, 'orders.edit');
  const view = requireVendor(services, 'orders.view');

  router.get('/extmarket/credentials', requireVendor(services, 'settings.view'), async (ctx) => {
    ctx.body = await getExtmarketCredentials(services.db.knex, vendorOf(ctx));
  });
  router.put('/extmarket/credentials', settings, async (ctx) => {
    const { body } = input(ctx, { body: CredentialsBody });
    ctx.body = await saveCredentials(services, vendorOf(ctx), body, vendorCommandContext(ctx));
  });
  router.delete('/extmarket/credentials', settings, async (ctx) => {
    await services.settle([await removeExtmarketCredentials({ store: services.store, db: services.db.knex }, vendorOf(ctx), vendorCommandContext(ctx))]);
    ctx.body = await getExtmarketCredentials(services.db.knex, vendorOf(ctx));
  });
  router.post('/extmarket/credentials/test', settings, async (ctx) => {
    ctx.body = await testConnection(services, vendorOf(ctx), vendorCommandContext(ctx));
  });

  for (const [path, jobType] of [['sync', 'order_sync'], ['historical-import', 'historical_import']] as const) {
    router.post(`/extmarket/${path}`, orders, async (ctx) => {
      const vendor = ctx.state.vendor as VendorCaller;
      await requireCredentials(services, vendor.id);
      const { jobId, done } = await requestExtmarketSync({ store: services.store, db: services.db.knex }, vendor.id, jobType, null, vendorCommandContext(ctx));
      await services.settle([done]);
      ctx.status = 202;
      ctx.body = { job_id: jobId, job_type: jobType, status: 'pending', message: 'Poll GET /api/v1/vendor/extmarket/jobs/{job_id} for progress' };
    });
  }

  router.get('/extmarket/jobs', view, async (ctx) => {
    const { query } = input(ctx, { query: Type.Object({ ...PageQuery, job_type: Type.Optional(JobType) }) });
    ctx.body = await listJobs(services.db.knex, { vendor_id: vendorOf(ctx), job_type: query.job_type as any }, { page: query.page ?? 1, limit: query.limit ?? 20 });
  });
  router.get('/extmarket/jobs/:job_id', view, async (ctx) => {
    const { params } = input(ctx, { params: Type.Object({ job_id: Id }) });
    ctx.body = await getSyncJob(services.db.knex, params.job_id, vendorOf(ctx));
  });

  router.get('/extmarket/export', requireVendor(services, 'products.export'), async (ctx) => {
    const { query } = input(ctx, { query: FeedQuery });
    await sendFeed(ctx, services, vendorOf(ctx), query);
  });
  return router;
}
