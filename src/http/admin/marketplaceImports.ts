import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { getVendorRef } from '../../modules/vendors.ts';
import { getImportStats } from '../../../queries/marketplace-imports/getImportStats.ts';
import { listImportErrors } from '../../../queries/marketplace-imports/listImportErrors.ts';
import { listImportJobs } from '../../../queries/marketplace-imports/listImportJobs.ts';
import { ValidationException, VendorNotFoundException } from '../../core/errors.ts';
import { MarketplaceImportJobNotFoundException } from '../../../commands/marketplace-imports/errors.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { getSettledImportJob } from '../settledImportJob.ts';
import { commandContext, adminCaller } from '../auth.ts';
import {
  AdminMarketplaceImportJobRequest,
  ImportForm,
  importBody,
  importUpload,
  startMarketplaceImport,
} from '../marketplaceImportRequest.ts';
import { Page } from '../responses.ts';
import {
  ImportErrorItem,
  ImportJob,
  ImportJobDetail,
  ImportStats,
  JobErrorsQuery,
  JobParams,
  JobSortQuery,
  JobStatus,
} from '../schemas/marketplaceImports.ts';
import { Id, PageQuery } from '../validation.ts';

/**
 * SPEC.md 4.1 marketplace-import-jobs: an admin imports a product CSV for any vendor and follows
 * every vendor's jobs. /stats is declared before /{job_id} so it is not captured by it.
 */
export function adminMarketplaceImportRoutes(services: Services): Router {
  const api = new Api(services, 'admin');
  const knex = services.db.knex;

  api.get(
    '/marketplace-import-jobs/stats',
    {
      summary: 'Import statistics: jobs by status, rows imported and rejected (of one vendor or of all)',
      query: Type.Object({ vendor_id: Type.Optional(Id) }),
      responses: { 200: ImportStats },
    },
    async (ctx, { query }) => {
      ctx.body = await getImportStats(knex, query.vendor_id ?? null);
    },
  );

  api.post(
    '/marketplace-import-jobs',
    {
      summary: 'Import a product CSV for a vendor, from source_url or an uploaded file (JSON, form or multipart); the job answers at once',
      description:
        'The body is JSON or a form with source_url, or multipart with the CSV in the field `file`: exactly one of the two. The answer is 202 with the job; poll GET /marketplace-import-jobs/{job_id}.',
      bodyType: 'multipart',
      body: ImportForm(AdminMarketplaceImportJobRequest),
      use: [importUpload],
      responses: { 202: ImportJobDetail },
      errors: [ValidationException, VendorNotFoundException],
    },
    async (ctx) => {
      const body = importBody(ctx, AdminMarketplaceImportJobRequest);
      await getVendorRef(knex, body.vendor_id);
      await startMarketplaceImport(services, ctx, body.vendor_id, body, {
        userId: adminCaller(ctx).id,
        context: commandContext(ctx, adminCaller(ctx).id),
      });
    },
  );

  api.get(
    '/marketplace-import-jobs',
    {
      summary: 'Import jobs of every vendor (or one), filtered and sorted (newest first by default)',
      query: Type.Object({
        ...PageQuery,
        vendor_id: Type.Optional(Id),
        status: Type.Optional(JobStatus),
        marketplace: Type.Optional(Type.String({ maxLength: 100 })),
        sort: JobSortQuery,
      }),
      responses: { 200: Page(ImportJob) },
    },
    async (ctx, { query }) => {
      const { page, limit, sort, ...filter } = query;
      ctx.body = await listImportJobs(knex, filter, { page: page ?? 1, limit: limit ?? 20 }, sort);
    },
  );

  api.get(
    '/marketplace-import-jobs/:job_id',
    {
      summary: 'An import job with its rejected rows counted by error type; a finished job answers once its products are readable',
      params: JobParams,
      responses: { 200: ImportJobDetail },
      errors: [MarketplaceImportJobNotFoundException],
    },
    async (ctx, { params }) => {
      ctx.body = await getSettledImportJob(services, params.job_id, null);
    },
  );

  api.get(
    '/marketplace-import-jobs/:job_id/errors',
    {
      summary: 'The rows a job rejected, in file order, filterable by error type',
      params: JobParams,
      query: JobErrorsQuery,
      responses: { 200: Page(ImportErrorItem) },
      errors: [MarketplaceImportJobNotFoundException],
    },
    async (ctx, { params, query }) => {
      ctx.body = await listImportErrors(knex, params.job_id, null, query, { page: query.page ?? 1, limit: query.limit ?? 20 });
    },
  );

  return api.router;
}
