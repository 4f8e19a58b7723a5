import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { requestExtmarketSync } from '../../../commands/extmarket/handlers.ts';
import { getExtmarketCredentials } from '../../../queries/extmarket/getCredentials.ts';
import { getSyncJob, listJobs } from '../../../queries/extmarket/listJobs.ts';
import { resolveVendorId } from '../../../queries/vendors/getVendor.ts';
import { VendorNotFoundException } from '../../core/errors.ts';
import type { Services } from '../../runtime/services.ts';
import { runExtmarketSync } from '../../workers/extmarket/runExtmarketSync.ts';
import { commandContext } from '../auth.ts';
import { CredentialsBody, FeedQuery, requireCredentials, saveCredentials, sendFeed, testConnection } from '../extmarketShared.ts';
import { Id, input, PageQuery } from '../validation.ts';

const JobType = Type.Union(['import', 'order_sync', 'historical_import', 'product_export'].map((t) => Type.Literal(t)));
const VendorParams = Type.Object({ vendor_id: Id });
const JobStatus = Type.Union(['pending', 'processing', 'completed', 'failed'].map((t) => Type.Literal(t)));
const Language = Type.Union([Type.Literal('en'), Type.Literal('fr'), Type.Literal('de')]);
/** ExtmarketExportRequest (SPEC.md 4.1). */
const ExtmarketExportRequest = Type.Object({
  include_inactive: Type.Optional(Type.Boolean()),
  languages: Type.Optional(Type.Array(Language, { minItems: 1, maxItems: 3, uniqueItems: true })),
}, { additionalProperties: false });

/**
 * Admin side of the extmarket (SPEC.md 4.1): jobs across vendors with a job-type filter, one
 * vendor's unified job list, the product export (files written at once, answered with
 * ExtmarketExportResponse) and the feed download, and the vendor's credential endpoints.
 */
export function adminExtmarketRoutes(services: Services): Router {
  const router = new Router();
  const knex = services.db.knex;
  const deps = () => ({ store: services.store, db: knex });
  const vendorExists = async (id: number) => {
    if (!(await knex('vendor_list').where('id', id).first('id'))) throw new VendorNotFoundException(`Vendor ${id} not found`);
    return id;
  };
  const admin = (ctx: any, vendorId: number) => commandContext(ctx, ctx.state.admin.id, vendorId);

  router.get('/extmarket/jobs', async (ctx) => {
    const { query } = input(ctx, { query: Type.Object({ ...PageQuery, job_type: Type.Optional(JobType), vendor_id: Type.Optional(Id), status: Type.Optional(JobStatus) }) });
    ctx.body = await listJobs(knex, { job_type: query.job_type as any, vendor_id: query.vendor_id, status: query.status }, { page: query.page ?? 1, limit: query.limit ?? 20 });
  });
  router.get('/extmarket/jobs/:job_id', async (ctx) => {
    const { params } = input(ctx, { params: Type.Object({ job_id: Id }) });
    ctx.body = await getSyncJob(knex, params.job_id);
  });
  router.get('/vendors/:vendor_id/jobs', async (ctx) => {
    const { params, query } = input(ctx, { params: VendorParams, query: Type.Object({ ...PageQuery, job_type: Type.Optional(JobType) }) });
    ctx.body = await listJobs(knex, { vendor_id: await vendorExists(params.vendor_id), job_type: query.job_type as any }, { page: query.page ?? 1, limit: query.limit ?? 20 });
  });

  router.post('/vendors/:vendor_id/export/extmarket', async (ctx) => {
    const { params, body } = input(ctx, { params: VendorParams, body: ExtmarketExportRequest });
    const vendorId = await vendorExists(params.vendor_id);
    const { jobId, done } = await requestExtmarketSync(deps(), vendorId, 'product_export', ctx.state.admin.claims.username ?? null, admin(ctx, vendorId),
      { include_inactive: body.include_inactive ?? false, languages: body.languages });
    await services.settle([done]);
    // Run now (or by this process's worker, whichever starts it first): the answer lists the files.
    await runExtmarketSync({ knex, store: services.store, dataDir: services.config.dataDir, logger: services.logger }, jobId);
    let job = await getSyncJob(knex, jobId);
    for (let waited = 0; job.status !== 'completed' && job.status !== 'failed' && waited < 60_000; waited += 25) {
      await new Promise((r) => setTimeout(r, 25));
      job = await getSyncJob(knex, jobId);
    }
    const details = (job.error_details ?? {}) as { files?: any[]; products?: number; export_directory?: string };
    ctx.body = {
      success: job.status === 'completed' && job.files_failed === 0, job_id: jobId, vendor_id: vendorId, vendor_code: job.vendor_code,
      export_directory: details.export_directory ?? null, total_products: details.products ?? 0,
      files: (details.files ?? []).map((f) => ({ language: f.language, filename: f.filename, path: f.path, size_bytes: f.size_bytes, products: f.products, error: f.error })),
      files_processed: job.files_processed, files_succeeded: job.files_succeeded, files_failed: job.files_failed, record_count: job.record_count,
      message: job.status === 'completed' ? `Exported ${job.record_count} file(s)` : job.error_message,
    };
  });

  router.get('/vendors/:vendor/export/extmarket', async (ctx) => {
    const { params, query } = input(ctx, { params: Type.Object({ vendor: Type.String({ minLength: 1, maxLength: 50, pattern: '^[A-Za-z0-9_-]+$' }) }), query: FeedQuery });
    await sendFeed(ctx, services, await resolveVendorId(knex, params.vendor), query);
  });

  router.get('/vendors/:vendor_id/extmarket/credentials', async (ctx) => {
    const { params } = input(ctx, { params: VendorParams });
    ctx.body = await getExtmarketCredentials(knex, await vendorExists(params.vendor_id));
  });
  router.put('/vendors/:vendor_id/extmarket/credentials', async (ctx) => {
    const { params, body } = input(ctx, { params: VendorParams, body: CredentialsBody });
    const vendorId = await vendorExists(params.vendor_id);
    ctx.body = await saveCredentials(services, vendorId, body, admin(ctx, vendorId));
  });
  router.post('/vendors/:vendor_id/extmarket/credentials/test', async (ctx) => {
    const { params } = input(ctx, { params: VendorParams });
    const vendorId = await vendorExists(params.vendor_id);
    ctx.body = await testConnection(services, vendorId, admin(ctx, vendorId));
  });
  for (const [path, jobType] of [['sync', 'order_sync'], ['historical-import', 'historical_import']] as const) {
    router.post(`/vendors/:vendor_id/extmarket/${path}`, async (ctx) => {
      const { params } = input(ctx, { params: VendorParams });
      const vendorId = await vendorExists(params.vendor_id);
      await requireCredentials(services, vendorId);
      const { jobId, done } = await requestExtmarketSync(deps(), vendorId, jobType, ctx.state.admin.claims.username ?? null, admin(ctx, vendorId));
      await services.settle([done]);
      ctx.status = 202;
      ctx.body = { job_id: jobId, job_type: jobType, status: 'pending' };
    });
  }
  return router;
}
