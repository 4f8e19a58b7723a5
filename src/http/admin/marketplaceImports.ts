import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { getVendorRef } from '../../../queries/catalogue/getVendorRef.ts';
import { getImportStats } from '../../../queries/marketplace-imports/getImportStats.ts';
import { listImportErrors } from '../../../queries/marketplace-imports/listImportErrors.ts';
import { listImportJobs } from '../../../queries/marketplace-imports/listImportJobs.ts';
import type { Services } from '../../runtime/services.ts';
import { getSettledImportJob } from '../settledImportJob.ts';
import { commandContext } from '../auth.ts';
import {
  AdminMarketplaceImportJobRequest, importBody, importUpload, startMarketplaceImport,
} from '../marketplaceImportRequest.ts';
import { Id, input, PageQuery } from '../validation.ts';

export const JobStatus = Type.Union(['pending', 'processing', 'publishing', 'completed', 'failed'].map((s) => Type.Literal(s)));
export const ErrorType = Type.Union(['malformed_row', 'missing_identifier', 'invalid_gtin', 'missing_title', 'invalid_price', 'field_too_long', 'invalid_url']
  .map((s) => Type.Literal(s)));
const JobParams = Type.Object({ job_id: Id });

/**
 * SPEC.md 4.1 marketplace-import-jobs: an admin imports a product CSV for any vendor and follows
 * every vendor's jobs. /stats is declared before /{job_id} so it is not captured by it.
 */
export function adminMarketplaceImportRoutes(services: Services): Router {
  const router = new Router();
  const knex = services.db.knex;

  router.get('/marketplace-import-jobs/stats', async (ctx) => {
    const { query } = input(ctx, { query: Type.Object({ vendor_id: Type.Optional(Id) }) });
    ctx.body = await getImportStats(knex, query.vendor_id ?? null);
  });

  router.post('/marketplace-import-jobs', importUpload, async (ctx) => {
    const body = importBody(ctx, AdminMarketplaceImportJobRequest);
    await getVendorRef(knex, body.vendor_id);
    await startMarketplaceImport(services, ctx, body.vendor_id, body, { userId: ctx.state.admin.id, context: commandContext(ctx, ctx.state.admin.id) });
  });

  router.get('/marketplace-import-jobs', async (ctx) => {
    const { query } = input(ctx, {
      query: Type.Object({ ...PageQuery, vendor_id: Type.Optional(Id), status: Type.Optional(JobStatus), marketplace: Type.Optional(Type.String({ maxLength: 100 })) }),
    });
    ctx.body = await listImportJobs(knex, query, { page: query.page ?? 1, limit: query.limit ?? 20 });
  });

  router.get('/marketplace-import-jobs/:job_id', async (ctx) => {
    const { params } = input(ctx, { params: JobParams });
    ctx.body = await getSettledImportJob(services, params.job_id, null);
  });

  router.get('/marketplace-import-jobs/:job_id/errors', async (ctx) => {
    const { params, query } = input(ctx, { params: JobParams, query: Type.Object({ ...PageQuery, error_type: Type.Optional(ErrorType) }) });
    ctx.body = await listImportErrors(knex, params.job_id, null, query, { page: query.page ?? 1, limit: query.limit ?? 20 });
  });

  return router;
}
