import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { getImportStats } from '../../../queries/marketplace-imports/getImportStats.ts';
import { listImportErrors } from '../../../queries/marketplace-imports/listImportErrors.ts';
import { listImportJobs } from '../../../queries/marketplace-imports/listImportJobs.ts';
import type { Services } from '../../runtime/services.ts';
import { getSettledImportJob } from '../settledImportJob.ts';
import { ErrorType, JobStatus } from '../admin/marketplaceImports.ts';
import { importBody, importUpload, startMarketplaceImport, VendorMarketplaceImportJobRequest } from '../marketplaceImportRequest.ts';
import { Id, input, PageQuery } from '../validation.ts';
import { requireVendor, vendorCommandContext, type VendorCaller } from '../vendorAuth.ts';

const JobParams = Type.Object({ job_id: Id });

/**
 * The vendor's marketplace imports (SPEC.md 4.2 "marketplace import endpoints"): the vendor is the
 * token's, every list and lookup is scoped to it, and another vendor's job is "not found".
 */
export function vendorMarketplaceImportRoutes(services: Services): Router {
  const router = new Router();
  const knex = services.db.knex;
  const view = requireVendor(services, 'imports.view');
  const me = (ctx: { state: any }) => (ctx.state.vendor as VendorCaller).id;

  router.get('/marketplace-import-jobs/stats', view, async (ctx) => {
    ctx.body = await getImportStats(knex, me(ctx));
  });

  router.post('/marketplace-import-jobs', requireVendor(services, 'imports.create'), importUpload, async (ctx) => {
    const body = importBody(ctx, VendorMarketplaceImportJobRequest);
    const caller = ctx.state.vendor as VendorCaller;
    await startMarketplaceImport(services, ctx, caller.id, body, { userId: caller.userId, context: vendorCommandContext(ctx) });
  });

  router.get('/marketplace-import-jobs', view, async (ctx) => {
    const { query } = input(ctx, { query: Type.Object({ ...PageQuery, status: Type.Optional(JobStatus) }) });
    ctx.body = await listImportJobs(knex, { vendor_id: me(ctx), status: query.status }, { page: query.page ?? 1, limit: query.limit ?? 20 });
  });

  router.get('/marketplace-import-jobs/:job_id', view, async (ctx) => {
    const { params } = input(ctx, { params: JobParams });
    ctx.body = await getSettledImportJob(services, params.job_id, me(ctx));
  });

  router.get('/marketplace-import-jobs/:job_id/errors', view, async (ctx) => {
    const { params, query } = input(ctx, { params: JobParams, query: Type.Object({ ...PageQuery, error_type: Type.Optional(ErrorType) }) });
    ctx.body = await listImportErrors(knex, params.job_id, me(ctx), query, { page: query.page ?? 1, limit: query.limit ?? 20 });
  });

  return router;
}
