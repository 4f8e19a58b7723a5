import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { getImportStats } from '../../../queries/marketplace-imports/getImportStats.ts';
import { listImportErrors } from '../../../queries/marketplace-imports/listImportErrors.ts';
import { listImportJobs } from '../../../queries/marketplace-imports/listImportJobs.ts';
import { ValidationException } from '../../core/errors.ts';
import { MarketplaceImportJobNotFoundException } from '../../../commands/marketplace-imports/errors.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { getSettledImportJob } from '../settledImportJob.ts';
import {
  ImportForm,
  importBody,
  importUpload,
  startMarketplaceImport,
  VendorMarketplaceImportJobRequest,
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
import { PageQuery } from '../validation.ts';
import { vendorCommandContext, vendorCaller } from '../vendorAuth.ts';

/**
 * The vendor's marketplace imports (SPEC.md 4.2 "marketplace import endpoints"): the vendor is the
 * token's, every list and lookup is scoped to it, and another vendor's job is "not found".
 */
export function vendorMarketplaceImportRoutes(services: Services): Router {
  const api = new Api(services, 'vendor');
  const knex = services.db.knex;
  const me = (ctx: { state: unknown }) => vendorCaller(ctx).id;

  api.get(
    '/marketplace-import-jobs/stats',
    {
      feature: 'marketplace_copy',
      summary: "The vendor's import statistics: jobs by status, rows imported and rejected",
      permission: 'imports.view',
      responses: { 200: ImportStats },
    },
    async (ctx) => {
      ctx.body = await getImportStats(knex, me(ctx));
    },
  );

  api.post(
    '/marketplace-import-jobs',
    {
      feature: 'marketplace_copy',
      summary: "Import a product CSV into the vendor's marketplace catalogue, from source_url or an uploaded file; the job answers at once",
      description:
        "The body is JSON or a form with source_url, or multipart with the CSV in the field `file`: exactly one of the two. The vendor is the token's (a vendor_id is refused). The answer is 202 with the job; poll GET /marketplace-import-jobs/{job_id}.",
      permission: 'imports.create',
      bodyType: 'multipart',
      body: ImportForm(VendorMarketplaceImportJobRequest),
      use: [importUpload],
      responses: { 202: ImportJobDetail },
      errors: [ValidationException],
    },
    async (ctx) => {
      const body = importBody(ctx, VendorMarketplaceImportJobRequest);
      const caller = vendorCaller(ctx);
      await startMarketplaceImport(services, ctx, caller.id, body, { userId: caller.userId, context: vendorCommandContext(ctx) });
    },
  );

  api.get(
    '/marketplace-import-jobs',
    {
      feature: 'marketplace_copy',
      summary: "The vendor's import jobs, filtered by status and sorted (newest first by default)",
      permission: 'imports.view',
      query: Type.Object({ ...PageQuery, status: Type.Optional(JobStatus), sort: JobSortQuery }),
      responses: { 200: Page(ImportJob) },
    },
    async (ctx, { query }) => {
      ctx.body = await listImportJobs(
        knex,
        { vendor_id: me(ctx), status: query.status },
        { page: query.page ?? 1, limit: query.limit ?? 20 },
        query.sort,
      );
    },
  );

  api.get(
    '/marketplace-import-jobs/:job_id',
    {
      feature: 'marketplace_copy',
      summary: "One of the vendor's import jobs; a finished job answers once its products are readable",
      permission: 'imports.view',
      params: JobParams,
      responses: { 200: ImportJobDetail },
      errors: [MarketplaceImportJobNotFoundException],
    },
    async (ctx, { params }) => {
      ctx.body = await getSettledImportJob(services, params.job_id, me(ctx));
    },
  );

  api.get(
    '/marketplace-import-jobs/:job_id/errors',
    {
      feature: 'marketplace_copy',
      summary: "The rows one of the vendor's jobs rejected, in file order, filterable by error type",
      permission: 'imports.view',
      params: JobParams,
      query: JobErrorsQuery,
      responses: { 200: Page(ImportErrorItem) },
      errors: [MarketplaceImportJobNotFoundException],
    },
    async (ctx, { params, query }) => {
      ctx.body = await listImportErrors(knex, params.job_id, me(ctx), query, { page: query.page ?? 1, limit: query.limit ?? 20 });
    },
  );

  return api.router;
}
